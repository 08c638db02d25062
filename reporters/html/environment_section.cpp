#include "environment_section.h"

#include <algorithm>
#include <optional>

#include "common/environment_access.h"
#include "format.h"
#include "html_page.h"

namespace bytebench::reporters::html {
namespace {

using reporters::EnvironmentSummary;

// A number cell; "unknown" (its reason as the tooltip) when a pass said so and none gave the
// number, else "—".
std::string summary_cell(const std::optional<double> &value, const std::string &text,
                         const json &test, const char *key) {
    if (value) return number_cell(text);
    if (!reporters::any_unknown(test, key)) return number_cell(kAbsent);
    std::string why;
    for (const json &pass : elements(member(test, "passes"))) {
        why = string_member(member(reporters::pass_environment(pass), "why"),
                            reporters::unknown_key(key));
        if (!why.empty()) break;
    }
    return "<td class=\"num unknown\"" + (why.empty() ? "" : " title=\"" + escape(why) + "\"") +
           ">unknown</td>";
}

std::string share_cell(const std::optional<double> &share, const json &test, const char *key) {
    return summary_cell(share, share ? reporters::share_text(*share) : "", test, key);
}

std::string clock_cell(const EnvironmentSummary &summary, const json &test) {
    if (!summary.frequency_mhz) return summary_cell(std::nullopt, "", test, "frequency_mhz");
    const std::string text = reporters::mhz_text(*summary.frequency_mhz) + " MHz";
    if (summary.frequency_source.empty()) return number_cell(text);
    return "<td class=\"num\" title=\"" + escape(summary.frequency_source) + "\">" + escape(text) +
           "</td>";
}

std::string count_cell(const EnvironmentSummary &summary) {
    const std::string text =
        std::to_string(summary.disturbed) + " of " + std::to_string(summary.passes);
    return "<td>" +
           (summary.disturbed > 0 ? badge(text, "warn")
                                  : "<span class=\"muted\">" + escape(text) + "</span>") +
           "</td>";
}

void write_environment_row(const json &test, bool energy, std::ostream &out) {
    const EnvironmentSummary summary = reporters::environment_summary(test);
    out << "<tr><td>" << escape(display_name(test)) << "</td>"
        << share_cell(summary.steal_share, test, "steal_share")
        << share_cell(summary.foreign_share, test, "foreign_share") << clock_cell(summary, test)
        << summary_cell(summary.throttle_events,
                        summary.throttle_events ? fixed(*summary.throttle_events, 0) : "", test,
                        "throttle_events");
    if (energy) {
        const std::string unit = string_member(test, "unit");
        out << summary_cell(summary.energy_j,
                            summary.energy_j ? value_text(*summary.energy_j) + " J" : "", test,
                            "energy_j")
            << summary_cell(summary.average_w,
                            summary.average_w ? value_text(*summary.average_w) + " W" : "", test,
                            "average_w")
            << number_cell(summary.value_per_watt
                               ? reporters::per_watt_text(*summary.value_per_watt) + " " + unit +
                                     "/W"
                               : kAbsent);
    }
    out << count_cell(summary) << "</tr>\n";
}

// The reasons, pass by pass, of the tests whose passes were disturbed.
void write_disturbed_list(const std::vector<const json *> &tests, std::ostream &out) {
    std::string items;
    for (const json *test : tests)
        for (const reporters::DisturbedPass &pass : reporters::disturbed_passes(*test)) {
            std::string reasons;
            for (const std::string &reason : pass.reasons)
                reasons += (reasons.empty() ? "" : "; ") + reason;
            items += "<li>" + escape(display_name(*test)) + ", pass " +
                     std::to_string(pass.number + 1) + ": " + escape(reasons) + "</li>\n";
        }
    if (!items.empty()) out << "<p>Disturbed passes:</p>\n<ul>\n" << items << "</ul>\n";
}

void write_unknown_list(const json &run, std::ostream &out) {
    std::string items;
    for (const reporters::UnknownMember &unknown : reporters::unknown_members(run))
        items += "<li>" + escape(reporters::unknown_text(unknown)) + "</li>\n";
    if (!items.empty()) out << "<p>Not measured on this machine:</p>\n<ul>\n" << items << "</ul>\n";
}

}  // namespace

bool has_environment(const std::vector<const json *> &tests) {
    return std::any_of(tests.begin(), tests.end(),
                       [](const json *test) { return reporters::test_has_environment(*test); });
}

std::string disturbed_cell(const json &test) {
    if (!reporters::test_has_environment(test)) return "<td>" + std::string(kAbsent) + "</td>";
    const std::vector<reporters::DisturbedPass> passes = reporters::disturbed_passes(test);
    const long long count = reporters::disturbed_count(test);
    if (passes.empty() && count <= 0) return "<td><span class=\"muted\">none</span></td>";
    if (passes.empty()) return "<td>" + badge(counted(count, "pass", "passes"), "warn") + "</td>";
    std::string html;
    for (const reporters::DisturbedPass &pass : passes) {
        std::string reasons;
        for (const std::string &reason : pass.reasons)
            reasons += (reasons.empty() ? "" : "; ") + reason;
        html += (html.empty() ? "" : " ") + std::string("<span class=\"badge warn\" title=\"") +
                escape(reasons) + "\">pass " + std::to_string(pass.number + 1) + "</span>";
    }
    return "<td>" + html + "</td>";
}

void write_environment(const json &run, const std::vector<const json *> &tests, std::ostream &out) {
    std::vector<const json *> measured;
    for (const json *test : tests)
        if (reporters::test_has_environment(*test)) measured.push_back(test);
    if (measured.empty()) return;
    const bool energy = reporters::run_has_energy(run);
    out << "<h3>Environment of the passes</h3>\n<div class=\"table-wrap\"><table "
           "class=\"environment\">\n<thead><tr><th>Test</th><th class=\"num\">Steal</th>"
           "<th class=\"num\">Other processes</th><th class=\"num\">Clock</th>"
           "<th class=\"num\">Throttle events</th>"
        << (energy ? "<th class=\"num\">Energy per pass</th><th class=\"num\">Average "
                     "power</th><th class=\"num\">Per watt</th>"
                   : "")
        << "<th>Disturbed</th></tr></thead>\n<tbody>\n";
    for (const json *test : measured) write_environment_row(*test, energy, out);
    out << "</tbody>\n</table></div>\n";
    write_disturbed_list(measured, out);
    write_unknown_list(run, out);
    out << "<p class=\"muted\">Steal, other processes: medians over all passes of their share of "
           "the wall time × CPUs; clock: median of the CPUs the copies ran on; throttle events: "
           "all passes"
        << (energy ? "; energy and power: means per pass (RAPL); per watt: the value over the "
                     "mean power of the kept passes"
                   : "")
        << ". A pass is disturbed when steal or other processes took more than their limit "
           "(options.disturbance_limits) or the CPUs throttled.</p>\n";
}

}  // namespace bytebench::reporters::html
