#include "compare/comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "base/json_read.h"
#include "base/schema_name.h"
#include "base/text.h"
#include "compare/environment_differences.h"
#include "compare/gate.h"
#include "compare/significance.h"
#include "compare/test_conditions.h"
#include "results/result_reader.h"

namespace bytebench {
namespace {

using nlohmann::json;

// A copy-pass's copies: 1 when missing, not a whole number or out of range.
int copies_of(const CopyPassView &run) { return run.copies().value_or(1); }

std::string tool_text(const ResultView &result) {
    if (result.imported()) {
        const std::string version = result.imported_version();
        const std::string from =
            result.imported_from().empty() ? "UnixBench" : result.imported_from();
        return version.empty() ? from : from + " " + version;
    }
    const std::string name = result.tool_name(), version = result.tool_version();
    return name.empty() || version.empty() ? name + version : name + " " + version;
}

// "index (sha256 5f0c2b8e)" or "UnixBench 5.1.3": how a suite is named in warnings.
std::string suite_text(const ResultView &result) {
    const std::string sha = result.suite_sha256();
    return result.suite_name() + (sha.empty() ? "" : " (sha256 " + utf8_prefix(sha, 8) + ")");
}

// "A and B", "A, B and C".
std::string joined_labels(const std::vector<std::string> &labels) {
    std::string out;
    for (size_t i = 0; i < labels.size(); ++i)
        out += (i == 0 ? "" : i + 1 == labels.size() ? " and " : ", ") + labels[i];
    return out;
}

json describe_input(const ComparisonInput &input, const std::string &label) {
    const ResultView result(input.document);
    json out = {{"label", label}, {"source", input.source}};
    if (input.history_id) out["history_id"] = *input.history_id;
    for (const char *key : {"hostname", "cpu_model", "kernel"})
        if (!result.system_text(key).empty()) out[key] = result.system_text(key);
    if (result.system_raw("cpus_online").is_number_integer())
        out["cpus"] = result.system_raw("cpus_online");
    const std::vector<CopyPassView> runs = result.copy_passes();
    if (!runs.empty() && !runs[0].start().empty()) out["start"] = runs[0].start();
    out["status"] = result.status();
    if (result.status() == "failed") {  // a failure record: no tool, suite or run to describe
        out["reason"] = result.error();
        if (!result.state().empty()) out["state"] = result.state();
        return out;
    }
    out["tool"] = tool_text(result);
    out["imported"] = result.imported();
    if (const std::string build = result.workload_build(); !build.empty()) out["build"] = build;
    json suite = {{"name", result.suite_name()}};
    if (!result.suite_sha256().empty()) suite["sha256"] = result.suite_sha256();
    out["suite"] = suite;
    return out;
}

// The workloads behind the inputs, for the comparability checks: test id ->
// per input its version and build ("" when unknown).
struct WorkloadIdentity {
    std::map<std::string, std::vector<std::string>> versions, builds;
};

WorkloadIdentity workload_identity(const std::vector<ComparisonInput> &inputs) {
    WorkloadIdentity identity;
    for (size_t i = 0; i < inputs.size(); ++i)
        for (const CopyPassView &run : ResultView(inputs[i].document).copy_passes())
            for (const TestView &test : run.tests()) {
                auto &versions = identity.versions[test.id()];
                auto &builds = identity.builds[test.id()];
                versions.resize(inputs.size());
                builds.resize(inputs.size());
                if (versions[i].empty()) versions[i] = test.version();
                if (builds[i].empty()) builds[i] = test.build();
            }
    return identity;
}

// "1 in A, 2 in B" when the known values differ; "" when they agree.
std::string difference_text(const std::vector<std::string> &values,
                            const std::vector<std::string> &labels) {
    std::map<std::string, std::vector<std::string>> holders;
    for (size_t i = 0; i < values.size(); ++i)
        if (!values[i].empty()) holders[values[i]].push_back(labels[i]);
    if (holders.size() < 2) return "";
    std::string out;
    for (const auto &[value, who] : holders)
        out += (out.empty() ? "" : ", ") + value + " in " + joined_labels(who);
    return out;
}

std::vector<std::string> suite_warnings(const std::vector<ComparisonInput> &inputs,
                                        const std::vector<std::string> &labels) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> holders;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const ResultView result(inputs[i].document);
        if (result.status() == "failed") continue;  // ran nothing
        const std::string suite = suite_text(result);
        if (holders[suite].empty()) order.push_back(suite);
        holders[suite].push_back(labels[i]);
    }
    if (order.size() < 2) return {};
    std::string out = "different suites: ";
    for (size_t k = 0; k < order.size(); ++k)
        out += (k == 0 ? "" : ", ") + joined_labels(holders[order[k]]) + " ran " + order[k];
    return {out + "; the same test name may not mean the same test"};
}

