// The values of a workload's declared metrics (ABI 1.2, MetricInfo): how the
// copies of a pass combine, what makes a recorded value unusable, and what a
// test's passes add up to. Plain functions over plain data; the worker, the
// pass runner and the run record share them.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/plugin_info.h"
#include "model/statistics.h"

namespace bytebench {

// Each copy's or pass's value per metric key.
using MetricValues = std::map<std::string, double>;

// The pass's value of a metric from the values its copies recorded
// (bb_combine); `values` is not empty.
double combine_metric(CopyCombine combine, const std::vector<double> &values);

// The pass's values: every declared metric that at least one copy recorded,
// combined over those copies.
MetricValues combine_copies(const std::vector<MetricInfo> &declared,
                            const std::vector<MetricValues> &copies);

// "metric 'p99_us': nan is not a finite number", or "" for a finite value.
std::string metric_value_problem(const std::string &key, double value);

// "metric 'p98_us' is not declared by workload 'x'; it declares p50_us,
// p99_us", or "" when `key` is one of `declared`.
std::string undeclared_metric_problem(const std::string &key, const std::string &workload,
                                      const std::vector<std::string> &declared);

// One metric over a test's passes: the statistics of the values of the
// passes that have one (its value is their mean); nullopt when none has.
std::optional<SampleStatistics> summarize_metric(const std::vector<const MetricValues *> &passes,
                                                 const std::string &key);

}  // namespace bytebench
