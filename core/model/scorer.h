// UnixBench 6.0's scoring, as pure functions (see docs/architecture.md):
//   pass value  = sum of the copies' counts / (mean copy time / time base)
//   test value  = geometric mean of the passes left after dropping the
//                 lowest floor(n/3) (ranked by raw count)
//   index       = value / baseline * 10
//   score       = geometric mean of a category's indexes
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace bytebench {

struct PassSample {
    double count = 0;    // summed over copies
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

// nullopt when there are no passes.
std::optional<TestScore> score_test(const std::vector<PassSample> &passes, uint32_t time_base_s);

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

inline double index_of(double value, double baseline) { return value / baseline * 10.0; }

// `tests_total` counts the category's tests in the suite, run or not.
CategoryScore score_category(const std::vector<IndexEntry> &entries, int tests_total);

}  // namespace bytebench
