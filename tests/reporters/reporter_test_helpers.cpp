#include "reporter_test_helpers.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "reporter_harness.h"

namespace bytebench::test {

const bb_reporter &text_reporter() { return load_reporter(TEXT_REPORTER, "text"); }
const bb_reporter &json_reporter() { return load_reporter(JSON_REPORTER, "json"); }
const bb_reporter &csv_reporter() { return load_reporter(CSV_REPORTER, "csv"); }
const bb_reporter &csv_long_reporter() { return load_reporter(CSV_REPORTER, "csv-long"); }
const bb_reporter &markdown_reporter() { return load_reporter(MARKDOWN_REPORTER, "markdown"); }
const bb_reporter &html_reporter() { return load_reporter(HTML_REPORTER, "html"); }

std::string fixture(const std::string &name) {
    return read_file(std::string(BYTEBENCH_REPORTER_FIXTURE_DIR) + "/" + name);
}

std::string stem(const std::string &fixture_name) {
    return fixture_name.substr(0, fixture_name.rfind('.'));
}

::testing::AssertionResult describes_itself(const bb_reporter &reporter, const std::string &id,
                                            const std::string &extension) {
    const auto text = [](const char *field) { return std::string(field ? field : "(null)"); };
    if (reporter.struct_size != sizeof(bb_reporter) || text(reporter.id) != id ||
        text(reporter.file_extension) != extension || reporter.write == nullptr)
        return ::testing::AssertionFailure()
               << "struct_size " << reporter.struct_size << ", id " << text(reporter.id)
               << ", file_extension " << text(reporter.file_extension) << ", write "
               << (reporter.write ? "set" : "null");
    return ::testing::AssertionSuccess();
}

std::string render(const bb_reporter &reporter, const std::string &document) {
    const WriteOutcome outcome = write_report(reporter, document);
    EXPECT_EQ(outcome.status, BB_OK) << reporter.id << ": " << outcome.error;
    return outcome.output;
}

std::string render_fixture(const bb_reporter &reporter, const std::string &name) {
    return render(reporter, fixture(name));
}

::testing::AssertionResult refuses(const bb_reporter &reporter, const std::string &document,
                                   const std::string &message) {
    const WriteOutcome outcome = write_report(reporter, document);
    if (outcome.status != BB_ERROR)
        return ::testing::AssertionFailure() << reporter.id << " accepted " << document;
    const std::string prefix = std::string(reporter.id) + ": ";
    if (outcome.error.rfind(prefix, 0) != 0 || outcome.error.find(message) == std::string::npos)
        return ::testing::AssertionFailure() << "error \"" << outcome.error << "\" is not \""
                                             << prefix << "...\" with \"" << message << "\"";
    return ::testing::AssertionSuccess();
}

std::vector<std::string> lines_of(const std::string &text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    std::string line;
    while (std::getline(stream, line)) lines.push_back(line);
    return lines;
}

size_t display_columns(const std::string &line) {
    size_t width = 0;
    for (const char c : line)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
    return width;
}

std::string unwrapped(const std::string &text) {
    std::string result;
    for (const char c : text) {
        const bool blank = c == ' ' || c == '\n' || c == '\t';
        if (blank && (result.empty() || result.back() == ' ')) continue;
        result += blank ? ' ' : c;
    }
    return result;
}

std::vector<std::string> column_labels(const std::string &name) {
    std::vector<std::string> labels;
    const nlohmann::json doc = nlohmann::json::parse(fixture(name));  // outlives the loop
    for (const auto &input : doc.at("inputs"))
        labels.push_back(input.at("label").get<std::string>());
    return labels;
}

const char *const kOddResult = R"({
    "schema": "bytebench.result/1", "status": 7, "tool": [], "render": "brief",
    "system": {"hostname": 1, "cpus_online": 1e300, "uptime_s": 1e300, "cpus": "many",
               "load_average": {"a": 1}, "language": "C"},
    "runs": [7, {"copies": "two", "cpus": -1e308, "start": 20261130, "end": "",
                 "tests": [1, "x", {"status": "ok", "samples": 1e20, "value": "big", "baseline": 5},
                           {"status": "ok", "value": 1e300, "baseline": 1e-300},
                           {"status": ["crashed"], "baseline": "yes", "passes": [3, {}]}],
                 "indexes": [{"tests_indexed": true}, {"tests_indexed": 1e300, "score": {}}]}]
})";

const char *const kOddComparison = R"({
    "schema": "bytebench.comparison/2", "baseline": 7, "alpha": "x", "tool": 3,
    "inputs": [1, {"label": 2, "cpus": 1e300, "history_id": -1e308}],
    "warnings": [3, "w"], "gate": {"failed": true, "failures": [1, {"p": "x"}]},
    "sections": [7, {"title": 1, "copies": "no", "rows": [3, {"cells": [4, {"status": 5}]}],
                     "indexes": [{"cells": "none"}]}]
})";

// A pivot (the compact layout) whose columns and keys are of odd types.
const char *const kOddPivot = R"({
        "schema": "bytebench.comparison/2", "baseline": -3,
        "pivot": {"by": [1, "host"], "keys": "host", "baseline": 4},
        "inputs": [1, {"label": "", "members": "x", "results": "y", "status": 5},
                   {"label": "h", "members": [1, {"hostname": 2}], "results": -1e300,
                    "status": "failed", "reason": 7, "split": []}, {"values": 3}],
        "sections": [{"title": "1 copy", "rows": [7, {"id": "t", "cells": [
                         {"status": "ok", "value": 1, "index": 1e300, "results": "n"}, 3,
                         {"status": "ok", "delta_pct": "x", "significance": 1}]}],
                      "indexes": [3, {"cells": [{"score": 1e308, "partial": 1}, {}]}]}],
        "gate": {"failed": true, "failures": [{"input": 4}]}
})";

const std::vector<std::string> &odd_documents() {
    static const std::vector<std::string> documents = {kOddResult, kOddComparison, R"({
        "schema": "bytebench.comparison/2", "baseline": 99, "alpha": "x", "inputs": [1, {}],
        "warnings": [1, null], "gate": {"failed": "yes", "failures": 3},
        "sections": [1, {"rows": [1, {"cells": [7, {"status": "ok", "index": -5,
                                                    "delta_pct": 1e308,
                                                    "significance": {"passes": [1]}}]},
                                  {"cells": "none", "comparable": false, "notes": [3]}],
                         "indexes": [{"cells": [{"score": "high"}, 4]}]}]
    })",
                                                       kOddPivot};
    return documents;
}

}  // namespace bytebench::test
