// The list of columns and the legend of a comparison's compact layout as Markdown (a pivot,
// `compare --by`, or more than three inputs). The tables themselves are the model's
// (common/compact_comparison_sections.h), laid out by section_markdown, one per block of columns.
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

}  // namespace bytebench::reporters::markdown
