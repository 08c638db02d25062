#include "statistics_cells.h"

#include <algorithm>
#include <optional>

#include "common/statistics_access.h"
#include "format.h"
#include "html_page.h"

namespace bytebench::reporters::html {
namespace {

using reporters::interval_member;
using reporters::IntervalValue;

constexpr const char *kAbsent = "—";

std::string range_text(const IntervalValue &interval) {
    return value_text(interval.lo) + " – " + value_text(interval.hi);
}

std::string interval_cell(const json &object, const char *key, const json &test) {
    if (const std::optional<IntervalValue> interval = interval_member(object, key))
        return number_cell(range_text(*interval));
    const std::optional<long long> n = reporters::statistics_n(test);
    return number_cell(n && *n < 2 ? "none (n < 2)" : kAbsent);
}

}  // namespace

bool has_statistics(const std::vector<const json *> &tests) {
    return std::any_of(tests.begin(), tests.end(), [](const json *test) {
        return integer_member(member(*test, "stats"), "n").has_value();
    });
}

std::string value_interval_cell(const json &test) {
    return interval_cell(test, "value_ci95", test);
}

std::string index_interval_cell(const json &test) {
    return interval_cell(test, "index_ci95", test);
}

std::string cv_cell(const json &test) {
    const std::optional<double> cv = number_member(member(test, "stats"), "cv");
    return number_cell(cv ? fixed(*cv * 100.0, 2) + "%" : kAbsent);
}

std::string outliers_cell(const json &test) {
    if (!reporters::has_outlier_marks(test)) return "<td>" + std::string(kAbsent) + "</td>";
    const std::vector<long long> passes = reporters::outlier_passes(test);
    if (passes.empty()) return "<td><span class=\"muted\">none</span></td>";
    std::string html;
    for (long long pass : passes)
        html += (html.empty() ? "" : " ") + badge("pass " + std::to_string(pass + 1), "warn");
    return "<td>" + html + "</td>";
}

std::string score_interval_cell(const json &index) {
    const std::optional<IntervalValue> interval = interval_member(index, "ci95");
    return number_cell(interval ? range_text(*interval) : kAbsent);
}

std::string score_interval_note(const json &index) {
    if (interval_member(index, "ci95")) {
        const std::string method = string_member(index, "ci95_method");
        std::string text = "95% interval of the score: " +
                           (method == "delta-log" ? std::string("delta method on logs") : method);
        if (const std::optional<double> df = number_member(index, "ci95_df"))
            text += ", Student t with " + fixed(*df, 1) + " degrees of freedom";
        return text + ".";
    }
    const std::string why = string_member(index, "ci95_unavailable");
    return why.empty() ? "" : "No interval for the score: " + why + ".";
}

std::string score_interval_text(const json &index) {
    const std::optional<IntervalValue> interval = interval_member(index, "ci95");
    return interval ? "95% CI " + range_text(*interval) : "";
}

}  // namespace bytebench::reporters::html
