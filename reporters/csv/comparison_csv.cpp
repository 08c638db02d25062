// A comparison as one tidy table: one record per section, test and input (and per metric of
// the test: `metric` its key, `name` and `unit` the metric's), then one per section, index
// category and input (`test` = "index:<category>", the score in `index`, `status` "ok",
// "partial" or "missing"). `better` says each number's direction. Numbers are written as the
// document holds them.
// The inputs' descriptions, the warnings and the gate are not tabular and are left to the
// other formats; `source` names each input.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/comparison_access.h"
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

// What every record of one section and input starts with.
struct ComparisonColumn {
    std::string section;
    std::string copies;
    std::string label;
    std::string source;
};

void write_row(const ComparisonColumn &column, const json &row, const json &cell,
               std::ostream &out) {
    const json &significance = member(cell, "significance");
    const std::string name = is_metric_row(row) ? metric_display_name(row) : display_name(row);
    write_csv_record(out, {column.section,
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
                           direction_name(direction_member(row))});
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
    write_csv_record(out, record);
}

void write_section(const json &section, const json &inputs, const std::vector<std::string> &labels,
                   std::ostream &out) {
    std::vector<ComparisonColumn> columns;
    for (size_t i = 0; i < labels.size(); ++i)
        columns.push_back({string_member(section, "title"),
                           json_number_text(element(member(section, "copies"), i)), labels[i],
                           string_member(inputs[i], "source")});
    for (const json &row : elements(member(section, "rows")))
        for (size_t i = 0; i < columns.size() && row.is_object(); ++i)
            write_row(columns[i], row, cell_at(row, i), out);
    for (const json &index : elements(member(section, "indexes")))
        for (size_t i = 0; i < columns.size(); ++i)
            write_index(columns[i], index, cell_at(index, i), out);
}

}  // namespace

void write_comparison_csv(const json &comparison, std::ostream &out) {
    write_csv_record(out, kComparisonHeader);
    const json &inputs = elements(member(comparison, "inputs"));
    const std::vector<std::string> labels = input_labels(comparison);
    for (const json &section : elements(member(comparison, "sections")))
        write_section(section, inputs, labels, out);
}

}  // namespace bytebench::reporters::csv
