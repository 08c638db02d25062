// Tests of the `text` reporter (text.so) on comparison documents. Its rendering of results is
// tested in text_reporter_test.cpp.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "golden.h"
#include "reporter_harness.h"

namespace bytebench_test {
namespace {

std::string fixture(const std::string &name) {
    return read_file(std::string(BYTEBENCH_REPORTER_FIXTURE_DIR) + "/" + name);
}

const bb_reporter &text_reporter() { return load_reporter(TEXT_REPORTER, "text"); }

std::string render(const std::string &document) {
    const WriteOutcome outcome = write_report(text_reporter(), document);
    EXPECT_EQ(outcome.status, BB_OK) << outcome.error;
    return outcome.output;
}

// Columns of the widest line, counting UTF-8 code points.
size_t widest_line(const std::string &text) {
    std::istringstream lines(text);
    std::string line;
    size_t widest = 0;
    while (std::getline(lines, line)) {
        size_t width = 0;
        for (const char c : line)
            if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
        widest = std::max(widest, width);
    }
    return widest;
}

TEST(TextReporterComparison, TwoRunsMatchGolden) {
    EXPECT_TRUE(matches_golden("comparison-2runs.txt", render(fixture("comparison-2runs.json"))));
}

TEST(TextReporterComparison, ThreeRunsMatchGolden) {
    EXPECT_TRUE(matches_golden("comparison-3runs.txt", render(fixture("comparison-3runs.json"))));
}

// Two or three inputs must fit a terminal of 100 columns.
TEST(TextReporterComparison, FitsInOneHundredColumns) {
    for (const char *name : {"comparison-2runs.json", "comparison-3runs.json"})
        EXPECT_LE(widest_line(render(fixture(name))), 100u) << name;
}

TEST(TextReporterComparison, IsPlainAscii) {
    const std::string output = render(fixture("comparison-3runs.json"));
    for (const char c : output) ASSERT_EQ(static_cast<unsigned char>(c) & 0x80, 0) << output;
}

TEST(TextReporterComparison, RefusesUnknownComparisonMajor) {
    const WriteOutcome outcome =
        write_report(text_reporter(), R"({"schema": "bytebench.comparison/2", "inputs": []})");
    EXPECT_EQ(outcome.status, BB_ERROR);
    EXPECT_EQ(
        outcome.error.rfind("text: unsupported document schema \"bytebench.comparison/2\"", 0), 0u)
        << outcome.error;
}

// A reporter must not fail on members of unexpected types; it prints what it can.
TEST(TextReporterComparison, SurvivesMembersOfTheWrongType) {
    const std::string document = R"({
        "schema": "bytebench.comparison/1", "baseline": 7, "alpha": "x", "tool": 3,
        "inputs": [1, {"label": 2, "cpus": 1e300, "history_id": -1e308}],
        "warnings": [3, "w"], "gate": {"failed": true, "failures": [1, {"p": "x"}]},
        "sections": [7, {"title": 1, "copies": "no", "rows": [3, {"cells": [4, {"status": 5}]}],
                         "indexes": [{"cells": "none"}]}]
    })";
    const WriteOutcome outcome = write_report(text_reporter(), document);
    EXPECT_EQ(outcome.status, BB_OK) << outcome.error;
    EXPECT_NE(outcome.output.find("Gate: FAILED"), std::string::npos) << outcome.output;
}

TEST(TextReporterComparison, WithoutInputsSaysSo) {
    EXPECT_EQ(render(R"({"schema": "bytebench.comparison/1.4"})"),
              "bytebench comparison\n\nNo inputs.\n");
}

}  // namespace
}  // namespace bytebench_test
