// A result as Markdown: a short description of the machine (shorter still with
// `render.brief`), then per copy-pass a table of the tests' results and indexes with the
// category scores in bold, the reasons of the tests that gave no result, and the
// sections every format adds after a copy-pass (common/run_sections.h).
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/c_format.h"
#include "common/join.h"
#include "common/markdown.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "common/result_sections.h"
#include "common/run_sections.h"
#include "common/time_text.h"
#include "markdown_layouts.h"
#include "markdown_table.h"
#include "section_markdown.h"

namespace bytebench::reporters::markdown {
namespace {

using nlohmann::json;
using Item = std::pair<const char *, std::string>;  // label, escaped text ("" = left out)

std::string cpu_text(const json &system) {
    const long long cpus = integer_or_zero(system, "cpus_online");
    return join_known(
        {escaped_member(system, "cpu_model"), cpus > 0 ? counted(cpus, "CPU", "CPUs") : ""}, ", ");
}

std::string os_text(const json &system) {
    const std::string kernel = escaped_member(system, "kernel");
    return join_known({escaped_member(system, "os"), kernel.empty() ? "" : "kernel " + kernel},
                      ", ");
}

// The start of the first copy-pass: when the run began.
std::string date_text(const json &doc) {
    const json &first = element(member(doc, "runs"), 0);
    return markdown_escape(display_time(string_member(first, "start")));
}

std::string flags_text(const json &system) {
    std::vector<std::string> flags;
    for (const json &flag : elements(member(element(member(system, "cpus"), 0), "flags")))
        flags.push_back(markdown_escape(text_of(flag)));
    return join_known(flags, ", ");
}

std::string load_text(const json &system) {
    std::vector<std::string> loads;
    for (const json &load : elements(member(system, "load_average")))
        if (load.is_number()) loads.push_back(format("%.2f", load.get<double>()));
    return join_known(loads, ", ");
}

std::string tool_text(const json &doc) {
    if (member(doc, "imported").is_object()) return markdown_escape(made_by_text(doc));
    const json &tool = member(doc, "tool");
    return join_known({escaped_member(tool, "name"), escaped_member(tool, "version")}, " ");
}

// What a forum reader needs to place the numbers; `render.brief` keeps only that.
std::vector<Item> system_items(const json &doc) {
    const json &system = member(doc, "system");
    std::vector<Item> items = {{"Host", escaped_member(system, "hostname")},
                               {"CPU", cpu_text(system)},
                               {"OS", os_text(system)},
                               {"Date", date_text(doc)}};
    if (flag_member(member(doc, "render"), "brief")) return items;
    std::string machine = escaped_member(system, "machine");
    if (string_member(system, "platform") != "unknown")
        machine = join_known({machine, escaped_member(system, "platform")}, ", ");
    const std::vector<Item> details = {
        {"Kernel version", escaped_member(system, "kernel_version")},
        {"Machine", machine},
        {"CPU flags", flags_text(system)},
        {"Load average", load_text(system)},
        {"Suite", escaped_member(member(doc, "suite"), "name")},
        {"Tool", tool_text(doc)},
        {"Command", escaped_member(member(doc, "options"), "command_line")}};
    items.insert(items.end(), details.begin(), details.end());
    return items;
}

void write_header(const json &doc, std::ostream &out) {
    out << "## bytebench results\n\n";
    bool any = false;
    for (const auto &[label, text] : system_items(doc)) {
        if (text.empty()) continue;
        out << "- **" << label << ":** " << text << '\n';
        any = true;
    }
    if (any) out << '\n';
    if (string_member(doc, "status") == "incomplete")
        out << "> **Incomplete run:** the results below are what was measured before it "
               "stopped.\n\n";
}

// The unit, with the direction of a lower-is-better value (a higher-is-better one goes
// without saying, as in every report before directions).
std::string unit_cell(const json &test) {
    std::string unit = string_member(test, "unit");
    if (direction_member(test) == Direction::lower_is_better)
        unit += (unit.empty() ? "" : ", ") + direction_text(Direction::lower_is_better);
    return markdown_escape(unit);
}

// Beside the name of a test the run warned about; the warnings are a section of their own.
constexpr const char *kWarned = "\u26A0";  // ⚠

std::vector<std::string> test_cells(const json &test) {
    const std::string unit = unit_cell(test);
    const std::string name = markdown_escape(display_name(test)) +
                             (test_warnings(test).empty() ? "" : std::string(" ") + kWarned);
    const auto value = number_member(test, "value");
    if (!test_is_ok(test) || !value)
        return {name, "*" + markdown_escape(test_status(test)) + "*", unit, ""};
    const auto index = test_index(test);
    return {name, value_text(*value), unit, index ? value_text(*index) : ""};
}

std::vector<std::string> score_cells(const json &index) {
    std::string label = "**" + markdown_escape(index_title(index)) + " Index Score**";
    if (flag_member(index, "partial"))
        label += format(" (partial: %lld of %lld tests)", integer_or_zero(index, "tests_indexed"),
                        integer_or_zero(index, "tests_total"));
    return {label, "", "", "**" + value_text(number_or_zero(index, "score")) + "**"};
}

// Why the tests that gave no result gave none, one line each, under the table.
void write_errors(const json &tests, std::ostream &out) {
    bool any = false;
    for (const json &test : elements(tests)) {
        const std::string error = string_member(test, "error");
        if (test_is_ok(test) || error.empty()) continue;
        out << "- *" << markdown_escape(display_name(test)) << "* ("
            << escaped_member(test, "status") << "): " << markdown_escape(error) << '\n';
        any = true;
    }
    if (any) out << '\n';
}

void write_run(const json &run, std::ostream &out) {
    out << "### " << counted(integer_or_zero(run, "copies"), "copy", "copies") << "\n\n";
    Table table({{"Test", Align::left},
                 {"Result", Align::right},
                 {"Unit", Align::left},
                 {"Index", Align::right}});
    const json &tests = member(run, "tests");
    for (const json &test : elements(tests))
        if (test.is_object()) table.add_row(test_cells(test));
    for (const json &index : elements(member(run, "indexes")))
        if (category_indexed(index)) table.add_row(score_cells(index));
    table.write(out);
    out << '\n';
    write_errors(tests, out);
    for (const model::Section &section : run_sections(run)) write_section(section, 4, out);
}

}  // namespace

void write_result_markdown(const json &result, std::ostream &out) {
    write_header(result, out);
    const json &runs = elements(member(result, "runs"));
    if (runs.empty()) out << "*No results recorded.*\n\n";
    for (const json &run : runs) write_run(run, out);
    for (const model::Section &section : result_sections(result)) write_section(section, 3, out);
}

}  // namespace bytebench::reporters::markdown
