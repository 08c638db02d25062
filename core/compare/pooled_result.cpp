#include "compare/pooled_result.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "base/json_read.h"
#include "base/text.h"
#include "results/result_reader.h"

namespace bytebench {
namespace {

using nlohmann::json;

// Summed as v/n: no overflow near the largest doubles.
double arithmetic_mean(const std::vector<double> &values) {
    const auto n = static_cast<double>(values.size());
    double mean = 0;
    for (const double v : values) mean += v / n;
    return mean;
}

// The geometric mean; the arithmetic one when a value is not positive
// (which a log cannot take).
double mean_of_values(const std::vector<double> &values) {
    double log_sum = 0;
    for (const double v : values) {
        if (!(v > 0)) return arithmetic_mean(values);
        log_sum += std::log(v);
    }
    return std::exp(log_sum / static_cast<double>(values.size()));
}

// `object[key] = value`, unless the value is not finite (JSON has no
// infinity): then the number is left out, as a result leaves it out.
void set_number(json &object, const char *key, double value) {
    if (std::isfinite(value)) object[key] = value;
}

// Failed when every result failed (failure records: nothing to pool);
// incomplete when one is; a failed result beside measured ones leaves the
// column complete, and the comparison's warnings name it.
std::string pooled_status(const std::vector<json> &members) {
    size_t failed = 0;
    for (const json &m : members) {
        const std::string status = ResultView(m).status();
        if (status == "failed")
            ++failed;
        else if (status != "complete")
            return "incomplete";
    }
    return failed == members.size() ? "failed" : "complete";
}

// Why every result failed, when they all did.
std::string pooled_error(const std::vector<json> &members) {
    std::string out;
    for (const json &m : members) {
        const ResultView r(m);
        if (r.status() != "failed") return "";
        out += (out.empty() ? "" : "; ") + r.error();
    }
    return out;
}

// A metric of the pooled test: the first description, the mean of the
// results' values, and how many passes are behind it.
json pooled_metric(const std::vector<TestView> &tests, const MetricView &first) {
    std::vector<double> values;
    double passes = 0;
    for (const TestView &test : tests)
        if (const std::optional<MetricView> m = test.find_metric(first.key()))
            if (m->value()) {
                values.push_back(*m->value());
                passes += number_member(m->stats(), "n").value_or(0);
            }
    json metric = {{"key", first.key()}};
    for (const char *key : {"name", "unit", "better", "combine"})
        if (!first.raw(key).is_null()) metric[key] = first.raw(key);
    if (!values.empty()) {
        set_number(metric, "value", arithmetic_mean(values));
        metric["stats"] = {{"n", passes}};
    }
    return metric;
}

json pooled_metrics(const std::vector<TestView> &tests) {
    json metrics = json::array();
    std::vector<std::string> seen;
    for (const TestView &test : tests)
        for (const MetricView &metric : test.metrics()) {
            if (std::find(seen.begin(), seen.end(), metric.key()) != seen.end()) continue;
            seen.push_back(metric.key());
            metrics.push_back(pooled_metric(tests, metric));
        }
    return metrics;
}

// Every pass of the results, without the per-copy detail nothing compared
// reads.
json pooled_passes(const std::vector<TestView> &tests) {
    json passes = json::array();
    for (const TestView &test : tests)
        for (const json &pass : elements(test.raw("passes"))) {
            json copy = pass;
            if (copy.is_object()) copy.erase("copies");
            passes.push_back(std::move(copy));
        }
    return passes;
}

// `values` each once, in order, without the empty ones, joined by
// `separator`; null when none is left.
json distinct_joined(const std::vector<std::string> &values, const char *separator = "; ") {
    std::vector<std::string> distinct;
    for (const std::string &v : values)
        if (!v.empty() && std::find(distinct.begin(), distinct.end(), v) == distinct.end())
            distinct.push_back(v);
    return distinct.empty() ? json() : json(joined(distinct, separator));
}

// How the tests' workload was built. A column of one build is that build:
// taking the first result's fields alone, or dropping some, would make it
// another ("custom" without isa_level) and warn of a difference there is
// not. Results that differ keep every value, so that the column differs
// from one that ran only one of them, and the comparison says so.
void add_build_fields(json &test, const std::vector<TestView> &ok) {
    std::vector<std::string> builds, methods, levels;
    for (const TestView &t : ok) {
        builds.push_back(t.build());
        methods.push_back(t.build_method());  // derived for a result that predates it
        levels.push_back(t.isa_level());
    }
    const std::pair<const char *, json> fields[] = {{"build", distinct_joined(builds)},
                                                    {"build_method", distinct_joined(methods)},
                                                    {"isa_level", distinct_joined(levels)}};
    for (const auto &[key, value] : fields)
        if (!value.is_null()) test[key] = value;
}

// How the tests ran (test_conditions.h reads these), kept when every
// result ran it the same way: a condition they differ in is unknown, as
// in a result that does not record it.
void add_shared_conditions(json &test, const std::vector<TestView> &ok) {
    for (const char *key : {"params", "duration_s", "passes_planned", "combine"}) {
        const json &first = ok.front().raw(key);
        if (!first.is_null() && std::all_of(ok.begin(), ok.end(),
                                            [&](const TestView &t) { return t.raw(key) == first; }))
            test[key] = first;
    }
}

// The results' tests of one id pooled: `ok` holds those with status ok and
// a value (at least one); the first of them describes the test.
json pooled_test(const std::vector<TestView> &ok) {
    json test = json::object();
    for (const char *key : {"id", "name", "category", "unit", "better", "version", "workload",
                            "baseline", "time_base_s"})
        if (!ok.front().raw(key).is_null()) test[key] = ok.front().raw(key);
    add_build_fields(test, ok);
    add_shared_conditions(test, ok);
    test["status"] = "ok";
    std::vector<double> values, indexes;
    double samples = 0;
    for (const TestView &t : ok) {
        values.push_back(*t.value());
        if (const std::optional<double> index = number_of(t.raw("index")))
            indexes.push_back(*index);
        samples += number_of(t.raw("samples")).value_or(0);
    }
    set_number(test, "value", mean_of_values(values));
    if (indexes.size() == ok.size()) set_number(test, "index", mean_of_values(indexes));
    test["samples"] = samples;
    test["results"] = ok.size();
    test["passes"] = pooled_passes(ok);
    if (json metrics = pooled_metrics(ok); !metrics.empty()) test["metrics"] = std::move(metrics);
    return test;
}

// The test of `id` in each result that has one.
using TestsById = std::vector<std::pair<std::string, std::vector<TestView>>>;

TestsById tests_by_id(const std::vector<CopyPassView> &runs) {
    TestsById out;
    std::unordered_map<std::string, size_t> at;
    for (const CopyPassView &run : runs) {
        std::unordered_set<std::string> in_run;  // the first of equal ids, as find_test()
        for (const TestView &test : run.tests()) {
            if (!in_run.insert(test.id()).second) continue;
            auto [it, added] = at.emplace(test.id(), out.size());
            if (added) out.push_back({test.id(), {}});
            out[it->second].second.push_back(test);
        }
    }
    return out;
}

json pooled_indexes(const std::vector<CopyPassView> &runs) {
    std::vector<std::pair<std::string, std::string>> categories;  // id, title
    for (const CopyPassView &run : runs)
        for (const IndexView &index : run.indexes())
            if (std::none_of(categories.begin(), categories.end(),
                             [&](const auto &c) { return c.first == index.category(); }))
                categories.emplace_back(index.category(), index.title());
    json indexes = json::array();
    for (const auto &[category, title] : categories) {
        std::vector<double> scores;
        bool partial = false;
        for (const CopyPassView &run : runs) {
            const std::optional<IndexView> index = run.find_index(category);
            if (!index || !index->score()) {
                partial = true;
                continue;
            }
            scores.push_back(*index->score());
            partial = partial || index->partial();
        }
        if (scores.empty()) continue;
        const double score = mean_of_values(scores);
        if (!std::isfinite(score)) continue;
        indexes.push_back({{"category", category},
                           {"title", title},
                           {"score", score},
                           {"partial", partial},
                           {"results", scores.size()}});
    }
    return indexes;
}

json pooled_copy_pass(const std::vector<CopyPassView> &runs) {
    json tests = json::array();
    for (const auto &[id, all] : tests_by_id(runs)) {
        std::vector<TestView> ok;
        for (const TestView &t : all)
            if (t.ok_with_value()) ok.push_back(t);
        if (ok.empty()) {  // as the first result has it: an error, skipped...
            json test = json::object();
            for (const char *key :
                 {"id", "name", "category", "unit", "better", "version", "status", "error"})
                if (!all.front().raw(key).is_null()) test[key] = all.front().raw(key);
            tests.push_back(std::move(test));
        } else
            tests.push_back(pooled_test(ok));
    }
    json pass = {{"tests", std::move(tests)}, {"indexes", pooled_indexes(runs)}};
    if (const std::optional<int> copies = runs.front().copies()) pass["copies"] = *copies;
    if (!runs.front().start().empty()) pass["start"] = runs.front().start();
    return pass;
}

}  // namespace

json pooled_result(std::vector<json> members) {
    if (members.size() == 1) return std::move(members.front());
    const json &first = members.front();
    json out = json::object();
    for (const char *key : {"schema", "tool", "system", "options", "suite", "imported", "labels"})
        if (!member(first, key).is_null()) out[key] = member(first, key);
    // bytebench versions the results differ in are each named ("0.1.0,
    // 0.2.0"): the comparison warns when columns differ in it.
    std::vector<std::string> versions;
    for (const json &m : members) versions.push_back(ResultView(m).tool_version());
    if (const json version = distinct_joined(versions, ", ");
        version.is_string() && out["tool"].is_object())
        out["tool"]["version"] = version;
    out["status"] = pooled_status(members);
    if (const std::string error = pooled_error(members); !error.empty()) {
        out["error"] = error;
        std::vector<std::string> states;  // how each failed, each once
        for (const json &m : members) states.push_back(ResultView(m).state());
        if (const json state = distinct_joined(states, ", "); state.is_string())
            out["state"] = state;
    }
    std::vector<std::vector<CopyPassView>> passes;
    size_t positions = 0;
    for (const json &m : members) {
        passes.push_back(ResultView(m).copy_passes());
        positions = std::max(positions, passes.back().size());
    }
    json runs = json::array();
    for (size_t position = 0; position < positions; ++position) {
        std::vector<CopyPassView> at;
        for (const auto &all : passes)
            if (position < all.size()) at.push_back(all[position]);
        runs.push_back(pooled_copy_pass(at));
    }
    out["runs"] = std::move(runs);
    return out;
}

}  // namespace bytebench
