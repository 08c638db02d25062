#include "compare/run_to_run.h"

#include <algorithm>
#include <map>

#include "base/json_read.h"
#include "compare/test_conditions.h"
#include "model/statistics.h"
#include "results/history.h"
#include "results/result_reader.h"

namespace bytebench {
namespace {

using nlohmann::json;

std::string cpus_online_text(const json &document) {
    const std::optional<long long> cpus = integer_member(member(document, "system"), "cpus_online");
    return cpus ? std::to_string(*cpus) : "";
}

std::string first_start(const ResultView &result) {
    const std::vector<CopyPassView> passes = result.copy_passes();
    return passes.empty() ? "" : passes.front().start();
}

// The same run as `shown`: its history id, or else its start and host and
// the same copy-passes (starts have whole seconds: short runs, as the tests
// make, can share one).
bool is_shown_run(const ShownRun &shown, const RunDocument &other) {
    if (shown.history_id && other.history_id) return *shown.history_id == *other.history_id;
    const ResultView a(shown.document), b(other.document);
    const std::string start = first_start(a);
    return !start.empty() && start == first_start(b) &&
           a.system_text("hostname") == b.system_text("hostname") &&
           member(shown.document, "runs") == member(other.document, "runs");
}

std::string matched_text(const json &document) {
    const ResultView result(document);
    const std::string cpus = cpus_online_text(document);
    std::string machine = result.system_text("cpu_model");
    if (!cpus.empty()) machine += ", " + cpus + (cpus == "1" ? " CPU" : " CPUs");
    return "suite " + result.suite_name() + " on host " + result.system_text("hostname") + " (" +
           machine + ")";
}

// n, mean, and with at least `minimum` values the CoV and (max - min) / median, in %.
json spread_of(const std::vector<double> &values, size_t minimum) {
    const SampleStatistics s = sample_statistics(values);
    json out = {{"n", s.n}, {"mean", s.mean}};
    if (s.n < minimum || s.n < 2) return out;
    if (s.mean != 0) out["cov"] = s.stddev / s.mean * 100.0;
    if (s.median != 0) out["spread"] = (s.max - s.min) / s.median * 100.0;
    return out;
}

// The copy-pass of `document` with `copies` copies.
std::optional<CopyPassView> copy_pass_with(const json &document, int copies) {
    for (const CopyPassView &pass : ResultView(document).copy_passes())
        if (pass.copies() == copies) return pass;
    return std::nullopt;
}

// A copy-pass of a run, with the run it is of.
struct RunPass {
    const json *run;
    CopyPassView pass;
};

// One copy-pass of the shown run over `runs` (the shown one first): a test's
// spread over the passes where it ran the same way (method, pass length,
// passes, parameters: compare/test_conditions.h), a score's over the passes
// with the same tests run the same way.
json copy_pass_spread(const json &shown, const CopyPassView &shown_pass, int copies,
                      const std::vector<const json *> &runs, size_t minimum) {
    std::vector<RunPass> passes;
    for (const json *run : runs)
        if (std::optional<CopyPassView> pass = copy_pass_with(*run, copies))
            passes.push_back({run, *pass});
    json tests = json::object();
    for (const TestView &test : shown_pass.tests()) {
        if (!test.ok_with_value() || tests.contains(test.id())) continue;
        const TestConditions conditions = test_conditions(shown, test);
        std::vector<double> values;
        for (const RunPass &p : passes) {
            const std::optional<TestView> other = p.pass.find_test(test.id());
            if (other && other->ok_with_value() &&
                same_conditions(conditions, test_conditions(*p.run, *other)))
                values.push_back(*other->value());
        }
        tests[test.id()] = spread_of(values, minimum);
    }
    const std::string tests_key = copy_pass_conditions_key(shown, shown_pass);
    std::vector<const RunPass *> same_tests;
    for (const RunPass &p : passes)
        if (copy_pass_conditions_key(*p.run, p.pass) == tests_key) same_tests.push_back(&p);
    json indexes = json::object();
    for (const IndexView &index : shown_pass.indexes()) {
        if (!index.score() || index.category().empty() || indexes.contains(index.category()))
            continue;
        std::vector<double> scores;
        for (const RunPass *p : same_tests)
            if (const std::optional<IndexView> other = p->pass.find_index(index.category()))
                if (const std::optional<double> score = other->score()) scores.push_back(*score);
        indexes[index.category()] = spread_of(scores, minimum);
    }
    return {{"copies", copies}, {"runs", passes.size()}, {"tests", tests}, {"indexes", indexes}};
}

}  // namespace

std::string run_to_run_refusal(const json &document) {
    const ResultView result(document);
    if (result.imported()) return "run-to-run spread is for measured runs; this one was imported";
    if (result.status() != "complete")
        return "run-to-run spread is for complete runs; this one is " +
               (result.status().empty() ? std::string("not marked complete") : result.status());
    if (result.system_text("hostname").empty() || result.suite_name().empty())
        return "run-to-run spread needs the run's hostname and suite, which this result lacks";
    return "";
}

bool comparable_run(const json &shown, const json &other) {
    const ResultView a(shown), b(other);
    return run_to_run_refusal(other).empty() && a.suite_name() == b.suite_name() &&
           a.suite_sha256() == b.suite_sha256() &&
           a.system_text("hostname") == b.system_text("hostname") &&
           a.system_text("cpu_model") == b.system_text("cpu_model") &&
           cpus_online_text(shown) == cpus_online_text(other) &&
           run_method_key(shown) == run_method_key(other);
}

json run_to_run_spread(const ShownRun &shown, const std::vector<RunDocument> &earlier,
                       const RunToRunOptions &options) {
    if (const std::string refusal = run_to_run_refusal(shown.document); !refusal.empty())
        return {{"runs", 0}, {"why", refusal}};
    std::vector<const json *> runs = {&shown.document};
    for (const RunDocument &other : earlier) {
        if (runs.size() >= std::max<size_t>(options.newest, 1)) break;
        if (!is_shown_run(shown, other) && comparable_run(shown.document, other.document))
            runs.push_back(&other.document);
    }
    json out = {{"runs", runs.size()}, {"matched", matched_text(shown.document)}};
    if (runs.size() < options.minimum_runs) {
        out["why"] = "run-to-run spread needs " + std::to_string(options.minimum_runs) +
                     " runs of this suite on this machine, run the same way (method, pass "
                     "length, passes, parameters and tests); the history has " +
                     std::to_string(runs.size());
        return out;
    }
    json copy_passes = json::array();
    for (const CopyPassView &pass : ResultView(shown.document).copy_passes())
        if (const std::optional<int> copies = pass.copies())
            copy_passes.push_back(
                copy_pass_spread(shown.document, pass, *copies, runs, options.minimum_runs));
    out["copy_passes"] = std::move(copy_passes);
    return out;
}

json run_to_run_from_history(const History &history, const ShownRun &shown,
                             const RunToRunOptions &options) {
    std::vector<RunDocument> earlier;
    const ResultView result(shown.document);
    if (run_to_run_refusal(shown.document).empty()) {
        for (const HistoryEntry &entry : history.list()) {
            if (earlier.size() + 1 >= options.newest) break;
            if (shown.history_id && entry.id >= *shown.history_id) continue;
            if (entry.host != result.system_text("hostname") ||
                entry.cpu != result.system_text("cpu_model") ||
                entry.suite != result.suite_name() || entry.source != "run" ||
                entry.status != "complete")
                continue;
            std::optional<json> document = history.document(entry.id);
            if (!document) continue;
            RunDocument candidate{std::move(*document), entry.id};
            if (!is_shown_run(shown, candidate) &&
                comparable_run(shown.document, candidate.document))
                earlier.push_back(std::move(candidate));
        }
    }
    json out = run_to_run_spread(shown, earlier, options);
    out["history"] = history.path();
    return out;
}

namespace {

// The copy-pass of a spread with `copies` copies; null when none.
const json &spread_pass(const json &spread, const json &copies) {
    for (const json &pass : elements(member(spread, "copy_passes")))
        if (copies.is_number() && member(pass, "copies") == copies) return pass;
    static const json none;
    return none;
}

json cell_spread(const json &entry) {
    json out = json::object();
    for (const char *key : {"n", "cov", "spread"})
        if (const json &value = member(entry, key); value.is_number()) out[key] = value;
    return out;
}

void attach_to_section(json &section, size_t input, const json &spread) {
    const json &pass = spread_pass(spread, element(member(section, "copies"), input));
    if (pass.is_null()) return;
    for (json &row : section["rows"]) {
        if (row.contains("metric") || !row["cells"].is_array() || input >= row["cells"].size())
            continue;
        const json &entry = member(member(pass, "tests"), string_member(row, "id").c_str());
        if (entry.is_object()) row["cells"][input]["run_to_run"] = cell_spread(entry);
    }
    if (!section["indexes"].is_array()) return;
    for (json &index : section["indexes"]) {
        if (!index["cells"].is_array() || input >= index["cells"].size()) continue;
        const json &entry =
            member(member(pass, "indexes"), string_member(index, "category").c_str());
        if (entry.is_object()) index["cells"][input]["run_to_run"] = cell_spread(entry);
    }
}

}  // namespace

void attach_run_to_run(json &comparison, const std::vector<json> &spreads) {
    if (comparison.contains("pivot") || !comparison["inputs"].is_array()) return;
    for (size_t i = 0; i < spreads.size() && i < comparison["inputs"].size(); ++i) {
        const json &spread = spreads[i];
        if (!spread.is_object()) continue;
        json summary = json::object();
        for (const char *key : {"runs", "matched", "why"})
            if (spread.contains(key)) summary[key] = spread[key];
        comparison["inputs"][i]["run_to_run"] = std::move(summary);
        if (!comparison["sections"].is_array()) continue;
        for (json &section : comparison["sections"]) attach_to_section(section, i, spread);
    }
}

}  // namespace bytebench
