// Tests of the CSV reporters `csv` and `csv-long` (csv.so), loaded and called the way a
// worker does. Expected outputs are in golden/ (see golden.h for how to regenerate them).
#include <gtest/gtest.h>

#include <string>

#include "golden.h"
#include "reporter_harness.h"

namespace bytebench_test {
namespace {

std::string fixture(const std::string &name) {
    return read_file(std::string(BYTEBENCH_REPORTER_FIXTURE_DIR) + "/" + name);
}

const bb_reporter &csv_reporter() { return load_reporter(CSV_REPORTER, "csv"); }
const bb_reporter &csv_long_reporter() { return load_reporter(CSV_REPORTER, "csv-long"); }

std::string render(const bb_reporter &reporter, const std::string &document) {
    const WriteOutcome outcome = write_report(reporter, document);
    EXPECT_EQ(outcome.status, BB_OK) << outcome.error;
    return outcome.output;
}

// "full-2run.json" -> "full-2run"
std::string stem(const std::string &fixture_name) {
    return fixture_name.substr(0, fixture_name.rfind('.'));
}

TEST(CsvReporter, DescribesItself) {
    const bb_reporter &wide = csv_reporter();
    EXPECT_EQ(wide.struct_size, sizeof(bb_reporter));
    EXPECT_STREQ(wide.id, "csv");
    EXPECT_STREQ(wide.file_extension, "csv");
    const bb_reporter &long_form = csv_long_reporter();
    EXPECT_STREQ(long_form.id, "csv-long");
    EXPECT_STREQ(long_form.file_extension, "csv");
    EXPECT_NE(long_form.write, nullptr);
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
                                           "minimal-incomplete.json", "header-only.json"));

class CsvReporterComparisonGolden : public ::testing::TestWithParam<const char *> {};

// Both reporters write a comparison as the same tidy table.
TEST_P(CsvReporterComparisonGolden, MatchesGoldenInBothReporters) {
    const std::string golden = stem(GetParam()) + ".csv";
    EXPECT_TRUE(matches_golden(golden, render(csv_reporter(), fixture(GetParam()))));
    EXPECT_TRUE(matches_golden(golden, render(csv_long_reporter(), fixture(GetParam()))));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, CsvReporterComparisonGolden,
                         ::testing::Values("comparison-2runs.json", "comparison-3runs.json"));

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
    const std::string document = R"({"schema": "bytebench.comparison/1",
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
    const WriteOutcome outcome =
        write_report(load_reporter(CSV_REPORTER, GetParam()), fixture("malformed.json"));
    EXPECT_EQ(outcome.status, BB_ERROR);
    EXPECT_EQ(outcome.error.rfind(std::string(GetParam()) + ": the document is not valid JSON", 0),
              0u)
        << outcome.error;
}

TEST_P(CsvReporterBadInput, RefusesUnknownSchemas) {
    const bb_reporter &reporter = load_reporter(CSV_REPORTER, GetParam());
    for (const char *document :
         {R"({"schema": "bytebench.result/9"})", R"({"schema": "bytebench.comparison/2"})",
          R"({"schema": "something/1"})"}) {
        const WriteOutcome outcome = write_report(reporter, document);
        EXPECT_EQ(outcome.status, BB_ERROR) << document;
        EXPECT_EQ(outcome.error.rfind(std::string(GetParam()) + ": unsupported document schema", 0),
                  0u)
            << outcome.error;
    }
}

INSTANTIATE_TEST_SUITE_P(Reporters, CsvReporterBadInput, ::testing::Values("csv", "csv-long"));

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

TEST(CsvReporter, SurvivesMembersOfTheWrongType) {
    for (const char *id : {"csv", "csv-long"})
        for (const char *document : {kOddResult, kOddComparison}) {
            const WriteOutcome outcome = write_report(load_reporter(CSV_REPORTER, id), document);
            EXPECT_EQ(outcome.status, BB_OK) << id << ": " << outcome.error;
        }
}

}  // namespace
}  // namespace bytebench_test
