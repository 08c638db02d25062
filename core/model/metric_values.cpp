#include "model/metric_values.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "base/decimal.h"

namespace bytebench {

double combine_metric(Combine combine, const std::vector<double> &values) {
    switch (combine) {
        case Combine::sum:
            return std::accumulate(values.begin(), values.end(), 0.0);
        case Combine::mean:
            return mean_of(values);  // finite for finite values (statistics.h)
        case Combine::min:
            return *std::min_element(values.begin(), values.end());
        case Combine::max:
            return *std::max_element(values.begin(), values.end());
    }
    return 0;  // not reached: every Combine is handled above
}

MetricValues combine_copies(const std::vector<MetricInfo> &declared,
                            const std::vector<MetricValues> &copies) {
    MetricValues pass;
    for (const MetricInfo &metric : declared) {
        std::vector<double> recorded;
        for (const MetricValues &copy : copies)
            if (const auto it = copy.find(metric.key); it != copy.end())
                recorded.push_back(it->second);
        if (!recorded.empty()) pass[metric.key] = combine_metric(metric.combine, recorded);
    }
    return pass;
}

std::string metric_value_problem(const std::string &key, double value) {
    if (std::isfinite(value)) return "";
    return "metric '" + key + "': " + decimal_text(value) + " is not a finite number";
}

std::string undeclared_metric_problem(const std::string &key, const std::string &workload,
                                      const std::vector<std::string> &declared) {
    if (std::find(declared.begin(), declared.end(), key) != declared.end()) return "";
    std::string known;
    for (const std::string &k : declared) known += (known.empty() ? "" : ", ") + k;
    return "metric '" + key + "' is not declared by workload '" + workload + "'; " +
           (known.empty() ? "it declares no metrics" : "it declares " + known);
}

std::optional<SampleStatistics> summarize_metric(const std::vector<const MetricValues *> &passes,
                                                 const std::string &key) {
    std::vector<double> values;
    for (const MetricValues *pass : passes)
        if (const auto it = pass->find(key); it != pass->end()) values.push_back(it->second);
    if (values.empty()) return std::nullopt;
    return sample_statistics(values);
}

}  // namespace bytebench
