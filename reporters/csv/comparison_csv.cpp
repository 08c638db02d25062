// A comparison as one tidy table: one record per section, test and input (and per metric of
// the test: `metric` its key, `name` and `unit` the metric's), then one per section, index
// category and input (`test` = "index:<category>", the score in `index`, `status` "ok",
// "partial" or "missing"; `comparable` "false" when the scores are not comparable). `better`
// says each number's direction. Numbers are written as the document holds them.
// A pivot (`compare --by`) is the same long form, one record per section, row and column, with
// more fields at the end: `results` (how many results are behind the cell's value),
// `column_status` (complete, incomplete, failed) and one field per pivot key, named as given
// to --by ("label:kernel", "host"), holding the column's value of it; `source` lists the
// column's members. A spreadsheet's pivot table then regroups the columns by any key.
// The inputs' descriptions, the environment differences, the warnings and the gate are not
// tabular and are left to the other formats; `source` names each input.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/comparison_access.h"
#include "common/comparison_columns.h"
#include "common/csv.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "csv_layouts.h"

namespace bytebench::reporters::csv {
namespace {

using nlohmann::json;
using Record = std::vector<std::string>;

const Record kComparisonHeader = {"section",    "copies",    "test",    "name",   "unit",
                                  "input",      "source",    "status",  "value",  "index",
                                  "samples",    "delta_pct", "verdict", "method", "p",
                                  "comparable", "error",     "reason",  "metric", "better"};

// What every record of one section and input starts with, and what a pivot's ends with.
struct ComparisonColumn {
    std::string section;
    std::string copies;
    std::string label;
    std::string source;
    std::vector<std::string> pivot;  // column_status and the key values; empty without a pivot
};

// A pivot's fields after kComparisonHeader's: results, column_status, then the keys as --by
// named them.
std::vector<std::string> pivot_header(const json &doc) {
    std::vector<std::string> fields = {"results", "column_status"};
    for (const json &by : elements(member(member(doc, "pivot"), "by")))
        fields.push_back(text_of(by));
    return fields;
}

std::vector<std::string> pivot_fields(const json &doc, const json &input) {
    std::vector<std::string> fields = {column_status(input)};
    for (const json &key : elements(member(member(doc, "pivot"), "keys")))
        fields.push_back(string_member(member(input, "values"), text_of(key).c_str()));
    return fields;
}

// A column's sources: its members', one blank between them; else the input's own.
std::string column_source(const json &input) {
    std::string sources;
    for (const json &m : elements(member(input, "members"))) {
        const std::string source = string_member(m, "source");
        if (!source.empty()) sources += (sources.empty() ? "" : " ") + source;
    }
    return sources.empty() ? string_member(input, "source") : sources;
}

// The pivot's fields of one record: `results` (the cell's, "" for an index), then the column's.
void append_pivot(const ComparisonColumn &column, const std::string &results,
                  std::vector<std::string> &record) {
    if (column.pivot.empty()) return;
    record.push_back(results);
    record.insert(record.end(), column.pivot.begin(), column.pivot.end());
}

void write_row(const ComparisonColumn &column, const json &row, const json &cell,
               std::ostream &out) {
    const json &significance = member(cell, "significance");
    const std::string name = is_metric_row(row) ? metric_display_name(row) : display_name(row);
    Record record = {column.section,
                     column.copies,
                     string_member(row, "id"),
                     name,
                     string_member(row, "unit"),
                     column.label,
                     column.source,
                     cell_status(cell),
                     json_number_text(cell, "value"),
                     json_number_text(cell, "index"),
                     json_number_text(cell, "samples"),
                     json_number_text(cell, "delta_pct"),
                     string_member(significance, "verdict"),
                     string_member(significance, "method"),
                     json_number_text(significance, "p"),
                     row_comparable(row) ? "true" : "false",
                     string_member(cell, "error"),
                     string_member(significance, "reason"),
                     string_member(row, "metric"),
                     direction_name(direction_member(row))};
    append_pivot(column, json_number_text(cell, "results"), record);
    write_csv_record(out, record);
}

void write_index(const ComparisonColumn &column, const json &index, const json &cell,
                 std::ostream &out) {
    Record record = {column.section,
                     column.copies,
                     "index:" + string_member(index, "category"),
                     string_member(index, "title"),
                     "",
                     column.label,
                     column.source,
                     index_cell_status(cell),
                     "",
                     json_number_text(cell, "score"),
                     "",
                     json_number_text(cell, "delta_pct")};
    record.resize(kComparisonHeader.size());
    // Only a score that says it is not comparable (over different tests) says so.
    if (!row_comparable(index))
        record[std::find(kComparisonHeader.begin(), kComparisonHeader.end(), "comparable") -
               kComparisonHeader.begin()] = "false";
    append_pivot(column, "", record);
    write_csv_record(out, record);
}

void write_section(const json &doc, const json &section, const std::vector<std::string> &labels,
                   std::ostream &out) {
    const json &inputs = elements(member(doc, "inputs"));
    const bool pivot = is_pivot(doc);
    std::vector<ComparisonColumn> columns;
    for (size_t i = 0; i < labels.size(); ++i)
        columns.push_back({string_member(section, "title"),
                           json_number_text(element(member(section, "copies"), i)), labels[i],
                           pivot ? column_source(inputs[i]) : string_member(inputs[i], "source"),
                           pivot ? pivot_fields(doc, inputs[i]) : std::vector<std::string>()});
    for (const json &row : elements(member(section, "rows")))
        for (size_t i = 0; i < columns.size() && row.is_object(); ++i)
            write_row(columns[i], row, cell_at(row, i), out);
    for (const json &index : elements(member(section, "indexes")))
        for (size_t i = 0; i < columns.size(); ++i)
            write_index(columns[i], index, cell_at(index, i), out);
}

}  // namespace

void write_comparison_csv(const json &comparison, std::ostream &out) {
    Record header = kComparisonHeader;
    if (is_pivot(comparison)) {
        const Record pivot = pivot_header(comparison);
        header.insert(header.end(), pivot.begin(), pivot.end());
    }
    write_csv_record(out, header);
    const std::vector<std::string> labels = input_labels(comparison);
    for (const json &section : elements(member(comparison, "sections")))
        write_section(comparison, section, labels, out);
}

}  // namespace bytebench::reporters::csv
