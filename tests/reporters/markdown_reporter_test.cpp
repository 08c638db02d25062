// Tests of the `markdown` reporter (markdown.so), loaded and called the way a worker does.
// Expected outputs are in golden/ (see golden.h for how to regenerate them).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "golden.h"
#include "reporter_harness.h"

namespace bytebench_test {
namespace {

std::string fixture(const std::string &name) {
    return read_file(std::string(BYTEBENCH_REPORTER_FIXTURE_DIR) + "/" + name);
}

const bb_reporter &markdown_reporter() { return load_reporter(MARKDOWN_REPORTER, "markdown"); }

std::string render(const std::string &document) {
    const WriteOutcome outcome = write_report(markdown_reporter(), document);
    EXPECT_EQ(outcome.status, BB_OK) << outcome.error;
    return outcome.output;
}

TEST(MarkdownReporter, DescribesItself) {
    const bb_reporter &reporter = markdown_reporter();
    EXPECT_EQ(reporter.struct_size, sizeof(bb_reporter));
    EXPECT_STREQ(reporter.id, "markdown");
    EXPECT_STREQ(reporter.file_extension, "md");
    EXPECT_NE(reporter.write, nullptr);
}

class MarkdownReporterGolden : public ::testing::TestWithParam<const char *> {};

TEST_P(MarkdownReporterGolden, MatchesGolden) {
    const std::string name = GetParam();
    EXPECT_TRUE(matches_golden(name.substr(0, name.rfind('.')) + ".md", render(fixture(name))));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, MarkdownReporterGolden,
                         ::testing::Values("full-2run.json", "partial-brief.json",
                                           "minimal-incomplete.json", "header-only.json",
                                           "comparison-2runs.json", "comparison-3runs.json"));

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
    const std::string output = render(R"({"schema": "bytebench.result/1", "runs": [
        {"copies": 1, "tests": [{"id": "t", "name": "read|write *all* _x_ x86_64", "unit": "KB|s",
                                 "status": "ok", "value": 2}]}]})");
    const std::vector<std::string> expected = {"read\\|write \\*all\\* \\_x\\_ x86_64", "2.0",
                                               "KB\\|s", ""};
    EXPECT_EQ(table_row(output, "read"), expected) << output;
}

TEST(MarkdownReporter, EscapesTableCharactersInComparisons) {
    const std::string output = render(R"({"schema": "bytebench.comparison/1",
        "inputs": [{"label": "A|1", "source": "x"}, {"label": "B", "source": "y"}],
        "sections": [{"title": "1 copy", "copies": [1, 1], "rows": [
            {"id": "t", "name": "pipe|fifo", "unit": "lps",
             "cells": [{"status": "ok", "value": 2},
                       {"status": "error", "error": "a|b\nc"}]}]}]})");
    const std::vector<std::string> heading = {"Test", "Unit", "A\\|1", "B", "\u0394 B"};
    EXPECT_EQ(table_row(output, "Test"), heading) << output;
    const std::vector<std::string> row = {"pipe\\|fifo", "lps", "2.0", "*error*", ""};
    EXPECT_EQ(table_row(output, "pipe"), row) << output;
    EXPECT_NE(output.find("- *pipe\\|fifo* in B (error): a\\|b c\n"), std::string::npos) << output;
}

TEST(MarkdownReporter, RefusesInvalidJson) {
    const WriteOutcome outcome = write_report(markdown_reporter(), fixture("malformed.json"));
    EXPECT_EQ(outcome.status, BB_ERROR);
    EXPECT_EQ(outcome.error.rfind("markdown: the document is not valid JSON", 0), 0u)
        << outcome.error;
}

TEST(MarkdownReporter, RefusesUnknownSchemas) {
    for (const char *document : {R"({"schema": "bytebench.result/9"})",
                                 R"({"schema": "bytebench.comparison/2"})", R"({"runs": []})"}) {
        const WriteOutcome outcome = write_report(markdown_reporter(), document);
        EXPECT_EQ(outcome.status, BB_ERROR) << document;
        EXPECT_EQ(outcome.error.rfind("markdown: ", 0), 0u) << outcome.error;
    }
}

// Documents whose members have unexpected types or sizes: a reporter prints what it can.
const char *const kOddResult = R"({
    "schema": "bytebench.result/1", "status": 7, "tool": [], "render": "brief",
    "system": {"hostname": 1, "cpus_online": 1e300, "cpus": "many", "load_average": {"a": 1}},
    "runs": [7, {"copies": "two", "start": 20261130,
                 "tests": [1, "x", {"status": "ok", "samples": 1e20, "value": "big"},
                           {"status": ["crashed"], "baseline": "yes", "passes": [3, {}]}],
                 "indexes": [{"tests_indexed": true}, {"tests_indexed": 1e300, "score": {}}]}]
})";
const char *const kOddComparison = R"({
    "schema": "bytebench.comparison/1", "baseline": 7, "alpha": "x", "tool": 3,
    "inputs": [1, {"label": 2, "cpus": 1e300, "history_id": -1e308}],
    "warnings": [3, "w"], "gate": {"failed": true, "failures": [1, {"p": "x"}]},
    "sections": [7, {"title": 1, "copies": "no", "rows": [3, {"cells": [4, {"status": 5}]}],
                     "indexes": [{"cells": "none"}]}]
})";

TEST(MarkdownReporter, SurvivesMembersOfTheWrongType) {
    for (const char *document : {kOddResult, kOddComparison}) {
        const WriteOutcome outcome = write_report(markdown_reporter(), document);
        EXPECT_EQ(outcome.status, BB_OK) << outcome.error;
        EXPECT_NE(outcome.output.find("## bytebench"), std::string::npos) << outcome.output;
    }
}

}  // namespace
}  // namespace bytebench_test
