// Reading a result document (`bytebench.result/1`, docs/result-schema.md): the rules every
// renderer of a run applies the same way, most of them UnixBench's. Header-only, nlohmann-json
// only.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/json_read.h"

namespace bytebench::reporters {

// The display name of a test (or of a comparison row); its id when the writer gave none.
inline std::string display_name(const nlohmann::json &test) {
    const std::string name = string_member(test, "name");
    return name.empty() ? string_member(test, "id") : name;
}

// The display title of an index category, in a result or a comparison ("System Benchmarks");
// its category when the writer gave none.
inline std::string index_title(const nlohmann::json &index) {
    const std::string title = string_member(index, "title");
    return title.empty() ? string_member(index, "category") : title;
}

inline bool test_is_ok(const nlohmann::json &test) { return string_member(test, "status") == "ok"; }

// A test's status; "unknown" when the writer gave none.
inline std::string test_status(const nlohmann::json &test) {
    const std::string status = string_member(test, "status");
    return status.empty() ? "unknown" : status;
}

// What the run warned about how a test ran (`runs[].tests[].warnings`: "dhry2reg wrote 31.9
// KiB to stdout or stderr during timed pass 3: output inside the timed loop distorts the
// result"). Every report marks the test's row and lists them.
inline std::vector<std::string> test_warnings(const nlohmann::json &test) {
    std::vector<std::string> warnings;
    for (const nlohmann::json &warning : elements(member(test, "warnings")))
        if (warning.is_string() && !warning.get<std::string>().empty())
            warnings.push_back(warning.get<std::string>());
    return warnings;
}

inline bool has_baseline(const nlohmann::json &test) {
    return number_member(test, "baseline").value_or(0) > 0;
}

// The index of a test that ran ok and has a baseline: the core's when it wrote one, else
// UnixBench's rule, value / baseline * 10 (a result written before the core wrote indexes,
// or imported). Every report shows this one number.
inline std::optional<double> test_index(const nlohmann::json &test) {
    if (!test_is_ok(test) || !has_baseline(test)) return std::nullopt;
    if (const std::optional<double> index = number_member(test, "index")) return index;
    const std::optional<double> value = number_member(test, "value");
    if (!value) return std::nullopt;
    return *value / *number_member(test, "baseline") * 10.0;
}

// The tests of a copy-pass by display name, as UnixBench's report lists them. UnixBench sorts
// with Perl's `cmp`, i.e. by bytes; std::string's ordering compares bytes as unsigned char,
// which is the same.
inline std::vector<const nlohmann::json *> tests_by_name(const nlohmann::json &run) {
    std::vector<const nlohmann::json *> tests;
    for (const nlohmann::json &test : elements(member(run, "tests")))
        if (test.is_object()) tests.push_back(&test);
    std::stable_sort(tests.begin(), tests.end(),
                     [](const nlohmann::json *a, const nlohmann::json *b) {
                         return display_name(*a) < display_name(*b);
                     });
    return tests;
}

// Whether a category of a copy-pass has a score to show: UnixBench leaves out the categories
// in which nothing was indexed.
inline bool category_indexed(const nlohmann::json &index) {
    return integer_or_zero(index, "tests_indexed") > 0;
}

// The UnixBench version a report's banner names: an imported report's own, as it printed it
// ("5.1.3"), else that of the method bytebench follows ("6.0.0"); "" for an imported report
// that did not say.
inline std::string unixbench_version(const nlohmann::json &doc) {
    const nlohmann::json &imported = member(doc, "imported");
    if (imported.is_object()) return string_member(imported, "version");
    return "6.0.0";
}

// What made the numbers: "bytebench 0.1.0", or for an imported report "UnixBench 5.1.3,
// imported by bytebench 0.1.0" (the bytebench that read it).
inline std::string made_by_text(const nlohmann::json &doc) {
    const std::string version = string_member(member(doc, "tool"), "version");
    const std::string bytebench = "bytebench" + (version.empty() ? "" : " " + version);
    const nlohmann::json &imported = member(doc, "imported");
    if (!imported.is_object()) return bytebench;
    std::string from = string_member(imported, "from");
    if (from.empty()) from = "UnixBench";
    const std::string from_version = string_member(imported, "version");
    return from + (from_version.empty() ? "" : " " + from_version) + ", imported by " + bytebench;
}

}  // namespace bytebench::reporters
