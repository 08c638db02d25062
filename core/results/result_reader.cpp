#include "results/result_reader.h"

#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_set>

#include "base/failure_state.h"
#include "base/json_read.h"
#include "base/json_text.h"
#include "base/names.h"
#include "base/schema_name.h"
#include "base/text.h"
#include "model/isa_level.h"
#include "model/labels.h"

namespace bytebench {
namespace {

// The record's "state", checked: "" when it has none. A state no report
// could name (a typo, a number) is refused, not read as no state: a lost
// host would show as one that merely failed.
std::string failure_state(const nlohmann::json &record, const std::string &name) {
    const nlohmann::json &state = member(record, "state");
    if (state.is_null()) return "";
    if (!state.is_string())
        throw std::runtime_error(name + ": state: not a text (one of " + failure_states_text() +
                                 ")");
    if (!is_failure_state(state.get<std::string>()))
        throw std::runtime_error(name + ": state: " + quoted_for_message(state.get<std::string>()) +
                                 " is not one of " + failure_states_text());
    return state.get<std::string>();
}

// A failure record as a result document (see result_reader.h).
nlohmann::json result_from_failure(const nlohmann::json &record, const std::string &name) {
    const std::string state = failure_state(record, name);
    const std::string reason = string_member(record, "reason");
    nlohmann::json doc = {{"schema", kResultSchema},
                          {"status", "failed"},
                          {"error", reason.empty() ? "no reason given" : reason},
                          {"system", nlohmann::json::object()},
                          {"runs", nlohmann::json::array()},
                          {"failure_record", name}};
    if (!state.empty()) doc["state"] = state;
    if (const std::string host = string_member(record, "host"); !host.empty())
        doc["system"]["hostname"] = host;
    if (const nlohmann::json &labels = member(record, "labels"); labels.is_object())
        doc["labels"] = labels;
    return doc;
}

}  // namespace

nlohmann::json parse_result_document(const std::string &text, const std::string &name) {
    using nlohmann::json;
    json doc;
    try {
        doc = parse_json(text, kMaxResultDepth);
    } catch (const JsonTextError &e) {
        throw std::runtime_error(name + ": corrupt result: " + e.what());
    }
    const json *schema = nullptr;
    if (doc.is_object())
        if (const auto it = doc.find("schema"); it != doc.end() && it->is_string()) schema = &*it;
    if (schema != nullptr && is_known_failure_schema(schema->get<std::string>()))
        doc = result_from_failure(doc, name);
    else if (schema == nullptr || !is_known_result_schema(schema->get<std::string>()))
        throw std::runtime_error(name + ": not a bytebench result (schema " +
                                 quoted_for_message(schema ? schema->get<std::string>() : "") +
                                 ", expected " + kResultSchema + ")");
    // Labels are held to the rules they were given by (model/labels.h): a
    // hand-made file of 100,000 labels is one line here, not gigabytes in
    // a comparison.
    if (const std::string problem = labels_problem(member(doc, "labels")); !problem.empty())
        throw std::runtime_error(name + ": " + problem);
    return doc;
}

namespace {

using nlohmann::json;

const json &member_of(const json *object, const char *key) { return member(*object, key); }

}  // namespace

std::string TestView::id() const { return string_member(*json_, "id"); }
std::string TestView::name() const { return string_member(*json_, "name"); }
std::string TestView::category() const { return string_member(*json_, "category"); }
std::string TestView::unit() const { return string_member(*json_, "unit"); }
std::string TestView::status() const { return string_member(*json_, "status"); }
std::string TestView::error() const { return string_member(*json_, "error"); }
std::string TestView::version() const { return string_member(*json_, "version"); }
std::string TestView::build() const { return string_member(*json_, "build"); }
std::string TestView::isa_level() const { return string_member(*json_, "isa_level"); }
std::string TestView::build_method() const {
    const std::string method = string_member(*json_, "build_method");
    return method.empty() ? build_method_of(build(), isa_level()) : method;
}
std::optional<double> TestView::value() const { return number_member(*json_, "value"); }
const json &TestView::raw(const char *key) const { return member_of(json_, key); }

bool TestView::ok_with_value() const { return status() == "ok" && value().has_value(); }

std::vector<double> TestView::kept_pass_values() const {
    std::vector<double> values;
    for (const json &pass : elements(member(*json_, "passes")))
        if (flag_member(pass, "kept") && string_member(pass, "status") == "ok")
            if (const std::optional<double> value = number_member(pass, "value"))
                values.push_back(*value);
    return values;
}

Direction TestView::better() const { return direction_member(*json_); }

std::vector<MetricView> TestView::metrics() const {
    std::vector<MetricView> metrics;
    std::unordered_set<std::string> keys;
    for (const json &metric : elements(member(*json_, "metrics"))) {
        const std::string key = string_member(metric, "key");
        if (!key.empty() && keys.insert(key).second) metrics.emplace_back(metric);
    }
    return metrics;
}

std::optional<MetricView> TestView::find_metric(const std::string &key) const {
    for (const MetricView &metric : metrics())
        if (metric.key() == key) return metric;
    return std::nullopt;
}

std::vector<double> TestView::ok_pass_metric_values(const std::string &key) const {
    std::vector<double> values;
    for (const json &pass : elements(member(*json_, "passes")))
        if (string_member(pass, "status") == "ok")
            if (const std::optional<double> value =
                    number_member(member(pass, "metrics"), key.c_str()))
                values.push_back(*value);
    return values;
}

std::string MetricView::key() const { return string_member(*json_, "key"); }
std::string MetricView::name() const {
    const std::string name = string_member(*json_, "name");
    return name.empty() ? key() : name;
}
std::string MetricView::unit() const { return string_member(*json_, "unit"); }
Direction MetricView::better() const { return direction_member(*json_); }
std::optional<double> MetricView::value() const { return number_member(*json_, "value"); }
const json &MetricView::stats() const { return member_of(json_, "stats"); }
const json &MetricView::raw(const char *key) const { return member_of(json_, key); }

std::string IndexView::category() const { return string_member(*json_, "category"); }
std::string IndexView::title() const { return string_member(*json_, "title"); }
std::optional<double> IndexView::score() const { return number_member(*json_, "score"); }
bool IndexView::partial() const { return flag_member(*json_, "partial"); }
const json &IndexView::raw(const char *key) const { return member_of(json_, key); }

std::optional<int> CopyPassView::copies() const {
    const json &copies = member(*json_, "copies");
    if (copies.is_number_unsigned()) {
        const uint64_t n = copies.get<uint64_t>();
        return n <= uint64_t(std::numeric_limits<int>::max()) ? std::optional<int>(int(n))
                                                              : std::nullopt;
    }
    if (copies.is_number_integer()) {
        const int64_t n = copies.get<int64_t>();
        return n >= 0 && n <= std::numeric_limits<int>::max() ? std::optional<int>(int(n))
                                                              : std::nullopt;
    }
    return std::nullopt;
}

std::string CopyPassView::start() const { return string_member(*json_, "start"); }

std::vector<TestView> CopyPassView::tests() const {
    std::vector<TestView> tests;
    for (const json &test : elements(member(*json_, "tests"))) tests.emplace_back(test);
    return tests;
}

std::vector<IndexView> CopyPassView::indexes() const {
    std::vector<IndexView> indexes;
    for (const json &index : elements(member(*json_, "indexes"))) indexes.emplace_back(index);
    return indexes;
}

std::optional<TestView> CopyPassView::find_test(const std::string &id) const {
    for (const TestView &test : tests())
        if (test.id() == id) return test;
    return std::nullopt;
}

std::optional<IndexView> CopyPassView::find_index(const std::string &category) const {
    for (const IndexView &index : indexes())
        if (index.category() == category) return index;
    return std::nullopt;
}

CopyPassLookup::CopyPassLookup(const CopyPassView &copy_pass)
    : view_(copy_pass), tests_(copy_pass.tests()), indexes_(copy_pass.indexes()) {
    test_at_.reserve(tests_.size());
    for (size_t i = 0; i < tests_.size(); ++i)
        test_at_.emplace(tests_[i].id(), i);  // keeps the first
    index_at_.reserve(indexes_.size());
    for (size_t i = 0; i < indexes_.size(); ++i) index_at_.emplace(indexes_[i].category(), i);
}

std::optional<TestView> CopyPassLookup::find_test(const std::string &id) const {
    const auto at = test_at_.find(id);
    return at == test_at_.end() ? std::nullopt : std::optional<TestView>(tests_[at->second]);
}

std::optional<IndexView> CopyPassLookup::find_index(const std::string &category) const {
    const auto at = index_at_.find(category);
    return at == index_at_.end() ? std::nullopt : std::optional<IndexView>(indexes_[at->second]);
}

std::optional<IndexView> CopyPassView::headline_index() const {
    const std::vector<IndexView> all = indexes();
    if (all.empty()) return std::nullopt;
    if (std::optional<IndexView> system = find_index("system")) return system;
    return all.front();
}

std::string ResultView::status() const { return string_member(*json_, "status"); }
std::string ResultView::error() const { return string_member(*json_, "error"); }
std::string ResultView::state() const { return string_member(*json_, "state"); }
std::string ResultView::failed_text() const { return bytebench::failed_text(state(), error()); }

std::vector<CopyPassView> ResultView::copy_passes() const {
    std::vector<CopyPassView> passes;
    for (const json &run : elements(member(*json_, "runs"))) passes.emplace_back(run);
    return passes;
}

std::string ResultView::workload_build() const {
    if (imported()) return "";
    std::map<std::string, std::set<std::string>> levels_by_method;
    for (const CopyPassView &run : copy_passes())
        for (const TestView &test : run.tests())
            if (const std::string method = test.build_method(); !method.empty())
                levels_by_method[method].insert(test.isa_level());
    std::vector<std::string> parts;
    for (const auto &[method, levels] : levels_by_method) {
        std::vector<std::string> named;
        for (const std::string &level : levels)
            if (!level.empty()) named.push_back(level);
        parts.push_back(named.empty() ? method : method + " " + joined(named, "/"));
    }
    if (parts.size() <= 1) return parts.empty() ? "" : parts[0];
    return "mixed: " + joined(parts, ", ");
}

std::string ResultView::system_text(const char *key) const {
    return string_member(member(*json_, "system"), key);
}
const json &ResultView::system_raw(const char *key) const {
    return member(member(*json_, "system"), key);
}
std::string ResultView::suite_name() const {
    return string_member(member(*json_, "suite"), "name");
}
std::string ResultView::suite_sha256() const {
    return string_member(member(*json_, "suite"), "sha256");
}
bool ResultView::imported() const { return member(*json_, "imported").is_object(); }
std::string ResultView::imported_from() const {
    return string_member(member(*json_, "imported"), "from");
}
std::string ResultView::imported_version() const {
    return string_member(member(*json_, "imported"), "version");
}
std::string ResultView::tool_name() const { return string_member(member(*json_, "tool"), "name"); }
std::string ResultView::tool_version() const {
    return string_member(member(*json_, "tool"), "version");
}

}  // namespace bytebench
