// The two-sample tests behind `compare`: exact Mann-Whitney against brute
// force, the normal approximation and Welch against values worked by hand,
// and the choice of test by the number of passes.
#include "compare/significance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace bytebench {
namespace {

double u_of(const std::vector<double> &a, const std::vector<double> &b) {
    double u = 0;
    for (double x : a)
        for (double y : b) u += x > y ? 1 : x == y ? 0.5 : 0;
    return u;
}

// Two-sided exact p-value by enumerating every way to split the pooled
// values into groups of the original sizes.
double brute_force_p(const std::vector<double> &a, const std::vector<double> &b) {
    std::vector<double> pooled(a);
    pooled.insert(pooled.end(), b.begin(), b.end());
    std::vector<bool> in_a(pooled.size(), false);
    std::fill(in_a.begin(), in_a.begin() + static_cast<long>(a.size()), true);
    const double observed = u_of(a, b);
    double total = 0, below = 0, above = 0;
    do {
        std::vector<double> x, y;
        for (size_t i = 0; i < pooled.size(); ++i) (in_a[i] ? x : y).push_back(pooled[i]);
        const double u = u_of(x, y);
        total += 1;
        below += u <= observed;
        above += u >= observed;
    } while (std::prev_permutation(in_a.begin(), in_a.end()));
    return std::min(1.0, 2 * std::min(below, above) / total);
}

TEST(Significance, ExactMannWhitneyOfSeparatedSamples) {
    EXPECT_NEAR(mann_whitney_p({1, 2, 3, 4}, {5, 6, 7, 8}), 2.0 / 70, 1e-12);
    EXPECT_NEAR(mann_whitney_p({6, 7, 8, 9, 10}, {1, 2, 3, 4, 5}), 2.0 / 252, 1e-12);
    EXPECT_NEAR(mann_whitney_p({1, 2, 3}, {4, 5, 6}), 0.1, 1e-12);
}

TEST(Significance, ExactMannWhitneyMatchesBruteForce) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> value(0, 1);
    for (int round = 0; round < 30; ++round) {
        const size_t n = 2 + round % 6, m = 3 + round % 5;
        std::vector<double> a, b;
        for (size_t i = 0; i < n; ++i) a.push_back(value(random));
        for (size_t i = 0; i < m; ++i) b.push_back(value(random) + 0.2);
        EXPECT_NEAR(mann_whitney_p(a, b), brute_force_p(a, b), 1e-12) << "n=" << n << " m=" << m;
    }
}

TEST(Significance, MannWhitneyWithTiesUsesTheCorrectedNormalApproximation) {
    // U = 0.5, tie of two 3s: var = 9/12 * (7 - 6/30) = 5.1; z = 3.5/sqrt(5.1).
    EXPECT_NEAR(mann_whitney_p({1, 2, 3}, {3, 4, 5}),
                std::erfc(3.5 / std::sqrt(5.1) / std::sqrt(2.0)), 1e-12);
    EXPECT_DOUBLE_EQ(mann_whitney_p({2, 2, 2, 2}, {2, 2, 2, 2}), 1.0);
}

TEST(Significance, WelchMatchesTheClosedFormForTwoDegreesOfFreedom) {
    // Means 2 and 6, variances 2 and 2, n = 2: t = -4/sqrt(2), df = 2, and
    // for df = 2 the t distribution has F(t) = 1/2 + t / (2 sqrt(2 + t^2)).
    const double t = 4 / std::sqrt(2.0);
    EXPECT_NEAR(welch_p({1, 3}, {5, 7}), 1 - t / std::sqrt(2 + t * t), 1e-9);
    EXPECT_DOUBLE_EQ(welch_p({5, 5}, {5, 5}), 1.0);
    EXPECT_DOUBLE_EQ(welch_p({5, 5}, {6, 6}), 0.0);
}

TEST(Significance, ManyPassesUseMannWhitneyAndTheSignOfTheDelta) {
    const std::vector<double> a = {100, 101, 102, 103, 104, 105, 106};
    const std::vector<double> b = {90, 91, 92, 93, 94, 95, 96};
    const Significance s = assess_difference({a, b, -10.0}, 0.05, "A", "B");
    EXPECT_EQ(s.method, TestMethod::mann_whitney);
    EXPECT_EQ(s.verdict, Verdict::worse);
    EXPECT_NEAR(*s.p, 2.0 / 3432, 1e-12);
    EXPECT_EQ(s.baseline_passes, 7);
    EXPECT_EQ(assess_difference({b, a, 11.0}, 0.05, "A", "B").verdict, Verdict::better);
}

// A latency that went up beyond the noise is worse; one that went down, better.
TEST(Significance, TheDirectionSaysWhetherAChangeIsBetterOrWorse) {
    const std::vector<double> low = {100, 101, 102, 103, 104, 105, 106};
    const std::vector<double> high = {200, 201, 202, 203, 204, 205, 206};
    const Direction lower = Direction::lower_is_better;
    EXPECT_EQ(assess_difference({low, high, 97.0, lower}, 0.05, "A", "B").verdict, Verdict::worse);
    EXPECT_EQ(assess_difference({high, low, -49.0, lower}, 0.05, "A", "B").verdict,
              Verdict::better);
    EXPECT_STREQ(to_string(Verdict::worse), "worse");
    EXPECT_STREQ(to_string(Verdict::better), "better");
}

TEST(Significance, OverlappingPassesAreNoise) {
    const Significance s = assess_difference(
        {{100, 103, 101, 99, 102}, {101, 100, 104, 98, 102}, 0.2}, 0.05, "A", "B");
    EXPECT_EQ(s.verdict, Verdict::noise);
    EXPECT_GT(*s.p, 0.05);
}

TEST(Significance, TwoOrThreePassesUseWelchOnLogarithms) {
    const Significance s = assess_difference({{100, 101}, {120, 121.5}, 20.0}, 0.05, "A", "B");
    EXPECT_EQ(s.method, TestMethod::welch);
    EXPECT_EQ(s.verdict, Verdict::better);
    EXPECT_NEAR(*s.p,
                welch_p({std::log(100.0), std::log(101.0)}, {std::log(120.0), std::log(121.5)}),
                1e-12);
}

TEST(Significance, OnePassIsTooFewToTell) {
    const Significance s = assess_difference({{100}, {50, 51, 52}, -49.0}, 0.05, "A", "C");
    EXPECT_EQ(s.verdict, Verdict::unknown);
    EXPECT_EQ(s.method, TestMethod::none);
    EXPECT_FALSE(s.p.has_value());
    EXPECT_EQ(s.reason, "1 kept pass in A, 3 in C; need 2 on each side");
    EXPECT_STREQ(to_string(s.verdict), "unknown");
}

}  // namespace
}  // namespace bytebench
