// Tests of the `markdown` reporter (markdown.so), loaded and called the way a worker does.
// Expected outputs are in golden/ (see golden.h for how to regenerate them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "common/markdown.h"
#include "golden.h"
#include "reporter_harness.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

std::string markdown(const std::string &document) { return render(markdown_reporter(), document); }

TEST(MarkdownReporter, DescribesItself) {
    EXPECT_TRUE(describes_itself(markdown_reporter(), "markdown", "md"));
}

class MarkdownReporterGolden : public ::testing::TestWithParam<const char *> {};

TEST_P(MarkdownReporterGolden, MatchesGolden) {
    EXPECT_TRUE(matches_golden(stem(GetParam()) + ".md", markdown(fixture(GetParam()))));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, MarkdownReporterGolden,
                         ::testing::Values("full-2run.json", "partial-brief.json",
                                           "minimal-incomplete.json", "header-only.json",
                                           "comparison-2runs.json", "comparison-3runs.json",
                                           "result-metrics.json", "comparison-metrics.json",
                                           "comparison-pivot-2.json", "environment-2run.json",
                                           "result-warnings.json", "result-scaling.json",
                                           "graphics-2run.json", "comparison-run-to-run.json"));

// The environment of the passes (environment-2run.json, its golden above): an Environment
// table per copy-pass; results without environment members have none.
TEST(MarkdownReporter, ShowsTheEnvironmentOnlyWhenRecorded) {
    const std::string text = markdown(fixture("environment-2run.json"));
    EXPECT_NE(text.find("- *Dhrystone 2 using register variables*: 2 of 5 passes disturbed: "
                        "steal 4.1% (pass 3), other processes 12.0% (pass 5)\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("- clock frequency unknown: the msr perf PMU has no aperf event"),
              std::string::npos)
        << text;
    for (const char *name : {"full-2run.json", "stats-2run.json", "result-metrics.json"})
        EXPECT_EQ(markdown(fixture(name)).find("Environment"), std::string::npos) << name;
}

// The cells of the first table row whose first cell starts with `first`, split at the '|'
// that Markdown sees (not at escaped ones) and trimmed; empty when there is no such row.
std::vector<std::string> table_row(const std::string &markdown, const std::string &first) {
    std::istringstream lines(markdown);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind("| " + first, 0) != 0) continue;
        std::vector<std::string> cells;
        std::string cell;
        for (size_t i = 1; i < line.size(); ++i) {
            if (line[i] == '\\' && i + 1 < line.size()) {
                cell += line.substr(i++, 2);
            } else if (line[i] == '|') {
                const size_t begin = cell.find_first_not_of(' ');
                const size_t end = cell.find_last_not_of(' ');
                cells.push_back(begin == std::string::npos ? ""
                                                           : cell.substr(begin, end - begin + 1));
                cell.clear();
            } else {
                cell += line[i];
            }
        }
        return cells;
    }
    return {};
}

// A '|' in a name would end the table cell; '*' and '_' would start emphasis. An '_' inside
// a word cannot, and stays as it is.
TEST(MarkdownReporter, EscapesTableAndEmphasisCharactersInResults) {
    const std::string output = markdown(R"({"schema": "bytebench.result/1", "runs": [
        {"copies": 1, "tests": [{"id": "t", "name": "read|write *all* _x_ x86_64", "unit": "KB|s",
                                 "status": "ok", "value": 2}]}]})");
    const std::vector<std::string> expected = {"read\\|write \\*all\\* \\_x\\_ x86_64", "2.0",
                                               "KB\\|s", ""};
    EXPECT_EQ(table_row(output, "read"), expected) << output;
}

// A test whose result has a baseline but no index (a result from before the core wrote them)
// gets UnixBench's index, value / baseline * 10, as in the text and HTML reports.
TEST(MarkdownReporter, AnIndexTheDocumentLacksIsUnixBenchs) {
    nlohmann::json doc = nlohmann::json::parse(fixture("full-2run.json"));
    doc["runs"][0]["tests"][0].erase("index");  // 32693548.2 lps against 116700.0
    const std::vector<std::string> row = {"Dhrystone 2 using register variables", "32693548.2",
                                          "lps", "2801.5"};
    EXPECT_EQ(table_row(markdown(doc.dump()), "Dhrystone"), row);
}

