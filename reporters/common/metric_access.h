// Reading the metrics of a result's tests (runs[].tests[].metrics[], docs/result-schema.md,
// "Metrics"): secondary numbers with a direction, shown after UnixBench's blocks. Results
// before metrics have none, and every report of them stays as it was. Lenient like the core's
// reader: an element without a key is left out, and so is a key seen before in the same test.
// Header-only.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/c_format.h"
#include "common/result_access.h"
#include "common/statistics_access.h"

namespace bytebench::reporters {

// A test's metrics, in document order.
inline std::vector<const nlohmann::json *> test_metrics(const nlohmann::json &test) {
    std::vector<const nlohmann::json *> metrics;
    std::unordered_set<std::string> keys;
    for (const nlohmann::json &metric : elements(member(test, "metrics"))) {
        const std::string key = string_member(metric, "key");
        if (!key.empty() && keys.insert(key).second) metrics.push_back(&metric);
    }
    return metrics;
}

// One metric of one test, as the Metrics blocks list them.
struct TestMetric {
    const nlohmann::json *test;
    const nlohmann::json *metric;
};

// The metrics of a copy-pass's tests, the tests in the report's order (tests_by_name).
inline std::vector<TestMetric> run_metrics(const nlohmann::json &run) {
    std::vector<TestMetric> all;
    for (const nlohmann::json *test : tests_by_name(run))
        for (const nlohmann::json *metric : test_metrics(*test)) all.push_back({test, metric});
    return all;
}

inline bool document_has_metrics(const nlohmann::json &doc) {
    for (const nlohmann::json &run : elements(member(doc, "runs")))
        if (!run_metrics(run).empty()) return true;
    return false;
}

// Its display name; the key when the writer gave none.
inline std::string metric_name(const nlohmann::json &metric) {
    const std::string name = string_member(metric, "name");
    return name.empty() ? string_member(metric, "key") : name;
}

// How many passes the metric's value is the mean of: `stats.n`.
inline std::optional<long long> metric_n(const nlohmann::json &metric) {
    return integer_member(member(metric, "stats"), "n");
}

// The spread of a metric's passes: the half width of the 95% interval of its mean, else its
// coefficient of variation; neither with fewer than two passes.
struct MetricSpread {
    enum class Kind { none, ci95, cv } kind = Kind::none;
    double value = 0;  // the half width in the metric's unit, or the CV as a fraction
};

inline MetricSpread metric_spread(const nlohmann::json &metric) {
    const nlohmann::json &stats = member(metric, "stats");
    if (const std::optional<IntervalValue> ci = interval_member(stats, "ci95"))
        return {MetricSpread::Kind::ci95, (ci->hi - ci->lo) / 2};
    if (const std::optional<double> cv = number_member(stats, "cv"))
        return {MetricSpread::Kind::cv, *cv};
    return {};
}

// "+/-12.3" (`plus_minus` is "+/-" in ASCII reports, "±" elsewhere) or "cv 1.2%"; "" without
// a spread. Call inside a CLocaleScope.
inline std::string metric_spread_text(const nlohmann::json &metric, const char *plus_minus) {
    const MetricSpread spread = metric_spread(metric);
    switch (spread.kind) {
        case MetricSpread::Kind::ci95:
            return plus_minus + format("%.1f", spread.value);
        case MetricSpread::Kind::cv:
            return format("cv %.1f%%", spread.value * 100.0);
        case MetricSpread::Kind::none:
            break;
    }
    return "";
}

// The value with its unit, "1234.5 us"; "-" when no pass had a value. Call inside a
// CLocaleScope.
inline std::string metric_value_text(const nlohmann::json &metric) {
    const std::optional<double> value = number_member(metric, "value");
    if (!value) return "-";
    const std::string unit = string_member(metric, "unit");
    return format("%.1f", *value) + (unit.empty() ? "" : " " + unit);
}

}  // namespace bytebench::reporters
