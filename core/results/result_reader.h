// Reading a bytebench result document (bytebench.result/1) from its text:
// the JSON, then the checks every consumer relies on. Everything that reads
// a result file goes through here (`report`, `compare`), and
// tests/fuzz/result_fuzzer.cpp feeds it arbitrary bytes.
//
// What it promises: the document is a JSON object whose "schema" is a
// supported bytebench.result/1, that nests at most kMaxResultDepth deep, and
// whose labels, if any, follow model/labels.h (labels_problem).
// Nothing more: members may be missing or of any type. So the core reads a
// document only through the views below (ResultView and the views of its
// parts), which read every member leniently (base/json_read.h): a member
// that is missing or of another type reads as empty, or as nullopt. The
// history and comparisons read documents this way; reporters, which are
// plugins, read them through the SDK only.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/direction.h"

namespace bytebench {

// A result nests about 6 deep; far deeper is hostile, and would recurse
// deeply in nlohmann's copy and dump.
inline constexpr int kMaxResultDepth = 64;

// Throws std::runtime_error with one line, "NAME: what is wrong". A failure
// record (bytebench.failure/1: {"host", "labels", "reason"}, written by a
// fleet run for a host that gave no result) reads as a result with status
// "failed", the reason as its "error", its "state" (base/failure_state.h;
// another value, or one that is not a text, is refused), no copy-passes,
// the host as system.hostname and its labels: so that a comparison shows
// the host and why, never drops it.
nlohmann::json parse_result_document(const std::string &text, const std::string &name);

// A metric of a test (runs[].tests[].metrics[]): a secondary number with its
// own direction, not scored. Taken only from elements with a key.
class MetricView {
  public:
    explicit MetricView(const nlohmann::json &metric) : json_(&metric) {}
    explicit MetricView(const nlohmann::json &&) = delete;  // would outlive a temporary
    std::string key() const;                                // "p99_us"
    std::string name() const;                               // "p99 latency"; the key when empty
    std::string unit() const;                               // "us", may be ""
    Direction better() const;                               // higher unless "lower"
    // The mean over the ok passes that have a value; nullopt when none has.
    std::optional<double> value() const;
    // The statistics across passes (n, min, median, max, mean, stddev, cv,
    // ci95); null when absent. Read its members with base/json_read.h.
    const nlohmann::json &stats() const;
    const nlohmann::json &raw(const char *key) const;

  private:
    const nlohmann::json *json_;
};

// A test of a copy-pass (runs[].tests[]).
class TestView {
  public:
    explicit TestView(const nlohmann::json &test) : json_(&test) {}
    explicit TestView(const nlohmann::json &&) = delete;  // would outlive a temporary
    std::string id() const;
    std::string name() const;
    std::string category() const;
    std::string unit() const;
    std::string status() const;
    std::string error() const;
    std::string version() const;    // of the workload
    std::string build() const;      // the workload plugin's compiler and flags
    std::string isa_level() const;  // a portable build's level, else ""
    // build_method, or for a result written before it, what build_info and
    // isa_level say (model/isa_level.h's build_method_of); "" unknown.
    std::string build_method() const;
    std::optional<double> value() const;
    // Status "ok" and a value.
    bool ok_with_value() const;
    // The values of the passes the score kept (kept, status ok, with a value).
    std::vector<double> kept_pass_values() const;
    // Which way the main value is better: higher unless "better" is "lower".
    Direction better() const;
    // The metrics, in document order; elements without a key (or with the
    // key of an earlier one) are left out.
    std::vector<MetricView> metrics() const;
    std::optional<MetricView> find_metric(const std::string &key) const;
    // The values of metric `key` in the passes with status ok that have one
    // (passes[].metrics[key]): what a metric's value and significance are
    // made of.
    std::vector<double> ok_pass_metric_values(const std::string &key) const;
    // A member as written (null when missing), to copy a number unchanged.
    const nlohmann::json &raw(const char *key) const;