// What the run warned about a test: ⚠ beside its name, the warning under the table.
TEST(MarkdownReporter, AWarnedTestIsMarkedAndItsWarningSaid) {
    nlohmann::json doc = nlohmann::json::parse(fixture("full-2run.json"));
    nlohmann::json &test = doc["runs"][0]["tests"][0];
    const std::string name = test["name"];
    test["warnings"] = {"dhry2reg wrote 4.2 KiB to stdout|stderr"};
    const std::string output = markdown(doc.dump());
    EXPECT_NE(output.find("| " + name + " \u26A0 "), std::string::npos) << output;
    EXPECT_NE(output.find("#### Warnings\n\n- *" + name +
                          "*: dhry2reg wrote 4.2 KiB to stdout\\|stderr\n"),
              std::string::npos)
        << output;
    EXPECT_EQ(markdown(fixture("full-2run.json")).find("\u26A0"), std::string::npos);
}

// The gate could not decide: said so, with why, never "Passed".
TEST(MarkdownReporter, AnInconclusiveGateSaysWhy) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-2runs.json"));
    doc["gate"] = {{"threshold_pct", 5.0},
                   {"status", "inconclusive"},
                   {"failed", false},
                   {"reason", "nothing of B could be judged against A: B failed: unreachable"},
                   {"failures", nlohmann::json::array()}};
    const std::string output = markdown(doc.dump());
    EXPECT_NE(
        output.find("### Gate: inconclusive\n\nNothing of B could be judged against A: B failed: "
                    "unreachable."),
        std::string::npos)
        << output;
    EXPECT_EQ(output.find("Passed"), std::string::npos) << output;
}

TEST(MarkdownReporter, EscapesTableCharactersInComparisons) {
    const std::string output = markdown(R"({"schema": "bytebench.comparison/2",
        "inputs": [{"label": "A|1", "source": "x"}, {"label": "B", "source": "y"}],
        "sections": [{"title": "1 copy", "copies": [1, 1], "rows": [
            {"id": "t", "name": "pipe|fifo", "unit": "lps",
             "cells": [{"status": "ok", "value": 2},
                       {"status": "error", "error": "a|b\nc"}]}]}]})");
    const std::vector<std::string> heading = {"Test", "Unit", "A\\|1 value", "B value", "\u0394 B"};
    EXPECT_EQ(table_row(output, "Test"), heading) << output;
    const std::vector<std::string> row = {"pipe\\|fifo", "lps", "2.0", "*error*", ""};
    EXPECT_EQ(table_row(output, "pipe"), row) << output;
    // The notes name rows by their ids, as the gate does.
    EXPECT_NE(output.find("- *t in B (error)*: a\\|b c\n"), std::string::npos) << output;
}

// Each input's index beside its value; the score under the indexes.
TEST(MarkdownReporter, ShowsEachInputsIndexBesideItsValue) {
    const std::string output = markdown(R"({"schema": "bytebench.comparison/2",
        "inputs": [{"label": "A", "source": "x"}, {"label": "B", "source": "y"}],
        "sections": [{"title": "1 copy", "copies": [1, 1], "rows": [
            {"id": "t", "name": "pipe", "unit": "lps",
             "cells": [{"status": "ok", "value": 2, "index": 12.5},
                       {"status": "ok", "value": 4, "index": 25, "delta_pct": 100}]},
            {"id": "u", "name": "spawn", "unit": "lps",
             "cells": [{"status": "ok", "value": 3}, {"status": "crashed"}]}],
            "indexes": [{"category": "system", "title": "System Benchmarks",
                         "cells": [{"score": 12.5}, {"score": 25, "delta_pct": 100}]}]}]})");
    const std::vector<std::string> heading = {"Test",    "Unit",    "A value", "A index",
                                              "B value", "B index", "\u0394 B"};
    EXPECT_EQ(table_row(output, "Test"), heading) << output;
    const std::vector<std::string> pipe = {"pipe", "lps", "2.0", "12.5", "4.0", "25.0", "+100.0%"};
    EXPECT_EQ(table_row(output, "pipe"), pipe) << output;
    const std::vector<std::string> spawn = {"spawn", "lps", "3.0", "", "*crashed*", "", ""};
    EXPECT_EQ(table_row(output, "spawn"), spawn) << output;
    const std::vector<std::string> score = {
        "**System Benchmarks Index Score**", "", "", "**12.5**", "", "**25.0**", "**+100.0%**"};
    EXPECT_EQ(table_row(output, "**System"), score) << output;
}

