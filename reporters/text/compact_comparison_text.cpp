// The compact layout of a comparison for the terminal, for a pivot (`compare --by`) or more than
// three inputs, where a value, index, delta, verdict and p-value column per input would run to
// thousands of characters. Each row has one cell per column: the index when the test has one,
// else the value, and beside every column but the baseline the delta and a one-character
// verdict. The columns are split into blocks of equal count that fit 100 columns of text, each
// repeating the test ids on the left, with the index scores under it. A column name too long
// for its cells is shown as its number ("[7]"), and the block's key spells it out under it.
#include "compact_comparison_text.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/c_format.h"
#include "common/comparison_columns.h"
#include "common/join.h"
#include "common/number_text.h"
#include "common/text_width.h"
#include "common/verdict.h"
#include "comparison_text.h"
#include "text_table.h"
#include "wrap.h"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

constexpr const char *kMissing = "-";
// A column name up to this wide may widen its column; a longer one is shown by its number.
constexpr size_t kLongestHeading = 10;
constexpr size_t kColumnGap = 2;

// One character, so that a cell stays narrow: + better, - worse, ~ noise, ? unknown.
const char *verdict_char(Verdict verdict) { return verdict_marker(verdict, true); }

std::string column_number(size_t i) { return format("[%zu]", i + 1); }

// "2 results, hosts: db-1, db-2" for a pivot's column; where a plain input came from.
std::string column_description(const json &input) {
    std::vector<std::string> parts;
    if (member(input, "members").is_array() || number_member(input, "results")) {
        parts = column_parts(input);
    } else {
        parts = {join_known(input_source_parts(input), " "), string_member(input, "hostname")};
        const std::string status = string_member(input, "status");
        if (!status.empty() && status != "complete") parts.push_back(status);
    }
    parts.push_back(column_failure(input));
    return join_known(parts, ", ");
}

// "[1] 3.16,on  2 results, hosts: db-1, db-2, baseline", wrapped under its description.
void write_column_line(const json &input, const std::string &label, size_t i, bool baseline,
                       size_t name_width, std::ostream &out) {
    const std::string name = pad(column_number(i) + " " + label, name_width, false) + "  ";
    std::string text = column_description(input);
    if (baseline) text = join_known({text, "baseline"}, ", ");
    const std::string split = string_member(input, "split");
    if (!split.empty()) text += "; split: " + split;
    // Continuation lines line up with the other descriptions, even under a longer name.
    const size_t indent = 2 + std::min(display_width(name), name_width + 2);
    write_wrapped(out, text, "  " + name, std::string(indent, ' '));
}

// "[n] label", padded to the widest up to 30 columns (a longer one takes the room it needs
// and its description follows it).
size_t column_name_width(const ComparisonInputs &inputs) {
    size_t width = 0;
    for (size_t i = 0; i < inputs.labels.size(); ++i)
        width = std::max(width, display_width(column_number(i) + " " + inputs.labels[i]));
    return std::min<size_t>(width, 30);
}

// One column's cells over a section's rows and index scores, laid out so that their numbers,
// deltas and markers line up.
struct CompactColumn {
    std::string heading;
    std::vector<std::string> cells;  // rows, then indexes
    bool abbreviated = false;        // heading is the column's number
};

struct CellParts {
    std::string number, delta, mark;
};

std::vector<CellParts> column_parts_of(const json &section, size_t i, bool failed) {
    std::vector<CellParts> parts;
    for (const json &row : elements(member(section, "rows"))) {
        if (!row.is_object()) continue;
        const CompactCell cell =
            compact_cell(cell_at(row, i), row_has_index(row), failed, kMissing);
        parts.push_back({cell.number, cell.delta, verdict_char(cell.verdict)});
    }
    for (const json &index : elements(member(section, "indexes"))) {
        const json &cell = cell_at(index, i);
        const bool missing = index_cell_missing(cell);
        const auto delta = number_member(cell, "delta_pct");
        parts.push_back({failed    ? "failed"
                         : missing ? kMissing
                                   : value_text(number_or_zero(cell, "score")),
                         delta ? delta_text(*delta) : "",
                         !missing && flag_member(cell, "partial") ? kPartial : ""});
    }
    return parts;
}

CompactColumn compact_column(const json &section, const json &input, const std::string &label,
                             size_t i) {
    const std::vector<CellParts> parts = column_parts_of(section, i, column_failed(input));
    size_t number = 0, delta = 0, mark = 0;
    for (const CellParts &cell : parts) {
        number = std::max(number, display_width(cell.number));
        delta = std::max(delta, display_width(cell.delta));
        mark = std::max(mark, display_width(cell.mark));
    }
    CompactColumn column;
    for (const CellParts &cell : parts) {
        std::string text = pad(cell.number, number, true);
        if (delta > 0) text += " " + pad(cell.delta, delta, true);
        if (mark > 0) text += " " + pad(cell.mark, mark, false);
        column.cells.push_back(text);
    }
    const size_t width = number + (delta > 0 ? 1 + delta : 0) + (mark > 0 ? 1 + mark : 0);
    column.abbreviated = display_width(label) > std::max(width, kLongestHeading);
    column.heading = column.abbreviated ? column_number(i) : label;
    return column;
}

size_t column_width(const CompactColumn &column) {
    size_t width = display_width(column.heading);
    for (const std::string &cell : column.cells) width = std::max(width, display_width(cell));
    return width;
}