// "dhry2reg, whetstone-double: built differently: X in A, Y in B": one line
// per distinct difference, naming the tests that share it.
std::vector<std::string> per_test_warnings(
    const std::map<std::string, std::vector<std::string>> &values_by_test,
    const std::vector<std::string> &labels, const std::string &what) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> tests_by_difference;
    for (const auto &[id, values] : values_by_test) {
        const std::string differs = difference_text(values, labels);
        if (differs.empty()) continue;
        if (tests_by_difference[differs].empty()) order.push_back(differs);
        tests_by_difference[differs].push_back(id);
    }
    std::vector<std::string> warnings;
    for (const std::string &differs : order)
        warnings.push_back(joined(tests_by_difference[differs], ", ") + ": " + what + ": " +
                           differs);
    return warnings;
}

// What a build method means for comparing, after its name.
std::string build_meaning(const std::string &build) {
    if (build == "native") return "native (-march=native, UnixBench's method)";
    if (build.rfind("portable", 0) == 0) return build + " (an ISA level, not UnixBench's method)";
    return build;
}

// One line when the measured inputs' workloads were built by different
// methods (a native build against a portable one): the code that ran
// differs, not only the machines. environment_differences lists the same
// values (ResultView::workload_build, as inputs[].build) as "build method";
// this says what they mean for the verdicts.
std::string build_method_warning(const std::vector<ComparisonInput> &inputs,
                                 const std::vector<std::string> &labels) {
    std::vector<std::string> builds;
    for (const ComparisonInput &input : inputs)
        builds.push_back(ResultView(input.document).workload_build());
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> holders;
    for (size_t i = 0; i < builds.size(); ++i) {
        if (builds[i].empty()) continue;
        if (holders[builds[i]].empty()) order.push_back(builds[i]);
        holders[builds[i]].push_back(labels[i]);
    }
    if (order.size() < 2) return "";
    std::string out = "workloads built differently: ";
    for (size_t k = 0; k < order.size(); ++k)
        out += (k == 0 ? "" : "; ") + build_meaning(order[k]) + " in " +
               joined_labels(holders[order[k]]);
    return out + "; the code that ran differs, not only the machines";
}

// One line when the measured inputs were run by different bytebench
// versions: a version may change how a test runs or is scored, which no
// workload version records.
std::string tool_version_warning(const std::vector<ComparisonInput> &inputs,
                                 const std::vector<std::string> &labels) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> holders;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const ResultView result(inputs[i].document);
        if (result.imported() || result.status() == "failed") continue;  // said otherwise
        const std::string version = result.tool_version();
        if (version.empty()) continue;  // unknown differs from nothing
        if (holders[version].empty()) order.push_back(version);
        holders[version].push_back(labels[i]);
    }
    if (order.size() < 2) return "";
    std::string out = "bytebench versions differ: ";
    for (size_t k = 0; k < order.size(); ++k)
        out += (k == 0 ? "" : "; ") + order[k] + " in " + joined_labels(holders[order[k]]);
    return out + "; another version may run or score a test differently";
}

