// The comparison page's compact layout, for a pivot (`compare --by`) or more than three inputs:
// a table of the columns, then per section one table with a cell per column and row (number
// above, delta and verdict below) that scrolls sideways in its own box with the test column
// kept in view, and a bar chart per index category, one bar per column, the baseline marked.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace bytebench::reporters::html {

// The layout's CSS, added to the page's stylesheet.
extern const char *const kCompactStyle;

// "Comparison of 50 columns by label:kernel, label:smt".
std::string compact_page_title(const nlohmann::json &doc);

// The columns: number, name (baseline, status), results, hosts, sources, notes (a failed
// column's reason, why a column is split off).
void write_compact_columns(const nlohmann::json &doc, std::ostream &out);

// Section `number` (from 1): its table and its index charts.
void write_compact_section(const nlohmann::json &doc, const nlohmann::json &section, size_t number,
                           std::ostream &out);

}  // namespace bytebench::reporters::html
