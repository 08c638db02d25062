// A comparison for the terminal: the inputs, a legend and what differs between the machines
// and runs and the comparability warnings (above the tables, whose numbers they qualify), then
// per section a fixed-width table (test id, each input's value and index, and beside every
// input but the baseline its delta, the verdict and the p-value; a test's metrics on indented
// rows under it), the index scores under it and the notes of its rows; the gate last, where it
// is seen after the tables scroll by.
//
// Rows are labelled with test ids, not display names: ids are the names the command line
// takes, and at 8-16 columns instead of up to 40 they keep two inputs within 100 columns.
// Markers are ASCII, whose width every terminal agrees on.
#include "comparison_text.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/blocks.h"
#include "common/c_format.h"
#include "common/compact_comparison_sections.h"
#include "common/comparison_access.h"
#include "common/comparison_columns.h"
#include "common/comparison_sections.h"
#include "common/join.h"
#include "common/number_text.h"
#include "common/text_width.h"
#include "common/verdict.h"
#include "section_text.h"
#include "text_table.h"
#include "wrap.h"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

void write_title(const json &doc, std::ostream &out) {
    const json &tool = member(doc, "tool");
    const std::string by =
        join_known({string_member(tool, "name"), string_member(tool, "version")}, " ");
    out << "bytebench comparison" << (by.empty() ? "" : " (" + by + ")") << "\n\n";
}

// Three lines: where the input came from, the machine, the run.
bool has_run_to_run(const json &doc) {
    for (const json &section : elements(member(doc, "sections")))
        if (section_has_run_to_run(section)) return true;
    return false;
}

void write_legend(const json &doc, std::ostream &out) {
    const double alpha = number_member(doc, "alpha").value_or(0.05);
    write_wrapped(out,
                  format("better, worse: beyond the noise of the passes (p < %g), by the number's "
                         "direction (higher is better unless a row says lower); noise: within "
                         "it; ?: too few passes to tell. %s: not comparable (see the notes); %s: "
                         "partial index.%s",
                         alpha, kNotComparable, kPartial,
                         has_run_to_run(doc)
                             ? " run CoV: the run-to-run coefficient of variation of the number "
                               "over whole runs in the history (see the inputs); -: too few runs."
                             : ""),
                  "", "");
    out << '\n';
}

// One input's cells in one row.
struct InputCells {
    std::string value, index, mark, delta, verdict, p, cov;
};

// Per input: value, index, partial mark, run-to-run CoV, and beside every input but the
// baseline: delta, verdict, p. table_columns() lays the columns out in the same order.
void append_input(const SectionLayout &layout, size_t i, InputCells input,
                  std::vector<std::string> &cells) {
    cells.push_back(std::move(input.value));
    if (layout.with_index) cells.push_back(std::move(input.index));
    cells.push_back(std::move(input.mark));
    if (layout.with_run_to_run) cells.push_back(std::move(input.cov));
    if (i == layout.inputs.baseline) return;
    cells.insert(cells.end(),
                 {std::move(input.delta), std::move(input.verdict), std::move(input.p)});
}

// The test id, then append_input()'s columns for each input.
std::vector<TextColumn> table_columns(const SectionLayout &layout) {
    std::vector<TextColumn> columns = {{false, 0}};
    for (size_t i = 0; i < layout.inputs.labels.size(); ++i) {
        columns.push_back({true, 2});
        if (layout.with_index) columns.push_back({true, 2});
        columns.push_back({false, 0});
        if (layout.with_run_to_run) columns.push_back({true, 1});
        if (i == layout.inputs.baseline) continue;
        columns.insert(columns.end(), {{true, 2}, {false, 2}, {false, 1}});
    }
    return columns;
}

// Every value and index column names its input: with index columns, a bare label would not
// say which of the two it heads.
std::vector<std::string> heading(const SectionLayout &layout) {
    std::vector<std::string> cells = {"test"};
    for (size_t i = 0; i < layout.inputs.labels.size(); ++i) {
        const std::string &label = layout.inputs.labels[i];
        append_input(
            layout, i,
            {label + " value", label + " index", "", "delta " + label, "", "", label + " run CoV"},
            cells);
    }
    return cells;
}

// A cell's run-to-run CoV; "-" for too few runs; "" when its input has none.
std::string cov_text(const json &cell) {
    return run_to_run_cov_text(cell, member(cell, "run_to_run").is_object() ? "-" : "");
}

