// Tests of the CSV reporters `csv` and `csv-long` (csv.so), loaded and called the way a
// worker does. Expected outputs are in golden/ (see golden.h for how to regenerate them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "golden.h"
#include "reporter_harness.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

TEST(CsvReporter, DescribesItself) {
    EXPECT_TRUE(describes_itself(csv_reporter(), "csv", "csv"));
    EXPECT_TRUE(describes_itself(csv_long_reporter(), "csv-long", "csv"));
}

class CsvReporterResultGolden : public ::testing::TestWithParam<const char *> {};

TEST_P(CsvReporterResultGolden, UnixBenchLayoutMatchesGolden) {
    EXPECT_TRUE(
        matches_golden(stem(GetParam()) + ".csv", render(csv_reporter(), fixture(GetParam()))));
}

TEST_P(CsvReporterResultGolden, LongFormMatchesGolden) {
    EXPECT_TRUE(matches_golden(stem(GetParam()) + "-long.csv",
                               render(csv_long_reporter(), fixture(GetParam()))));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, CsvReporterResultGolden,
                         ::testing::Values("full-2run.json", "partial-brief.json",
                                           "minimal-incomplete.json", "header-only.json",
                                           "result-metrics.json", "environment-2run.json",
                                           "result-warnings.json"));

class CsvReporterComparisonGolden : public ::testing::TestWithParam<const char *> {};

// Both reporters write a comparison as the same tidy table.
TEST_P(CsvReporterComparisonGolden, MatchesGoldenInBothReporters) {
    const std::string golden = stem(GetParam()) + ".csv";
    EXPECT_TRUE(matches_golden(golden, render(csv_reporter(), fixture(GetParam()))));
    EXPECT_TRUE(matches_golden(golden, render(csv_long_reporter(), fixture(GetParam()))));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, CsvReporterComparisonGolden,
                         ::testing::Values("comparison-2runs.json", "comparison-3runs.json",
                                           "comparison-metrics.json", "comparison-pivot-2.json"));

// The fields of one CSV record (RFC 4180 quoting; no line breaks inside fields here).
std::vector<std::string> csv_fields(const std::string &line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            fields.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

// A pivot is the same long form, one record per section, row and column, with the cell's
// results, the column's status and its value of each pivot key at the end.
TEST(CsvReporter, PivotIsOneRecordPerSectionRowAndColumn) {
    const nlohmann::json doc = nlohmann::json::parse(fixture("comparison-pivot-50.json"));
    const std::vector<std::string> lines =
        lines_of(render(csv_reporter(), fixture("comparison-pivot-50.json")));
    size_t expected = 1;
    for (const auto &section : doc["sections"])
        expected += (section["rows"].size() + section["indexes"].size()) * doc["inputs"].size();
    ASSERT_EQ(lines.size(), expected);
    const std::vector<std::string> header = csv_fields(lines[0]);
    const std::vector<std::string> tail(header.end() - 4, header.end());
    EXPECT_EQ(tail,
              (std::vector<std::string>{"results", "column_status", "label:kernel", "label:smt"}));
    for (const std::string &line : lines) EXPECT_EQ(csv_fields(line).size(), header.size()) << line;
    // The first record: the baseline column's first test.
    const std::vector<std::string> first = csv_fields(lines[1]);
    EXPECT_EQ(first[5], "3.16,on");
    EXPECT_EQ(first[header.size() - 4], "1");
    EXPECT_EQ(first[header.size() - 2], "3.16");
    EXPECT_EQ(first[header.size() - 1], "on");
    size_t failed = 0;
    for (const std::string &line : lines) failed += csv_fields(line)[header.size() - 3] == "failed";
    EXPECT_EQ(failed, expected / doc["inputs"].size());  // one column's records
}

// A test that failed in one copy-pass, or ran in only one, leaves its own cell empty; the
// other values stay under their names (UnixBench shifts them left).
TEST(CsvReporter, KeepsColumnsAlignedWhenTestsFailOrAreAbsent) {
    const std::string document = R"({"schema": "bytebench.result/1", "runs": [
        {"copies": 1, "tests": [
            {"id": "a", "name": "A", "status": "ok", "value": 1.5},
            {"id": "b", "name": "B", "status": "crashed", "error": "signal 11"},
            {"id": "c", "name": "C", "status": "ok", "value": 3}]},
        {"copies": 4, "tests": [
            {"id": "c", "name": "C", "status": "ok", "value": 30},
            {"id": "d", "name": "D", "status": "ok", "value": 40}]}]})";
    EXPECT_EQ(render(csv_reporter(), document),
              "Concurrency,A,B,C,D\n"
              "1,1.5,,3.0,\n"
              "4,,,30.0,40.0\n");
}

