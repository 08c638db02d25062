// Reading the environment of the passes (issue 20, docs/result-schema.md): each pass's
// `environment` (steal, CPU time of other processes, clock, throttling, energy, and why the
// pass was disturbed), a test's `disturbed_passes` and `value_per_watt`. A member the machine
// could not give is the string "unknown", its reason in the environment's `why`. Results
// written before these members existed (and imported ones) have none of them: every function
// here then finds nothing, and a reporter shows nothing new. Header-only.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/result_access.h"

namespace bytebench::reporters {

// The environment of a pass: an object, or null when the pass has none (or a wrong type).
inline const nlohmann::json &pass_environment(const nlohmann::json &pass) {
    static const nlohmann::json absent;
    const nlohmann::json &environment = member(pass, "environment");
    return environment.is_object() ? environment : absent;
}

inline bool test_has_environment(const nlohmann::json &test) {
    for (const nlohmann::json &pass : elements(member(test, "passes")))
        if (pass_environment(pass).is_object()) return true;
    return false;
}

// Whether a copy-pass (an element of `runs`) recorded the environment of any pass.
inline bool run_has_environment(const nlohmann::json &run) {
    for (const nlohmann::json &test : elements(member(run, "tests")))
        if (test_has_environment(test)) return true;
    return false;
}

// How many passes of the test recorded their environment.
inline long long environment_pass_count(const nlohmann::json &test) {
    long long count = 0;
    for (const nlohmann::json &pass : elements(member(test, "passes")))
        count += pass_environment(pass).is_object() ? 1 : 0;
    return count;
}

// Why the pass was disturbed ("steal was 4.1% of the CPU time (more than 2%)", ...); empty
// when it was not (the core leaves the member out of a clean pass).
inline std::vector<std::string> disturbed_reasons(const nlohmann::json &pass) {
    std::vector<std::string> reasons;
    for (const nlohmann::json &reason : elements(member(pass_environment(pass), "disturbed")))
        if (reason.is_string() && !reason.get<std::string>().empty())
            reasons.push_back(reason.get<std::string>());
    return reasons;
}

struct DisturbedPass {
    long long number = 0;  // 0-based, in passes[]
    const nlohmann::json *environment = nullptr;
    std::vector<std::string> reasons;
};

// The disturbed passes of a test, in run order.
inline std::vector<DisturbedPass> disturbed_passes(const nlohmann::json &test) {
    std::vector<DisturbedPass> passes;
    long long number = 0;
    for (const nlohmann::json &pass : elements(member(test, "passes"))) {
        std::vector<std::string> reasons = disturbed_reasons(pass);
        if (!reasons.empty())
            passes.push_back({number, &pass_environment(pass), std::move(reasons)});
        ++number;
    }
    return passes;
}

// How many passes of the test were disturbed: the core's `disturbed_passes` (left out when
// 0), else the passes that say why they were.
inline long long disturbed_count(const nlohmann::json &test) {
    if (const std::optional<long long> count = integer_member(test, "disturbed_passes");
        count && *count >= 0)
        return *count;
    return static_cast<long long>(disturbed_passes(test).size());
}

// A number of the environment; none when it is "unknown", absent or not finite.
inline std::optional<double> environment_number(const nlohmann::json &environment,
                                                const char *key) {
    const std::optional<double> value = number_member(environment, key);
    if (!value || !std::isfinite(*value)) return std::nullopt;
    return value;
}

inline bool environment_unknown(const nlohmann::json &environment, const char *key) {
    return string_member(environment, key) == "unknown";
}

// The member that is "unknown" when a share is missing: the seconds it is computed from.
inline const char *unknown_key(const char *key) {
    const std::string name = key;
    if (name == "steal_share") return "steal_s";
    if (name == "foreign_share") return "foreign_cpu_s";
    if (name == "average_w") return "energy_j";
    return key;
}

// Whether some pass of the test says `key` (or what it is computed from) is "unknown".
inline bool any_unknown(const nlohmann::json &test, const char *key) {
    for (const nlohmann::json &pass : elements(member(test, "passes")))
        if (environment_unknown(pass_environment(pass), unknown_key(key))) return true;
    return false;
}

// The distinct `frequency_source`s of a copy-pass's passes, in the order met.
inline std::vector<std::string> frequency_sources(const nlohmann::json &run) {
    std::vector<std::string> sources;
    for (const nlohmann::json &test : elements(member(run, "tests")))
        for (const nlohmann::json &pass : elements(member(test, "passes"))) {
            const std::string source = string_member(pass_environment(pass), "frequency_source");
            if (!source.empty() &&
                std::find(sources.begin(), sources.end(), source) == sources.end())
                sources.push_back(source);
        }
    return sources;
}

// The values of `key` over the passes that recorded a number for it, in run order.
inline std::vector<double> environment_values(const nlohmann::json &test, const char *key) {
    std::vector<double> values;
    for (const nlohmann::json &pass : elements(member(test, "passes")))
        if (const std::optional<double> value = environment_number(pass_environment(pass), key))
            values.push_back(*value);
    return values;
}

inline std::optional<double> median_of(std::vector<double> values) {
    if (values.empty()) return std::nullopt;
    std::sort(values.begin(), values.end());
    const size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

inline std::optional<double> mean_of(const std::vector<double> &values) {
    if (values.empty()) return std::nullopt;
    double sum = 0;
    for (double value : values) sum += value;
    return sum / static_cast<double>(values.size());
}

// What a report shows of a test's environment. Shares, clock and power are over the passes
// that recorded them (all of a test's passes, kept or not: a disturbed pass is often the one
// the statistics set aside); `value_per_watt` is the core's (over the kept passes).
struct EnvironmentSummary {
    long long passes = 0;                                             // passes with an environment
    long long disturbed = 0;                                          // of those, disturbed
    std::optional<double> steal_share, foreign_share, frequency_mhz;  // medians
    std::string frequency_source;  // when every pass that gave a clock names the same source
    std::optional<double> throttle_events;      // total
    std::optional<double> energy_j, average_w;  // means per pass
    std::optional<double> value_per_watt;
};

inline std::string common_string(const nlohmann::json &test, const char *key) {
    std::string common;
    for (const nlohmann::json &pass : elements(member(test, "passes"))) {
        const std::string text = string_member(pass_environment(pass), key);
        if (text.empty()) continue;
        if (!common.empty() && text != common) return "";
        common = text;
    }
    return common;
}

inline EnvironmentSummary environment_summary(const nlohmann::json &test) {
    EnvironmentSummary summary;
    summary.passes = environment_pass_count(test);
    summary.disturbed = disturbed_count(test);
    summary.steal_share = median_of(environment_values(test, "steal_share"));
    summary.foreign_share = median_of(environment_values(test, "foreign_share"));
    summary.frequency_mhz = median_of(environment_values(test, "frequency_mhz"));
    if (summary.frequency_mhz) summary.frequency_source = common_string(test, "frequency_source");
    const std::vector<double> throttles = environment_values(test, "throttle_events");
    if (!throttles.empty()) {
        double total = 0;
        for (double events : throttles) total += events;
        summary.throttle_events = total;
    }
    summary.energy_j = mean_of(environment_values(test, "energy_j"));
    summary.average_w = mean_of(environment_values(test, "average_w"));
    if (const std::optional<double> per_watt = number_member(test, "value_per_watt");
        per_watt && std::isfinite(*per_watt))
        summary.value_per_watt = per_watt;
    return summary;
}

// Whether any test of the copy-pass has a number for energy: the reports then show energy,
// power and value per watt.
inline bool run_has_energy(const nlohmann::json &run) {
    for (const nlohmann::json &test : elements(member(run, "tests")))
        if (!environment_values(test, "energy_j").empty() || number_member(test, "value_per_watt"))
            return true;
    return false;
}

// The passes and disturbed passes of a copy-pass, for the one line the default text report
// adds.
inline std::pair<long long, long long> run_disturbed_count(const nlohmann::json &run) {
    long long disturbed = 0, passes = 0;
    for (const nlohmann::json &test : elements(member(run, "tests")))
        if (test_has_environment(test)) {
            disturbed += disturbed_count(test);
            passes += environment_pass_count(test);
        }
    return {disturbed, passes};
}

// ---------------------------------------------------------------------------
// Text. Call inside a CLocaleScope.
// ---------------------------------------------------------------------------

// A share (0.041) as "4.1%".
inline std::string share_text(double share) { return format("%.1f%%", share * 100.0); }

inline std::string mhz_text(double mhz) { return format("%.0f", mhz); }

// A value per watt: one decimal as values are printed, more for small ones.
inline std::string per_watt_text(double value) {
    return format(std::fabs(value) < 10 ? "%.3g" : "%.1f", value);
}

// What a member of the environment is called in a sentence.
inline std::string environment_label(const std::string &key) {
    static const std::pair<const char *, const char *> labels[] = {
        {"frequency_mhz", "clock frequency"},
        {"throttle_events", "thermal throttle events"},
        {"energy_j", "energy"},
        {"average_w", "power"},
        {"steal_s", "steal"},
        {"steal_share", "steal"},
        {"foreign_cpu_s", "CPU time of other processes"},
        {"foreign_share", "CPU time of other processes"},
        {"own_cpu_s", "bytebench's CPU time"},
        {"cpus", "CPUs"}};
    for (const auto &[name, label] : labels)
        if (key == name) return label;
    return key;
}

// A member that was "unknown" in some pass of a copy-pass, and why.
struct UnknownMember {
    std::string key;
    std::string why;  // "" when the result does not say
    bool operator==(const UnknownMember &other) const {
        return key == other.key && why == other.why;
    }
};

// Every distinct (member, reason) that was "unknown" in the copy-pass, in the order met.
inline std::vector<UnknownMember> unknown_members(const nlohmann::json &run) {
    std::vector<UnknownMember> unknowns;
    for (const nlohmann::json &test : elements(member(run, "tests")))
        for (const nlohmann::json &pass : elements(member(test, "passes"))) {
            const nlohmann::json &environment = pass_environment(pass);
            if (!environment.is_object()) continue;
            for (auto it = environment.begin(); it != environment.end(); ++it) {
                if (!it->is_string() || it->get<std::string>() != "unknown") continue;
                const UnknownMember unknown{
                    it.key(), string_member(member(environment, "why"), it.key().c_str())};
                if (std::find(unknowns.begin(), unknowns.end(), unknown) == unknowns.end())
                    unknowns.push_back(unknown);
            }
        }
    return unknowns;
}

// "clock frequency unknown: perf events not allowed (perf_event_paranoid 4)".
inline std::string unknown_text(const UnknownMember &unknown) {
    std::string text = environment_label(unknown.key) + " unknown";
    return unknown.why.empty() ? text : text + ": " + unknown.why;
}

namespace detail {

inline std::string lowercase(std::string text) {
    for (char &c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// One reason of one disturbed pass, in a few words: its kind ("steal", "other processes",
// "throttled") and the pass's figure; a reason of another kind is its own label, without a
// figure.
struct ShortReason {
    std::string label;
    std::optional<double> figure;  // a share (0.041), or a count of throttle events
    bool share = false;
};

inline ShortReason short_reason(const std::string &reason, const nlohmann::json &environment) {
    const std::string lower = lowercase(reason);
    const auto kind = [&](const char *label, const char *key, bool share) {
        const std::optional<double> figure = environment_number(environment, key);
        return figure ? ShortReason{label, figure, share} : ShortReason{reason, std::nullopt};
    };
    if (lower.find("steal") != std::string::npos) return kind("steal", "steal_share", true);
    if (lower.find("other process") != std::string::npos ||
        lower.find("foreign") != std::string::npos)
        return kind("other processes", "foreign_share", true);
    if (lower.find("throttl") != std::string::npos)
        return kind("throttled", "throttle_events", false);
    return {reason, std::nullopt};
}

// "4.1%", "3.9-4.4%"; "2 times", "1-3 times". Call inside a CLocaleScope.
inline std::string figure_range_text(double lo, double hi, bool share) {
    if (share) {
        const std::string low = format("%.1f", lo * 100.0), high = format("%.1f", hi * 100.0);
        return (low == high ? low : low + "-" + high) + "%";
    }
    const std::string low = format("%.0f", lo), high = format("%.0f", hi);
    return (low == high ? low : low + "-" + high) + (high == "1" ? " time" : " times");
}

// "pass 3", "passes 1-3, 7" (0-based numbers, shown from 1).
inline std::string passes_text(const std::vector<long long> &numbers) {
    std::string text;
    for (size_t i = 0; i < numbers.size();) {
        size_t j = i;
        while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
        text += (text.empty() ? "" : ", ") + std::to_string(numbers[i] + 1);
        if (j > i) text += (j > i + 1 ? "-" : ", ") + std::to_string(numbers[j] + 1);
        i = j + 1;
    }
    return (numbers.size() == 1 ? "pass " : "passes ") + text;
}

}  // namespace detail

// The disturbed passes of a test by kind of reason, each kind once with its figures' range
// and its passes (counted from 1, as the run's log numbers them): "steal 4.1% (pass 3),
// other processes 12.0-14.1% (passes 5, 7), throttled 2 times (pass 2)". "" when none says
// why. Call inside a CLocaleScope.
inline std::string disturbed_reasons_text(const nlohmann::json &test) {
    struct Kind {
        detail::ShortReason reason;
        double lo = 0, hi = 0;
        std::vector<long long> passes;
    };
    std::vector<Kind> kinds;
    for (const DisturbedPass &pass : disturbed_passes(test))
        for (const std::string &text : pass.reasons) {
            const detail::ShortReason reason = detail::short_reason(text, *pass.environment);
            auto kind = std::find_if(kinds.begin(), kinds.end(),
                                     [&](const Kind &k) { return k.reason.label == reason.label; });
            if (kind == kinds.end()) {
                const double figure = reason.figure.value_or(0);
                kinds.push_back({reason, figure, figure, {}});
                kind = kinds.end() - 1;
            }
            if (reason.figure) {
                kind->lo = std::min(kind->lo, *reason.figure);
                kind->hi = std::max(kind->hi, *reason.figure);
            }
            if (kind->passes.empty() || kind->passes.back() != pass.number)
                kind->passes.push_back(pass.number);
        }
    std::string text;
    for (const Kind &kind : kinds) {
        text += (text.empty() ? "" : ", ") + kind.reason.label;
        if (kind.reason.figure)
            text += " " + detail::figure_range_text(kind.lo, kind.hi, kind.reason.share);
        text += " (" + detail::passes_text(kind.passes) + ")";
    }
    return text;
}

// "2 of 10 passes disturbed: steal 4.1% (pass 3), other processes 12.0% (pass 7)"; "" when
// no pass was. The count is the core's; the list, the passes that say why. Call inside a
// CLocaleScope.
inline std::string disturbed_text(const nlohmann::json &test) {
    const long long count = disturbed_count(test);
    if (count <= 0) return "";
    const long long passes = environment_pass_count(test);
    const std::string text =
        format("%lld of %lld %s disturbed", count, passes, passes == 1 ? "pass" : "passes");
    const std::string reasons = disturbed_reasons_text(test);
    return reasons.empty() ? text : text + ": " + reasons;
}

}  // namespace bytebench::reporters
