// Checks of the fixture documents themselves: their index numbers must be the ones the core
// computes, or the comparison with UnixBench's report would prove nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "reporter_harness.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using nlohmann::json;

class FixtureIndexes : public ::testing::TestWithParam<const char *> {};

// index = value / baseline * 10; a category's score is the geometric mean of its indexes.
TEST_P(FixtureIndexes, AreThoseTheCoreComputes) {
    const json doc = json::parse(fixture(GetParam()));
    for (const json &run : doc.at("runs")) {
        for (const json &index : run.at("indexes")) {
            double log_sum = 0;
            int indexed = 0;
            for (const json &test : run.at("tests")) {
                if (test.at("category") != index.at("category") || test.at("status") != "ok" ||
                    !test.contains("baseline"))
                    continue;
                const double expected =
                    test.at("value").get<double>() / test.at("baseline").get<double>() * 10.0;
                EXPECT_NEAR(test.at("index").get<double>(), expected, 1e-9 * expected)
                    << test.at("id");
                log_sum += std::log(expected / 10.0);
                ++indexed;
            }
            EXPECT_EQ(index.at("tests_indexed").get<int>(), indexed) << index.at("category");
            if (indexed == 0) continue;
            const double score = 10.0 * std::exp(log_sum / indexed);
            EXPECT_NEAR(index.at("score").get<double>(), score, 1e-9 * score);
            EXPECT_EQ(index.at("partial").get<bool>(),
                      indexed < index.at("tests_total").get<int>());
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, FixtureIndexes,
                         ::testing::Values("full-2run.json", "partial-brief.json",
                                           "minimal-incomplete.json", "stats-2run.json",
                                           "environment-2run.json", "graphics-2run.json",
                                           "graphics-partial.json", "repeatability-2run.json"));

}  // namespace
}  // namespace bytebench::test
