// libFuzzer target: comparing two result documents (core/compare/comparison.h),
// as `bytebench compare A B` does with two files. The input is two documents
// separated by a line "=== B ===" (without it, both are the whole input),
// each read as the CLI reads a result file, then compared in both orders,
// each as the baseline, with the gate on; then both pivoted by a label
// (compare --by), pooled into one column and apart. Documents the reader
// refuses are result_fuzzer's.
//
// What must hold, beyond not throwing: the comparison dumps as JSON and reads
// back the same (no NaN or infinity where a number is promised); each
// section has one row per distinct test id of its copy-passes, and each row
// one cell per input, which says "missing" exactly where the input's
// copy-pass has no test of that id and otherwise has the status of the first
// such test (CopyPassView::find_test's scan, against the look-up tables the
// comparison uses).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "compare/pivot.h"
#include "fuzz_support.h"
#include "results/result_reader.h"

namespace {

using nlohmann::json;
using namespace bytebench;

constexpr const char *kSeparator = "\n=== B ===\n";

// Rows and cells against the documents, read with the views' own scans.
void check_rows(const json &comparison, const std::vector<ComparisonInput> &inputs) {
    std::vector<std::vector<CopyPassView>> runs;
    size_t positions = 0;
    for (const ComparisonInput &input : inputs) {
        runs.push_back(ResultView(input.document).copy_passes());
        positions = std::max(positions, runs.back().size());
    }
    const json &sections = comparison.at("sections");
    if (sections.size() != positions) fuzz::finding("a section per copy-pass position");
    for (size_t p = 0; p < positions; ++p) {
        std::set<std::string> ids;
        for (const auto &input_runs : runs)
            if (p < input_runs.size())
                for (const TestView &test : input_runs[p].tests()) ids.insert(test.id());
        const json &rows = sections[p].at("rows");
        const auto test_rows = static_cast<size_t>(std::count_if(
            rows.begin(), rows.end(), [](const json &row) { return !row.contains("metric"); }));
        if (test_rows != ids.size()) fuzz::finding("a row per distinct test id");
        std::string last_id;  // of the test row the metric rows follow
        for (const json &row : rows) {
            const std::string id = row.at("id").get<std::string>();
            if (row.contains("metric")) {
                if (id != last_id) fuzz::finding("a metric row away from its test: " + id);
                if (row.at("cells").size() != inputs.size()) fuzz::finding("a cell per input");
                continue;
            }
            last_id = id;
            if (ids.erase(id) != 1) fuzz::finding("a row of an unknown or repeated id: " + id);
            const json &cells = row.at("cells");
            if (cells.size() != inputs.size()) fuzz::finding("a cell per input");
            for (size_t i = 0; i < inputs.size(); ++i) {
                const std::optional<TestView> test =
                    p < runs[i].size() ? runs[i][p].find_test(id) : std::nullopt;
                const std::string expected = test ? test->status() : "missing";
                if (cells[i].at("status") != expected)
                    fuzz::finding("row " + id + ", input " + std::to_string(i) + ": status " +
                                  cells[i].at("status").dump() + ", expected " + expected);
            }
        }
    }
}

void compare_checked(const std::vector<ComparisonInput> &inputs, size_t baseline) {
    ComparisonOptions options;
    options.baseline = baseline;
    options.fail_if_worse_pct = 0;  // the gate too
    json comparison;
    try {
        comparison = compare_results(inputs, options);
        const std::string text = comparison.dump();  // throws on invalid UTF-8
        if (json::parse(text) != comparison)
            fuzz::finding("the comparison does not read back as it was written: " + text);
    } catch (const std::exception &e) {
        fuzz::unexpected("compare_results", e);
    }
    check_rows(comparison, inputs);
}

// compare --by: both documents in one column (pooled) when `together`, or
// in columns of their own; the same promises of the comparison.
void pivot_checked(json a, json b, bool together) {
    // A labels object the document holds is kept: its own keys may be odd.
    if (!a["labels"].is_object()) a["labels"] = json::object();
    if (!b["labels"].is_object()) b["labels"] = json::object();
    a["labels"]["fuzz"] = "x";
    b["labels"]["fuzz"] = together ? "x" : "y";
    try {
        const json comparison = compare_pivoted(
            {{"a.json", std::nullopt, std::move(a)}, {"b.json", std::nullopt, std::move(b)}},
            parse_pivot("label:fuzz", ""), {});
        const std::string text = comparison.dump();
        if (json::parse(text) != comparison)
            fuzz::finding("the pivot does not read back as it was written: " + text);
        // Together: one column, or two when they cannot be pooled.
        const size_t columns = comparison.at("inputs").size();
        if (together ? columns < 1 || columns > 2 : columns != 2)
            fuzz::finding("a column per value of the label");
    } catch (const std::exception &e) {
        fuzz::unexpected("compare_pivoted", e);
    }
}

// The document; nullopt when the reader refuses it.
std::optional<json> read(const std::string &text, const char *name) {
    try {
        return parse_result_document(text, name);
    } catch (const std::runtime_error &e) {
        fuzz::expect_one_line("parse_result_document", e.what());
        return std::nullopt;
    } catch (const std::exception &e) {
        fuzz::unexpected("parse_result_document", e);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string input(reinterpret_cast<const char *>(data), size);
    const size_t cut = input.find(kSeparator);
    const std::string a_text = cut == std::string::npos ? input : input.substr(0, cut);
    const std::string b_text =
        cut == std::string::npos ? input : input.substr(cut + std::string(kSeparator).size());
    const auto a = read(a_text, "a.json");
    if (!a) return 0;
    const auto b = read(b_text, "b.json");
    if (!b) return 0;

    // A and B, then B and A; each order with each input as the baseline.
    for (const bool swapped : {false, true}) {
        const auto &first = swapped ? *b : *a;
        const auto &second = swapped ? *a : *b;
        const std::vector<ComparisonInput> inputs = {{"a.json", std::nullopt, first},
                                                     {"@2", 2, second}};
        for (const size_t baseline : {0, 1}) compare_checked(inputs, baseline);
    }
    for (const bool together : {true, false}) pivot_checked(*a, *b, together);
    return 0;
}
