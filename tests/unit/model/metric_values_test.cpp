#include "model/metric_values.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace bytebench {
namespace {

TEST(MetricValues, EachCombineOfTheCopies) {
    const std::vector<double> v = {3, 1, 2};
    EXPECT_EQ(combine_metric(CopyCombine::sum, v), 6);
    EXPECT_EQ(combine_metric(CopyCombine::mean, v), 2);
    EXPECT_EQ(combine_metric(CopyCombine::min, v), 1);
    EXPECT_EQ(combine_metric(CopyCombine::max, v), 3);
}

TEST(MetricValues, CopiesThatDidNotRecordAreLeftOut) {
    const std::vector<MetricInfo> declared = {
        {"p50", "", "us", Direction::lower_is_better, CopyCombine::mean},
        {"p99", "", "us", Direction::lower_is_better, CopyCombine::max},
        {"never", "", "", Direction::higher_is_better, CopyCombine::sum}};
    const MetricValues pass =
        combine_copies(declared, {{{"p50", 10}, {"p99", 40}}, {{"p50", 20}}, {}});
    EXPECT_EQ(pass, (MetricValues{{"p50", 15}, {"p99", 40}}));
}

TEST(MetricValues, ProblemsNameTheKey) {
    EXPECT_EQ(metric_value_problem("p99_us", 1.5), "");
    EXPECT_EQ(metric_value_problem("p99_us", std::numeric_limits<double>::quiet_NaN()),
              "metric 'p99_us': nan is not a finite number");
    EXPECT_EQ(metric_value_problem("p99_us", -std::numeric_limits<double>::infinity()),
              "metric 'p99_us': -inf is not a finite number");
    EXPECT_EQ(undeclared_metric_problem("p99_us", "x", {"p50_us", "p99_us"}), "");
    EXPECT_EQ(undeclared_metric_problem("p98_us", "x", {"p50_us", "p99_us"}),
              "metric 'p98_us' is not declared by workload 'x'; it declares p50_us, p99_us");
    EXPECT_EQ(undeclared_metric_problem("p98_us", "x", {}),
              "metric 'p98_us' is not declared by workload 'x'; it declares no metrics");
}

TEST(MetricValues, SummaryOfThePassesThatHaveAValue) {
    const MetricValues a = {{"k", 1}}, b = {}, c = {{"k", 3}};
    const auto s = summarize_metric({&a, &b, &c}, "k");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->n, 2u);
    EXPECT_EQ(s->mean, 2);
    EXPECT_TRUE(s->ci95);
    const auto one = summarize_metric({&a}, "k");
    ASSERT_TRUE(one);
    EXPECT_FALSE(one->cv);
    EXPECT_FALSE(one->ci95);
    EXPECT_FALSE(summarize_metric({&b}, "k"));
}

}  // namespace
}  // namespace bytebench
