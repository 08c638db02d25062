// Statistics of a test's passes and intervals of its value and of the index
// scores (docs/statistics.md has the formulas and the reasons for them).
//
// - Which passes: the kept ones, those the score is made of (scorer.h drops
//   the lowest floor(n/3) by count, as UnixBench does). The statistics
//   describe the numbers the value was computed from, so that an interval
//   and the value it qualifies come from the same sample.
// - Spread: mean, median, sample standard deviation (n - 1), coefficient of
//   variation, and a 95% confidence interval of the mean with Student's t
//   (its quantile computed for any df, not looked up). Fewer than 2 values:
//   no interval and no CV.
// - Outliers: the modified z-score of Iglewicz and Hoaglin,
//   M = 0.6745 (x - median) / MAD, flagged when |M| > 3.5. When the MAD is 0
//   (more than half the values are equal), the mean absolute deviation from
//   the median stands in: M = (x - median) / (sqrt(pi/2) * MeanAD); when that
//   is 0 too every value is equal and none is flagged.
// - The interval of a test's value (a geometric mean): the t interval of the
//   mean of the logs, mapped back with exp.
// - The interval of an index score: in logs a score is the mean of its tests'
//   log indexes, so its standard error follows from theirs (delta method on
//   logs, Welch-Satterthwaite degrees of freedom). A deterministic bootstrap
//   (fixed seed) is the cross-check the tests compare it with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bytebench {

struct Interval {
    double lo = 0, hi = 0;
};

inline constexpr double kConfidenceLevel = 0.95;
inline constexpr double kOutlierThreshold = 3.5;  // |modified z| above this is an outlier

// The p quantile of Student's t distribution with `df` degrees of freedom
// (df > 0, not necessarily whole; 0 < p < 1).
double student_t_quantile(double p, double df);

struct SampleStatistics {
    size_t n = 0;
    double min = 0, max = 0, mean = 0, median = 0;
    double stddev = 0;             // sample standard deviation (n - 1); 0 when n < 2
    std::optional<double> cv;      // stddev / mean; unset when n < 2 or the mean is 0
    std::optional<Interval> ci95;  // of the mean, Student t; unset when n < 2 or an end
                                   // is beyond a double
    std::vector<size_t> outliers;  // positions in the sample, ascending
};

SampleStatistics sample_statistics(const std::vector<double> &values);

// The mean of finite `values` (0 when empty), finite whatever their size:
// five passes of 1.7e308 have the mean 1.7e308, not infinity. The plain sum
// when it is finite (so the same bits as ever), else the sum of the values
// scaled by a power of two that brings the largest below 1 (exact in binary
// floating point: only the exponent moves), divided by n, scaled back.
double mean_of(const std::vector<double> &values);

// The sample standard deviation (n - 1) of finite `values` around their
// mean `mean` (mean_of), 0 when n < 2; computed, as mean_of, on values
// scaled by a power of two when the plain sum of squares overflows. It is
// infinite only when the spread itself is beyond a double (values of
// +-1.7e308 spread over more than 1.8e308).
double sample_stddev(const std::vector<double> &values, double mean);

// The midpoint of a and b without overflow: (a + b) / 2, or a / 2 + b / 2
// when a + b is beyond a double.
double midpoint_of(double a, double b);

// Median of `values` (the mean of the middle two for an even count); 0 when empty.
double median_of(std::vector<double> values);

// The modified z-score of each value, with the MeanAD fallback when the MAD is 0 (see above).
std::vector<double> modified_z_scores(const std::vector<double> &values);

// Positions of the values whose |modified z-score| exceeds kOutlierThreshold.
std::vector<size_t> outlier_positions(const std::vector<double> &values);

// The 95% interval of the geometric mean of `values`: exp(mean(log x) +- t * sd(log x)/sqrt(n)).
// Unset when n < 2, a value is not positive, or an end is beyond a double.
std::optional<Interval> geometric_mean_interval(const std::vector<double> &values);

// One test of an index category: its baseline and its kept pass values.
struct IndexedSample {
    std::string name;  // for the reason when there is no interval
    double baseline = 0;
    std::vector<double> kept_values;
};

struct IndexInterval {
    std::optional<Interval> ci95;
    double df = 0;            // degrees of freedom of the t quantile (delta method only)
    double log_se = 0;        // standard error of log(score) (delta method only)
    std::string unavailable;  // why there is no interval, when there is none
};

// The delta method on logs:
//   L_i  = mean of log(kept values of test i),  se_i = sd(log values)/sqrt(n_i)
//   log S = log 10 + (1/k) sum_i (L_i - log b_i),  se = sqrt(sum_i se_i^2) / k
//   df   = (sum se_i^2)^2 / sum (se_i^4 / (n_i - 1))  (Welch-Satterthwaite)
//   95% interval: S * exp(+-t(0.975, df) * se)
// No interval when a test has fewer than 2 kept passes or a non-positive one.
IndexInterval delta_index_interval(const std::vector<IndexedSample> &tests);

// A percentile bootstrap: each resample draws every test's kept passes with
// replacement and recomputes the score; the interval is the 2.5th and 97.5th
// percentiles of `resamples` scores. Deterministic for a given seed (mt19937_64).
IndexInterval bootstrap_index_interval(const std::vector<IndexedSample> &tests,
                                       int resamples = 10000, uint64_t seed = 20260511);

// The name the result document gives the method of delta_index_interval.
inline constexpr const char *kIndexIntervalMethod = "delta-log";

}  // namespace bytebench
