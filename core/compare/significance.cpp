#include "compare/significance.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "base/text.h"

namespace bytebench {
namespace {

// Exact counts need integers below 2^53: C(50, 25) = 1.3e14 is safe.
constexpr size_t kExactLimit = 50;
constexpr int kMinMannWhitney = 4;
constexpr int kMinWelch = 2;

// U of `a`: pairs where a wins, ties counting half.
double u_statistic(const std::vector<double> &a, const std::vector<double> &b) {
    double u = 0;
    for (double x : a)
        for (double y : b) u += x > y ? 1.0 : x == y ? 0.5 : 0.0;
    return u;
}

bool has_ties(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return std::adjacent_find(values.begin(), values.end()) != values.end();
}

// How many of the C(n+m, n) orderings give each U = 0..n*m: the
// coefficients of the Gaussian binomial [n+m choose n](q), built as the
// product over k of (1 - q^(m+k)) / (1 - q^k). Every partial product is a
// polynomial with integer coefficients, so doubles stay exact.
std::vector<double> u_distribution(size_t n, size_t m) {
    std::vector<double> c(n * m + 1, 0.0);
    c[0] = 1;
    for (size_t k = 1; k <= n; ++k) {
        for (size_t u = c.size() - 1; u >= m + k; --u) c[u] -= c[u - m - k];
        for (size_t u = k; u < c.size(); ++u) c[u] += c[u - k];
    }
    return c;
}

double exact_mann_whitney_p(double u, size_t n, size_t m) {
    const std::vector<double> counts = u_distribution(n, m);
    const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
    double below = 0, above = 0;
    for (size_t k = 0; k < counts.size(); ++k) {
        if (static_cast<double>(k) <= u) below += counts[k];
        if (static_cast<double>(k) >= u) above += counts[k];
    }
    return std::min(1.0, 2 * std::min(below, above) / total);
}

double normal_mann_whitney_p(double u, const std::vector<double> &a, const std::vector<double> &b) {
    const double n = static_cast<double>(a.size()), m = static_cast<double>(b.size());
    const double total = n + m;
    std::map<double, int> tie_sizes;
    for (double x : a) ++tie_sizes[x];
    for (double y : b) ++tie_sizes[y];
    double tie_term = 0;
    for (const auto &[value, t] : tie_sizes) tie_term += std::pow(t, 3) - t;
    const double variance = n * m / 12.0 * ((total + 1) - tie_term / (total * (total - 1)));
    if (variance <= 0) return 1.0;
    const double z = std::max(0.0, std::fabs(u - n * m / 2) - 0.5) / std::sqrt(variance);
    return std::erfc(z / std::sqrt(2.0));
}

double mean(const std::vector<double> &x) {
    return std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(x.size());
}

double sample_variance(const std::vector<double> &x, double m) {
    double sum = 0;
    for (double v : x) sum += (v - m) * (v - m);
    return sum / static_cast<double>(x.size() - 1);
}

// log(values) when all are positive; the values themselves otherwise.
std::vector<double> on_log_scale(const std::vector<double> &values) {
    if (std::any_of(values.begin(), values.end(), [](double v) { return v <= 0; })) return values;
    std::vector<double> logs;
    for (double v : values) logs.push_back(std::log(v));
    return logs;
}

// "1 kept pass", "7 kept passes"; "3 passes" for a metric's values.
std::string passes_text(int n, bool kept) {
    return count_text(uint64_t(std::max(n, 0)), kept ? "kept pass" : "pass",
                      kept ? "kept passes" : "passes");
}

}  // namespace

const char *to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::better:
            return "better";
        case Verdict::worse:
            return "worse";
        case Verdict::noise:
            return "noise";
        case Verdict::unknown:
            break;
    }
    return "unknown";
}

const char *to_string(TestMethod method) {
    switch (method) {
        case TestMethod::mann_whitney:
            return "mann-whitney";
        case TestMethod::welch:
            return "welch";
        case TestMethod::none:
            break;
    }
    return "none";
}

double mann_whitney_p(const std::vector<double> &a, const std::vector<double> &b) {
    const double u = u_statistic(a, b);
    std::vector<double> all(a);
    all.insert(all.end(), b.begin(), b.end());
    if (all.size() <= kExactLimit && !has_ties(all))
        return exact_mann_whitney_p(u, a.size(), b.size());
    return normal_mann_whitney_p(u, a, b);
}

double welch_p(const std::vector<double> &a, const std::vector<double> &b) {
    const double ma = mean(a), mb = mean(b);
    const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
    const double sa = sample_variance(a, ma) / na, sb = sample_variance(b, mb) / nb;
    if (sa + sb == 0) return ma == mb ? 1.0 : 0.0;
    const double t = (ma - mb) / std::sqrt(sa + sb);
    const double df = (sa + sb) * (sa + sb) / (sa * sa / (na - 1) + sb * sb / (nb - 1));
    // Values near the limits of a double overflow the sums (boost would throw).
    if (!std::isfinite(t) || !std::isfinite(df) || !(df > 0))
        return std::numeric_limits<double>::quiet_NaN();
    const boost::math::students_t distribution(df);
    return std::min(1.0, 2 * boost::math::cdf(boost::math::complement(distribution, std::fabs(t))));
}

Significance assess_difference(const Difference &difference, double alpha,
                               const std::string &baseline_label, const std::string &other_label) {
    const std::vector<double> &baseline = difference.baseline;
    const std::vector<double> &other = difference.other;
    Significance s;
    s.baseline_passes = static_cast<int>(baseline.size());
    s.other_passes = static_cast<int>(other.size());
    const int fewest = std::min(s.baseline_passes, s.other_passes);
    if (fewest >= kMinMannWhitney) {
        s.method = TestMethod::mann_whitney;
        s.p = mann_whitney_p(baseline, other);
    } else if (fewest >= kMinWelch) {
        s.method = TestMethod::welch;
        s.p = welch_p(on_log_scale(baseline), on_log_scale(other));
    } else {
        s.reason = passes_text(s.baseline_passes, difference.of_kept_passes) + " in " +
                   baseline_label + ", " + std::to_string(s.other_passes) + " in " + other_label +
                   "; need " + std::to_string(kMinWelch) + " on each side";
        return s;
    }
    if (std::isnan(*s.p)) {
        s.method = TestMethod::none;
        s.p.reset();
        s.reason = "the pass values are too large to test";
        return s;
    }
    if (*s.p < alpha)
        s.verdict = change_is_worse(difference.delta_pct, difference.better) ? Verdict::worse
                                                                             : Verdict::better;
    else
        s.verdict = Verdict::noise;
    return s;
}

}  // namespace bytebench
