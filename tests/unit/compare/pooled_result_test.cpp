// pooled_result(): several results of a column as one.
#include "compare/pooled_result.h"

#include <gtest/gtest.h>

#include <cmath>

#include "results/result_reader.h"

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

// A portable build pooled was read as "custom" (isa_level and build_method were dropped), and
// every pooled column then warned that builds differ.
TEST(PooledResult, KeepsTheBuildFieldsItsResultsShare) {
    json a = result_with(100, 10, 10);
    json &test = a["runs"][0]["tests"][0];
    test["build"] = "gcc 12.2.0 -O2 -march=x86-64-v3";
    test["build_method"] = "portable";
    test["isa_level"] = "x86-64-v3";
    test["params"] = {{"io", "direct"}};
    test["duration_s"] = 10;
    test["passes_planned"] = 3;
    const json pooled = pooled_result({a, a});
    const json &p = pooled["runs"][0]["tests"][0];
    for (const char *key :
         {"build", "build_method", "isa_level", "params", "duration_s", "passes_planned"})
        EXPECT_EQ(p[key], test[key]) << key;
    EXPECT_EQ(ResultView(pooled).workload_build(), "portable x86-64-v3");
}

// A build the results differ in is not the first one's: every value, so that the column
// differs from others that ran another.
TEST(PooledResult, ABuildTheResultsDifferInHoldsEachOfTheirValues) {
    json a = result_with(100, 10, 10), b = a;
    a["runs"][0]["tests"][0]["build"] = "gcc 12 -O2";
    b["runs"][0]["tests"][0]["build"] = "gcc 13 -O2";
    a["runs"][0]["tests"][0]["duration_s"] = 10;
    b["runs"][0]["tests"][0]["duration_s"] = 2;
    const json pooled = pooled_result({a, b, a});
    const json &p = pooled["runs"][0]["tests"][0];
    EXPECT_EQ(p["build"], "gcc 12 -O2; gcc 13 -O2");
    EXPECT_FALSE(p.contains("duration_s"));  // a condition they differ in is not known
}

TEST(PooledResult, BytebenchVersionsTheResultsDifferInAreEachNamed) {
    json a = result_with(100, 10, 10), b = a;
    a["tool"] = {{"name", "bytebench"}, {"version", "0.1.0"}};
    b["tool"] = {{"name", "bytebench"}, {"version", "0.2.0"}};
    EXPECT_EQ(pooled_result({a, a})["tool"], a["tool"]);
    EXPECT_EQ(pooled_result({a, b, a})["tool"]["version"], "0.1.0, 0.2.0");
}

}  // namespace
}  // namespace bytebench
