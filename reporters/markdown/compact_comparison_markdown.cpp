// The compact layout of a comparison as Markdown, for a pivot (`compare --by`) or more than
// three inputs: one cell per column and row (the index when the test has one, else the value;
// beside every column but the baseline the delta and its marker), and one table per block of
// columns, each repeating the test ids on the left, each at most 100 characters of Markdown.
//
// One table per block rather than one wide table: GitHub does scroll a wide table, but the
// test names scroll out of sight with it, so that at 50 columns a reader no longer sees which
// row a number belongs to; and the Markdown source, read in a terminal, a mail or a review,
// stays a table too. The blocks are the same rule as the text report's.
#include "compact_comparison_markdown.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/direction.h"
#include "base/failure_state.h"
#include "base/json_read.h"
#include "common/c_format.h"
#include "common/comparison_columns.h"
#include "common/join.h"
#include "common/markdown.h"
#include "common/number_text.h"
#include "common/text_width.h"
#include "markdown_parts.h"
#include "markdown_table.h"

namespace bytebench::reporters::markdown {
namespace {

using nlohmann::json;

constexpr const char *kMissing = "\u2014";  // —
constexpr const char *kPartial = "\\*";
// A column name up to this wide may widen its column; a longer one is shown by its number.
constexpr size_t kLongestHeading = 10;
constexpr size_t kMarkdownWidth = 100;

std::string column_number(size_t i) { return format("\\[%zu\\]", i + 1); }

// "2 results, hosts: db-1, db-2" for a pivot's column; where a plain input came from.
std::string column_description(const json &input) {
    if (member(input, "members").is_array() || number_member(input, "results"))
        return described(column_parts(input), ", ");
    std::vector<std::string> parts = {join_known(input_source_parts(input), " "),
                                      string_member(input, "hostname")};
    const std::string status = string_member(input, "status");
    if (!status.empty() && status != "complete") parts.push_back(status);
    return described(parts, ", ");
}

// "**failed (lost)**: unreachable: …", escaped; "" for a column that did not fail.
std::string failure_text(const json &input) {
    if (!column_failed(input)) return "";
    const std::string reason = string_member(input, "reason");
    return "**" + markdown_escape(failed_text(string_member(input, "state"), "")) + "**" +
           (reason.empty() ? "" : ": " + markdown_escape(reason));
}

// "The failed columns: …; incomplete: …": said before the tables, where they are not missed.
void write_column_problems(const json &list, const ComparisonInputs &inputs, std::ostream &out) {
    std::vector<std::string> failed, incomplete;
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string name = column_number(i) + " " + markdown_escape(inputs.labels[i]);
        // "lost: unreachable: …": the state, then the reason.
        const std::string why =
            join_known({string_member(list[i], "state"), string_member(list[i], "reason")}, ": ");
        if (column_failed(list[i]))
            failed.push_back(name + (why.empty() ? "" : " (" + markdown_escape(why) + ")"));
        else if (column_status(list[i]) == "incomplete")
            incomplete.push_back(name);
    }
    if (!failed.empty())
        out << "**Failed " << (failed.size() == 1 ? "column" : "columns")
            << "** (no results): " << join_known(failed, "; ") << ".\n\n";
    if (!incomplete.empty())
        out << "**Incomplete " << (incomplete.size() == 1 ? "column" : "columns")
            << "** (a result stopped early): " << join_known(incomplete, ", ") << ".\n\n";
}

// One column's cells over a section's rows and index scores, escaped.
struct CompactColumn {
    std::string heading;
    std::vector<std::string> cells;  // rows, then indexes
    bool abbreviated = false;        // heading is the column's number
};

std::string cell_text(const CompactCell &cell) {
    const std::string marker = verdict_marker(cell.verdict);
    return join_known({markdown_escape(cell.number), cell.delta, marker}, " ");
}

CompactColumn compact_column(const json &section, const json &input, const std::string &label,
                             size_t i) {
    const bool failed = column_failed(input);
    CompactColumn column;
    for (const json &row : elements(member(section, "rows")))
        if (row.is_object())
            column.cells.push_back(
                cell_text(compact_cell(cell_at(row, i), row_has_index(row), failed, kMissing)));
    for (const json &index : elements(member(section, "indexes"))) {
        const json &cell = cell_at(index, i);
        const bool missing = index_cell_missing(cell);
        const auto delta = number_member(cell, "delta_pct");
        const std::string score = failed ? "failed"
                                  : missing
                                      ? kMissing
                                      : "**" + value_text(number_or_zero(cell, "score")) + "**";
        column.cells.push_back(
            join_known({score, delta ? delta_text(*delta) : "",
                        !missing && flag_member(cell, "partial") ? kPartial : ""},
                       " "));
    }
    size_t width = 0;
    for (const std::string &cell : column.cells) width = std::max(width, display_width(cell));
    const std::string escaped = markdown_escape(label);
    column.abbreviated = display_width(escaped) > std::max(width, kLongestHeading);
    column.heading = column.abbreviated ? column_number(i) : escaped;
    return column;
}

// A test's id, "(lower)" when lower is better; a metric's name, unit and direction under it.
std::string row_label(const json &row) {
    const bool lower = direction_member(row) == Direction::lower_is_better;
    std::string label;
    if (is_metric_row(row))
        label = "\u21B3 " + markdown_escape(metric_display_name(row)) + " (" +
                markdown_escape(
                    join_known({string_member(row, "unit"), lower ? "lower" : "higher"}, ", ")) +
                ")";
    else
        label = markdown_escape(string_member(row, "id")) + (lower ? " (lower)" : "");
    if (!row_comparable(row)) label += std::string(" ") + kNotComparable;
    return label;
}

std::vector<std::string> row_labels(const json &section) {
    std::vector<std::string> labels;
    for (const json &row : elements(member(section, "rows")))
        if (row.is_object()) labels.push_back(row_label(row));
    for (const json &index : elements(member(section, "indexes"))) {
        const std::string category = string_member(index, "category");
        labels.push_back("**" + markdown_escape(category.empty() ? "index" : category + " index") +
                         "**" + (row_comparable(index) ? "" : std::string(" ") + kNotComparable));
    }
    return labels;
}

void write_block(const json &doc, const ComparisonInputs &inputs,
                 const std::vector<std::string> &labels, const std::vector<CompactColumn> &columns,
                 std::pair<size_t, size_t> block, std::ostream &out) {
    std::vector<TableColumn> layout = {{"Test", Align::left}};
    for (size_t i = block.first; i < block.second; ++i)
        layout.push_back({columns[i].heading, Align::right});
    Table table(layout);
    for (size_t row = 0; row < labels.size(); ++row) {
        std::vector<std::string> cells = {labels[row]};
        for (size_t i = block.first; i < block.second; ++i) cells.push_back(columns[i].cells[row]);
        table.add_row(cells);
    }
    table.write(out);
    out << '\n';
    const json &list = elements(member(doc, "inputs"));
    bool any = false;
    for (size_t i = block.first; i < block.second; ++i) {
        if (!columns[i].abbreviated) continue;
        out << "- " << column_number(i) << " **" << markdown_escape(inputs.labels[i]) << "**: "
            << join_known({column_description(element(list, i)), failure_text(element(list, i))},
                          "; ")
            << '\n';
        any = true;
    }
    if (any) out << '\n';
}

}  // namespace

