// A comparison as Markdown: the inputs as a list, the warnings in a block quote, a legend,
// what differs between the machines and runs as a list, then per section a table with each input's
// value and index and, beside every input but the baseline, its delta and significance marker (▲
// better, ▼ worse, ~ noise, ? unknown); a test's metrics on rows under it; the index scores in
// bold; the gate last.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/compact_comparison_sections.h"
#include "common/comparison_access.h"
#include "common/comparison_columns.h"
#include "common/comparison_sections.h"
#include "common/join.h"
#include "common/markdown.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "common/verdict.h"
#include "markdown_layouts.h"
#include "markdown_parts.h"
#include "markdown_table.h"
#include "section_markdown.h"

namespace bytebench::reporters::markdown {
namespace {

using nlohmann::json;

bool has_run_to_run(const json &doc) {
    for (const json &section : elements(member(doc, "sections")))
        if (section_has_run_to_run(section)) return true;
    return false;
}

void write_legend(const json &doc, const ComparisonInputs &inputs, std::ostream &out) {
    const double alpha = number_member(doc, "alpha").value_or(0.05);
    out << "\u0394: change from " << markdown_escape(inputs.labels[inputs.baseline])
        << " (higher is better unless the unit says lower). " << verdict_marker(Verdict::better)
        << " better, " << verdict_marker(Verdict::worse)
        << " worse: beyond the noise of the passes (p < " << format("%g", alpha)
        << "); ~ within the noise; ? too few passes to tell."
        << (has_run_to_run(doc) ? " Run CoV: the run-to-run coefficient of variation of the "
                                  "number over whole runs in the history; \u2014 too few runs."
                                : "")
        << "\n\n";
}

// One input's cells in one row (Markdown, escaped).
struct InputCells {
    std::string value, index, delta, cov;
};

// Per input: value, index, run-to-run CoV, and beside every input but the baseline its delta.
void append_input(const SectionLayout &layout, size_t i, InputCells input,
                  std::vector<std::string> &cells) {
    cells.push_back(std::move(input.value));
    if (layout.with_index) cells.push_back(std::move(input.index));
    if (layout.with_run_to_run) cells.push_back(std::move(input.cov));
    if (i != layout.inputs.baseline) cells.push_back(std::move(input.delta));
}

// Every value and index column names its input: with index columns, a bare label would not
// say which of the two it heads.
std::vector<TableColumn> section_columns(const SectionLayout &layout) {
    std::vector<std::string> headings;
    for (size_t i = 0; i < layout.inputs.labels.size(); ++i) {
        const std::string label = markdown_escape(layout.inputs.labels[i]);
        append_input(layout, i,
                     {label + " value", label + " index", "\u0394 " + label, label + " run CoV"},
                     headings);
    }
    std::vector<TableColumn> columns = {{"Test", Align::left}, {"Unit", Align::left}};
    for (std::string &heading : headings) columns.push_back({std::move(heading), Align::right});
    return columns;
}

std::string value_cell(const json &cell) {
    const auto value = number_member(cell, "value");
    if (cell_is_ok(cell) && value) return value_text(*value);
    return "*" + markdown_escape(cell_status(cell)) + "*";
}

// A cell's run-to-run CoV; a dash for too few runs; "" when its input has none.
std::string cov_cell(const json &cell) {
    return run_to_run_cov_text(cell, member(cell, "run_to_run").is_object() ? "\u2014" : "");
}

std::string delta_cell(const json &cell) {
    const auto delta = number_member(cell, "delta_pct");
    if (!delta) return "";
    const std::string marker = verdict_marker(cell_verdict(cell));
    return delta_text(*delta) + (marker.empty() ? "" : " " + marker);
}

// A test's name; a metric's, marked as belonging to the test above it.
std::string row_name(const json &row) {
    if (is_metric_row(row)) return "\u21B3 " + markdown_escape(metric_display_name(row));  // ↳
    return markdown_escape(display_name(row));
}

std::vector<std::string> row_cells(const json &row, const SectionLayout &layout) {
    std::string name = row_name(row);
    if (!row_comparable(row)) name += std::string(" ") + kNotComparable;
    std::vector<std::string> cells = {name, markdown_escape(unit_and_direction(row))};
    for (size_t i = 0; i < layout.inputs.labels.size(); ++i) {
        const json &cell = cell_at(row, i);
        const auto index = cell_index(cell);
        append_input(
            layout, i,
            {value_cell(cell), index ? value_text(*index) : "", delta_cell(cell), cov_cell(cell)},
            cells);
    }
    return cells;
}

// "(partial in A, B)": the inputs whose score misses some of the category's tests. Said once
// in the label, it keeps the score columns as narrow as the values above them.
std::string partial_note(const json &index, const ComparisonInputs &inputs) {
    std::vector<std::string> partial;
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        const json &cell = cell_at(index, i);
        if (!index_cell_missing(cell) && flag_member(cell, "partial"))
            partial.push_back(markdown_escape(inputs.labels[i]));
    }
    return partial.empty() ? "" : " (partial in " + join_known(partial, ", ") + ")";
}

// A category's score stands under the tests' indexes, or under their values when the
// section has no index columns.
InputCells score_input(const json &cell, bool with_index) {
    const auto delta = number_member(cell, "delta_pct");
    InputCells input;
    (with_index ? input.index : input.value) =
        index_cell_missing(cell) ? "*missing*"
                                 : "**" + value_text(number_or_zero(cell, "score")) + "**";
    if (delta) input.delta = "**" + delta_text(*delta) + "**";
    input.cov = cov_cell(cell);
    return input;
}

std::vector<std::string> index_cells(const json &index, const SectionLayout &layout) {
    const std::string label = "**" + markdown_escape(index_title(index)) + " Index Score**" +
                              partial_note(index, layout.inputs) +
                              (row_comparable(index) ? "" : std::string(" ") + kNotComparable);
    std::vector<std::string> cells = {label, ""};  // no unit
    for (size_t i = 0; i < layout.inputs.labels.size(); ++i)
        append_input(layout, i, score_input(cell_at(index, i), layout.with_index), cells);
    return cells;
}

void write_notes(const json &section, const ComparisonInputs &inputs, std::ostream &out) {
    if (const auto notes = notes_section(section, inputs.labels)) write_section(*notes, 4, out);
}

void write_section(const json &section, const ComparisonInputs &inputs, std::ostream &out) {
    out << "### " << escaped_member(section, "title") << "\n\n";
    const SectionLayout layout = section_layout(inputs, section);
    Table table(section_columns(layout));
    const json &rows = member(section, "rows");
    for (const json &row : elements(rows))
        if (row.is_object()) table.add_row(row_cells(row, layout));
    for (const json &index : elements(member(section, "indexes")))
        table.add_row(index_cells(index, layout));
    table.write(out);
    out << '\n';
    write_notes(section, inputs, out);
}

}  // namespace

void write_comparison_markdown(const json &comparison, std::ostream &out) {
    const ComparisonInputs inputs = comparison_inputs(comparison);
    out << "## bytebench comparison\n\n";
    if (inputs.labels.empty()) {
        out << "*No inputs.*\n";
        return;
    }
    const bool compact = uses_compact_layout(comparison);
    if (compact)
        write_section(compact_columns_section(comparison), 3, out);
    else
        write_section(inputs_section(comparison), 3, out);
    if (const auto warnings = warnings_section(comparison)) write_section(*warnings, 3, out);
    if (!compact) write_legend(comparison, inputs, out);
    if (const auto differences = environment_differences_section(comparison))
        write_section(*differences, 3, out);
    for (const json &section : elements(member(comparison, "sections"))) {
        if (!compact) {
            write_section(section, inputs, out);
            continue;
        }
        write_section(compact_comparison_section(comparison, section), 3, out);
        write_notes(section, inputs, out);
    }
    if (const auto gate = gate_section(comparison)) write_section(*gate, 3, out);
}

}  // namespace bytebench::reporters::markdown
