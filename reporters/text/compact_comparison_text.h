// The text reporter's compact layout of a comparison (a pivot, or more than three inputs):
// one cell per column and row, the columns in blocks that fit 100 columns of text.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "common/comparison_access.h"

namespace bytebench::reporters::text {

// The columns, one line each: number, label, results, hosts, status (a failed one's reason).
void write_compact_columns(const nlohmann::json &doc, const ComparisonInputs &inputs,
                           std::ostream &out);

// What a compact cell holds and what its markers mean.
void write_compact_legend(const nlohmann::json &doc, std::ostream &out);

// A section's tables, one per block of columns, each with the index scores under it.
}  // namespace bytebench::reporters::text
