#include "model/run_record.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <map>
#include <set>

#include "base/decimal.h"
#include "base/schema_name.h"
#include "model/isa_level.h"
#include "model/metric_values.h"
#include "model/scaling.h"

namespace bytebench {

namespace {

// The index interval that goes with a value's interval: its ends swap for a
// lower-is-better value (the lower value is the higher index).
Interval index_interval(const Interval &value, double baseline, Direction better) {
    const double a = index_of(value.lo, baseline, better), b = index_of(value.hi, baseline, better);
    return {std::min(a, b), std::max(a, b)};
}

// The metric values of the passes with status ok: what a metric's value
// and statistics are made of.
std::vector<const MetricValues *> ok_pass_metrics(const std::vector<PassOutcome> &passes) {
    std::vector<const MetricValues *> out;
    for (const PassOutcome &p : passes)
        if (p.status == Status::ok) out.push_back(&p.metrics);
    return out;
}

// The metrics' numbers as first_non_finite lists them: each pass's combined
// values (a sum over copies can overflow) and each metric's mean and spread.
void add_metric_numbers(const TestRecord &r, std::vector<std::pair<std::string, double>> &numbers) {
    for (size_t i = 0; i < r.passes.size(); ++i)
        for (const auto &[key, value] : r.passes[i].metrics)
            numbers.emplace_back("pass " + std::to_string(i + 1) + "'s metric '" + key + "'",
                                 value);
    for (const MetricInfo &m : r.test.workload.metrics)
        if (const auto stats = summarize_metric(ok_pass_metrics(r.passes), m.key)) {
            numbers.emplace_back("metric '" + m.key + "' mean", stats->mean);
            numbers.emplace_back("metric '" + m.key + "' standard deviation", stats->stddev);
        }
}

// The first number of a scored test that is not finite, as "its <what> is
// <value>", or "". Counts are finite and at least 0 when they arrive (the
// pass runner refuses others), but their sum over copies, a rate over a
// short time, a variance or an index may still overflow a double.
std::string first_non_finite(const TestRecord &r) {
    std::vector<std::pair<std::string, double>> numbers;
    for (size_t i = 0; i < r.passes.size(); ++i) {
        const std::string pass = "pass " + std::to_string(i + 1) + "'s ";
        numbers.emplace_back(pass + "count", r.passes[i].count);
        numbers.emplace_back(pass + "time", r.passes[i].seconds);
    }
    const TestScore &score = *r.score;
    for (size_t i = 0; i < score.pass_values.size(); ++i)
        numbers.emplace_back("pass " + std::to_string(i + 1) + "'s value", score.pass_values[i]);
    numbers.insert(numbers.end(), {{"value", score.value},
                                   {"time", score.time_s},
                                   {"mean", score.stats.mean},
                                   {"standard deviation", score.stats.stddev}});
    if (r.index) numbers.emplace_back("index", *r.index);
    if (r.statistics) {
        numbers.emplace_back("mean", r.statistics->mean);
        numbers.emplace_back("standard deviation", r.statistics->stddev);
        if (r.statistics->cv) numbers.emplace_back("coefficient of variation", *r.statistics->cv);
        if (r.statistics->ci95) {
            numbers.emplace_back("mean's interval", r.statistics->ci95->lo);
            numbers.emplace_back("mean's interval", r.statistics->ci95->hi);
        }
    }
    if (r.value_ci95) {
        numbers.emplace_back("value's interval", r.value_ci95->lo);
        numbers.emplace_back("value's interval", r.value_ci95->hi);
        if (r.test.baseline) {
            const Interval index =
                index_interval(*r.value_ci95, *r.test.baseline, r.test.workload.better);
            numbers.emplace_back("index's interval", index.lo);
            numbers.emplace_back("index's interval", index.hi);
        }
    }
    add_metric_numbers(r, numbers);
    for (const auto &[what, value] : numbers)
        if (!std::isfinite(value)) return "its " + what + " is " + decimal_text(value);
    return "";
}

}  // namespace

void finish_test(TestRecord &r) {
    if (r.status != Status::ok) return;
    std::vector<PassSample> samples;
    for (const PassOutcome &p : r.passes) samples.push_back({p.count, p.seconds});
    const Direction better = r.test.workload.better;
    r.score = score_test(samples, r.test.workload.time_base_s, better);
    if (!r.score) {
        r.status = Status::error;
        r.error = "No measured results";
        return;
    }
    if (r.test.baseline) r.index = index_of(r.score->value, *r.test.baseline, better);
    const KeptPasses kept = kept_passes(*r.score);
    r.statistics = sample_statistics(kept.values);
    r.value_ci95 = geometric_mean_interval(kept.values);
    // A result holds finite numbers only: a test whose numbers overflow is
    // an error, with the first that did.
    if (const std::string overflow = first_non_finite(r); !overflow.empty()) {
        r.status = Status::error;
        r.error = "the passes cannot be scored: " + overflow + ", not a finite number";
        r.score.reset();
        r.index.reset();
        r.statistics.reset();
        r.value_ci95.reset();
    }
}

int disturbed_passes(const TestRecord &record) {
    return int(std::count_if(record.passes.begin(), record.passes.end(), [](const PassOutcome &p) {
        return p.environment && !p.environment->disturbed.empty();
    }));
}

KeptPasses kept_passes(const TestScore &score) {
    KeptPasses kept;
    for (size_t i = 0; i < score.pass_values.size() && i < score.kept.size(); ++i) {
        if (!score.kept[i]) continue;
        kept.values.push_back(score.pass_values[i]);
        kept.passes.push_back(i);
    }
    return kept;
}

void compute_indexes(CopyPassRecord &run, const Suite &suite) {
    // Categories in the order the suite lists them, then any others.
    std::vector<std::string> order;
    for (const CategoryDef &c : suite.categories) order.push_back(c.id);
    for (const TestRecord &t : run.tests)
        if (std::find(order.begin(), order.end(), t.test.category) == order.end())
            order.push_back(t.test.category);

    for (const std::string &category : order) {
        std::set<std::string> members;  // tests with a baseline in this category
        for (const TestDef &d : suite.tests)
            if (d.category == category && d.baseline) members.insert(d.id);
        std::vector<IndexEntry> entries;
        std::vector<IndexedSample> samples;  // the tests that contribute
        for (const TestRecord &t : run.tests) {
            if (t.test.category != category || !t.test.baseline) continue;
            members.insert(t.test.id);
            // Scores and intervals are made of higher-is-better numbers.
            const Direction better = t.test.workload.better;
            const double baseline = as_higher_is_better(*t.test.baseline, better);
            entries.push_back({baseline, t.index ? std::optional<double>(
                                                       as_higher_is_better(t.score->value, better))
                                                 : std::nullopt});
            if (!t.index) continue;
            std::vector<double> kept = kept_passes(*t.score).values;
            for (double &v : kept) v = as_higher_is_better(v, better);
            samples.push_back({t.test.name, baseline, std::move(kept)});
        }
        const CategoryScore score = score_category(entries, int(members.size()));
        IndexInterval interval = delta_index_interval(samples);
        if (interval.ci95 &&
            !(std::isfinite(interval.ci95->lo) && std::isfinite(interval.ci95->hi))) {
            interval = IndexInterval{};
            interval.unavailable = "the interval is too wide for a double";
        }
        if (score.tests_indexed > 0)
            run.indexes.push_back({category, suite.category_title(category), score, interval});
    }
}

namespace {

nlohmann::json interval_json(const Interval &i) { return nlohmann::json::array({i.lo, i.hi}); }

// PU os index -> the name of its CPU kind, from system.topology.cpu_kinds;
// empty unless the machine is hybrid (a kind name says nothing on a machine
// with one kind).
using CpuKindOf = std::map<int, std::string>;

CpuKindOf cpu_kind_of(const nlohmann::json &system) {
    CpuKindOf kinds;
    const auto member = [](const nlohmann::json &j, const char *key) {
        return j.is_object() && j.contains(key) ? j[key] : nlohmann::json();
    };
    const nlohmann::json topology = member(system, "topology");
    const nlohmann::json list = member(topology, "cpu_kinds");
    if (member(topology, "hybrid") != true || !list.is_array()) return kinds;
    for (const nlohmann::json &kind : list) {
        const nlohmann::json name = member(kind, "name"), pus = member(kind, "pus");
        if (!name.is_string() || !pus.is_array()) continue;
        for (const nlohmann::json &pu : pus)
            if (pu.is_number_integer()) kinds[pu.get<int>()] = name.get<std::string>();
    }
    return kinds;
}

// "cpu_kind": the kind of the CPU the copy began on (or was pinned to), and
// "cpu_kind_end" when it ended on another kind (an unpinned copy moved).
void add_cpu_kind(nlohmann::json &copy, const CopyOutcome &c, const CpuKindOf &kinds) {
    const auto kind = [&](int cpu) {
        const auto it = kinds.find(cpu);
        return it != kinds.end() ? it->second : std::string();
    };
    const std::string start = kind(c.cpu_start >= 0 ? c.cpu_start : c.pu);
    if (start.empty()) return;
    copy["cpu_kind"] = start;
    if (const std::string end = kind(c.cpu_end); !end.empty() && end != start)
        copy["cpu_kind_end"] = end;
}

// `kept` maps positions among the kept passes back to pass numbers.
nlohmann::json stats_json(const Stats &s, const std::optional<SampleStatistics> &extra,
                          const std::vector<size_t> &kept) {
    nlohmann::json j = {{"min", s.min},
                        {"median", s.median},
                        {"max", s.max},
                        {"mean", s.mean},
                        {"stddev", s.stddev}};
    if (!extra) return j;
    j["n"] = extra->n;
    if (extra->cv) j["cv"] = *extra->cv;
    if (extra->ci95) j["ci95"] = interval_json(*extra->ci95);
    nlohmann::json outliers = nlohmann::json::array();
    for (size_t position : extra->outliers)
        if (position < kept.size()) outliers.push_back(kept[position]);
    j["outliers"] = outliers;
    return j;
}

// The score per watt: the value over the mean power of the kept passes,
// when every one of them has an energy reading.
std::optional<double> value_per_watt(const TestRecord &r) {
    if (!r.score) return std::nullopt;
    double watts = 0;
    int n = 0;
    for (size_t pass : kept_passes(*r.score).passes) {
        const auto &env = r.passes[pass].environment;
        const auto w = env ? env->average_w() : std::nullopt;
        if (!w) return std::nullopt;
        watts += *w;
        ++n;
    }
    if (n == 0 || watts <= 0) return std::nullopt;
    return r.score->value / (watts / n);
}

nlohmann::json pass_json(const PassOutcome &p, uint32_t time_base_s, std::optional<bool> kept,
                         std::optional<bool> outlier, const CpuKindOf &kinds) {
    nlohmann::json copies = nlohmann::json::array();
    for (const CopyOutcome &c : p.copies) {
        nlohmann::json copy = {{"count", c.count}, {"seconds", c.seconds}};
        if (c.pu >= 0) copy["pu"] = c.pu;
        if (c.cpu_start >= 0) copy["cpu_start"] = c.cpu_start;
        if (c.cpu_end >= 0) copy["cpu_end"] = c.cpu_end;
        add_cpu_kind(copy, c, kinds);
        if (!c.metrics.empty()) copy["metrics"] = c.metrics;
        copies.push_back(std::move(copy));
    }
    nlohmann::json j = {{"count", p.count},
                        {"seconds", p.seconds},
                        {"value", pass_value({p.count, p.seconds}, time_base_s)},
                        {"status", to_string(p.status)},
                        {"start_spread_ms", p.start_spread_ms},
                        {"copies", copies}};
    if (kept) j["kept"] = *kept;
    if (outlier) j["outlier"] = *outlier;
    if (!p.error.empty()) j["error"] = p.error;
    if (!p.metrics.empty()) j["metrics"] = p.metrics;
    if (p.environment) j["environment"] = to_json(*p.environment);
    return j;
}

// What the copies recorded with record_detail(), over all passes: a key's
// value when they all agree, else the list of its distinct values in the
// order they first appeared (so 1024 copies that agree cost one entry).
nlohmann::json details_json(const std::vector<PassOutcome> &passes) {
    std::map<std::string, std::vector<std::string>> values;
    for (const PassOutcome &p : passes)
        for (const CopyOutcome &c : p.copies)
            for (const auto &[key, value] : c.details) {
                std::vector<std::string> &seen = values[key];
                if (std::find(seen.begin(), seen.end(), value) == seen.end()) seen.push_back(value);
            }
    nlohmann::json j = nlohmann::json::object();
    for (const auto &[key, seen] : values)
        j[key] = seen.size() == 1 ? nlohmann::json(seen.front()) : nlohmann::json(seen);
    return j;
}

void add_warnings(nlohmann::json &test, const TestRecord &r) {
    if (!r.warnings.empty()) test["warnings"] = r.warnings;
}

// A declared metric's descriptor and, when some ok pass has a value for
// it, its value (the mean) and statistics (docs/result-schema.md).
nlohmann::json metric_json(const MetricInfo &m, const std::vector<PassOutcome> &passes) {
    nlohmann::json j = {{"key", m.key},
                        {"name", m.name},
                        {"unit", m.unit},
                        {"better", direction_name(m.better)},
                        {"combine", to_string(m.combine)}};
    const std::optional<SampleStatistics> s = summarize_metric(ok_pass_metrics(passes), m.key);
    if (!s) return j;
    j["value"] = s->mean;
    j["stats"] = {{"n", s->n},     {"min", s->min},   {"median", s->median},
                  {"max", s->max}, {"mean", s->mean}, {"stddev", s->stddev}};
    if (s->cv) j["stats"]["cv"] = *s->cv;
    if (s->ci95) j["stats"]["ci95"] = interval_json(*s->ci95);
    return j;
}

nlohmann::json metrics_json(const TestRecord &r) {
    nlohmann::json metrics = nlohmann::json::array();
    for (const MetricInfo &m : r.test.workload.metrics) metrics.push_back(metric_json(m, r.passes));
    return metrics;
}

nlohmann::json test_json(const TestRecord &r, const CpuKindOf &kinds) {
    const PlannedTest &t = r.test;
    nlohmann::json params = nlohmann::json::object();
    for (const auto &[k, v] : t.params) params[k] = v;
    nlohmann::json j = {{"id", t.id},
                        {"workload", t.workload.id},
                        {"name", t.name},
                        {"category", t.category},
                        {"unit", t.workload.unit},
                        {"better", direction_name(t.workload.better)},
                        {"combine", to_string(t.workload.combine)},
                        {"time_base_s", t.workload.time_base_s},
                        {"params", params},
                        {"status", to_string(r.status)},
                        {"duration_s", t.duration_s},
                        {"passes_planned", t.passes}};
    if (!t.plugin_path.empty()) {
        j["plugin"] = t.plugin_path;
        j["plugin_id"] = t.plugin_id;
        j["version"] = t.workload.version;
        j["build"] = t.plugin_build;
        if (const std::string method = build_method_of(t.plugin_build, t.plugin_isa_level);
            !method.empty())
            j["build_method"] = method;
        if (!t.plugin_isa_level.empty()) j["isa_level"] = t.plugin_isa_level;
    }
    if (!r.error.empty()) j["error"] = r.error;
    add_warnings(j, r);
    if (t.baseline) j["baseline"] = *t.baseline;
    KeptPasses kept;
    std::vector<bool> outlier;  // per pass
    if (r.score) {
        kept = kept_passes(*r.score);
        outlier.assign(r.score->kept.size(), false);
        if (r.statistics)
            for (size_t position : r.statistics->outliers)
                if (position < kept.passes.size()) outlier[kept.passes[position]] = true;
        j["value"] = r.score->value;
        j["time_s"] = r.score->time_s;
        j["samples"] = r.score->samples;
        j["stats"] = stats_json(r.score->stats, r.statistics, kept.passes);
        if (r.value_ci95) j["value_ci95"] = interval_json(*r.value_ci95);
    }
    if (r.index) j["index"] = *r.index;
    if (const int disturbed = disturbed_passes(r); disturbed > 0) j["disturbed_passes"] = disturbed;
    if (const auto per_watt = value_per_watt(r)) j["value_per_watt"] = *per_watt;
    if (!r.quick_stop.empty()) {
        j["quick"] = {{"stopped_by", r.quick_stop}, {"passes", r.passes.size()}};
        if (r.quick_half_width) j["quick"]["half_width"] = *r.quick_half_width;
    }
    if (r.index && r.value_ci95 && t.baseline)
        j["index_ci95"] =
            interval_json(index_interval(*r.value_ci95, *t.baseline, t.workload.better));
    if (!t.workload.metrics.empty()) j["metrics"] = metrics_json(r);
    if (nlohmann::json details = details_json(r.passes); !details.empty())
        j["details"] = std::move(details);
    nlohmann::json passes = nlohmann::json::array();
    for (size_t i = 0; i < r.passes.size(); ++i) {
        const bool scored = r.score && i < r.score->kept.size();
        const bool kept_pass = scored && r.score->kept[i];
        passes.push_back(pass_json(
            r.passes[i], t.workload.time_base_s,
            scored ? std::optional<bool>(kept_pass) : std::nullopt,
            kept_pass && r.statistics ? std::optional<bool>(outlier[i]) : std::nullopt, kinds));
    }
    j["passes"] = passes;
    return j;
}

nlohmann::json copy_pass_json(const CopyPassRecord &run, const CpuKindOf &kinds) {
    nlohmann::json indexes = nlohmann::json::array();
    for (const IndexRecord &i : run.indexes) {
        nlohmann::json index = {{"category", i.category},
                                {"title", i.title},
                                {"score", i.score.score},
                                {"partial", i.score.partial},
                                {"tests_indexed", i.score.tests_indexed},
                                {"tests_total", i.score.tests_total}};
        if (i.interval.ci95) {
            index["ci95"] = interval_json(*i.interval.ci95);
            index["ci95_method"] = kIndexIntervalMethod;
            if (i.interval.df > 0) index["ci95_df"] = i.interval.df;
        } else if (!i.interval.unavailable.empty()) {
            index["ci95_unavailable"] = i.interval.unavailable;
        }
        indexes.push_back(std::move(index));
    }
    nlohmann::json tests = nlohmann::json::array();
    for (const TestRecord &t : run.tests) tests.push_back(test_json(t, kinds));
    nlohmann::json j = {{"copies", run.copies},
                        {"cpus", run.cpus},
                        {"start", run.start},
                        {"indexes", indexes},
                        {"tests", tests}};
    if (!run.end.empty()) j["end"] = run.end;
    return j;
}

}  // namespace

namespace {

// The last guard of a result document: JSON has no NaN or infinity, and
// nlohmann writes null for them where readers expect a number. A member that
// is not a finite number is left out; such an array element becomes null.
// finish_test and the pass runner make sure none is left for this to find.
void drop_non_finite(nlohmann::json &j) {
    const auto bad = [](const nlohmann::json &v) {
        return v.is_number_float() && !std::isfinite(v.get<double>());
    };
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end();) {
            if (bad(*it)) {
                it = j.erase(it);
            } else {
                drop_non_finite(*it);
                ++it;
            }
        }
    } else if (j.is_array()) {
        for (nlohmann::json &element : j) {
            if (bad(element))
                element = nullptr;
            else
                drop_non_finite(element);
        }
    }
}

}  // namespace

nlohmann::json to_json(const RunRecord &record) {
    nlohmann::json runs = nlohmann::json::array();
    const CpuKindOf kinds = cpu_kind_of(record.system);
    for (const CopyPassRecord &r : record.copy_passes) runs.push_back(copy_pass_json(r, kinds));
    nlohmann::json doc = {
        {"schema", kResultSchema},
        {"tool", {{"name", "bytebench"}, {"version", BYTEBENCH_VERSION}, {"abi", BYTEBENCH_ABI}}},
        {"status", record.complete ? "complete" : "incomplete"},
        {"system", record.system},
        {"options", record.options},
        {"suite", record.suite}};
    if (!record.labels.empty()) doc["labels"] = labels_json(record.labels);
    doc["runs"] = std::move(runs);
    if (nlohmann::json scaling = scaling_json(record.copy_passes); !scaling.is_null())
        doc["scaling"] = std::move(scaling);
    drop_non_finite(doc);
    return doc;
}

}  // namespace bytebench
