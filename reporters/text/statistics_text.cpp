// The `--stats` section: one row per test that ran ok (in the report's order), then one line
// per index score with its interval and a legend. A cell the result does not hold (an older
// bytebench, an imported UnixBench report) is "-"; an interval that cannot exist says why.
#include "statistics_text.h"

#include <optional>
#include <string>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "common/statistics_access.h"
#include "text_table.h"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

bool any_quick(const json &run) {
    for (const json *test : tests_by_name(run))
        if (member(*test, "quick").is_object()) return true;
    return false;
}

std::vector<std::string> test_row(const json &test, bool quick) {
    const json &stats = member(test, "stats");
    const std::optional<long long> n = statistics_n(test);
    const bool spread = n && *n >= 2;  // a sample standard deviation needs two values
    std::string ci = kAbsentCell;
    if (const std::optional<IntervalValue> interval = interval_member(stats, "ci95"))
        ci = interval_text(*interval);
    else if (n && *n < 2)
        ci = "none (n < 2)";
    std::string cv = kAbsentCell;
    if (const std::optional<double> value = number_member(stats, "cv"))
        cv = format("%.2f", *value * 100.0);
    std::vector<std::string> row = {
        display_name(test),
        n ? std::to_string(*n) : kAbsentCell,
        formatted_member(stats, "mean", "%.1f"),
        formatted_member(stats, "median", "%.1f"),
        spread ? formatted_member(stats, "stddev", "%.1f") : kAbsentCell,
        cv,
        ci,
        has_outlier_marks(test) ? outlier_passes_text(outlier_passes(test)) : kAbsentCell};
    if (quick) {
        const std::string stop = quick_stop_text(test);
        row.push_back(stop.empty() ? kAbsentCell : stop);
    }
    return row;
}

std::string method_text(const json &index) {
    const std::string method = string_member(index, "ci95_method");
    std::string text = method == "delta-log" ? "delta method on logs" : method;
    if (const std::optional<double> df = number_member(index, "ci95_df"))
        text += (text.empty() ? "" : ", ") + format("%.1f df", *df);
    return text.empty() ? "" : "(" + text + ")";
}

std::vector<std::string> index_row(const json &index) {
    const bool partial = flag_member(index, "partial");
    std::vector<std::string> row = {
        index_title(index) + " Index Score" + (partial ? " (Partial Only)" : ""),
        formatted_member(index, "score", "%.1f")};
    if (const std::optional<IntervalValue> interval = interval_member(index, "ci95")) {
        row.push_back("95% CI " + interval_text(*interval));
        row.push_back(method_text(index));
    } else if (const std::string why = string_member(index, "ci95_unavailable"); !why.empty()) {
        row.push_back("95% CI: none");
        row.push_back("(" + why + ")");
    } else {
        row.push_back("95% CI: not in this result");
    }
    return row;
}

}  // namespace

void write_run_statistics(const json &run, std::ostream &out) {
    // A --quick run adds why each test stopped sampling.
    const bool quick = any_quick(run);
    std::vector<TextColumn> columns = {{false, 0}, {true, 2}, {true, 2}, {true, 2},
                                       {true, 2},  {true, 2}, {true, 2}, {false, 2}};
    std::vector<std::string> heading = {"Statistics of the kept passes",
                                        "n",
                                        "mean",
                                        "median",
                                        "stddev",
                                        "CV %",
                                        "95% CI of the mean",
                                        "outliers"};
    if (quick) {
        columns.push_back({false, 2});
        heading.push_back("--quick stopped by");
    }
    TextTable tests(columns);
    tests.add_row(heading);
    tests.add_rule();
    bool any = false;
    for (const json *test : tests_by_name(run)) {
        if (!test_is_ok(*test)) continue;
        tests.add_row(test_row(*test, quick));
        any = true;
    }
    if (!any) tests.add_row({"(no test gave a result)"});
    tests.write(out);
    out << "\n";

    TextTable indexes({{false, 0}, {true, 2}, {false, 3}, {false, 1}});
    bool indexed = false;
    for (const json &index : elements(member(run, "indexes")))
        if (category_indexed(index)) {
            indexes.add_row(index_row(index));
            indexed = true;
        }
    if (indexed) {
        indexes.write(out);
        out << "\n";
    }
    out << "n: kept passes; CI: Student t; outliers: |modified z-score| > 3.5, passes numbered\n"
           "from 1 as in the log (docs/statistics.md)\n\n";
}

}  // namespace bytebench::reporters::text
