#include "model/statistics.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>
#include <random>

#include "base/text.h"
#include "model/scorer.h"

namespace bytebench {
namespace {

// Iglewicz and Hoaglin's constant: the 0.75 quantile of the standard normal,
// so that 0.6745 (x - median) / MAD is a z-score for normal data.
constexpr double kMadScale = 0.6745;
// For normal data E|X - mu| = sigma sqrt(2/pi): the MeanAD times sqrt(pi/2)
// estimates sigma.
const double kMeanAdScale = std::sqrt(std::acos(-1.0) / 2.0);
// UnixBench leaves index ratios at or below this out of the score's log sum.
constexpr double kSmallestRatio = 1e-6;

double upper_quantile() { return 1.0 - (1.0 - kConfidenceLevel) / 2.0; }  // 0.975

struct LogMean {
    double mean = 0;  // mean of the logs
    double se = 0;    // its standard error, sd(logs) / sqrt(n)
    size_t n = 0;
};

// nullopt when a value is not positive (or not finite).
std::optional<LogMean> log_mean(const std::vector<double> &values) {
    LogMean m;
    m.n = values.size();
    if (m.n == 0) return std::nullopt;
    std::vector<double> logs;
    for (double v : values) {
        if (!(v > 0) || !std::isfinite(v)) return std::nullopt;
        logs.push_back(std::log(v));
    }
    m.mean = std::accumulate(logs.begin(), logs.end(), 0.0) / double(m.n);
    if (m.n > 1) {
        double sq = 0;
        for (double l : logs) sq += (l - m.mean) * (l - m.mean);
        m.se = std::sqrt(sq / double(m.n - 1)) / std::sqrt(double(m.n));
    }
    return m;
}

// Why the tests give no interval, or "" when they do.
std::string unusable(const std::vector<IndexedSample> &tests) {
    if (tests.empty()) return "no test contributed";
    for (const IndexedSample &t : tests) {
        if (t.kept_values.size() < 2)
            return t.name + " has " + count_text(t.kept_values.size(), "kept pass", "kept passes") +
                   " (an interval needs 2)";
        if (!(t.baseline > 0)) return t.name + " has no positive baseline";
        if (!log_mean(t.kept_values)) return t.name + " has a kept pass value that is not positive";
    }
    return "";
}

// log(score) from the tests' mean logs, as score_category computes it.
double log_score(const std::vector<double> &mean_logs, const std::vector<IndexedSample> &tests) {
    double sum = 0;
    for (size_t i = 0; i < tests.size(); ++i) {
        const double log_ratio = mean_logs[i] - std::log(tests[i].baseline);
        if (log_ratio > std::log(kSmallestRatio)) sum += log_ratio;
    }
    return std::log(10.0) + sum / double(tests.size());
}

// The p quantile (0..1) of sorted values, interpolating between neighbours
// (Hyndman and Fan's type 7, R's default).
double percentile(const std::vector<double> &sorted, double p) {
    const double h = (double(sorted.size()) - 1) * p;
    const size_t below = size_t(std::floor(h));
    if (below + 1 >= sorted.size()) return sorted.back();
    return sorted[below] + (h - double(below)) * (sorted[below + 1] - sorted[below]);
}

}  // namespace

double student_t_quantile(double p, double df) {
    return boost::math::quantile(boost::math::students_t(df), p);
}

namespace {

// The power of two 2^e by which the largest magnitude among `values` is
// below 1 (frexp), so that x * 2^-e is in (-1, 1) for every x: ldexp by -e
// moves only exponents, so sums and squares of the scaled values round as
// the plain ones would (short of subnormals, far below what a sum of these
// values can show).
int scale_exponent(const std::vector<double> &values) {
    double largest = 0;
    for (double v : values) largest = std::max(largest, std::fabs(v));
    int e = 0;
    std::frexp(largest, &e);
    return e;
}

}  // namespace

double mean_of(const std::vector<double> &values) {
    if (values.empty()) return 0;
    const double n = double(values.size());
    const double sum = std::accumulate(values.begin(), values.end(), 0.0);
    if (std::isfinite(sum)) return sum / n;
    const int e = scale_exponent(values);
    double scaled = 0;
    for (double v : values) scaled += std::ldexp(v, -e);
    return std::ldexp(scaled / n, e);
}

double sample_stddev(const std::vector<double> &values, double mean) {
    if (values.size() < 2) return 0;
    const double df = double(values.size() - 1);
    double sq = 0;
    for (double v : values) sq += (v - mean) * (v - mean);
    if (std::isfinite(sq)) return std::sqrt(sq / df);
    // Deviations and squares of values scaled into (-1, 1): each deviation
    // is below 2, each square below 4, their sum below 4n.
    const int e = scale_exponent(values);
    const double m = std::ldexp(mean, -e);
    double scaled = 0;
    for (double v : values) {
        const double d = std::ldexp(v, -e) - m;
        scaled += d * d;
    }
    return std::ldexp(std::sqrt(scaled / df), e);
}

double midpoint_of(double a, double b) {
    const double sum = a + b;
    return std::isfinite(sum) ? sum / 2 : a / 2 + b / 2;
}

double median_of(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : midpoint_of(values[n / 2 - 1], values[n / 2]);
}

std::vector<double> modified_z_scores(const std::vector<double> &values) {
    std::vector<double> z(values.size(), 0.0);
    if (values.empty()) return z;
    const double median = median_of(values);
    std::vector<double> deviations;
    for (double v : values) deviations.push_back(std::fabs(v - median));
    const double mad = median_of(deviations);
    if (mad > 0) {
        for (size_t i = 0; i < values.size(); ++i) z[i] = kMadScale * (values[i] - median) / mad;
        return z;
    }
    const double mean_ad = mean_of(deviations);
    if (mean_ad > 0)
        for (size_t i = 0; i < values.size(); ++i)
            z[i] = (values[i] - median) / (kMeanAdScale * mean_ad);
    return z;
}

std::vector<size_t> outlier_positions(const std::vector<double> &values) {
    const std::vector<double> z = modified_z_scores(values);
    std::vector<size_t> positions;
    for (size_t i = 0; i < z.size(); ++i)
        if (std::fabs(z[i]) > kOutlierThreshold) positions.push_back(i);
    return positions;
}

SampleStatistics sample_statistics(const std::vector<double> &values) {
    SampleStatistics s;
    s.n = values.size();
    if (s.n == 0) return s;
    const Stats d = describe(values);
    s.min = d.min;
    s.max = d.max;
    s.mean = d.mean;
    s.median = d.median;
    s.stddev = d.stddev;
    s.outliers = outlier_positions(values);
    // The mean of finite values is finite (mean_of); a spread beyond a
    // double is not, and what is not finite is left out rather than written
    // (JSON has no infinity).
    if (s.n < 2 || !std::isfinite(s.mean) || !std::isfinite(s.stddev)) return s;
    if (s.mean != 0) s.cv = s.stddev / std::fabs(s.mean);
    const double half =
        student_t_quantile(upper_quantile(), double(s.n - 1)) * s.stddev / std::sqrt(double(s.n));
    const Interval ci{s.mean - half, s.mean + half};
    if (std::isfinite(ci.lo) && std::isfinite(ci.hi)) s.ci95 = ci;
    return s;
}

std::optional<Interval> geometric_mean_interval(const std::vector<double> &values) {
    const std::optional<LogMean> m = log_mean(values);
    if (!m || m->n < 2) return std::nullopt;
    const double half = student_t_quantile(upper_quantile(), double(m->n - 1)) * m->se;
    const Interval ci{std::exp(m->mean - half), std::exp(m->mean + half)};
    // An end beyond a double (values near 1.8e308 that spread) is no interval.
    if (!std::isfinite(ci.hi)) return std::nullopt;
    return ci;
}

IndexInterval delta_index_interval(const std::vector<IndexedSample> &tests) {
    IndexInterval out;
    out.unavailable = unusable(tests);
    if (!out.unavailable.empty()) return out;
    const double k = double(tests.size());
    std::vector<double> mean_logs;
    double variance = 0;  // of log(score): sum of (se_i / k)^2
    double df_denominator = 0;
    double fewest_df = 0;  // the Welch-Satterthwaite df is never below the smallest n_i - 1
    for (const IndexedSample &t : tests) {
        const LogMean m = *log_mean(t.kept_values);
        mean_logs.push_back(m.mean);
        const double df = double(m.n - 1);
        fewest_df = fewest_df == 0 ? df : std::min(fewest_df, df);
        // A ratio UnixBench leaves out of the log sum adds no spread either.
        if (m.mean - std::log(t.baseline) <= std::log(kSmallestRatio)) continue;
        const double term = (m.se / k) * (m.se / k);
        variance += term;
        df_denominator += term * term / double(m.n - 1);
    }
    const double center = log_score(mean_logs, tests);
    out.log_se = std::sqrt(variance);
    if (variance == 0) {  // every test's kept passes are equal: nothing to spread
        out.ci95 = Interval{std::exp(center), std::exp(center)};
        return out;
    }
    out.df = variance * variance / df_denominator;
    // Tiny variances can underflow the quotient; the smallest df is the safe side.
    if (!std::isfinite(out.df) || !(out.df >= fewest_df)) out.df = fewest_df;
    const double half = student_t_quantile(upper_quantile(), out.df) * out.log_se;
    out.ci95 = Interval{std::exp(center - half), std::exp(center + half)};
    return out;
}

IndexInterval bootstrap_index_interval(const std::vector<IndexedSample> &tests, int resamples,
                                       uint64_t seed) {
    IndexInterval out;
    out.unavailable = unusable(tests);
    if (!out.unavailable.empty()) return out;
    if (resamples < 2) {
        out.unavailable = "too few resamples";
        return out;
    }
    // mt19937_64's output is fixed by the standard; the distributions of
    // <random> are not, so indexes are drawn with a plain modulo (its bias is
    // below 2^-50 for a handful of passes).
    std::mt19937_64 generator(seed);
    std::vector<std::vector<double>> logs;
    for (const IndexedSample &t : tests) {
        std::vector<double> l;
        for (double v : t.kept_values) l.push_back(std::log(v));
        logs.push_back(std::move(l));
    }
    std::vector<double> scores;
    scores.reserve(size_t(resamples));
    std::vector<double> mean_logs(tests.size());
    for (int r = 0; r < resamples; ++r) {
        for (size_t i = 0; i < logs.size(); ++i) {
            const uint64_t n = logs[i].size();
            double sum = 0;
            for (uint64_t j = 0; j < n; ++j) sum += logs[i][generator() % n];
            mean_logs[i] = sum / double(n);
        }
        scores.push_back(std::exp(log_score(mean_logs, tests)));
    }
    std::sort(scores.begin(), scores.end());
    const double tail = (1.0 - kConfidenceLevel) / 2.0;
    out.ci95 = Interval{percentile(scores, tail), percentile(scores, 1.0 - tail)};
    return out;
}

}  // namespace bytebench