InputCells test_input(const json &cell) {
    const auto value = number_member(cell, "value");
    const auto index = cell_index(cell);
    const auto delta = number_member(cell, "delta_pct");
    const auto p = cell_p(cell);
    return {cell_is_ok(cell) && value ? value_text(*value) : cell_status(cell),
            index ? value_text(*index) : "",
            "",
            delta ? delta_text(*delta) : "",
            verdict_word(cell_verdict(cell)),
            p ? p_label(*p) : "",
            cov_text(cell)};
}

std::vector<std::string> row_cells(const json &row, const SectionLayout &layout) {
    std::vector<std::string> cells = {comparison_row_label(row)};
    for (size_t i = 0; i < layout.inputs.labels.size(); ++i)
        append_input(layout, i, test_input(cell_at(row, i)), cells);
    return cells;
}

// A category's score stands under the tests' indexes, or under their values when the
// section has no index columns.
InputCells score_input(const json &cell, bool with_index) {
    const bool missing = index_cell_missing(cell);
    const auto delta = number_member(cell, "delta_pct");
    InputCells input;
    (with_index ? input.index : input.value) =
        missing ? "missing" : value_text(number_or_zero(cell, "score"));
    if (!missing && flag_member(cell, "partial")) input.mark = kPartial;
    if (delta) input.delta = delta_text(*delta);
    input.cov = cov_text(cell);
    return input;
}

std::vector<std::string> index_cells(const json &index, const SectionLayout &layout) {
    std::vector<std::string> cells = {index_row_label(index)};
    for (size_t i = 0; i < layout.inputs.labels.size(); ++i)
        append_input(layout, i, score_input(cell_at(index, i), layout.with_index), cells);
    return cells;
}

void write_notes(const json &section, const ComparisonInputs &inputs, std::ostream &out) {
    if (const auto notes = notes_section(section, inputs.labels)) text::write_section(*notes, out);
}

void write_section(const json &section, const ComparisonInputs &inputs, std::ostream &out) {
    out << string_member(section, "title") << '\n';
    const SectionLayout layout = section_layout(inputs, section);
    TextTable table(table_columns(layout));
    table.add_row(heading(layout));
    table.add_rule();
    const json &rows = member(section, "rows");
    for (const json &row : elements(rows))
        if (row.is_object()) table.add_row(row_cells(row, layout));
    const json &indexes = elements(member(section, "indexes"));
    if (!indexes.empty()) table.add_rule();
    for (const json &index : indexes) table.add_row(index_cells(index, layout));
    table.write(out);
    out << '\n';
    write_notes(section, inputs, out);
}

}  // namespace

std::string index_row_label(const json &index) {
    return index_short_name(index) +
           (row_comparable(index) ? "" : std::string(" ") + kNotComparable);
}

std::string comparison_row_label(const json &row) {
    std::string label;
    if (is_metric_row(row)) {
        label = "  " + metric_row_label(row);
    } else {
        label = string_member(row, "id");
        if (direction_member(row) != Direction::higher_is_better)
            label += " (" + direction_text(Direction::lower_is_better) + ")";
    }
    if (!row_comparable(row)) label += std::string(" ") + kNotComparable;
    return label;
}

void write_comparison_text(const json &comparison, std::ostream &out) {
    const ComparisonInputs inputs = comparison_inputs(comparison);
    std::ostringstream text;
    write_title(comparison, text);
    if (inputs.labels.empty()) {
        out << text.str() << "No inputs.\n";
        return;
    }
    const bool compact = uses_compact_layout(comparison);
    if (compact) {
        text::write_section(compact_columns_section(comparison), text);
    } else {
        text::write_section(inputs_section(comparison), text);
        write_legend(comparison, text);
    }
    for (const auto &section :
         {warnings_section(comparison), environment_differences_section(comparison)})
        if (section) text::write_section(*section, text);
    for (const json &section : elements(member(comparison, "sections"))) {
        if (!compact) {
            write_section(section, inputs, text);
            continue;
        }
        text::write_section(compact_comparison_section(comparison, section), text);
        write_notes(section, inputs, text);
    }
    if (const auto gate = gate_section(comparison)) text::write_section(*gate, text);
    out << without_final_blank_lines(text.str());
}

}  // namespace bytebench::reporters::text
