#include "exec/quick_mode.h"

#include <cmath>

#include "model/statistics.h"

namespace bytebench {

std::optional<double> relative_half_width(const std::vector<double> &values) {
    const std::optional<Interval> ci = geometric_mean_interval(values);
    if (!ci || ci->lo <= 0) return std::nullopt;
    // The interval is symmetric in logs: lo = g / f and hi = g * f, so
    // g = sqrt(lo * hi), and half its width relative to g is what a reader
    // means by "±x%".
    const double g = std::sqrt(ci->lo * ci->hi);
    return (ci->hi - ci->lo) / (2 * g);
}

QuickStop quick_decision(const QuickOptions &options, const std::vector<double> &pass_values,
                         double elapsed_s) {
    const int n = int(pass_values.size());
    if (n >= options.min_passes) {
        const std::optional<double> half = relative_half_width(pass_values);
        if (half && *half <= options.target) return QuickStop::target_met;
        if (elapsed_s >= options.budget_s) return QuickStop::budget_spent;
    }
    return n >= options.max_passes ? QuickStop::cap_reached : QuickStop::go_on;
}

std::string to_string(QuickStop stop) {
    switch (stop) {
        case QuickStop::target_met:
            return "target";
        case QuickStop::cap_reached:
            return "cap";
        case QuickStop::budget_spent:
            return "time";
        case QuickStop::go_on:
            break;
    }
    return "running";
}

}  // namespace bytebench
