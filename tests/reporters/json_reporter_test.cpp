// Tests of the `json` reporter (json.so), loaded and called the way a worker does.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "golden.h"
#include "reporter_harness.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

TEST(JsonReporter, DescribesItself) {
    EXPECT_TRUE(describes_itself(json_reporter(), "json", "json"));
}

class JsonRoundTrip : public ::testing::TestWithParam<const char *> {};

// The output is the input without `render`: same values, and the core's member order,
// pretty-printed with two spaces and ended by a newline.
TEST_P(JsonRoundTrip, OutputIsTheInputWithoutRender) {
    const std::string input = fixture(GetParam());
    const WriteOutcome outcome = write_report(json_reporter(), input);
    ASSERT_EQ(outcome.status, BB_OK) << outcome.error;

    json expected = json::parse(input);
    expected.erase("render");
    const json actual = json::parse(outcome.output);
    EXPECT_EQ(actual, expected);
    EXPECT_FALSE(actual.contains("render"));

    ordered_json ordered = ordered_json::parse(input);
    ordered.erase("render");
    EXPECT_EQ(outcome.output, ordered.dump(2) + "\n");
}

INSTANTIATE_TEST_SUITE_P(Fixtures, JsonRoundTrip,
                         ::testing::Values("full-2run.json", "partial-brief.json",
                                           "minimal-incomplete.json", "header-only.json",
                                           "stats-2run.json", "comparison-2runs.json",
                                           "comparison-3runs.json", "result-metrics.json",
                                           "comparison-metrics.json", "result-warnings.json"));

class JsonReporterComparisonGolden : public ::testing::TestWithParam<const char *> {};

TEST_P(JsonReporterComparisonGolden, MatchesGolden) {
    const std::string name = GetParam();
    const WriteOutcome outcome = write_report(json_reporter(), fixture(name));
    ASSERT_EQ(outcome.status, BB_OK) << outcome.error;
    EXPECT_TRUE(matches_golden(name, outcome.output));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, JsonReporterComparisonGolden,
                         ::testing::Values("comparison-2runs.json", "comparison-3runs.json"));

TEST(JsonReporter, KeepsTheSchemaFirst) {
    const WriteOutcome outcome = write_report(json_reporter(), fixture("full-2run.json"));
    ASSERT_EQ(outcome.status, BB_OK) << outcome.error;
    EXPECT_EQ(outcome.output.rfind("{\n  \"schema\": \"bytebench.result/1\",\n", 0), 0u);
}

TEST(JsonReporter, RefusesMalformedDocument) {
    EXPECT_TRUE(
        refuses(json_reporter(), fixture("malformed.json"), "the document is not valid JSON"));
}

TEST(JsonReporter, RefusesUnknownSchemaMajor) {
    EXPECT_TRUE(refuses(json_reporter(), fixture("schema-v9.json"),
                        "unsupported document schema \"bytebench.result/9\""));
}

TEST(JsonReporter, ChecksTheSchemaMajorExactly) {
    const auto status_for = [](const std::string &document) {
        return write_report(json_reporter(), document).status;
    };
    EXPECT_EQ(status_for(R"({"schema": "bytebench.result/1.2", "x": 1})"), BB_OK);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.comparison/2.1", "x": 1})"), BB_OK);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.result/10"})"), BB_ERROR);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.comparison/1"})"), BB_ERROR);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.other/1"})"), BB_ERROR);
    EXPECT_EQ(status_for(R"({"status": "complete"})"), BB_ERROR);
    EXPECT_EQ(status_for("[]"), BB_ERROR);
    EXPECT_EQ(status_for(""), BB_ERROR);
}

}  // namespace
}  // namespace bytebench::test
