// --quick's stopping rule on known samples.
#include "exec/quick_mode.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bytebench {
namespace {

TEST(QuickMode, HalfWidthIsTheLogIntervalAroundTheGeometricMean) {
    EXPECT_FALSE(relative_half_width({}));
    EXPECT_FALSE(relative_half_width({100}));
    EXPECT_DOUBLE_EQ(*relative_half_width({100, 100, 100}), 0.0);
    // Two values 100 and 121: logs differ by log 1.21, sd = log(1.21)/sqrt(2),
    // t(0.975, 1) = 12.7062: f = exp(12.7062 * log(1.21) / 2) and the half
    // width relative to the geometric mean is (f - 1/f) / 2.
    const double f = std::exp(12.706204736 * std::log(1.21) / 2);
    EXPECT_NEAR(*relative_half_width({100, 121}), (f - 1 / f) / 2, 1e-6);
}

TEST(QuickMode, StopsWhenTheTargetIsMetButNotBeforeTheMinimum) {
    QuickOptions o;                                                   // 1%, 3 to 15 passes
    EXPECT_EQ(quick_decision(o, {1000, 1000}, 1), QuickStop::go_on);  // 2 < min
    EXPECT_EQ(quick_decision(o, {1000, 1001, 999}, 1), QuickStop::target_met);
    EXPECT_EQ(quick_decision(o, {1000, 1100, 900}, 1), QuickStop::go_on);
}

TEST(QuickMode, StopsAtTheCap) {
    QuickOptions o;
    std::vector<double> noisy;
    for (int i = 0; i < o.max_passes - 1; ++i) noisy.push_back(i % 2 ? 150 : 100);
    EXPECT_EQ(quick_decision(o, noisy, 1), QuickStop::go_on);
    noisy.push_back(100);
    EXPECT_EQ(quick_decision(o, noisy, 1), QuickStop::cap_reached);
}

// The time budget (15 s) stops a test that is still too noisy, but never
// before the minimum of 3 passes, and the target, when met, is the reason.
TEST(QuickMode, StopsWhenItsTimeIsSpent) {
    QuickOptions o;
    EXPECT_EQ(quick_decision(o, {1000, 1100}, 60), QuickStop::go_on);
    EXPECT_EQ(quick_decision(o, {1000, 1100, 900}, 14.9), QuickStop::go_on);
    EXPECT_EQ(quick_decision(o, {1000, 1100, 900}, 15), QuickStop::budget_spent);
    EXPECT_EQ(quick_decision(o, {1000, 1001, 999}, 60), QuickStop::target_met);
    EXPECT_EQ(to_string(QuickStop::budget_spent), "time");
    o.budget_s = 0;
    EXPECT_EQ(quick_decision(o, {1000, 1100, 900}, 0), QuickStop::budget_spent);
}

TEST(QuickMode, AWiderTargetStopsSooner) {
    QuickOptions o;
    const std::vector<double> values = {1000, 1040, 980, 1010};
    EXPECT_EQ(quick_decision(o, values, 1), QuickStop::go_on);
    o.target = 0.05;
    EXPECT_EQ(quick_decision(o, values, 1), QuickStop::target_met);
}

}  // namespace
}  // namespace bytebench
