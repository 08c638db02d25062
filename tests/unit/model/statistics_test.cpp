// The statistics of the kept passes and the intervals of values and index scores
// (core/model/statistics.h, docs/statistics.md). Expected values are from published t tables
// or worked by hand (the working is in the comments).
#include "model/statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "model/run_record.h"

namespace bytebench {
namespace {

// ---------------------------------------------------------------------------
// Student's t quantile.
// ---------------------------------------------------------------------------

TEST(Statistics, TQuantileMatchesPublishedTables) {
    // Two-sided 95% critical values (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.2).
    EXPECT_NEAR(student_t_quantile(0.975, 1), 12.7062, 5e-5);
    EXPECT_NEAR(student_t_quantile(0.975, 2), 4.302653, 5e-6);
    EXPECT_NEAR(student_t_quantile(0.975, 4), 2.776445, 5e-7);
    EXPECT_NEAR(student_t_quantile(0.975, 9), 2.262157, 5e-7);
    EXPECT_NEAR(student_t_quantile(0.975, 29), 2.045230, 5e-7);
    EXPECT_NEAR(student_t_quantile(0.975, 100), 1.983972, 5e-7);
    // Towards the normal quantile as df grows.
    EXPECT_NEAR(student_t_quantile(0.975, 1e7), 1.959964, 1e-6);
    // Other levels, and symmetry.
    EXPECT_NEAR(student_t_quantile(0.95, 10), 1.812461, 5e-7);
    EXPECT_NEAR(student_t_quantile(0.025, 4), -2.776445, 5e-7);
}

TEST(Statistics, TQuantileTakesFractionalDegreesOfFreedom) {
    // Welch-Satterthwaite gives fractional df; the quantile lies between its neighbours'.
    // 2.4588237 was computed by integrating the t density numerically (Simpson, 20000 steps).
    const double t = student_t_quantile(0.975, 5.882352941176471);
    EXPECT_NEAR(t, 2.4588237, 1e-6);
    EXPECT_LT(t, student_t_quantile(0.975, 5));
    EXPECT_GT(t, student_t_quantile(0.975, 6));
}

// ---------------------------------------------------------------------------
// Mean, median, standard deviation, CV, interval of the mean.
// ---------------------------------------------------------------------------

TEST(Statistics, MedianOfOddAndEvenCounts) {
    EXPECT_DOUBLE_EQ(median_of({3, 1, 2}), 2);
    EXPECT_DOUBLE_EQ(median_of({4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(median_of({7}), 7);
    EXPECT_DOUBLE_EQ(median_of({}), 0);
    EXPECT_DOUBLE_EQ(sample_statistics({5, 1, 4, 2, 3}).median, 3);
    EXPECT_DOUBLE_EQ(sample_statistics({6, 1, 4, 2, 3, 5}).median, 3.5);
}

TEST(Statistics, IntervalOfTheMeanOfAKnownSample) {
    // 10, 12, 14, 16, 18: mean 14, squares of deviations 16+4+0+4+16 = 40, s = sqrt(40/4) =
    // sqrt(10); se = sqrt(10)/sqrt(5) = sqrt(2); half width t(0.975,4) sqrt(2) = 3.9264863.
    const SampleStatistics s = sample_statistics({14, 10, 18, 12, 16});
    EXPECT_EQ(s.n, 5u);
    EXPECT_DOUBLE_EQ(s.mean, 14);
    EXPECT_DOUBLE_EQ(s.median, 14);
    EXPECT_DOUBLE_EQ(s.min, 10);
    EXPECT_DOUBLE_EQ(s.max, 18);
    EXPECT_NEAR(s.stddev, std::sqrt(10.0), 1e-12);
    ASSERT_TRUE(s.ci95);
    EXPECT_NEAR(s.ci95->lo, 10.0735137, 1e-6);
    EXPECT_NEAR(s.ci95->hi, 17.9264863, 1e-6);
    EXPECT_TRUE(s.outliers.empty());
}

TEST(Statistics, CoefficientOfVariationIsStddevOverMean) {
    const SampleStatistics s = sample_statistics({14, 10, 18, 12, 16});
    ASSERT_TRUE(s.cv);
    EXPECT_NEAR(*s.cv, std::sqrt(10.0) / 14, 1e-12);  // 0.2258770
    // Identical passes: no spread at all.
    const SampleStatistics flat = sample_statistics({7, 7, 7});
    ASSERT_TRUE(flat.cv);
    EXPECT_DOUBLE_EQ(*flat.cv, 0);
    ASSERT_TRUE(flat.ci95);
    EXPECT_DOUBLE_EQ(flat.ci95->lo, 7);
    EXPECT_DOUBLE_EQ(flat.ci95->hi, 7);
    // A mean of 0 has no CV.
    EXPECT_FALSE(sample_statistics({-1, 1}).cv);
}

TEST(Statistics, MeansAndSpreadsOfHugeFiniteValuesAreFinite) {
    // The expected values are exact, from the doubles' own values with
    // fractions (mean) and 60-digit decimals (standard deviation):
    //   python3 -c "from fractions import Fraction as F; from decimal import Decimal as D,
    //   getcontext; getcontext().prec=60; xs=[1.7e308,1.6e308,1.5e308]; m=sum(map(F,xs))/3;
    //   v=sum((F(x)-m)**2 for x in xs)/2; print(repr(float(m)),
    //   repr(float((D(v.numerator)/D(v.denominator)).sqrt())))"
    // and likewise for the other samples.
    const SampleStatistics same = sample_statistics({1.7e308, 1.7e308, 1.7e308, 1.7e308, 1.7e308});
    // (To the rounding of any mean: a sum of n and a division.)
    EXPECT_DOUBLE_EQ(same.mean, 1.7e308);
    EXPECT_TRUE(std::isfinite(same.stddev));
    EXPECT_LT(same.stddev, 1e-15 * 1.7e308);
    ASSERT_TRUE(same.cv);
    EXPECT_LT(*same.cv, 1e-15);

    const SampleStatistics three = sample_statistics({1.7e308, 1.6e308, 1.5e308});
    EXPECT_DOUBLE_EQ(three.mean, 1.6e308);
    EXPECT_DOUBLE_EQ(three.stddev, 9.999999999999996e306);
    EXPECT_DOUBLE_EQ(three.median, 1.6e308);
    // mean + t(0.975, 2) * s / sqrt(3) = 1.6e308 + 2.48e307 is beyond a double: no interval.
    EXPECT_FALSE(three.ci95);

    const std::vector<double> largest = {1.7976931348623157e308, 1.7976931348623157e308, 1.7e308};
    EXPECT_DOUBLE_EQ(mean_of(largest), 1.7651287565748771e308);
    EXPECT_DOUBLE_EQ(sample_stddev(largest, mean_of(largest)), 5.640315771073643e306);
    // Of both signs: deviations near 1.7e308 from a mean of 4.25e307.
    const std::vector<double> mixed = {-1.7e308, 1.7e308, 1.0, 1.7e308};
    EXPECT_DOUBLE_EQ(mean_of(mixed), 4.25e307);
    EXPECT_DOUBLE_EQ(sample_stddev(mixed, mean_of(mixed)), 1.6276260831857747e308);
    // Two middle values whose sum is beyond a double.
    EXPECT_DOUBLE_EQ(median_of({1.7e308, 1.75e308}), 1.725e308);
    // A spread beyond a double is infinite, not a wrong number: +-1.7e308.
    EXPECT_TRUE(std::isinf(sample_stddev({-1.7e308, 1.7e308}, 0)));
    // A mean whose interval ends beyond a double has none (not an infinite end).
    const SampleStatistics wide = sample_statistics({1.5e308, 1.6e308});
    EXPECT_DOUBLE_EQ(wide.mean, 1.55e308);
    EXPECT_FALSE(wide.ci95);
    EXPECT_FALSE(geometric_mean_interval({1e308, 1.7e308}));
}

TEST(Statistics, OrdinaryMeansKeepTheirBits) {
    // The scaled sum is used only when the plain one overflows: the same
    // doubles as the plain formula for every value a result held before.
    const std::vector<double> v = {0.1, 0.2, 0.3, 1e-300, 123456.789};
    double sum = 0;
    for (double x : v) sum += x;
    EXPECT_EQ(mean_of(v), sum / 5);
    double sq = 0;
    for (double x : v) sq += (x - sum / 5) * (x - sum / 5);
    EXPECT_EQ(sample_stddev(v, sum / 5), std::sqrt(sq / 4));
}

TEST(Statistics, NoValuesGiveNothing) {
    const SampleStatistics s = sample_statistics({});
    EXPECT_EQ(s.n, 0u);
    EXPECT_FALSE(s.ci95);
    EXPECT_FALSE(s.cv);
    EXPECT_TRUE(s.outliers.empty());
    EXPECT_FALSE(geometric_mean_interval({}));
}

TEST(Statistics, OneValueHasNoIntervalAndNoCv) {
    const SampleStatistics s = sample_statistics({42});
    EXPECT_EQ(s.n, 1u);
    EXPECT_DOUBLE_EQ(s.mean, 42);
    EXPECT_DOUBLE_EQ(s.median, 42);
    EXPECT_DOUBLE_EQ(s.stddev, 0);
    EXPECT_FALSE(s.ci95);
    EXPECT_FALSE(s.cv);
    EXPECT_TRUE(s.outliers.empty());
    EXPECT_FALSE(geometric_mean_interval({42}));
}

TEST(Statistics, TwoValuesUseOneDegreeOfFreedom) {
    // 1, 3: mean 2, s = sqrt(2), se = 1, half width t(0.975,1) = 12.7062.
    const SampleStatistics s = sample_statistics({1, 3});
    EXPECT_EQ(s.n, 2u);
    EXPECT_NEAR(s.stddev, std::sqrt(2.0), 1e-12);
    ASSERT_TRUE(s.cv);
    EXPECT_NEAR(*s.cv, std::sqrt(2.0) / 2, 1e-12);
    ASSERT_TRUE(s.ci95);
    EXPECT_NEAR(s.ci95->lo, 2 - 12.7062047, 1e-6);
    EXPECT_NEAR(s.ci95->hi, 2 + 12.7062047, 1e-6);
    // |M| = 0.6745 for both of two values: never an outlier.
    EXPECT_TRUE(s.outliers.empty());
}

TEST(Statistics, GeometricMeanIntervalIsTheTIntervalOfTheLogs) {
    // logs 0..4: mean 2, s = sqrt(10/4), se = sqrt(0.5); exp(2 -+ 2.776445 sqrt(0.5)).
    std::vector<double> values;
    for (int i = 0; i <= 4; ++i) values.push_back(std::exp(double(i)));
    const auto interval = geometric_mean_interval(values);
    ASSERT_TRUE(interval);
    EXPECT_NEAR(interval->lo, 1.0374407, 1e-6);
    EXPECT_NEAR(interval->hi, 52.6277297, 1e-6);
    EXPECT_FALSE(geometric_mean_interval({1, 0, 2}));  // log(0)
}

// ---------------------------------------------------------------------------
// Outliers: modified z-score (Iglewicz and Hoaglin), MeanAD when the MAD is 0.
// ---------------------------------------------------------------------------

TEST(Statistics, ModifiedZScoresOfAKnownSample) {
    // 1, 2, 3, 4, 100: median 3, |deviations| 2 1 0 1 97, MAD 1.
    const std::vector<double> z = modified_z_scores({1, 2, 3, 4, 100});
    ASSERT_EQ(z.size(), 5u);
    EXPECT_NEAR(z[0], -0.6745 * 2, 1e-12);
    EXPECT_NEAR(z[2], 0, 1e-12);
    EXPECT_NEAR(z[4], 0.6745 * 97, 1e-12);
    EXPECT_EQ(outlier_positions({1, 2, 3, 4, 100}), std::vector<size_t>({4}));
}

TEST(Statistics, FlagsAPassFarFromTheOthers) {
    // Median 10.05, MAD 0.15: 30 scores 0.6745 * 19.95 / 0.15 = 89.7; 9.8 scores -1.12.
    const SampleStatistics s = sample_statistics({10, 10.1, 9.9, 10.2, 9.8, 30});
    EXPECT_EQ(s.outliers, std::vector<size_t>({5}));
    EXPECT_TRUE(outlier_positions({10, 10.1, 9.9, 10.2, 9.8}).empty());
    // Low outliers too (a pass disturbed by another process).
    EXPECT_EQ(outlier_positions({2, 100, 101, 99, 100.5, 99.5}), std::vector<size_t>({0}));
    // Just inside and just outside the threshold: median 0, MAD 1, so M = 0.6745 x.
    EXPECT_TRUE(outlier_positions({-1, -1, 0, 0, 0, 1, 1, 5.18}).empty());                 // 3.494
    EXPECT_EQ(outlier_positions({-1, -1, 0, 0, 0, 1, 1, 5.2}), std::vector<size_t>({7}));  // 3.507
}

TEST(Statistics, ZeroMadFallsBackToTheMeanAbsoluteDeviation) {
    // 5 5 5 5 5 9: MAD 0; MeanAD = 4/6; M(9) = 4 / (sqrt(pi/2) * 4/6) = 4.787 > 3.5.
    const std::vector<double> z = modified_z_scores({5, 5, 5, 5, 5, 9});
    EXPECT_NEAR(z[5], 4.7873074, 1e-6);
    EXPECT_DOUBLE_EQ(z[0], 0);
    EXPECT_EQ(outlier_positions({5, 5, 5, 5, 5, 9}), std::vector<size_t>({5}));
    // 5 5 5 6 6: MAD 0, MeanAD 0.4, M(6) = 1.995: not an outlier.
    EXPECT_TRUE(outlier_positions({5, 5, 5, 6, 6}).empty());
    // All equal: MAD and MeanAD 0, nothing is flagged and no score is infinite.
    for (double m : modified_z_scores({3, 3, 3, 3})) EXPECT_DOUBLE_EQ(m, 0);
    EXPECT_TRUE(outlier_positions({3, 3, 3, 3}).empty());
}

// ---------------------------------------------------------------------------
// Intervals of index scores.
// ---------------------------------------------------------------------------

// Two tests whose logs are known: A = 1000 exp(-0.1, 0, 0.1) against 100, B = 50 exp(-0.2 ..
// 0.2 by 0.1) against 5. Both indexes are 100 (ratios 10), so the score is 100.
//   se_A = 0.1/sqrt(3), se_B = sqrt(0.025)/sqrt(5) = sqrt(0.005)
//   se(log score) = sqrt(se_A^2 + se_B^2) / 2 = 0.0456435
//   df = (0.0020833)^2 / ((0.00083333)^2 / 2 + 0.00125^2 / 4) = 5.882353
//   95% interval: 100 exp(-+ 2.4588237 * 0.0456435) = 89.383916 .. 111.876952
std::vector<IndexedSample> two_known_tests() {
    IndexedSample a{"A", 100, {}}, b{"B", 5, {}};
    for (double d : {-0.1, 0.0, 0.1}) a.kept_values.push_back(1000 * std::exp(d));
    for (double d : {-0.2, -0.1, 0.0, 0.1, 0.2}) b.kept_values.push_back(50 * std::exp(d));
    return {a, b};
}

TEST(Statistics, IndexIntervalByTheDeltaMethodOnLogs) {
    const IndexInterval i = delta_index_interval(two_known_tests());
    ASSERT_TRUE(i.ci95) << i.unavailable;
    EXPECT_NEAR(i.log_se, 0.0456435465, 1e-9);
    EXPECT_NEAR(i.df, 5.882352941, 1e-8);
    EXPECT_NEAR(i.ci95->lo, 89.383916, 1e-5);
    EXPECT_NEAR(i.ci95->hi, 111.876952, 1e-5);
    // In logs the interval is symmetric about the score.
    EXPECT_NEAR(std::log(i.ci95->hi / 100), -std::log(i.ci95->lo / 100), 1e-12);
}

TEST(Statistics, IndexIntervalOfOneTestIsItsValuesIntervalScaled) {
    const std::vector<IndexedSample> one = {two_known_tests()[0]};
    const IndexInterval i = delta_index_interval(one);
    const auto value = geometric_mean_interval(one[0].kept_values);
    ASSERT_TRUE(i.ci95 && value);
    EXPECT_NEAR(i.df, 2, 1e-12);
    EXPECT_NEAR(i.ci95->lo, value->lo / 100 * 10, 1e-9);
    EXPECT_NEAR(i.ci95->hi, value->hi / 100 * 10, 1e-9);
}

TEST(Statistics, IndexIntervalNeedsTwoPositivePassesPerTest) {
    std::vector<IndexedSample> tests = two_known_tests();
    tests[1].kept_values.resize(1);
    IndexInterval i = delta_index_interval(tests);
    EXPECT_FALSE(i.ci95);
    EXPECT_EQ(i.unavailable, "B has 1 kept pass (an interval needs 2)");
    EXPECT_FALSE(bootstrap_index_interval(tests).ci95);

    tests = two_known_tests();
    tests[0].kept_values[1] = 0;
    EXPECT_EQ(delta_index_interval(tests).unavailable,
              "A has a kept pass value that is not positive");
    EXPECT_EQ(delta_index_interval({}).unavailable, "no test contributed");
}

TEST(Statistics, IndexIntervalOfIdenticalPassesIsTheScore) {
    const IndexInterval i = delta_index_interval({{"A", 10, {20, 20, 20}}, {"B", 1, {5, 5}}});
    ASSERT_TRUE(i.ci95);
    const double score = 10 * std::sqrt(2.0 * 5.0);
    EXPECT_NEAR(i.ci95->lo, score, 1e-9);
    EXPECT_NEAR(i.ci95->hi, score, 1e-9);
    EXPECT_DOUBLE_EQ(i.df, 0);
}

// Many passes per test, so that the bootstrap's percentiles and the t interval describe the
// same thing: they agree to within a few percent of the interval's width. (With 2 or 3
// passes they would not: the bootstrap has no t correction for small samples.)
TEST(Statistics, DeltaAndBootstrapIntervalsAgree) {
    std::vector<IndexedSample> tests;
    const double spreads[] = {0.01, 0.03, 0.02, 0.05};
    for (int t = 0; t < 4; ++t) {
        IndexedSample s{"T" + std::to_string(t), 100.0 * (t + 1), {}};
        for (int p = 0; p < 30; ++p) {
            // A fixed, roughly symmetric pattern of deviations (no randomness in the test).
            const double u = std::sin(1.7 * p + t) + 0.5 * std::cos(3.1 * p);
            s.kept_values.push_back(5000.0 * (t + 1) * std::exp(spreads[t] * u));
        }
        tests.push_back(s);
    }
    const IndexInterval delta = delta_index_interval(tests);
    const IndexInterval boot = bootstrap_index_interval(tests, 20000);
    ASSERT_TRUE(delta.ci95 && boot.ci95);
    const double width = delta.ci95->hi - delta.ci95->lo;
    EXPECT_GT(width, 0);
    EXPECT_NEAR(boot.ci95->lo, delta.ci95->lo, 0.05 * width);
    EXPECT_NEAR(boot.ci95->hi, delta.ci95->hi, 0.05 * width);
    // Deterministic: the same seed gives the same interval.
    const IndexInterval again = bootstrap_index_interval(tests, 20000);
    EXPECT_DOUBLE_EQ(again.ci95->lo, boot.ci95->lo);
    EXPECT_DOUBLE_EQ(again.ci95->hi, boot.ci95->hi);
}

// ---------------------------------------------------------------------------
// What the result document holds (run_record.cpp).
// ---------------------------------------------------------------------------

PassOutcome pass(double count) {
    PassOutcome p;
    p.count = count;
    p.seconds = 10;
    p.copies = {{}};
    return p;
}

TestRecord record(const std::string &id, double baseline, const std::vector<double> &counts) {
    TestRecord r;
    r.test.id = id;
    r.test.name = "Test " + id;
    r.test.category = "system";
    r.test.workload.id = id;
    r.test.workload.unit = "lps";
    r.test.workload.time_base_s = 1;
    r.test.baseline = baseline;
    for (double c : counts) r.passes.push_back(pass(c));
    finish_test(r);
    return r;
}

// A suite of tests a and b in the category "system", with these baselines.
Suite two_test_suite(double baseline_a, double baseline_b) {
    Suite suite;
    suite.name = "s";
    suite.categories = {{"system", "System Benchmarks"}};
    for (const auto &[id, baseline] : {std::pair{"a", baseline_a}, std::pair{"b", baseline_b}}) {
        TestDef &test = suite.tests.emplace_back();
        test.id = test.workload = id;
        test.category = "system";
        test.baseline = baseline;
    }
    return suite;
}

TEST(Statistics, TheResultDocumentCarriesThemOverTheKeptPasses) {
    const Suite suite = two_test_suite(10.0, 10.0);
    CopyPassRecord run;
    // Nine passes of a: the lowest three (counts 10..30) are dropped; of the six kept, the
    // one at 5000 is an outlier. Values are count / 10 s.
    run.tests.push_back(record("a", 10, {1000, 10, 1010, 20, 990, 5000, 30, 1005, 995}));
    run.tests.push_back(record("b", 10, {400}));  // one pass: no interval
    compute_indexes(run, suite);
    RunRecord r;
    r.copy_passes.push_back(run);
    const nlohmann::json doc = to_json(r);
    const nlohmann::json &a = doc["runs"][0]["tests"][0];
    const nlohmann::json &stats = a["stats"];
    EXPECT_EQ(stats["n"], 6);
    EXPECT_EQ(a["samples"], 6);
    EXPECT_EQ(stats["outliers"], nlohmann::json::array({5}));  // pass numbers, 0-based
    EXPECT_TRUE(a["passes"][5]["outlier"].get<bool>());
    EXPECT_FALSE(a["passes"][0]["outlier"].get<bool>());
    EXPECT_FALSE(a["passes"][1].contains("outlier"));  // dropped: not examined
    ASSERT_TRUE(stats["ci95"].is_array());
    const SampleStatistics expected = sample_statistics({100, 101, 99, 500, 100.5, 99.5});
    EXPECT_NEAR(stats["ci95"][0].get<double>(), expected.ci95->lo, 1e-9);
    EXPECT_NEAR(stats["ci95"][1].get<double>(), expected.ci95->hi, 1e-9);
    EXPECT_NEAR(stats["cv"].get<double>(), *expected.cv, 1e-12);
    EXPECT_NEAR(stats["mean"].get<double>(), expected.mean, 1e-9);  // kept as before
    ASSERT_TRUE(a["value_ci95"].is_array());
    ASSERT_TRUE(a["index_ci95"].is_array());
    EXPECT_NEAR(a["index_ci95"][0].get<double>(), a["value_ci95"][0].get<double>(), 1e-9);
    EXPECT_LT(a["value_ci95"][0].get<double>(), a["value"].get<double>());
    EXPECT_GT(a["value_ci95"][1].get<double>(), a["value"].get<double>());

    const nlohmann::json &b = doc["runs"][0]["tests"][1];
    EXPECT_EQ(b["stats"]["n"], 1);
    EXPECT_FALSE(b["stats"].contains("ci95"));
    EXPECT_FALSE(b["stats"].contains("cv"));
    EXPECT_FALSE(b.contains("value_ci95"));
    EXPECT_EQ(b["stats"]["outliers"], nlohmann::json::array());

    const nlohmann::json &index = doc["runs"][0]["indexes"][0];
    EXPECT_FALSE(index.contains("ci95"));
    EXPECT_EQ(index["ci95_unavailable"], "Test b has 1 kept pass (an interval needs 2)");
}

TEST(Statistics, TheResultDocumentCarriesTheIndexInterval) {
    const Suite suite = two_test_suite(100.0, 5.0);
    CopyPassRecord run;
    // two_known_tests() as counts over 10 s, plus low passes that the scorer drops (the
    // lowest floor(n/3) by count), so that the kept passes are exactly those of the example.
    const std::vector<IndexedSample> known = two_known_tests();
    std::vector<double> counts_a, counts_b;
    for (double v : known[0].kept_values) counts_a.push_back(v * 10);
    counts_a.push_back(1);  // 4 passes: the lowest 1 is dropped
    for (double v : known[1].kept_values) counts_b.push_back(v * 10);
    counts_b.push_back(1);
    counts_b.push_back(2);  // 7 passes: the lowest 2 are dropped
    run.tests.push_back(record("a", 100, counts_a));
    run.tests.push_back(record("b", 5, counts_b));
    compute_indexes(run, suite);
    RunRecord r;
    r.copy_passes.push_back(run);
    const nlohmann::json index = to_json(r)["runs"][0]["indexes"][0];
    EXPECT_NEAR(index["score"].get<double>(), 100, 1e-9);
    ASSERT_TRUE(index["ci95"].is_array()) << index.dump();
    EXPECT_NEAR(index["ci95"][0].get<double>(), 89.383916, 1e-5);
    EXPECT_NEAR(index["ci95"][1].get<double>(), 111.876952, 1e-5);
    EXPECT_EQ(index["ci95_method"], "delta-log");
    EXPECT_NEAR(index["ci95_df"].get<double>(), 5.882352941, 1e-8);
    EXPECT_FALSE(index.contains("ci95_unavailable"));
}

}  // namespace
}  // namespace bytebench
