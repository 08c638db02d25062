// The markdown reporter's compact layout of a comparison (a pivot, or more than three inputs):
// one cell per column and row, one table per block of columns.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "common/comparison_access.h"

namespace bytebench::reporters::markdown {

// The columns as a list (number, label, results, hosts, status; a failed one's reason), then
// the failed and incomplete columns named in a sentence each.
void write_compact_columns(const nlohmann::json &doc, const ComparisonInputs &inputs,
                           std::ostream &out);

// What a compact cell holds and what its markers mean.
void write_compact_legend(const nlohmann::json &doc, std::ostream &out);

}  // namespace bytebench::reporters::markdown