std::vector<std::string> comparability_warnings(const std::vector<ComparisonInput> &inputs,
                                                const std::vector<std::string> &labels,
                                                const WorkloadIdentity &identity) {
    std::vector<std::string> warnings;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const ResultView result(inputs[i].document);
        if (result.imported())
            warnings.push_back(labels[i] + " is imported from a " + tool_text(result) +
                               " report: its workloads are UnixBench's own builds, and it has no "
                               "passes to test significance with");
        if (result.status() == "failed")
            warnings.push_back(labels[i] + " " + result.failed_text());
        else if (result.status() != "complete")
            warnings.push_back(labels[i] +
                               " is incomplete (interrupted, still running or "
                               "truncated): tests it did not finish show as missing");
    }
    for (const std::string &warning : suite_warnings(inputs, labels)) warnings.push_back(warning);
    if (const std::string warning = build_method_warning(inputs, labels); !warning.empty())
        warnings.push_back(warning);
    if (const std::string warning = tool_version_warning(inputs, labels); !warning.empty())
        warnings.push_back(warning);
    for (const std::string &warning :
         per_test_warnings(identity.versions, labels, "workload version differs"))
        warnings.push_back(warning);
    for (const std::string &warning :
         per_test_warnings(identity.builds, labels, "built differently"))
        warnings.push_back(warning);
    return warnings;
}

// One input's number to compare: its value and the pass values the
// significance test is run on (the kept passes of a test's value, every ok
// pass with a value for a metric).
struct Measured {
    double value = 0;
    std::vector<double> passes;
    bool kept_passes = true;
};

// Where a cell stands in its row: its input, and what the row compares.
struct CellContext {
    size_t input = 0;
    Direction better = Direction::higher_is_better;
    const ComparisonOptions &options;
    const std::vector<std::string> &labels;
};

json significance_json(const Significance &s) {
    json significance = {{"verdict", to_string(s.verdict)}, {"method", to_string(s.method)}};
    if (s.p) significance["p"] = *s.p;
    if (!s.reason.empty()) significance["reason"] = s.reason;
    significance["passes"] = {s.baseline_passes, s.other_passes};
    return significance;
}

// Adds the change against the baseline input and its significance to
// `cell`; nothing when the baseline's value is not positive (no ratio).
void add_difference(json &cell, const Measured &base, const Measured &other,
                    const CellContext &at) {
    if (base.value <= 0) return;
    const double delta = (other.value / base.value - 1) * 100;
    if (!std::isfinite(delta)) return;  // a base so near 0 that the ratio overflows
    cell["delta_pct"] = delta;
    const Significance s =
        assess_difference({base.passes, other.passes, delta, at.better, base.kept_passes},
                          at.options.alpha, at.labels[at.options.baseline], at.labels[at.input]);
    cell["significance"] = significance_json(s);
}

bool is_baseline(const CellContext &at) { return at.input == at.options.baseline; }

json cell_for(const std::optional<TestView> &test, const std::optional<TestView> &baseline_test,
              const CellContext &at) {
    if (!test) return {{"status", "missing"}};
    json cell = {{"status", test->status()}};
    if (cell["status"] != "ok") {
        if (!test->error().empty()) cell["error"] = test->error();
        return cell;
    }
    for (const char *name : {"value", "index", "samples", "results"})
        if (test->raw(name).is_number()) cell[name] = test->raw(name);
    if (!test->version().empty()) cell["version"] = test->version();
    if (is_baseline(at) || !test->ok_with_value() || !baseline_test ||
        !baseline_test->ok_with_value())
        return cell;
    add_difference(cell, {*baseline_test->value(), baseline_test->kept_pass_values()},
                   {*test->value(), test->kept_pass_values()}, at);
    return cell;
}

