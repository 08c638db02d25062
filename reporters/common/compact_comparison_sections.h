// The compact table of a comparison (a pivot, `compare --by`, or more than three inputs;
// comparison_columns.h says when) as a report model section, built once here and laid out by
// each format's section renderer: one cell per column and row, the index when the test has one,
// else the value, with the change from the baseline and its verdict beside it; the index
// scores last, as the table's footer. The columns are many, so the table is split into blocks
// where the format's page is narrow (Table::blocks). Call inside a CLocaleScope. Header-only.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/c_format.h"
#include "common/comparison_access.h"
#include "common/comparison_columns.h"
#include "common/comparison_sections.h"
#include "common/join.h"
#include "common/number_text.h"
#include "common/report_model.h"
#include "common/verdict.h"

namespace bytebench::reporters {

inline constexpr const char *kNotComparableMark = "\u2020";  // †
inline constexpr const char *kPartialMark = "*";

// "2 results, hosts: db-1, db-2" for a pivot's column; where a plain input came from; then why
// a failed column has no results.
inline std::string compact_column_description(const nlohmann::json &input) {
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

// A test's id, "(lower)" when lower is better; a metric's name with its unit and direction,
// nested under its test; † when its inputs are not comparable.
inline model::Cell compact_row_label(const nlohmann::json &row) {
    const bool lower = direction_member(row) == Direction::lower_is_better;
    model::Cell label;
    if (is_metric_row(row)) {
        label.text = metric_display_name(row) + " (" +
                     join_known({string_member(row, "unit"), lower ? "lower" : "higher"}, ", ") +
                     ")";
        label.nested = true;
    } else {
        label.text = string_member(row, "id") + (lower ? " (lower)" : "");
    }
    if (!row_comparable(row)) label.mark = kNotComparableMark;
    return label;
}

// A failed column's cells say "failed" (tone bad); a missing number is "" (each format's
// absent mark); the error of a cell without a value is its note.
inline model::Cell compact_row_cell(const nlohmann::json &row, size_t i, bool failed) {
    const nlohmann::json &cell = cell_at(row, i);
    const CompactCell compact = compact_cell(cell, row_has_index(row), failed, "");
    model::Cell result;
    result.text = compact.number;
    result.tone = failed ? model::Tone::bad : model::Tone::plain;
    result.note = string_member(cell, "error");
    result.delta = compact.delta;
    result.mark = verdict_marker(compact.verdict);
    return result;
}

inline model::Cell compact_score_cell(const nlohmann::json &index, size_t i, bool failed) {
    const nlohmann::json &cell = cell_at(index, i);
    const bool missing = index_cell_missing(cell);
    model::Cell result;
    if (failed) {
        result.text = "failed";
        result.tone = model::Tone::bad;
    } else if (!missing) {
        result.text = value_text(number_or_zero(cell, "score"));
    }
    if (const auto delta = number_member(cell, "delta_pct")) result.delta = delta_text(*delta);
    if (!missing && flag_member(cell, "partial")) result.mark = kPartialMark;
    return result;
}

inline model::Section compact_comparison_section(const nlohmann::json &doc,
                                                 const nlohmann::json &section) {
    const nlohmann::json &inputs = elements(member(doc, "inputs"));
    const std::vector<std::string> labels = input_labels(doc);
    model::Section result;
    result.id = "compact";
    result.title = string_member(section, "title");
    result.table.blocks = true;
    result.table.columns.push_back({"Test", model::Align::left, ""});
    for (size_t i = 0; i < labels.size(); ++i)
        result.table.columns.push_back(
            {labels[i], model::Align::right, compact_column_description(element(inputs, i))});
    for (const nlohmann::json &row : elements(member(section, "rows"))) {
        if (!row.is_object()) continue;
        std::vector<model::Cell> cells = {compact_row_label(row)};
        for (size_t i = 0; i < labels.size(); ++i)
            cells.push_back(compact_row_cell(row, i, column_failed(element(inputs, i))));
        result.table.rows.push_back(std::move(cells));
    }
    for (const nlohmann::json &index : elements(member(section, "indexes"))) {
        model::Cell label;
        label.text = index_short_name(index);
        if (!row_comparable(index)) label.mark = kNotComparableMark;
        std::vector<model::Cell> cells = {label};
        for (size_t i = 0; i < labels.size(); ++i)
            cells.push_back(compact_score_cell(index, i, column_failed(element(inputs, i))));
        result.table.rows.push_back(std::move(cells));
        ++result.table.footer_rows;
    }
    return result;
}

// Before the compact tables: each column by its number and label, what it holds (the
// baseline, a split), and a legend of the cells. Their marks are the Unicode ones; the text
// report shows each in ASCII ("+", "-", "!").
inline model::Section compact_columns_section(const nlohmann::json &doc) {
    const nlohmann::json &inputs = elements(member(doc, "inputs"));
    const ComparisonInputs labels = comparison_inputs(doc);
    const std::string by = pivot_by(doc);
    model::Section section;
    section.id = "columns";
    section.title = (by.empty() ? "Inputs" : "Columns by " + by) + " (deltas against " +
                    labels.labels[labels.baseline] + ")";
    for (size_t i = 0; i < labels.labels.size(); ++i) {
        const nlohmann::json &input = element(inputs, i);
        std::string text = join_known(
            {compact_column_description(input), i == labels.baseline ? "baseline" : ""}, ", ");
        const std::string split = string_member(input, "split");
        if (!split.empty()) text += "; split: " + split;
        section.items.push_back({format("[%zu] ", i + 1) + labels.labels[i], text, {}});
    }
    section.item_noun = "columns";
    section.legend = format(
        "Each cell: the test's index, or its value when it has none; beside every column but the "
        "baseline, the change from the baseline and its verdict: \u25B2 better, \u25BC worse "
        "(beyond the noise of the passes, p < %g, by the number's direction: higher is better "
        "unless a row says lower), ~ noise (within it), ? too few passes to tell. \u2014: "
        "missing; %s: not comparable (see the notes); %s: partial index.",
        number_member(doc, "alpha").value_or(0.05), kNotComparableMark, kPartialMark);
    return section;
}

}  // namespace bytebench::reporters
