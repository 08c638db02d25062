// The sections that follow a copy-pass's results in every format (report_model.h): built here
// once from the result document's readers (metric_access.h, environment_access.h,
// result_access.h), laid out by each format's section renderer. A section added to
// run_sections() appears in text, Markdown, HTML and (its list) CSV. Call inside a
// CLocaleScope. Header-only.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/c_format.h"
#include "common/environment_access.h"
#include "common/join.h"
#include "common/metric_access.h"
#include "common/number_text.h"
#include "common/report_model.h"
#include "common/result_access.h"

namespace bytebench::reporters {

namespace detail {

inline model::Cell plain_cell(std::string text) {
    model::Cell cell;
    cell.text = std::move(text);
    return cell;
}

// The text of a number the test may not have: empty without it.
inline model::Cell number_cell(const std::optional<double> &value, std::string text) {
    return plain_cell(value ? std::move(text) : std::string());
}

// A number of an environment summary; "unknown" (with the pass's reason as its note) when a
// pass said so and none gave the number.
inline model::Cell environment_cell(const std::optional<double> &value, std::string text,
                                    const nlohmann::json &test, const char *key) {
    if (value) return plain_cell(std::move(text));
    model::Cell cell;
    if (!any_unknown(test, key)) return cell;
    cell.text = "unknown";
    for (const nlohmann::json &pass : elements(member(test, "passes"))) {
        cell.note = string_member(member(pass_environment(pass), "why"), unknown_key(key));
        if (!cell.note.empty()) break;
    }
    return cell;
}

inline std::vector<model::Cell> metric_row(const TestMetric &item) {
    const std::optional<long long> n = metric_n(*item.metric);
    return {plain_cell(display_name(*item.test)),
            plain_cell(metric_name(*item.metric)),
            number_cell(number_member(*item.metric, "value"), metric_value_text(*item.metric)),
            plain_cell(metric_spread_text(*item.metric, "\u00B1")),  // ±
            plain_cell(n ? std::to_string(*n) : ""),
            plain_cell(direction_text(direction_member(*item.metric)))};
}

inline std::vector<model::Cell> environment_row(const nlohmann::json &test, bool energy) {
    const EnvironmentSummary s = environment_summary(test);
    // A summary's number in `text` (when it has one) followed by `unit`.
    const auto cell = [&](const std::optional<double> &value, const std::string &text,
                          const char *key, const char *unit) {
        return environment_cell(value, value ? text + unit : "", test, key);
    };
    std::vector<model::Cell> row = {
        plain_cell(display_name(test)),
        cell(s.steal_share, s.steal_share ? share_text(*s.steal_share) : "", "steal_share", ""),
        cell(s.foreign_share, s.foreign_share ? share_text(*s.foreign_share) : "", "foreign_share",
             ""),
        cell(s.frequency_mhz, s.frequency_mhz ? mhz_text(*s.frequency_mhz) : "", "frequency_mhz",
             " MHz"),
        cell(s.throttle_events, s.throttle_events ? format("%.0f", *s.throttle_events) : "",
             "throttle_events", "")};
    if (s.frequency_mhz) row[3].note = s.frequency_source;
    if (energy) {
        row.push_back(
            cell(s.energy_j, s.energy_j ? value_text(*s.energy_j) : "", "energy_j", " J"));
        row.push_back(
            cell(s.average_w, s.average_w ? value_text(*s.average_w) : "", "average_w", " W"));
        row.push_back(number_cell(s.value_per_watt, s.value_per_watt
                                                        ? per_watt_text(*s.value_per_watt) + " " +
                                                              string_member(test, "unit") + "/W"
                                                        : ""));
    }
    model::Cell disturbed = plain_cell(format("%lld of %lld", s.disturbed, s.passes));
    if (s.disturbed > 0) disturbed.tone = model::Tone::warn;
    row.push_back(disturbed);
    return row;
}

inline std::string environment_legend(const nlohmann::json &run, bool energy) {
    const std::vector<std::string> sources = frequency_sources(run);
    return "Steal, other processes: medians over all passes of their share of the wall time "
           "\u00D7 CPUs; clock: median of the CPUs the copies ran on" +
           (sources.empty() ? std::string() : " (" + join_known(sources, ", ") + ")") +
           "; throttle events: all passes" +
           (energy ? "; energy and power: means per pass (RAPL); per watt: the value over the "
                     "mean power of the kept passes"
                   : "") +
           ". A pass is disturbed when steal or other processes took more than their limit "
           "(options.disturbance_limits) or the CPUs throttled.";
}

}  // namespace detail

// The metrics of the copy-pass's tests (metric_access.h); nothing when they have none.
inline std::optional<model::Section> metrics_section(const nlohmann::json &run) {
    const std::vector<TestMetric> metrics = run_metrics(run);
    if (metrics.empty()) return std::nullopt;
    model::Section section;
    section.id = "metrics";
    section.title = "Metrics";
    section.table.columns = {{"Test", model::Align::left},   {"Metric", model::Align::left},
                             {"Value", model::Align::right}, {"Spread", model::Align::right},
                             {"n", model::Align::right},     {"Direction", model::Align::left}};
    for (const TestMetric &item : metrics) section.table.rows.push_back(detail::metric_row(item));
    section.legend =
        "Value: mean of the ok passes; spread: half width of its 95% confidence interval (cv "
        "with fewer values); n: passes.";
    return section;
}

// The environment of the passes (environment_access.h): a row per test that recorded it, the
// disturbed tests and the members the machine could not give; nothing when no pass recorded
// its environment. Energy columns only when some test has energy, so that the common case (no
// RAPL, as on most VMs) stays narrow.
inline std::optional<model::Section> environment_section(const nlohmann::json &run) {
    std::vector<const nlohmann::json *> tests;
    for (const nlohmann::json *test : tests_by_name(run))
        if (test_has_environment(*test)) tests.push_back(test);
    if (tests.empty()) return std::nullopt;
    const bool energy = run_has_energy(run);
    model::Section section;
    section.id = "environment";
    section.title = "Environment of the passes";
    section.detail = true;
    using model::Align;
    section.table.columns = {{"Test", Align::left},
                             {"Steal", Align::right},
                             {"Other processes", Align::right},
                             {"Clock", Align::right},
                             {"Throttle events", Align::right}};
    if (energy)
        section.table.columns.insert(section.table.columns.end(),
                                     {{"Energy per pass", Align::right},
                                      {"Average power", Align::right},
                                      {"Per watt", Align::right}});
    section.table.columns.push_back({"Disturbed", Align::right});
    for (const nlohmann::json *test : tests) {
        section.table.rows.push_back(detail::environment_row(*test, energy));
        if (std::string text = disturbed_text(*test); !text.empty())
            section.items.push_back({display_name(*test), std::move(text), {}});
    }
    for (const UnknownMember &unknown : unknown_members(run))
        section.items.push_back({"", unknown_text(unknown), {}});
    section.legend = detail::environment_legend(run, energy);
    return section;
}

// What the run warned about how its tests ran (`runs[].tests[].warnings`: output inside the
// timed loop, a pass far longer than asked), a line per warning under the test's name, in the
// report's order; nothing when no test has any. The rows of those tests carry a mark too.
inline std::optional<model::Section> test_warnings_section(const nlohmann::json &run) {
    model::Section section;
    section.id = "test-warnings";
    section.title = "Warnings";
    for (const nlohmann::json *test : tests_by_name(run))
        for (std::string &warning : test_warnings(*test))
            section.items.push_back({display_name(*test), std::move(warning), {}});
    if (section.items.empty()) return std::nullopt;
    return section;
}

// The sections after a copy-pass's results, in the order every format shows them: the
// warnings first, nearest the rows they mark.
inline std::vector<model::Section> run_sections(const nlohmann::json &run) {
    std::vector<model::Section> sections;
    for (std::optional<model::Section> section :
         {test_warnings_section(run), metrics_section(run), environment_section(run)})
        if (section) sections.push_back(std::move(*section));
    return sections;
}

}  // namespace bytebench::reporters
