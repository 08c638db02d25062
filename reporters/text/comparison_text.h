// The `text` reporter's rendering of a comparison document (bytebench.comparison/2).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace bytebench::reporters::text {

// Marks beside a row label and an index score, in both layouts.
inline constexpr const char *kNotComparable = "!";
inline constexpr const char *kPartial = "*";

// A row's label in both layouts: a test's id ("latency (lower is better)" when that is its
// direction); a metric's name, unit and direction, indented under its test; "!" when the row
// is not comparable.
std::string comparison_row_label(const nlohmann::json &row);

// An index score's label in both layouts: "system index", with "!" when the scores are not
// comparable (over different tests, or tests that are not).
std::string index_row_label(const nlohmann::json &index);

// Call inside a CLocaleScope.
void write_comparison_text(const nlohmann::json &comparison, std::ostream &out);

}  // namespace bytebench::reporters::text