// Metric `key` of an ok test that has a value for it.
std::optional<Measured> measured_metric(const std::optional<TestView> &test,
                                        const std::string &key) {
    if (!test || test->status() != "ok") return std::nullopt;
    const std::optional<MetricView> metric = test->find_metric(key);
    if (!metric || !metric->value()) return std::nullopt;
    return Measured{*metric->value(), test->ok_pass_metric_values(key), false};
}

// A metric's cell: like a test's, without index or version; "missing" when
// the input's test lacks the metric or a value for it.
json metric_cell_for(const std::optional<TestView> &test,
                     const std::optional<TestView> &baseline_test, const std::string &key,
                     const CellContext &at) {
    if (test && test->status() != "ok") return {{"status", test->status()}};
    const std::optional<Measured> measured = measured_metric(test, key);
    if (!measured) return {{"status", "missing"}};
    const MetricView metric = *test->find_metric(key);
    json cell = {{"status", "ok"}, {"value", metric.raw("value")}};
    // The passes behind the value, as a test's `samples` counts its kept passes.
    if (const json &n = member(metric.stats(), "n"); n.is_number()) cell["samples"] = n;
    if (is_baseline(at)) return cell;
    if (const std::optional<Measured> base = measured_metric(baseline_test, key))
        add_difference(cell, *base, *measured, at);
    return cell;
}

// The copy-pass at one position of every input, each with its tests looked
// up by id (built once per copy-pass: a row looks its test up in every
// input, and a scan per row would make a comparison quadratic in the number
// of tests); nullptr where an input has fewer copy-passes.
using Section = std::vector<const CopyPassLookup *>;

// The tests of a section, in order of first appearance.
std::vector<TestView> tests_in_order(const Section &runs) {
    std::vector<TestView> order;
    std::unordered_set<std::string> seen;
    for (const CopyPassLookup *run : runs) {
        if (!run) continue;
        for (const TestView &test : run->tests())
            if (seen.insert(test.id()).second) order.push_back(test);
    }
    return order;
}

std::optional<TestView> test_in(const CopyPassLookup *run, const std::string &id) {
    return run ? run->find_test(id) : std::nullopt;
}

std::optional<IndexView> index_in(const CopyPassLookup *run, const std::string &category) {
    return run ? run->find_index(category) : std::nullopt;
}

// The metrics of a test over the inputs, each key once, in order of first
// appearance; each described by its first appearance.
std::vector<MetricView> metrics_in_order(const Section &runs, const std::string &id) {
    std::vector<MetricView> order;
    std::unordered_set<std::string> seen;
    for (const CopyPassLookup *run : runs)
        if (const std::optional<TestView> test = test_in(run, id))
            for (const MetricView &metric : test->metrics())
                if (seen.insert(metric.key()).second) order.push_back(metric);
    return order;
}

// Comparability notes of the rows, gathered for the warnings: each note once,
// in order of first appearance, with the tests (or index scores) it is on.
struct NoteCollector {
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> subjects;
    void add(const std::string &note, const std::string &subject) {
        std::vector<std::string> &on = subjects[note];
        if (on.empty()) order.push_back(note);
        if (std::find(on.begin(), on.end(), subject) == on.end()) on.push_back(subject);
    }
};

// What a row compares: its test in each input.
struct RowInputs {
    const Section &runs;
    const ComparisonOptions &options;
    const std::vector<std::string> &labels;
    const std::vector<const json *> &documents;  // each input's result
    NoteCollector &conditions;                   // notes on how tests ran
};

