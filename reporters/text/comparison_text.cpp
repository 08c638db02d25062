// A comparison for the terminal: the inputs and a legend, then per section a fixed-width
// table (test id, each input's value, and beside every input but the baseline its delta, the
// verdict and the p-value), the index scores under it and the notes of its rows; the
// warnings and the gate last, where they are seen after the tables scroll by.
//
// Rows are labelled with test ids, not display names: ids are the names the command line
// takes, and at 8-16 columns instead of up to 40 they keep three inputs within 100 columns.
// Markers are ASCII, whose width every terminal agrees on.
#include "comparison_text.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/c_format.hpp"
#include "../common/comparison_access.hpp"
#include "../common/join.hpp"
#include "../common/json_access.hpp"
#include "../common/number_text.hpp"
#include "../common/text_width.hpp"
#include "../common/verdict.hpp"
#include "text_table.hpp"
#include "wrap.hpp"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

constexpr const char *kNotComparable = "!";
constexpr const char *kPartial = "*";

struct Inputs {
    std::vector<std::string> labels;
    size_t baseline;
};

void write_title(const json &doc, std::ostream &out) {
    const json &tool = member(doc, "tool");
    const std::string by =
        join_known({string_member(tool, "name"), string_member(tool, "version")}, " ");
    out << "bytebench comparison" << (by.empty() ? "" : " (" + by + ")") << "\n\n";
}

// Three lines: where the input came from, the machine, the run.
void write_input(const json &input, const std::string &label, bool baseline, size_t label_width,
                 std::ostream &out) {
    out << "  " << pad(label, label_width, false) << "  "
        << join_known(input_source_parts(input), " ") << (baseline ? ", baseline" : "") << '\n';
    const std::string indent(2 + label_width + 2, ' ');
    for (const std::string &line :
         {join_known(input_machine_parts(input), ", "), join_known(input_run_parts(input), ", ")})
        if (!line.empty()) out << indent << line << '\n';
}

void write_inputs(const json &doc, const Inputs &inputs, std::ostream &out) {
    out << "Inputs (deltas against " << inputs.labels[inputs.baseline] << "):\n";
    size_t label_width = 0;
    for (const std::string &label : inputs.labels)
        label_width = std::max(label_width, display_width(label));
    const json &list = elements(member(doc, "inputs"));
    for (size_t i = 0; i < list.size(); ++i)
        write_input(list[i], inputs.labels[i], i == inputs.baseline, label_width, out);
    out << '\n';
}

void write_legend(const json &doc, std::ostream &out) {
    const double alpha = number_member(doc, "alpha").value_or(0.05);
    write_wrapped(out,
                  format("faster, slower: beyond the noise of the passes (p < %g); noise: within "
                         "it; ?: too few passes to tell. Higher is better. %s: not comparable "
                         "(see the notes); %s: partial index.",
                         alpha, kNotComparable, kPartial),
                  "", "");
    out << '\n';
}

// label, then per input: value, partial mark, and beside every input but the baseline:
// delta, verdict, p.
std::vector<TextColumn> table_columns(const Inputs &inputs) {
    std::vector<TextColumn> columns = {{false, 0}};
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        columns.push_back({true, 2});
        columns.push_back({false, 0});
        if (i == inputs.baseline) continue;
        columns.push_back({true, 2});
        columns.push_back({false, 2});
        columns.push_back({false, 1});
    }
    return columns;
}

std::vector<std::string> heading(const Inputs &inputs) {
    std::vector<std::string> cells = {"test"};
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        cells.insert(cells.end(), {inputs.labels[i], ""});
        if (i != inputs.baseline) cells.insert(cells.end(), {"delta", "", ""});
    }
    return cells;
}

std::string value_cell(const json &cell) {
    const auto value = number_member(cell, "value");
    return cell_is_ok(cell) && value ? value_text(*value) : cell_status(cell);
}

std::vector<std::string> row_cells(const json &row, const Inputs &inputs) {
    std::string label = string_member(row, "id");
    if (!row_comparable(row)) label += std::string(" ") + kNotComparable;
    std::vector<std::string> cells = {label};
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        const json &cell = cell_at(row, i);
        cells.insert(cells.end(), {value_cell(cell), ""});
        if (i == inputs.baseline) continue;
        const auto delta = number_member(cell, "delta_pct");
        const auto p = cell_p(cell);
        cells.insert(cells.end(), {delta ? delta_text(*delta) : "",
                                   verdict_word(cell_verdict(cell)), p ? p_label(*p) : ""});
    }
    return cells;
}