// The number of '|' in a table line that Markdown sees (escaped ones are text).
size_t cell_bars(const std::string &line) {
    size_t bars = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\')
            ++i;
        else if (line[i] == '|')
            ++bars;
    }
    return bars;
}

bool is_delimiter_row(const std::string &line) {
    if (line.size() < 2 || line.front() != '|' || line.back() != '|') return false;
    return line.find_first_not_of("|:-") == std::string::npos;
}

// The compact layout of a pivot: one table per block of columns. Each table follows a blank
// line, has a delimiter row under its heading, the same number of cells in every line, and
// at most 100 characters per line.
class MarkdownPivotComparison : public ::testing::TestWithParam<const char *> {};

TEST_P(MarkdownPivotComparison, TablesAreWellFormedAndNarrow) {
    const std::vector<std::string> lines = lines_of(markdown(fixture(GetParam())));
    size_t tables = 0;
    for (size_t l = 0; l < lines.size(); ++l) {
        if (lines[l].rfind("|", 0) != 0) continue;
        ++tables;
        EXPECT_TRUE(l > 0 && lines[l - 1].empty()) << lines[l];
        ASSERT_LT(l + 1, lines.size());
        EXPECT_TRUE(is_delimiter_row(lines[l + 1])) << lines[l + 1];
        const size_t bars = cell_bars(lines[l]);
        for (; l < lines.size() && lines[l].rfind("|", 0) == 0; ++l) {
            EXPECT_EQ(cell_bars(lines[l]), bars) << lines[l];
            EXPECT_EQ(lines[l].back(), '|') << lines[l];
            EXPECT_LE(display_columns(lines[l]), 100u) << lines[l];
        }
    }
    const nlohmann::json doc = nlohmann::json::parse(fixture(GetParam()));
    EXPECT_GE(tables, doc["sections"].size());
}

// Every column is listed by number and name before the tables, a failed one with its reason.
TEST_P(MarkdownPivotComparison, NamesEveryColumnAndTheFailedOnes) {
    const nlohmann::json doc = nlohmann::json::parse(fixture(GetParam()));
    const std::string output = markdown(fixture(GetParam()));
    const size_t first_table = output.find("\n|");
    for (size_t i = 0; i < doc["inputs"].size(); ++i) {
        const nlohmann::json &input = doc["inputs"][i];
        const std::string item = "- *\\[" + std::to_string(i + 1) + "\\] " +
                                 reporters::markdown_escape(input["label"].get<std::string>()) +
                                 "*: ";
        const size_t at = output.find(item);
        ASSERT_NE(at, std::string::npos) << item;
        EXPECT_LT(at, first_table) << item;
        if (input.value("status", "") == "failed") {
            const std::string line = output.substr(at, output.find('\n', at) - at);
            EXPECT_NE(line.find(reporters::markdown_escape(input["reason"].get<std::string>())),
                      std::string::npos)
                << line;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, MarkdownPivotComparison,
                         ::testing::Values("comparison-pivot-2.json", "comparison-pivot-50.json"));

TEST(MarkdownReporter, RefusesInvalidJson) {
    EXPECT_TRUE(
        refuses(markdown_reporter(), fixture("malformed.json"), "the document is not valid JSON"));
}

TEST(MarkdownReporter, RefusesUnknownSchemas) {
    for (const char *document : {R"({"schema": "bytebench.result/9"})",
                                 R"({"schema": "bytebench.comparison/1"})", R"({"runs": []})"})
        EXPECT_TRUE(refuses(markdown_reporter(), document, ""));
}

TEST(MarkdownReporter, SurvivesMembersOfTheWrongType) {
    for (const std::string &document : odd_documents())
        EXPECT_NE(markdown(document).find("## bytebench"), std::string::npos) << document;
}

}  // namespace
}  // namespace bytebench::test