// Why the inputs' values of test `id` do not measure the same thing: for
// each aspect of how it ran that differs (method, pass length, passes,
// parameters), "pass length differs: 10 s in A, 2 s in B" (also gathered
// for the warnings), then each input's warnings about how it ran
// ("B: dhry2reg wrote 31.9 KiB to stdout ...").
std::vector<std::string> condition_notes(const std::string &id, const RowInputs &in) {
    std::vector<TestConditions> conditions(in.runs.size());
    for (size_t i = 0; i < in.runs.size(); ++i)
        if (const std::optional<TestView> test = test_in(in.runs[i], id))
            conditions[i] = test_conditions(*in.documents[i], *test);
    std::vector<std::string> notes;
    const size_t aspects = condition_aspects(TestConditions{}).size();
    for (size_t a = 0; a < aspects; ++a) {
        std::string aspect;
        std::vector<std::string> values;
        for (const TestConditions &c : conditions) {
            const auto named = condition_aspects(c)[a];
            aspect = named.first;
            values.push_back(named.second);
        }
        const std::string differs = difference_text(values, in.labels);
        if (differs.empty()) continue;
        notes.push_back(aspect + (aspect == "parameters" ? " differ: " : " differs: ") + differs);
        in.conditions.add(notes.back(), id);
    }
    for (size_t i = 0; i < conditions.size(); ++i)
        for (const std::string &warning : conditions[i].warnings)
            notes.push_back(in.labels[i] + ": " + warning);
    return notes;
}

json metric_row(const json &test_row, const MetricView &metric, const RowInputs &in) {
    const std::string id = test_row["id"];
    json row = {{"id", id},
                {"metric", metric.key()},
                {"name", test_row["name"]},
                {"metric_name", metric.name()},
                {"unit", metric.unit()},
                {"better", direction_name(metric.better())},
                {"comparable", test_row["comparable"]}};
    const std::optional<TestView> baseline_test = test_in(in.runs[in.options.baseline], id);
    json cells = json::array();
    for (size_t i = 0; i < in.runs.size(); ++i)
        cells.push_back(metric_cell_for(test_in(in.runs[i], id), baseline_test, metric.key(),
                                        {i, metric.better(), in.options, in.labels}));
    row["cells"] = std::move(cells);
    return row;
}

json row_for(const TestView &first, const RowInputs &in, const WorkloadIdentity &identity) {
    const std::string id = first.id();
    json row = {{"id", id},
                {"name", first.name()},
                {"category", first.category()},
                {"unit", first.unit()},
                {"better", direction_name(first.better())}};
    const auto versions = identity.versions.find(id);
    const std::string differs =
        versions == identity.versions.end() ? "" : difference_text(versions->second, in.labels);
    json notes = json::array();
    if (!differs.empty()) notes.push_back("workload version differs: " + differs);
    for (const std::string &note : condition_notes(id, in)) notes.push_back(note);
    row["comparable"] = notes.empty();
    if (!notes.empty()) row["notes"] = std::move(notes);
    const std::optional<TestView> baseline_test = test_in(in.runs[in.options.baseline], id);
    json cells = json::array();
    for (size_t i = 0; i < in.runs.size(); ++i)
        cells.push_back(cell_for(test_in(in.runs[i], id), baseline_test,
                                 {i, first.better(), in.options, in.labels}));
    row["cells"] = std::move(cells);
    return row;
}

// What the index notes need of a section, gathered in one pass over its
// tests and rows (a comparison may have thousands of categories): per
// category, each input's tests behind its score (ok, with an index) and the
// test rows that are not comparable.
struct CategoryTests {
    std::unordered_map<std::string, std::vector<std::set<std::string>>> scored;
    std::unordered_map<std::string, std::vector<std::string>> incomparable;
};

CategoryTests category_tests(const Section &runs, const json &rows) {
    CategoryTests out;
    for (size_t i = 0; i < runs.size(); ++i) {
        if (!runs[i]) continue;
        for (const TestView &test : runs[i]->tests())
            if (test.ok_with_value() && test.raw("index").is_number()) {
                auto &per_input = out.scored[test.category()];
                per_input.resize(runs.size());
                per_input[i].insert(test.id());
            }
    }
    for (const json &row : rows)
        if (!row.contains("metric") && !row.value("comparable", true))
            out.incomparable[row.value("category", "")].push_back(row["id"].get<std::string>());
    return out;
}

