// The Environment block of `--stats`: one row per test whose passes recorded their
// environment (in the report's order), then the disturbed passes and the members that were
// unknown, each on a line of its own. Energy columns only when some test has energy, so that
// the common case (no RAPL, as on most VMs) stays narrow.
#include "environment_text.h"

#include <optional>
#include <string>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/environment_access.h"
#include "common/join.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "text_table.h"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

// A number of the summary, "unknown" when a pass said so and none gave it, else "-".
std::string cell(const std::optional<double> &value, const std::string &text, const json &test,
                 const char *key) {
    if (value) return text;
    return any_unknown(test, key) ? "unknown" : kAbsentCell;
}

std::string share_cell(const std::optional<double> &share, const json &test, const char *key) {
    return cell(share, share ? format("%.1f", *share * 100.0) : "", test, key);
}

std::vector<std::string> environment_row(const json &test, bool energy) {
    const EnvironmentSummary summary = environment_summary(test);
    std::vector<std::string> row = {
        display_name(test), share_cell(summary.steal_share, test, "steal_share"),
        share_cell(summary.foreign_share, test, "foreign_share"),
        cell(summary.frequency_mhz, summary.frequency_mhz ? mhz_text(*summary.frequency_mhz) : "",
             test, "frequency_mhz"),
        cell(summary.throttle_events,
             summary.throttle_events ? format("%.0f", *summary.throttle_events) : "", test,
             "throttle_events")};
    if (energy) {
        row.push_back(cell(summary.energy_j, summary.energy_j ? value_text(*summary.energy_j) : "",
                           test, "energy_j"));
        row.push_back(cell(summary.average_w,
                           summary.average_w ? value_text(*summary.average_w) : "", test,
                           "average_w"));
        row.push_back(summary.value_per_watt ? per_watt_text(*summary.value_per_watt) + " " +
                                                   string_member(test, "unit") + "/W"
                                             : kAbsentCell);
    }
    row.push_back(format("%lld of %lld", summary.disturbed, summary.passes));
    return row;
}

std::vector<const json *> tests_with_environment(const json &run) {
    std::vector<const json *> tests;
    for (const json *test : tests_by_name(run))
        if (test_has_environment(*test)) tests.push_back(test);
    return tests;
}

}  // namespace

void write_run_environment(const json &run, std::ostream &out) {
    const std::vector<const json *> tests = tests_with_environment(run);
    if (tests.empty()) return;
    const bool energy = run_has_energy(run);
    std::vector<TextColumn> columns = {{false, 0}, {true, 2}, {true, 2}, {true, 2}, {true, 2}};
    std::vector<std::string> heading = {"Environment of the passes", "steal %", "other CPU %",
                                        "MHz", "throttle"};
    if (energy) {
        columns.insert(columns.end(), {{true, 2}, {true, 2}, {true, 2}});
        heading.insert(heading.end(), {"J/pass", "avg W", "per watt"});
    }
    columns.push_back({true, 2});
    heading.push_back("disturbed");
    TextTable table(columns);
    table.add_row(heading);
    table.add_rule();
    for (const json *test : tests) table.add_row(environment_row(*test, energy));
    table.write(out);
    out << "\n";

    bool notes = false;
    for (const json *test : tests)
        if (const std::string text = disturbed_text(*test); !text.empty()) {
            out << display_name(*test) << ": " << text << "\n";
            notes = true;
        }
    for (const UnknownMember &unknown : unknown_members(run)) {
        out << unknown_text(unknown) << "\n";
        notes = true;
    }
    if (notes) out << "\n";
}

std::string environment_legend(const json &run) {
    if (!run_has_environment(run)) return "";
    const std::vector<std::string> sources = frequency_sources(run);
    std::string text =
        "environment: medians over all passes; steal, other CPU: % of wall time x CPUs;\n"
        "MHz: clock of the CPUs the copies ran on" +
        (sources.empty() ? std::string() : " (" + join_known(sources, ", ") + ")") +
        "; throttle: events in all passes;\n";
    if (run_has_energy(run))
        text += "J/pass, avg W: means (RAPL); per watt: value / mean power of the kept passes;\n";
    return text +
           "disturbed: steal or other processes above their limits, or throttling\n"
           "(options.disturbance_limits, docs/result-schema.md)\n";
}

std::string disturbed_note(const json &run) {
    const auto [disturbed, passes] = run_disturbed_count(run);
    if (disturbed <= 0) return "";
    return format(
        "(%lld of %lld %s %s disturbed by steal, other processes or throttling; "
        "--stats says which)",
        disturbed, passes, passes == 1 ? "pass" : "passes", disturbed == 1 ? "was" : "were");
}

}  // namespace bytebench::reporters::text
