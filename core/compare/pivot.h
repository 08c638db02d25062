// `compare --by`: results grouped into columns by their labels (one column
// per value of a label, or per combination of values of several), the
// results of a column pooled into one, and the columns compared as inputs
// are (comparison.h). Results that cannot be pooled (another suite, another
// method, other copy counts, other workload versions, imported against
// measured) are never pooled: they get columns of their own, named by what
// differs. docs/fleet.md and docs/comparison-schema.md ("pivot").
#pragma once

#include <string>
#include <vector>

#include "compare/comparison.h"

namespace bytebench {

struct PivotSpec {
    std::string by;                 // as typed: "host", "label:kernel,label:smt"
    std::vector<std::string> keys;  // the label keys: "host", "kernel", "smt"
    std::string baseline;           // a column's name ("3.16,on"); "" = the first column
};

// Parses --by: comma-separated "host" or "label:KEY" items. Throws
// std::invalid_argument with one line naming the item.
PivotSpec parse_pivot(const std::string &by, const std::string &baseline);

// The comparison of the columns, with the "pivot" members of the document.
// `inputs` are consumed (each result is pooled into its column). Throws
// std::invalid_argument for a key that no result has (naming the labels
// that exist) and for a baseline that is no column (naming the columns).
nlohmann::json compare_pivoted(std::vector<ComparisonInput> inputs, const PivotSpec &spec,
                               ComparisonOptions options);

// How column names sort: runs of digits by their number ("4.4" before
// "4.10"), the rest byte by byte.
bool natural_less(const std::string &a, const std::string &b);

}  // namespace bytebench