// "scored over different tests (A: 12, B: 10); not in every score: fsdisk,
// shell8" when the inputs with a score had different tests behind it; "".
std::string test_set_note(const Section &runs, const std::string &category,
                          const CategoryTests &tests, const std::vector<std::string> &labels) {
    static const std::set<std::string> kNone;
    const auto found = tests.scored.find(category);
    std::vector<std::pair<size_t, const std::set<std::string> *>> scored;
    for (size_t i = 0; i < runs.size(); ++i) {
        const std::optional<IndexView> index = index_in(runs[i], category);
        if (index && index->score())
            scored.emplace_back(i, found == tests.scored.end() || found->second.size() <= i
                                       ? &kNone
                                       : &found->second[i]);
    }
    if (std::all_of(scored.begin(), scored.end(),
                    [&](const auto &s) { return *s.second == *scored.front().second; }))
        return "";
    std::string counts;
    std::set<std::string> all, not_everywhere;
    for (const auto &[i, ids] : scored) {
        counts += (counts.empty() ? "" : ", ") + labels[i] + ": " + std::to_string(ids->size());
        all.insert(ids->begin(), ids->end());
    }
    for (const std::string &id : all)
        for (const auto &s : scored)
            if (!s.second->count(id)) not_everywhere.insert(id);
    return "scored over different tests (" + counts +
           "); not in every score: " + joined({not_everywhere.begin(), not_everywhere.end()}, ", ");
}

// "some of its tests are not comparable: dhry2reg, syscall" when a test
// row of the category is marked; "".
std::string incomparable_tests_note(const std::string &category, const CategoryTests &tests) {
    const auto found = tests.incomparable.find(category);
    return found == tests.incomparable.end()
               ? ""
               : "some of its tests are not comparable: " + joined(found->second, ", ");
}

json index_rows(const Section &runs, const json &rows, size_t baseline,
                const std::vector<std::string> &labels, NoteCollector &test_sets) {
    std::vector<std::pair<std::string, std::string>> categories;  // id, title
    std::unordered_set<std::string> seen;
    for (const CopyPassLookup *run : runs) {
        if (!run) continue;
        for (const IndexView &index : run->indexes())
            if (seen.insert(index.category()).second)
                categories.emplace_back(index.category(), index.title());
    }
    const CategoryTests tests = category_tests(runs, rows);
    json indexes = json::array();
    for (const auto &[category, title] : categories) {
        const std::optional<IndexView> base = index_in(runs[baseline], category);
        json cells = json::array();
        for (size_t i = 0; i < runs.size(); ++i) {
            const std::optional<IndexView> index = index_in(runs[i], category);
            if (!index || !index->score()) {
                cells.push_back({{"status", "missing"}});
                continue;
            }
            json cell = {{"score", index->raw("score")}, {"partial", index->partial()}};
            if (index->raw("results").is_number()) cell["results"] = index->raw("results");
            if (i != baseline && base && base->score() && *base->score() > 0) {
                const double delta = (*index->score() / *base->score() - 1) * 100;
                if (std::isfinite(delta)) cell["delta_pct"] = delta;
            }
            cells.push_back(std::move(cell));
        }
        json index = {{"category", category}, {"title", title}};
        json notes = json::array();
        if (std::string note = test_set_note(runs, category, tests, labels); !note.empty()) {
            test_sets.add(note, category);
            notes.push_back(std::move(note));
        }
        if (std::string note = incomparable_tests_note(category, tests); !note.empty())
            notes.push_back(std::move(note));
        if (!notes.empty()) {
            index["comparable"] = false;
            index["notes"] = std::move(notes);
        }
        index["cells"] = std::move(cells);
        indexes.push_back(std::move(index));
    }
    return indexes;
}

// The CPUs the host's copies could use: system.effective_cpus.count, else
// the online CPUs (results from before it); nullopt when neither is known.
std::optional<int> cpus_of(const json &document) {
    const json &system = member(document, "system");
    for (const json *count :
         {&member(member(system, "effective_cpus"), "count"), &member(system, "cpus_online")})
        if (count->is_number_integer() && count->get<int64_t>() > 0 &&
            count->get<int64_t>() <= std::numeric_limits<int>::max())
            return static_cast<int>(count->get<int64_t>());
    return std::nullopt;
}

