#include "environment_markdown.h"

#include <optional>
#include <string>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/environment_access.h"
#include "common/markdown.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "markdown_table.h"

namespace bytebench::reporters::markdown {
namespace {

using nlohmann::json;

// A number of the summary; "unknown" when a pass said so and none gave it, else empty.
std::string cell(const std::optional<double> &value, const std::string &text, const json &test,
                 const char *key) {
    if (value) return markdown_escape(text);
    return any_unknown(test, key) ? "unknown" : "";
}

std::vector<std::string> environment_cells(const json &test, bool energy) {
    const EnvironmentSummary s = environment_summary(test);
    std::vector<std::string> cells = {
        markdown_escape(display_name(test)),
        cell(s.steal_share, s.steal_share ? share_text(*s.steal_share) : "", test, "steal_share"),
        cell(s.foreign_share, s.foreign_share ? share_text(*s.foreign_share) : "", test,
             "foreign_share"),
        cell(s.frequency_mhz, s.frequency_mhz ? mhz_text(*s.frequency_mhz) + " MHz" : "", test,
             "frequency_mhz"),
        cell(s.throttle_events, s.throttle_events ? format("%.0f", *s.throttle_events) : "", test,
             "throttle_events")};
    if (energy) {
        cells.push_back(
            cell(s.energy_j, s.energy_j ? value_text(*s.energy_j) + " J" : "", test, "energy_j"));
        cells.push_back(cell(s.average_w, s.average_w ? value_text(*s.average_w) + " W" : "", test,
                             "average_w"));
        cells.push_back(s.value_per_watt ? markdown_escape(per_watt_text(*s.value_per_watt) + " " +
                                                           string_member(test, "unit") + "/W")
                                         : "");
    }
    cells.push_back(format("%lld of %lld", s.disturbed, s.passes));
    return cells;
}

}  // namespace

void write_run_environment(const json &run, std::ostream &out) {
    std::vector<const json *> tests;
    for (const json &test : elements(member(run, "tests")))
        if (test.is_object() && test_has_environment(test)) tests.push_back(&test);
    if (tests.empty()) return;
    const bool energy = run_has_energy(run);
    out << "#### Environment\n\n";
    std::vector<TableColumn> columns = {{"Test", Align::left},
                                        {"Steal", Align::right},
                                        {"Other processes", Align::right},
                                        {"Clock", Align::right},
                                        {"Throttle events", Align::right}};
    if (energy)
        columns.insert(columns.end(), {{"Energy per pass", Align::right},
                                       {"Average power", Align::right},
                                       {"Per watt", Align::right}});
    columns.push_back({"Disturbed", Align::right});
    Table table(columns);
    for (const json *test : tests) table.add_row(environment_cells(*test, energy));
    table.write(out);
    out << '\n';
    bool notes = false;
    for (const json *test : tests)
        if (const std::string text = disturbed_text(*test); !text.empty()) {
            out << "- *" << markdown_escape(display_name(*test)) << "*: " << markdown_escape(text)
                << '\n';
            notes = true;
        }
    for (const UnknownMember &unknown : unknown_members(run)) {
        out << "- " << markdown_escape(unknown_text(unknown)) << '\n';
        notes = true;
    }
    if (notes) out << '\n';
    out << "Steal, other processes: medians over all passes, shares of the wall time × CPUs; "
           "clock: median; throttle events: all passes"
        << (energy ? "; energy and power: means per pass; per watt: value over the mean power "
                     "of the kept passes"
                   : "")
        << ". A pass is disturbed when steal or other processes took more than their limit or "
           "the CPUs throttled.\n\n";
}

}  // namespace bytebench::reporters::markdown
