// Reading the statistics the core writes into a result (docs/statistics.md): a test's
// `stats` (n, cv, ci95, outliers), its `value_ci95`, `index_ci95` and `quick`, an index's
// `ci95`. Older
// results and imported ones lack them; every read has a fallback. Header-only.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"

namespace bytebench::reporters {

struct IntervalValue {
    double lo = 0, hi = 0;
};

// `object[key]` as an interval: an array of two finite numbers, lo <= hi.
inline std::optional<IntervalValue> interval_member(const nlohmann::json &object, const char *key) {
    const nlohmann::json &value = member(object, key);
    if (!value.is_array() || value.size() != 2) return std::nullopt;
    const std::optional<double> lo = number_of(value[0]), hi = number_of(value[1]);
    if (!lo || !hi || !std::isfinite(*lo) || !std::isfinite(*hi) || *lo > *hi) return std::nullopt;
    return IntervalValue{*lo, *hi};
}

// "650.1 - 752.3" (one decimal, as UnixBench prints values). Call inside a CLocaleScope.
inline std::string interval_text(const IntervalValue &interval) {
    return format("%.1f - %.1f", interval.lo, interval.hi);
}

// How many kept passes the statistics describe: `stats.n`, else `samples`.
inline std::optional<long long> statistics_n(const nlohmann::json &test) {
    if (const std::optional<long long> n = integer_member(member(test, "stats"), "n")) return n;
    return integer_member(test, "samples");
}

// The passes (0-based, in passes[]) flagged as outliers: `stats.outliers`, else the passes
// marked `outlier`. Empty when none, or when the result does not say.
inline std::vector<long long> outlier_passes(const nlohmann::json &test) {
    std::vector<long long> passes;
    const nlohmann::json &listed = member(member(test, "stats"), "outliers");
    if (listed.is_array()) {
        for (const nlohmann::json &item : listed)
            if (const std::optional<double> pass = number_of(item);
                pass && fits_integer(*pass) && *pass >= 0)
                passes.push_back(static_cast<long long>(*pass));
        return passes;
    }
    long long number = 0;
    for (const nlohmann::json &pass : elements(member(test, "passes"))) {
        if (flag_member(pass, "outlier")) passes.push_back(number);
        ++number;
    }
    return passes;
}

// Whether the result says which passes are outliers (older results do not).
inline bool has_outlier_marks(const nlohmann::json &test) {
    return member(member(test, "stats"), "outliers").is_array();
}

// "#4, #7": pass numbers counting from 1, as the run's log numbers them; "none" when empty.
inline std::string outlier_passes_text(const std::vector<long long> &passes) {
    if (passes.empty()) return "none";
    std::string text;
    for (long long pass : passes) text += (text.empty() ? "#" : ", #") + std::to_string(pass + 1);
    return text;
}

// Why a --quick test stopped sampling: "target, 4 passes, +/-0.8%" (the reason, the passes,
// the interval's half-width then); "" when the test has no `quick` member. Call inside a
// CLocaleScope.
inline std::string quick_stop_text(const nlohmann::json &test) {
    const nlohmann::json &quick = member(test, "quick");
    std::string text = string_member(quick, "stopped_by");
    if (text.empty()) return text;
    if (const std::optional<long long> passes = integer_member(quick, "passes"))
        text += format(", %lld %s", *passes, *passes == 1 ? "pass" : "passes");
    if (const std::optional<double> half = number_member(quick, "half_width"))
        text += format(", +/-%.1f%%", *half * 100.0);
    return text;
}

}  // namespace bytebench::reporters
