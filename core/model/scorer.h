// UnixBench 6.0's scoring, as pure functions (see docs/architecture.md):
//   pass value  = the copies' counts combined (their sum, UnixBench's; the
//                 workload may say otherwise, ABI 1.4) / (mean copy time /
//                 time base)
//   test value  = geometric mean of the passes left after dropping the
//                 worst floor(n/3) (ranked by raw count: the lowest, or the
//                 highest for a lower-is-better value, ABI 1.2)
//   index       = value / baseline * 10 (baseline / value * 10 when lower
//                 is better: a higher index is always better)
//   score       = geometric mean of a category's indexes
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench {

struct PassSample {
    double count = 0;    // combined over copies (summed, unless the workload says otherwise)
    double seconds = 0;  // mean over copies
};

struct Stats {
    double min = 0, median = 0, max = 0, mean = 0, stddev = 0;
};

struct TestScore {
    double value = 0;        // geometric mean of the kept pass values
    double time_s = 0;       // mean time of the kept passes
    int samples = 0;         // kept passes
    std::vector<bool> kept;  // per pass, in the order given
    std::vector<double> pass_values;
    Stats stats;  // over the kept pass values
};

// A pass's value: a rate per time base, or the count itself for rate tests.
double pass_value(const PassSample &pass, uint32_t time_base_s);

// nullopt when there are no passes. `better` says which third is dropped.
std::optional<TestScore> score_test(const std::vector<PassSample> &passes, uint32_t time_base_s,
                                    Direction better = Direction::higher_is_better);

Stats describe(const std::vector<double> &values);

// One indexed test of a category; value is nullopt when it did not run ok.
struct IndexEntry {
    double baseline = 0;
    std::optional<double> value;
};

struct CategoryScore {
    double score = 0;
    int tests_indexed = 0;
    int tests_total = 0;
    bool partial = false;
};

// A value (or baseline) turned so that higher is better: itself, or its
// reciprocal when lower is better. Indexes, category scores and their
// intervals are made of these, so direction is handled here only.
inline double as_higher_is_better(double value, Direction better) {
    return better == Direction::lower_is_better ? 1.0 / value : value;
}

inline double index_of(double value, double baseline,
                       Direction better = Direction::higher_is_better) {
    return as_higher_is_better(value, better) / as_higher_is_better(baseline, better) * 10.0;
}

// `tests_total` counts the category's tests in the suite, run or not.
CategoryScore score_category(const std::vector<IndexEntry> &entries, int tests_total);

}  // namespace bytebench