  private:
    const nlohmann::json *json_;
};

// An index category of a copy-pass (runs[].indexes[]).
class IndexView {
  public:
    explicit IndexView(const nlohmann::json &index) : json_(&index) {}
    explicit IndexView(const nlohmann::json &&) = delete;  // would outlive a temporary
    std::string category() const;
    std::string title() const;
    std::optional<double> score() const;
    bool partial() const;
    const nlohmann::json &raw(const char *key) const;

  private:
    const nlohmann::json *json_;
};

// A copy-pass: every test at one copy count (runs[]).
class CopyPassView {
  public:
    explicit CopyPassView(const nlohmann::json &copy_pass) : json_(&copy_pass) {}
    explicit CopyPassView(const nlohmann::json &&) = delete;  // would outlive a temporary
    // A whole number from 0 to INT_MAX; nullopt otherwise (a float may be out
    // of int's range, which would be undefined behaviour to convert).
    std::optional<int> copies() const;
    std::string start() const;
    std::vector<TestView> tests() const;
    std::vector<IndexView> indexes() const;
    // The first test with this id, the first index of this category. Each
    // call scans the copy-pass: for many look-ups use CopyPassLookup.
    std::optional<TestView> find_test(const std::string &id) const;
    std::optional<IndexView> find_index(const std::string &category) const;
    // The index the history shows: the "system" category's, else the first.
    std::optional<IndexView> headline_index() const;

  private:
    const nlohmann::json *json_;
};

// A copy-pass's tests and indexes with a table of each by id and by
// category, built once, so that a look-up costs no scan: what compares every
// test of one copy-pass with those of others (core/compare/comparison.cpp)
// uses this, which keeps a comparison linear in the number of tests. Finds
// what find_test() and find_index() find: the first of equal ids.
class CopyPassLookup {
  public:
    explicit CopyPassLookup(const CopyPassView &copy_pass);
    const CopyPassView &view() const { return view_; }
    const std::vector<TestView> &tests() const { return tests_; }
    const std::vector<IndexView> &indexes() const { return indexes_; }
    std::optional<TestView> find_test(const std::string &id) const;
    std::optional<IndexView> find_index(const std::string &category) const;

  private:
    CopyPassView view_;
    std::vector<TestView> tests_;
    std::vector<IndexView> indexes_;
    std::unordered_map<std::string, size_t> test_at_;   // id -> position in tests_
    std::unordered_map<std::string, size_t> index_at_;  // category -> position in indexes_
};

// A whole result document. The document must outlive the view and every
// view taken from it.
class ResultView {
  public:
    explicit ResultView(const nlohmann::json &document) : json_(&document) {}
    explicit ResultView(const nlohmann::json &&) = delete;  // would outlive a temporary
    std::string status() const;  // "complete", "incomplete", "failed" (a failure record)
    std::string error() const;   // why a failed one failed
    std::string state() const;   // how (a failure record's "state"), "" when it does not say
    // "failed (lost): REASON" (base/failure_state.h): how reports name it.
    std::string failed_text() const;
    std::vector<CopyPassView> copy_passes() const;
    // system.<key> when it is a string, else "".
    std::string system_text(const char *key) const;
    const nlohmann::json &system_raw(const char *key) const;
    std::string suite_name() const;
    std::string suite_sha256() const;
    // Imported from another tool's report ("imported" is an object).
    bool imported() const;
    std::string imported_from() const;  // "UnixBench", "" when not given
    std::string imported_version() const;
    std::string tool_name() const;  // "bytebench"
    std::string tool_version() const;
    // How its workloads were built, over every measured test: "native"
    // (UnixBench's method), "custom", "portable x86-64-v4" (levels joined
    // with "/" when tests differ), "mixed: native, portable x86-64-v3";
    // "" when no test says (imported, failed, or written before builds were
    // recorded).
    std::string workload_build() const;

  private:
    const nlohmann::json *json_;
};

}  // namespace bytebench
