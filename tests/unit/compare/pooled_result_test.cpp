// pooled_result(): several results of a column as one.
#include "compare/pooled_result.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bytebench {
namespace {

using nlohmann::json;

json result_with(double value, double index, double score, const std::string &status = "complete") {
    json passes = json::array();
    for (int i = 0; i < 3; ++i)
        passes.push_back(
            {{"value", value}, {"kept", true}, {"status", "ok"}, {"copies", {{{"count", 1}}}}});
    const json test = {
        {"id", "t"},
        {"status", "ok"},
        {"value", value},
        {"index", index},
        {"samples", 3},
        {"passes", passes},
        {"metrics",
         {{{"key", "p99_us"}, {"better", "lower"}, {"value", value / 10}, {"stats", {{"n", 3}}}}}}};
    return {{"schema", "bytebench.result/1"},
            {"status", status},
            {"system", {{"hostname", "h"}}},
            {"runs",
             {{{"copies", 1},
               {"tests", {test}},
               {"indexes", {{{"category", "system"}, {"score", score}, {"partial", false}}}}}}}};
}

TEST(PooledResult, OneResultIsReturnedAsItIs) {
    const json one = result_with(100, 10, 10);
    EXPECT_EQ(pooled_result({one}), one);
}

TEST(PooledResult, GeometricMeansOfValuesIndexesAndScoresAndEveryPass) {
    const json pooled = pooled_result({result_with(100, 10, 10), result_with(400, 40, 40)});
    const json &test = pooled["runs"][0]["tests"][0];
    EXPECT_NEAR(test["value"].get<double>(), 200, 1e-9);
    EXPECT_NEAR(test["index"].get<double>(), 20, 1e-9);
    EXPECT_EQ(test["samples"], 6);
    EXPECT_EQ(test["results"], 2);
    ASSERT_EQ(test["passes"].size(), 6u);
    EXPECT_FALSE(test["passes"][0].contains("copies"));
    EXPECT_NEAR(test["metrics"][0]["value"].get<double>(), 25, 1e-9);  // mean of 10 and 40
    EXPECT_EQ(test["metrics"][0]["stats"]["n"], 6);
    EXPECT_NEAR(pooled["runs"][0]["indexes"][0]["score"].get<double>(), 20, 1e-9);
    EXPECT_EQ(pooled["status"], "complete");
}

TEST(PooledResult, AnIncompleteResultMakesTheColumnIncomplete) {
    EXPECT_EQ(pooled_result({result_with(1, 1, 1), result_with(1, 1, 1, "incomplete")})["status"],
              "incomplete");
}

TEST(PooledResult, OnlyFailuresMakeAFailedColumnWithTheirReasons) {
    const json failed = {{"schema", "bytebench.result/1"}, {"status", "failed"}, {"error", "x"}};
    const json pooled = pooled_result({failed, failed});
    EXPECT_EQ(pooled["status"], "failed");
    EXPECT_EQ(pooled["error"], "x; x");
    EXPECT_EQ(pooled_result({result_with(1, 1, 1), failed})["status"], "complete");
}

TEST(PooledResult, AScoreOneResultLacksMakesThePooledIndexPartial) {
    json lacking = result_with(100, 10, 10);
    lacking["runs"][0]["indexes"] = json::array();
    const json pooled = pooled_result({result_with(100, 10, 10), lacking});
    EXPECT_TRUE(pooled["runs"][0]["indexes"][0]["partial"].get<bool>());
}

}  // namespace
}  // namespace bytebench
