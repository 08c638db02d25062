#include "metrics_text.h"

#include <optional>
#include <string>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/metric_access.h"
#include "common/result_access.h"
#include "text_table.h"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

std::vector<std::string> metric_row(const TestMetric &item) {
    const std::optional<long long> n = metric_n(*item.metric);
    const std::string spread = metric_spread_text(*item.metric, "+/-");
    return {display_name(*item.test) + ": " + metric_name(*item.metric),
            metric_value_text(*item.metric), spread.empty() ? kAbsentCell : spread,
            n ? std::to_string(*n) : kAbsentCell, direction_text(direction_member(*item.metric))};
}

}  // namespace

void write_run_metrics(const json &run, std::ostream &out) {
    const std::vector<TestMetric> metrics = run_metrics(run);
    if (metrics.empty()) return;
    TextTable table({{false, 0}, {true, 2}, {true, 2}, {true, 2}, {false, 2}});
    table.add_row({"Metrics", "value", "spread", "n", "direction"});
    table.add_rule();
    for (const TestMetric &item : metrics) table.add_row(metric_row(item));
    table.write(out);
    out << "\nvalue: mean of the ok passes; spread: half width of its 95% CI (cv with fewer "
           "values); n: passes\n\n";
}

}  // namespace bytebench::reporters::text
