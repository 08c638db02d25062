// The list of columns and the legend of a comparison's compact layout for the terminal (a pivot,
// `compare --by`, or more than three inputs, where a value, index, delta, verdict and p-value
// column per input would run to thousands of characters). The tables themselves are the model's
// (common/compact_comparison_sections.h), laid out by section_text.
#include "compact_comparison_text.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/compact_comparison_sections.h"
#include "common/comparison_columns.h"
#include "common/join.h"
#include "common/number_text.h"
#include "common/text_width.h"
#include "comparison_text.h"
#include "wrap.h"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

constexpr const char *kMissing = "-";

std::string column_number(size_t i) { return format("[%zu]", i + 1); }

// "[1] 3.16,on  2 results, hosts: db-1, db-2, baseline", wrapped under its description.
void write_column_line(const json &input, const std::string &label, size_t i, bool baseline,
                       size_t name_width, std::ostream &out) {
    const std::string name = pad(column_number(i) + " " + label, name_width, false) + "  ";
    std::string text = compact_column_description(input);
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

}  // namespace bytebench::reporters::text
