// Tests of the `text` reporter (text.so) on comparison documents. Its rendering of results is
// tested in text_reporter_test.cpp.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
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

// B's run-to-run spread from the history (comparison-run-to-run.json): a "run CoV" column per
// input, "-" where a test ran in too few runs, the legend and B's line say what it is over.
TEST(TextReporterComparison, RunToRunMatchesGolden) {
    const std::string text = render_text(fixture("comparison-run-to-run.json"));
    EXPECT_TRUE(matches_golden("comparison-run-to-run.txt", text));
    EXPECT_NE(text.find("B run CoV"), std::string::npos) << text;
    EXPECT_NE(text.find("1.03%"), std::string::npos) << text;
    EXPECT_NE(text.find("run-to-run CoV over 4 runs"), std::string::npos) << text;
    EXPECT_LE(widest_line(text), 100u) << text;
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

// What differs between the machines (environment_differences) comes before the tables: inputs
// that share a value named together, a value with semicolons of its own on its own line, more
// than three differing mitigations only named; members of the wrong type are passed over.
TEST(TextReporterComparison, EnvironmentDifferencesComeBeforeTheTables) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-3runs.json"));
    doc["environment_differences"] = nlohmann::json::parse(R"([
        {"what": "kernel", "values": {"A": "6.1.0", "B": "6.18.4", "C": "6.1.0"}},
        {"what": "mitigations", "differing": ["spectre_v2"],
         "values": {"A": "Mitigation: Retpolines; STIBP: disabled", "B": "Vulnerable",
                    "C": "Vulnerable"}},
        {"what": "mitigations", "differing": ["mds", "l1tf", "meltdown", "srbds"],
         "values": {"A": "x", "B": "y", "C": "z"}},
        {"what": "governor", "values": 3},
        "not an entry"])");
    const std::string output = render_text(doc.dump());
    const size_t block = output.find("Environment differences:\n");
    ASSERT_NE(block, std::string::npos) << output;
    EXPECT_LT(block, output.find("\n1 copy\n")) << output;
    EXPECT_NE(output.find("  - kernel differs (A, C: 6.1.0; B: 6.18.4)\n"), std::string::npos)
        << output;
    EXPECT_NE(output.find("  - mitigations: spectre_v2 differs\n"
                          "      A: Mitigation: Retpolines; STIBP: disabled\n"
                          "      B, C: Vulnerable\n"),
              std::string::npos)
        << output;
    EXPECT_NE(output.find("mitigations: 4 differ: mds, l1tf, meltdown and srbds (their texts"),
              std::string::npos)
        << output;
    EXPECT_NE(output.find("  - governor differs\n"), std::string::npos) << output;
    // The block is wrapped as the warnings are (three inputs' tables may be wider).
    EXPECT_LE(widest_line(output.substr(block, output.find("\n1 copy\n") - block)), 100u);
}

// A note on several rows is said once with the rows it is on; an index score that is not
// comparable is marked "!" and its note said; the warnings come before the tables.
TEST(TextReporterComparison, NotesAreGroupedAndIndexScoresMarked) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-2runs.json"));
    nlohmann::json &section = doc["sections"][0];
    for (nlohmann::json &row : section["rows"]) {
        row["comparable"] = false;
        row["notes"] = {"pass length differs: 10 s in A, 2 s in B"};
    }
    section["indexes"][0]["comparable"] = false;
    section["indexes"][0]["notes"] = {
        "scored over different tests (A: 12, B: 2); not in every "
        "score: dhry2reg"};
    doc["warnings"] = {"whetstone-double, execl: pass length differs: 10 s in A, 2 s in B"};
    const std::string output = render_text(doc.dump());
    EXPECT_NE(output.find("! whetstone-double, execl: pass length differs: 10 s in A, 2 s in B\n"),
              std::string::npos)
        << output;
    EXPECT_EQ(output.find("! execl: pass length"), std::string::npos) << output;
    EXPECT_NE(output.find("system index !"), std::string::npos) << output;
    EXPECT_NE(output.find("! system index: scored over different tests (A: 12, B: 2); not in "
                          "every score: dhry2reg"),
              std::string::npos)
        << output;
    EXPECT_LT(output.find("Warnings:"), output.find("\n1 copy\n")) << output;
}

// The gate's outcomes: passed with the thresholds it used, and inconclusive with why.
TEST(TextReporterComparison, TheGateSaysItsThresholdsAndWhenItCouldNotDecide) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-2runs.json"));
    doc["gate"] = {{"threshold_pct", 5.0},
                   {"thresholds", {{"lat_max_us", "off"}, {"tcp_rr.p99_us", 20}}},
                   {"status", "passed"},
                   {"failed", false},
                   {"failures", nlohmann::json::array()}};
    // unwrapped(): the line is longer than 100 columns and wrapped.
    EXPECT_NE(unwrapped(render_text(doc.dump()))
                  .find("Gate: passed; nothing is significantly worse by more than 5.0% "
                        "(lat_max_us: off; tcp_rr.p99_us: 20.0%)"),
              std::string::npos);
    doc["gate"] = {{"thresholds", {{"p99_us", 20}}},
                   {"status", "inconclusive"},
                   {"failed", false},
                   {"compared", 0},
                   {"reason", "nothing of B could be judged against A: B failed: unreachable"},
                   {"failures", nlohmann::json::array()}};
    const std::string output = render_text(doc.dump());
    EXPECT_NE(output.find("Gate: INCONCLUSIVE; nothing of B could be judged against A: B failed: "
                          "unreachable"),
              std::string::npos)
        << output;
    EXPECT_EQ(output.find("passed"), std::string::npos) << output;
}