// The environment columns come last, after metric and better when those are present (older
// readers index the columns they know); a metric's and an index's records leave them empty.
TEST(CsvReporter, LongFormAppendsTheEnvironmentColumns) {
    const std::string document = R"({"schema": "bytebench.result/1", "runs": [{"copies": 1,
        "tests": [{"id": "a", "name": "A", "status": "ok", "value": 2, "unit": "lps",
                   "value_per_watt": 0.25,
                   "metrics": [{"key": "p99", "name": "p99", "value": 3, "better": "lower"}],
                   "passes": [{"status": "ok", "value": 2, "metrics": {"p99": 3},
                               "environment": {"steal_share": 0.041, "foreign_share": 0.5,
                                               "frequency_mhz": "unknown", "throttle_events": 0,
                                               "energy_j": 80, "average_w": 8,
                                               "disturbed": ["steal, high", "other"]}}]}],
        "indexes": [{"category": "system", "tests_indexed": 1, "score": 9}]}]})";
    const std::vector<std::string> lines = lines_of(render(csv_long_reporter(), document));
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0],
              "copies,test,name,category,unit,test_status,test_value,baseline,index,test_error,"
              "pass,status,count,seconds,value,kept,error,metric,better,steal_share,"
              "foreign_share,frequency_mhz,throttle_events,energy_j,average_w,disturbed,"
              "value_per_watt");
    EXPECT_EQ(lines[1],
              "1,a,A,,lps,ok,2,,,,1,ok,,,2,,,,higher,0.041,0.5,,0,80,8,\"steal, "
              "high; other\",0.25");
    EXPECT_EQ(lines[2], "1,a,p99,,,ok,3,,,,1,ok,,,3,,,p99,lower,,,,,,,,");
    EXPECT_EQ(lines[3], "1,index:system,,system,,ok,,,9,,,,,,,,,,,,,,,,,,");
    // Without environment members, the columns are those of before.
    EXPECT_EQ(lines_of(render(csv_long_reporter(), fixture("full-2run.json")))[0],
              "copies,test,name,category,unit,test_status,test_value,baseline,index,test_error,"
              "pass,status,count,seconds,value,kept,error");
}

const char *const kAwkwardName = "Copy \"fast\", then slow";
const char *const kAwkwardField = "\"Copy \"\"fast\"\", then slow\"";

std::string result_with_awkward_name() {
    return R"({"schema": "bytebench.result/1", "runs": [{"copies": 1, "tests": [
        {"id": "x,y", "name": "Copy \"fast\", then slow", "category": "system", "unit": "lps",
         "status": "error", "error": "line one\nline two",
         "passes": [{"count": 1, "seconds": 2, "value": 0.5, "kept": false, "status": "ok"}]}]}]})";
}

TEST(CsvReporter, QuotesFieldsWithCommasAndQuotes) {
    EXPECT_EQ(render(csv_reporter(), result_with_awkward_name()),
              std::string("Concurrency,") + kAwkwardField + "\n1,\n");
}

TEST(CsvReporter, LongFormQuotesFieldsWithCommasQuotesAndLineBreaks) {
    const std::string output = render(csv_long_reporter(), result_with_awkward_name());
    const std::string expected_row = std::string("1,\"x,y\",") + kAwkwardField +
                                     ",system,lps,error,,,,\"line one\nline two\","
                                     "1,ok,1,2,0.5,false,\n";
    EXPECT_NE(output.find(expected_row), std::string::npos) << output;
}

TEST(CsvReporter, ComparisonQuotesTestNames) {
    const std::string document = R"({"schema": "bytebench.comparison/2",
        "inputs": [{"label": "A", "source": "a, b.json"}],
        "sections": [{"title": "1 copy", "copies": [1], "rows": [
            {"id": "t", "name": "Copy \"fast\", then slow", "unit": "lps",
             "cells": [{"status": "ok", "value": 2}]}]}]})";
    const std::string output = render(csv_reporter(), document);
    EXPECT_NE(
        output.find(std::string("1 copy,1,t,") + kAwkwardField + ",lps,A,\"a, b.json\",ok,2,"),
        std::string::npos)
        << output;
}

class CsvReporterBadInput : public ::testing::TestWithParam<const char *> {};

TEST_P(CsvReporterBadInput, RefusesInvalidJson) {
    EXPECT_TRUE(refuses(load_reporter(CSV_REPORTER, GetParam()), fixture("malformed.json"),
                        "the document is not valid JSON"));
}

TEST_P(CsvReporterBadInput, RefusesUnknownSchemas) {
    const bb_reporter &reporter = load_reporter(CSV_REPORTER, GetParam());
    for (const char *document :
         {R"({"schema": "bytebench.result/9"})", R"({"schema": "bytebench.comparison/1"})",
          R"({"schema": "something/1"})"})
        EXPECT_TRUE(refuses(reporter, document, "unsupported document schema"));
}

// A reporter prints what it can.
TEST_P(CsvReporterBadInput, SurvivesMembersOfTheWrongType) {
    for (const std::string &document : odd_documents())
        render(load_reporter(CSV_REPORTER, GetParam()), document);
}

INSTANTIATE_TEST_SUITE_P(Reporters, CsvReporterBadInput, ::testing::Values("csv", "csv-long"));

}  // namespace
}  // namespace bytebench::test
