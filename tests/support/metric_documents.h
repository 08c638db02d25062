// Hand-written test objects of a result document (runs[].tests[], bytebench.result/1) with
// metrics, in the shape the run writes them (docs/result-schema.md, "Metrics"): for the tests
// of what reads results and compares them. Header-only, nlohmann-json only.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <numeric>
#include <string>
#include <vector>

namespace bytebench::test {

// A metric's description in a test's "metrics" ("better": "higher" or "lower").
struct MetricSpec {
    std::string key, name, unit, better;
};

// `test` with metric `spec` measured as `per_pass` in its passes, in order: each pass gets
// "metrics": {key: value} (passes are added, status ok, when the test has fewer), and the test
// a "metrics" element whose value is their mean, with the statistics' n, min, max and mean.
inline nlohmann::json with_metric(nlohmann::json test, const MetricSpec &spec,
                                  const std::vector<double> &per_pass) {
    nlohmann::json &passes = test["passes"];
    if (!passes.is_array()) passes = nlohmann::json::array();
    while (passes.size() < per_pass.size()) passes.push_back({{"status", "ok"}, {"kept", true}});
    for (size_t i = 0; i < per_pass.size(); ++i) passes[i]["metrics"][spec.key] = per_pass[i];
    nlohmann::json metric = {{"key", spec.key},
                             {"name", spec.name},
                             {"unit", spec.unit},
                             {"better", spec.better},
                             {"combine", "max"}};
    if (!per_pass.empty()) {
        const double mean = std::accumulate(per_pass.begin(), per_pass.end(), 0.0) /
                            static_cast<double>(per_pass.size());
        const auto [lo, hi] = std::minmax_element(per_pass.begin(), per_pass.end());
        metric["value"] = mean;
        metric["stats"] = {{"n", per_pass.size()}, {"min", *lo}, {"max", *hi}, {"mean", mean}};
    }
    test["metrics"].push_back(metric);
    return test;
}

// `values` each times `factor`: a metric whose every pass changed by the same ratio.
inline std::vector<double> scaled(std::vector<double> values, double factor) {
    for (double &v : values) v *= factor;
    return values;
}

}  // namespace bytebench::test