// ---------------------------------------------------------------------------
// The compact layout: a pivot (compare --by), or more than three inputs.
// ---------------------------------------------------------------------------

TEST(TextReporterComparison, PivotOfTwoColumnsMatchesGolden) {
    const std::string output = render_text(fixture("comparison-pivot-2.json"));
    EXPECT_TRUE(matches_golden("comparison-pivot-2.txt", output));
    EXPECT_EQ(line_starting(output, "Test"), "Test                       3.16,on            4.4,on")
        << output;
    EXPECT_EQ(line_starting(output, "dhry2reg"),
              "dhry2reg                    4252.3   4975.2 +17.0% +")
        << output;
}

class TextPivotComparison : public ::testing::TestWithParam<const char *> {};

TEST_P(TextPivotComparison, FitsOneHundredColumns) {
    for (const std::string &line : lines_of(render_text(fixture(GetParam()))))
        EXPECT_LE(display_columns(line), 100u) << line;
}

// Every column is listed once with its number, and a failed one with its reason.
TEST_P(TextPivotComparison, ListsEveryColumnAndWhyOneFailed) {
    const nlohmann::json doc = nlohmann::json::parse(fixture(GetParam()));
    const std::string output = unwrapped(render_text(fixture(GetParam())));
    for (size_t i = 0; i < doc["inputs"].size(); ++i) {
        const nlohmann::json &input = doc["inputs"][i];
        const std::string line =
            "- [" + std::to_string(i + 1) + "] " + input["label"].get<std::string>() + ": ";
        EXPECT_NE(output.find(line), std::string::npos) << line;
        if (input.value("status", "") == "failed") {
            EXPECT_NE(output.find("failed: " + input["reason"].get<std::string>()),
                      std::string::npos);
        }
    }
}

// The blocks of each section cover the columns in order, each once; a heading that shows a
// column's number ("[22]") is spelled out in the key under its block.
TEST_P(TextPivotComparison, BlocksCoverEveryColumnAndExplainTheirNumbers) {
    const std::vector<std::string> labels = column_labels(GetParam());
    const std::vector<std::string> lines = lines_of(render_text(fixture(GetParam())));
    size_t next = 1, blocks = 0;
    for (size_t l = 0; l < lines.size(); ++l) {
        size_t first = 0, last = 0, of = 0;
        const bool several = std::sscanf(lines[l].c_str(), "%*[^(](columns %zu-%zu of %zu)", &first,
                                         &last, &of) == 3;
        if (!several &&
            std::sscanf(lines[l].c_str(), "%*[^(](column %zu of %zu)", &first, &of) == 2)
            last = first;
        if (last > 0) {
            EXPECT_EQ(first, next) << lines[l];
            next = last == labels.size() ? 1 : last + 1;
            ++blocks;
        }
        if (lines[l].rfind("Test ", 0) != 0) continue;
        for (size_t n = 1; n <= labels.size(); ++n) {
            const std::string number = "[" + std::to_string(n) + "]";
            if (lines[l].find(" " + number) == std::string::npos) continue;
            bool explained = false;
            for (size_t k = l; k < lines.size() && !explained; ++k)
                explained = lines[k].rfind("  " + number + " " + labels[n - 1] + " ", 0) == 0;
            EXPECT_TRUE(explained) << number;
        }
    }
    EXPECT_EQ(next, 1u);
    if (labels.size() > 10) {
        EXPECT_GT(blocks, 2u);
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, TextPivotComparison,
                         ::testing::Values("comparison-pivot-2.json", "comparison-pivot-50.json"));

// Without a pivot, four inputs are already too many side by side.
TEST(TextReporterComparison, FourInputsUseTheCompactLayout) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-3runs.json"));
    doc["inputs"].push_back(doc["inputs"][1]);
    doc["inputs"][3]["label"] = "D";
    for (auto &section : doc["sections"]) {
        for (auto &row : section["rows"]) row["cells"].push_back(row["cells"][1]);
        for (auto &index : section["indexes"]) index["cells"].push_back(index["cells"][1]);
    }
    const std::string output = render_text(doc.dump());
    EXPECT_EQ(line_starting(output, "Test"),
              "Test                     A                B                C                D")
        << output;
    EXPECT_NE(output.find("  - [4] D: @7 (history 7), vm\n"), std::string::npos) << output;
    for (const std::string &line : lines_of(output)) EXPECT_LE(display_columns(line), 100u);
}

TEST(TextReporterComparison, WithoutInputsSaysSo) {
    EXPECT_EQ(render_text(R"({"schema": "bytebench.comparison/2.4"})"),
              "bytebench comparison\n\nNo inputs.\n");
}

}  // namespace
}  // namespace bytebench::test