// A row's label, shorter than in the wide layout to leave room for columns: a test's id, with
// "(lower)" when lower is better; a metric's name with its unit and "lower" or "higher",
// indented under its test ("  p99 latency (us, lower)"); "!" when not comparable.
std::string compact_row_label(const json &row) {
    const bool lower = direction_member(row) == Direction::lower_is_better;
    std::string label;
    if (is_metric_row(row))
        label = "  " + metric_display_name(row) + " (" +
                join_known({string_member(row, "unit"), lower ? "lower" : "higher"}, ", ") + ")";
    else
        label = string_member(row, "id") + (lower ? " (lower)" : "");
    if (!row_comparable(row)) label += std::string(" ") + kNotComparable;
    return label;
}

// The row labels: the rows' labels, then the index scores' ("system index").
std::vector<std::string> row_labels(const json &section) {
    std::vector<std::string> labels;
    for (const json &row : elements(member(section, "rows")))
        if (row.is_object()) labels.push_back(compact_row_label(row));
    for (const json &index : elements(member(section, "indexes")))
        labels.push_back(index_row_label(index));
    return labels;
}

// Under a block: the names its headings abbreviate.
void write_key(const json &doc, const ComparisonInputs &inputs,
               const std::vector<CompactColumn> &columns, std::pair<size_t, size_t> block,
               std::ostream &out) {
    const json &list = elements(member(doc, "inputs"));
    size_t width = 0;
    for (size_t i = block.first; i < block.second; ++i)
        if (columns[i].abbreviated)
            width = std::max(width, display_width(column_number(i) + " " + inputs.labels[i]));
    for (size_t i = block.first; i < block.second; ++i) {
        if (!columns[i].abbreviated) continue;
        const std::string name = pad(column_number(i) + " " + inputs.labels[i], width, false);
        write_wrapped(out, column_description(element(list, i)), "  " + name + "  ", "      ");
    }
    if (width > 0) out << '\n';
}

void write_block(const std::vector<std::string> &labels, size_t tests,
                 const std::vector<CompactColumn> &columns, std::pair<size_t, size_t> block,
                 std::ostream &out) {
    std::vector<TextColumn> layout = {{false, 0}};
    std::vector<std::string> heading = {"test"};
    for (size_t i = block.first; i < block.second; ++i) {
        layout.push_back({true, kColumnGap});
        heading.push_back(columns[i].heading);
    }
    TextTable table(layout);
    table.add_row(heading);
    table.add_rule();
    for (size_t row = 0; row < labels.size(); ++row) {
        if (row == tests) table.add_rule();
        std::vector<std::string> cells = {labels[row]};
        for (size_t i = block.first; i < block.second; ++i) cells.push_back(columns[i].cells[row]);
        table.add_row(cells);
    }
    table.write(out);
    out << '\n';
}

}  // namespace

void write_compact_columns(const json &doc, const ComparisonInputs &inputs, std::ostream &out) {
    const std::string by = pivot_by(doc);
    out << (by.empty() ? "Inputs" : "Columns by " + by) << " (deltas against "
        << inputs.labels[inputs.baseline] << "):\n";
    const json &list = elements(member(doc, "inputs"));
    const size_t width = column_name_width(inputs);
    for (size_t i = 0; i < inputs.labels.size(); ++i)
        write_column_line(element(list, i), inputs.labels[i], i, i == inputs.baseline, width, out);
    out << '\n';
}

void write_compact_legend(const json &doc, std::ostream &out) {
    const double alpha = number_member(doc, "alpha").value_or(0.05);
    write_wrapped(out,
                  format("Each cell: the test's index, or its value when it has none; beside "
                         "every column but the baseline, the change from the baseline and its "
                         "verdict: + better, - worse (beyond the noise of the passes, p < %g, by "
                         "the number's direction: higher is better unless a row says lower), ~ "
                         "noise (within it), ? too few passes to tell. %s: missing; %s: not "
                         "comparable (see the notes); %s: partial index.",
                         alpha, kMissing, kNotComparable, kPartial),
                  "", "");
    out << '\n';
}

void write_compact_section(const json &doc, const json &section, const ComparisonInputs &inputs,
                           std::ostream &out) {
    const json &list = elements(member(doc, "inputs"));
    std::vector<CompactColumn> columns;
    std::vector<size_t> widths;
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        columns.push_back(compact_column(section, element(list, i), inputs.labels[i], i));
        widths.push_back(column_width(columns.back()));
    }
    const std::vector<std::string> labels = row_labels(section);
    size_t label_width = display_width("test");
    for (const std::string &label : labels)
        label_width = std::max(label_width, display_width(label));
    const size_t tests = labels.size() - elements(member(section, "indexes")).size();
    const auto blocks = column_blocks(widths, label_width, kColumnGap, kTextWidth);
    const std::string title = string_member(section, "title");
    for (const auto &block : blocks) {
        out << title;
        if (blocks.size() > 1 && block.second - block.first == 1)
            out << format(" (column %zu of %zu)", block.second, columns.size());
        else if (blocks.size() > 1)
            out << format(" (columns %zu-%zu of %zu)", block.first + 1, block.second,
                          columns.size());
        out << '\n';
        write_block(labels, tests, columns, block, out);
        write_key(doc, inputs, columns, block, out);
    }
}

}  // namespace bytebench::reporters::text