std::vector<std::string> index_cells(const json &index, const Inputs &inputs) {
    const std::string category = string_member(index, "category");
    std::vector<std::string> cells = {category.empty() ? "index" : category + " index"};
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        const json &cell = cell_at(index, i);
        if (index_cell_missing(cell))
            cells.insert(cells.end(), {"missing", ""});
        else
            cells.insert(cells.end(), {value_text(number_or_zero(cell, "score")),
                                       flag_member(cell, "partial") ? kPartial : ""});
        if (i == inputs.baseline) continue;
        const auto delta = number_member(cell, "delta_pct");
        cells.insert(cells.end(), {delta ? delta_text(*delta) : "", "", ""});
    }
    return cells;
}

// Why a row is not comparable, and why a cell has no value.
void write_notes(const json &rows, const Inputs &inputs, std::ostream &out) {
    bool any = false;
    for (const json &row : elements(rows)) {
        const std::string id = string_member(row, "id");
        for (const json &note : elements(member(row, "notes"))) {
            write_wrapped(out, text_of(note), std::string(kNotComparable) + " " + id + ": ",
                          "    ");
            any = true;
        }
        for (size_t i = 0; i < inputs.labels.size(); ++i) {
            const json &cell = cell_at(row, i);
            const std::string error = string_member(cell, "error");
            if (error.empty()) continue;
            write_wrapped(
                out, error,
                id + " in " + inputs.labels[i] + " (" + cell_status(cell) + "): ", "    ");
            any = true;
        }
    }
    if (any) out << '\n';
}

void write_section(const json &section, const Inputs &inputs, std::ostream &out) {
    out << string_member(section, "title") << '\n';
    TextTable table(table_columns(inputs));
    table.add_row(heading(inputs));
    table.add_rule();
    const json &rows = member(section, "rows");
    for (const json &row : elements(rows))
        if (row.is_object()) table.add_row(row_cells(row, inputs));
    const json &indexes = elements(member(section, "indexes"));
    if (!indexes.empty()) table.add_rule();
    for (const json &index : indexes) table.add_row(index_cells(index, inputs));
    table.write(out);
    out << '\n';
    write_notes(rows, inputs, out);
}

void write_warnings(const json &doc, std::ostream &out) {
    const json &warnings = elements(member(doc, "warnings"));
    if (warnings.empty()) return;
    out << "Warnings:\n";
    for (const json &warning : warnings) write_wrapped(out, text_of(warning), "  - ", "    ");
    out << '\n';
}

void write_gate(const json &gate, std::ostream &out) {
    if (!gate.is_object()) return;
    const std::string threshold = format("%.1f%%", number_or_zero(gate, "threshold_pct"));
    if (!flag_member(gate, "failed")) {
        out << "Gate: passed; no test is significantly slower by more than " << threshold << '\n';
        return;
    }
    out << "Gate: FAILED; significantly slower by more than " << threshold << ":\n";
    for (const json &failure : elements(member(gate, "failures"))) {
        std::string line = "  " + string_member(failure, "section") + ": " +
                           string_member(failure, "id") + " in " + string_member(failure, "input");
        if (const auto delta = number_member(failure, "delta_pct"))
            line += ", " + delta_text(*delta);
        if (const auto p = number_member(failure, "p")) line += " (" + p_label(*p) + ")";
        out << line << '\n';
    }
}

// Every block ends with a blank line, which separates it from the next; the report itself
// ends with a single newline.
std::string without_final_blank_lines(std::string text) {
    while (text.size() >= 2 && text[text.size() - 1] == '\n' && text[text.size() - 2] == '\n')
        text.pop_back();
    return text;
}

}  // namespace

void write_comparison_text(const json &comparison, std::ostream &out) {
    const Inputs inputs = {input_labels(comparison), baseline_input(comparison)};
    std::ostringstream text;
    write_title(comparison, text);
    if (inputs.labels.empty()) {
        out << text.str() << "No inputs.\n";
        return;
    }
    write_inputs(comparison, inputs, text);
    write_legend(comparison, text);
    for (const json &section : elements(member(comparison, "sections")))
        write_section(section, inputs, text);
    write_warnings(comparison, text);
    write_gate(member(comparison, "gate"), text);
    out << without_final_blank_lines(text.str());
}

}  // namespace bytebench::reporters::text