// Why an input has no copy-pass in a section, where its cells are missing:
// "B ran 1 copy only: the host has 1 CPU" (a default run adds the N-copy
// pass only on more than one), or ": the result is incomplete (the run
// stopped)"; without either, what it ran (`-c 1`). "" for a failure record,
// whose column says why it has nothing.
std::string absent_copy_pass_note(const json &document, const std::string &label) {
    const ResultView result(document);
    if (result.status() == "failed") return "";
    std::vector<std::string> ran;
    int most = 0;
    for (const CopyPassView &run : result.copy_passes()) {
        ran.push_back(copies_text(copies_of(run)));
        most = std::max(most, copies_of(run));
    }
    std::string note =
        label + (ran.empty() ? " ran no copy-pass" : " ran " + joined(ran, " and ") + " only");
    const std::optional<int> cpus = cpus_of(document);
    if (cpus && *cpus <= most && !ran.empty())
        note += ": the host has " + count_text(uint64_t(std::max(*cpus, 0)), "CPU", "CPUs");
    else if (result.status() != "complete")
        note += ": the result is incomplete (the run stopped)";
    return note;
}

std::string section_title(const Section &runs) {
    std::vector<int> copies;
    for (const CopyPassLookup *run : runs)
        if (run) copies.push_back(copies_of(run->view()));
    if (std::all_of(copies.begin(), copies.end(), [&](int c) { return c == copies.front(); }))
        return copies_text(copies.front());
    std::string title;
    for (int c : copies) title += (title.empty() ? "" : " / ") + copies_text(c);
    return title;
}

// What every section of a comparison shares, and the notes its rows gather.
struct ComparisonContext {
    const ComparisonOptions &options;
    const std::vector<std::string> &labels;
    const WorkloadIdentity &identity;
    const std::vector<const json *> &documents;
    NoteCollector conditions;  // how tests ran differently, by test
    NoteCollector test_sets;   // "system index: <note>" by the sections it is in
};

// `copy_passes`: each input's copy-passes.
json section_at(size_t position, const std::vector<std::vector<CopyPassView>> &copy_passes,
                ComparisonContext &context) {
    std::vector<std::optional<CopyPassLookup>> lookups;  // owns what `runs` points to
    lookups.reserve(copy_passes.size());
    Section runs;
    json copies = json::array();
    for (const std::vector<CopyPassView> &all : copy_passes) {
        if (position < all.size()) {
            lookups.emplace_back(std::in_place, all[position]);
            copies.push_back(copies_of(all[position]));
        } else {
            lookups.emplace_back(std::nullopt);
            copies.push_back(json());
        }
        runs.push_back(lookups.back() ? &*lookups.back() : nullptr);
    }
    json rows = json::array();
    const RowInputs in{runs, context.options, context.labels, context.documents,
                       context.conditions};
    for (const TestView &test : tests_in_order(runs)) {
        json test_row = row_for(test, in, context.identity);
        std::vector<json> metric_rows;  // built from test_row before it moves
        for (const MetricView &metric : metrics_in_order(runs, test.id()))
            metric_rows.push_back(metric_row(test_row, metric, in));
        rows.push_back(std::move(test_row));
        for (json &row : metric_rows) rows.push_back(std::move(row));
    }
    json section = json::object();
    section["title"] = section_title(runs);
    section["copies"] = std::move(copies);
    NoteCollector test_sets;
    section["indexes"] =
        index_rows(runs, rows, context.options.baseline, context.labels, test_sets);
    json notes = json::array();
    for (size_t i = 0; i < runs.size(); ++i)
        if (!runs[i])
            if (std::string note = absent_copy_pass_note(*context.documents[i], context.labels[i]);
                !note.empty())
                notes.push_back(std::move(note));
    if (!notes.empty()) section["notes"] = std::move(notes);
    for (const std::string &note : test_sets.order)
        for (const std::string &category : test_sets.subjects[note])
            context.test_sets.add(category + " index: " + note, section["title"]);
    section["rows"] = std::move(rows);
    return section;
}