void write_compact_columns(const json &doc, const ComparisonInputs &inputs, std::ostream &out) {
    const std::string by = pivot_by(doc);
    out << (by.empty() ? "Inputs" : "Columns by " + markdown_escape(by)) << "; deltas against **"
        << markdown_escape(inputs.labels[inputs.baseline]) << "**:\n\n";
    const json &list = elements(member(doc, "inputs"));
    for (size_t i = 0; i < list.size(); ++i) {
        std::string text = join_known({column_description(list[i]), failure_text(list[i])}, "; ");
        const std::string split = string_member(list[i], "split");
        if (!split.empty()) text += "; split: " + markdown_escape(split);
        out << "- " << column_number(i) << " **" << markdown_escape(inputs.labels[i]) << "**"
            << (i == inputs.baseline ? " (baseline)" : "") << (text.empty() ? "" : ": " + text)
            << '\n';
    }
    out << '\n';
    write_column_problems(list, inputs, out);
}

void write_compact_legend(const json &doc, std::ostream &out) {
    const double alpha = number_member(doc, "alpha").value_or(0.05);
    out << "Each cell: the test's index, or its value when it has none; beside every column but "
           "the baseline, the change from the baseline and its verdict: "
        << verdict_marker(Verdict::better) << " better, " << verdict_marker(Verdict::worse)
        << " worse: beyond the noise of the passes (p < " << format("%g", alpha)
        << "), by the number's direction (higher is better unless a row says lower); ~ within "
           "the noise; ? too few passes to tell. "
        << kMissing << " missing; " << kNotComparable << " not comparable; " << kPartial
        << " partial index.\n\n";
}

void write_compact_section(const json &doc, const json &section, const ComparisonInputs &inputs,
                           std::ostream &out) {
    out << "### " << escaped_member(section, "title") << "\n\n";
    const json &list = elements(member(doc, "inputs"));
    std::vector<CompactColumn> columns;
    std::vector<size_t> widths;
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        columns.push_back(compact_column(section, element(list, i), inputs.labels[i], i));
        size_t width = display_width(columns.back().heading);
        for (const std::string &cell : columns.back().cells)
            width = std::max(width, display_width(cell));
        widths.push_back(width);
    }
    const std::vector<std::string> labels = row_labels(section);
    size_t label_width = 4;
    for (const std::string &label : labels)
        label_width = std::max(label_width, display_width(label));
    // "| " + label + " |", then " " + cell + " |" per column.
    const auto blocks = column_blocks(widths, label_width + 4, 3, kMarkdownWidth);
    for (const auto &block : blocks) {
        if (blocks.size() > 1)
            out << (block.second - block.first == 1
                        ? format("*Column %zu of %zu*\n\n", block.second, columns.size())
                        : format("*Columns %zu\u2013%zu of %zu*\n\n", block.first + 1, block.second,
                                 columns.size()));
        write_block(doc, inputs, labels, columns, block, out);
    }
}

}  // namespace bytebench::reporters::markdown
