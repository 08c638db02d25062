// Tests of the `text` reporter (text.so) on comparison documents. Its rendering of results is
// tested in text_reporter_test.cpp.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "golden.h"
#include "reporter_harness.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

std::string render_text(const std::string &document) { return render(text_reporter(), document); }

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
    EXPECT_TRUE(
        matches_golden("comparison-2runs.txt", render_text(fixture("comparison-2runs.json"))));
}

TEST(TextReporterComparison, ThreeRunsMatchGolden) {
    EXPECT_TRUE(
        matches_golden("comparison-3runs.txt", render_text(fixture("comparison-3runs.json"))));
}

// Metric rows (comparison-metrics.json): indented under their test, with unit and direction; a
// latency that doubled is "worse" and fails the gate.
TEST(TextReporterComparison, MetricsMatchGolden) {
    const std::string output = render_text(fixture("comparison-metrics.json"));
    EXPECT_TRUE(matches_golden("comparison-metrics.txt", output));
    EXPECT_NE(output.find("\n  p99 latency (us, lower is better)"), std::string::npos) << output;
    EXPECT_NE(output.find("+100.0%  worse"), std::string::npos) << output;
    EXPECT_NE(output.find("-50.0%  better"), std::string::npos) << output;
    EXPECT_NE(output.find("connect (lower is better)"), std::string::npos) << output;
    EXPECT_NE(output.find("1 copy: tcp_rr p99_us in B, +100.0%"), std::string::npos) << output;
    EXPECT_LE(widest_line(output), 100u);
}

// Two inputs must fit a terminal of 100 columns; each further input adds its value, index and
// delta, and may need more.
TEST(TextReporterComparison, TwoInputsFitInOneHundredColumns) {
    EXPECT_LE(widest_line(render_text(fixture("comparison-2runs.json"))), 100u);
}

// The first line of `text` that starts with `prefix`; "" when there is none.
std::string line_starting(const std::string &text, const std::string &prefix) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line))
        if (line.rfind(prefix, 0) == 0) return line;
    return "";
}

// A comparison of two inputs; `index` adds an index to the first test of each.
std::string two_input_comparison(bool index) {
    const std::string a = index ? R"(, "index": 12.5)" : "";
    const std::string b = index ? R"(, "index": 25.0)" : "";
    return R"({"schema": "bytebench.comparison/2",
        "inputs": [{"label": "A", "source": "a.json"}, {"label": "B", "source": "b.json"}],
        "sections": [{"title": "1 copy", "copies": [1, 1], "rows": [
            {"id": "t", "cells": [{"status": "ok", "value": 100)" +
           a + R"(},
                                  {"status": "ok", "value": 200, "delta_pct": 100)" +
           b + R"(}]},
            {"id": "u", "cells": [{"status": "ok", "value": 3},
                                  {"status": "missing"}]}]}]})";
}

TEST(TextReporterComparison, ShowsEachInputsIndexBesideItsValue) {
    const std::string output = render_text(two_input_comparison(true));
    EXPECT_EQ(line_starting(output, "test"), "test  A value  A index  B value  B index  delta B")
        << output;
    EXPECT_EQ(line_starting(output, "t "), "t       100.0     12.5    200.0     25.0  +100.0%")
        << output;
    EXPECT_EQ(line_starting(output, "u "), "u         3.0           missing") << output;
}

TEST(TextReporterComparison, LeavesOutIndexColumnsWhenNoTestHasAnIndex) {
    const std::string output = render_text(two_input_comparison(false));
    EXPECT_EQ(line_starting(output, "test"), "test  A value  B value  delta B") << output;
    EXPECT_EQ(line_starting(output, "t "), "t       100.0    200.0  +100.0%") << output;
}

TEST(TextReporterComparison, IsPlainAscii) {
    const std::string output = render_text(fixture("comparison-3runs.json"));
    for (const char c : output) ASSERT_EQ(static_cast<unsigned char>(c) & 0x80, 0) << output;
}

TEST(TextReporterComparison, RefusesUnknownComparisonMajor) {
    EXPECT_TRUE(refuses(text_reporter(), R"({"schema": "bytebench.comparison/1", "inputs": []})",
                        "unsupported document schema \"bytebench.comparison/1\""));
}

// A reporter must not fail on members of unexpected types; it prints what it can.
TEST(TextReporterComparison, SurvivesMembersOfTheWrongType) {
    const std::string output = render_text(kOddComparison);
    EXPECT_NE(output.find("Gate: FAILED"), std::string::npos) << output;
    for (const std::string &document : odd_documents()) render_text(document);
}

TEST(TextReporterComparison, WithoutInputsSaysSo) {
    EXPECT_EQ(render_text(R"({"schema": "bytebench.comparison/2.4"})"),
              "bytebench comparison\n\nNo inputs.\n");
}

}  // namespace
}  // namespace bytebench::test