// "dhry2reg, syscall: pass length differs: 10 s in A, 2 s in B": each
// gathered note once, after what it is on.
std::vector<std::string> gathered_warnings(const NoteCollector &notes) {
    std::vector<std::string> warnings;
    for (const std::string &note : notes.order)
        warnings.push_back(joined(notes.subjects.at(note), ", ") + ": " + note);
    return warnings;
}

}  // namespace

size_t default_baseline(const std::vector<ComparisonInput> &inputs) {
    std::vector<std::vector<std::string>> statuses;
    for (const ComparisonInput &input : inputs)
        statuses.push_back({ResultView(input.document).status()});
    return first_with_results(statuses);
}

size_t first_with_results(const std::vector<std::vector<std::string>> &statuses) {
    for (const char *wanted : {"complete", ""})
        for (size_t i = 0; i < statuses.size(); ++i)
            for (const std::string &status : statuses[i])
                if (*wanted ? status == wanted : status != "failed") return i;
    return 0;
}

std::string input_label(size_t index) {
    std::string label;
    for (size_t n = index + 1; n > 0; n = (n - 1) / 26)
        label.insert(label.begin(), static_cast<char>('A' + (n - 1) % 26));
    return label;
}

json compare_results(const std::vector<ComparisonInput> &inputs, const ComparisonOptions &options) {
    std::vector<std::string> labels;
    json described = json::array();
    std::vector<std::vector<CopyPassView>> copy_passes;
    size_t positions = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
        labels.push_back(inputs[i].label.empty() ? input_label(i) : inputs[i].label);
        described.push_back(describe_input(inputs[i], labels.back()));
        copy_passes.push_back(ResultView(inputs[i].document).copy_passes());
        positions = std::max(positions, copy_passes.back().size());
    }
    const WorkloadIdentity identity = workload_identity(inputs);
    std::vector<const json *> documents;
    for (const ComparisonInput &input : inputs) documents.push_back(&input.document);
    ComparisonContext context{options, labels, identity, documents, {}, {}};
    json sections = json::array();
    for (size_t position = 0; position < positions; ++position)
        sections.push_back(section_at(position, copy_passes, context));
    json out = {
        {"schema", kComparisonSchema},
        {"tool", {{"name", "bytebench"}, {"version", BYTEBENCH_VERSION}, {"abi", BYTEBENCH_ABI}}},
        {"baseline", options.baseline},
        {"alpha", options.alpha},
        {"inputs", std::move(described)},
        {"warnings", comparability_warnings(inputs, labels, identity)}};
    for (std::string &warning : gathered_warnings(context.conditions))
        out["warnings"].push_back(std::move(warning));
    // "system index (1 copy, 2 copies): scored over different tests ...".
    for (const std::string &note : context.test_sets.order) {
        const size_t colon = note.find(": ");
        out["warnings"].push_back(note.substr(0, colon) + " (" +
                                  joined(context.test_sets.subjects[note], ", ") + ")" +
                                  note.substr(colon));
    }
    // What differs between the machines and runs, beside the verdicts;
    // left out when nothing does, as between two runs on one machine.
    if (json differences =
            environment_differences_json(find_environment_differences(documents), labels);
        !differences.empty())
        out["environment_differences"] = std::move(differences);
    const GateSpec gate{options.fail_if_worse_pct, options.fail_if_worse_numbers};
    if (gate.any()) out["gate"] = gate_outcome(sections, out["inputs"], options.baseline, gate);
    out["sections"] = std::move(sections);
    return out;
}

}  // namespace bytebench
