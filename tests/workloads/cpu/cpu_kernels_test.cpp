// Tests of the cpu plugin's kernels: Dhrystone's and Whetstone's self-checks
// (that they pass on a real run and fail on a corrupted one), and that arith
// and hanoi count loops within a short stop window.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>

#include "dhrystone.h"
#include "kernels.h"

namespace bytebench::test {
namespace {

using namespace bytebench::plugins::cpu;

// The host's stop flag, set by a thread after `ms` milliseconds.
class StopAfter {
  public:
    explicit StopAfter(int ms)
        : thread_([this, ms] {
              std::this_thread::sleep_for(std::chrono::milliseconds(ms));
              flag_ = 1;
          }) {}
    ~StopAfter() { thread_.join(); }
    const volatile int32_t *flag() const { return &flag_; }

  private:
    volatile int32_t flag_ = 0;
    std::thread thread_;
};

// --- Dhrystone ---------------------------------------------------------------

TEST(Dhrystone, SelfCheckPassesAfterARun) {
    dhry::reset();
    dhry::Locals locals;
    unsigned long runs = 0;
    {
        StopAfter stop(100);
        runs = dhry::run(stop.flag(), locals);
    }
    EXPECT_GT(runs, 1000u);
    EXPECT_EQ(dhry::check(locals, runs), "");
    EXPECT_EQ(dhry::Arr_2_Glob[8][7], static_cast<int>(runs + 10));
}

TEST(Dhrystone, SelfCheckFailsOnAWrongRunCount) {
    dhry::reset();
    dhry::Locals locals;
    unsigned long runs = 0;
    {
        StopAfter stop(50);
        runs = dhry::run(stop.flag(), locals);
    }
    ASSERT_EQ(dhry::check(locals, runs), "");
    const std::string error = dhry::check(locals, runs + 1);
    EXPECT_NE(error.find("Arr_2_Glob[8][7]"), std::string::npos) << error;
    EXPECT_NE(dhry::check(locals, runs - 1), "");
}

TEST(Dhrystone, SelfCheckFailsOnCorruptedState) {
    dhry::reset();
    dhry::Locals locals;
    unsigned long runs = 0;
    {
        StopAfter stop(50);
        runs = dhry::run(stop.flag(), locals);
    }
    ASSERT_EQ(dhry::check(locals, runs), "");

    dhry::Int_Glob = 4;
    EXPECT_NE(dhry::check(locals, runs).find("Int_Glob is 4, expected 5"), std::string::npos);
    dhry::Int_Glob = 5;

    dhry::Next_Ptr_Glob->variant.var_1.Int_Comp = 17;
    EXPECT_NE(dhry::check(locals, runs).find("Next_Ptr_Glob->Int_Comp"), std::string::npos);
    dhry::Next_Ptr_Glob->variant.var_1.Int_Comp = 18;

    dhry::Locals wrong = locals;
    wrong.Str_2_Loc[19] = '3';  // "... 3'ND STRING"
    EXPECT_NE(dhry::check(wrong, runs).find("Str_2_Loc"), std::string::npos);
    wrong = locals;
    wrong.Enum_Loc = dhry::Ident_1;
    EXPECT_NE(dhry::check(wrong, runs).find("Enum_Loc"), std::string::npos);

    EXPECT_EQ(dhry::check(locals, runs), "");
}

TEST(Dhrystone, NoCompleteLoopIsAnError) {
    dhry::reset();
    dhry::Locals locals;
    const volatile int32_t stopped = 1;
    EXPECT_EQ(dhry::run(&stopped, locals), 0u);
    EXPECT_NE(dhry::check(locals, 0), "");
}

// --- Whetstone ---------------------------------------------------------------

TEST(Whetstone, ReferencePassMatchesTheCheckTable) {
    const whetstone::Pass pass = whetstone::whetstones(1, 100);
    EXPECT_EQ(whetstone::check_reference(pass), "");
    EXPECT_EQ(whetstone::check_measured(pass), "");
    EXPECT_DOUBLE_EQ(pass.result[3], 1.0);
    EXPECT_DOUBLE_EQ(pass.result[4], 12.0);
    EXPECT_DOUBLE_EQ(pass.result[7], 3.0);
    EXPECT_NEAR(pass.result[1], -1.12398255667391744, 1e-12);
    EXPECT_GT(pass.time_used, 0.0);
    double sum = 0.0;
    for (int s = 1; s <= 8; ++s) sum += pass.seconds[s];
    EXPECT_DOUBLE_EQ(pass.time_used, sum);
}

TEST(Whetstone, SelfCheckFailsOnCorruptedResults) {
    const whetstone::Pass good = whetstone::whetstones(1, 100);
    ASSERT_EQ(whetstone::check_reference(good), "");

    whetstone::Pass bad = good;
    bad.result[5] *= 1.000001;  // a few ulps would pass; this does not
    EXPECT_NE(whetstone::check_reference(bad).find("N5 sin,cos etc."), std::string::npos);

    bad = good;
    bad.result[4] = 11.0;
    EXPECT_NE(whetstone::check_reference(bad).find("N4 fixed point"), std::string::npos);
    EXPECT_NE(whetstone::check_measured(bad).find("N4 fixed point"), std::string::npos);

    bad = good;
    bad.result[8] = std::nan("");
    EXPECT_NE(whetstone::check_reference(bad), "");
    EXPECT_NE(whetstone::check_measured(bad), "");

    // A pass of another size is not the reference pass.
    EXPECT_NE(whetstone::check_reference(whetstone::whetstones(2, 100)), "");
}

TEST(Whetstone, MeasuredPassesOfOtherSizesPassTheirCheck) {
    for (long xtra : {2L, 5L, 13L}) {
        const whetstone::Pass pass = whetstone::whetstones(xtra, 100);
        EXPECT_EQ(whetstone::check_measured(pass), "") << "xtra " << xtra;
    }
}

TEST(Whetstone, DriverCalibratesAndReportsMwips) {
    // A shortened calibration (10 ms instead of 0.5 s) keeps the test quick.
    const whetstone::Outcome out = whetstone::run(0.1, 0.01);
    EXPECT_GE(out.calibrations, 1);
    EXPECT_EQ(out.first.xtra, 1);
    EXPECT_EQ(whetstone::check_reference(out.first), "");
    EXPECT_EQ(whetstone::check_measured(out.measured), "");
    EXPECT_GE(out.measured.xtra, 1);
    EXPECT_GT(out.mwips, 0.0);
    EXPECT_DOUBLE_EQ(out.mwips, static_cast<double>(out.measured.xtra) * 100.0 /
                                    (10.0 * out.measured.time_used));
    // Aimed at 0.1 s; on a machine shared with other jobs the calibration
    // pass can be starved and the aim overshoots, so only a bound here.
    EXPECT_GT(out.measured.time_used, 0.0);
    EXPECT_LT(out.measured.time_used, 1.0);
}

// --- arith -------------------------------------------------------------------

TEST(Arith, ParsesTheTypes) {
    EXPECT_EQ(arith::parse_type("none"), arith::Type::none);
    EXPECT_EQ(arith::parse_type("short"), arith::Type::short_);
    EXPECT_EQ(arith::parse_type("int"), arith::Type::int_);
    EXPECT_EQ(arith::parse_type("long"), arith::Type::long_);
    EXPECT_EQ(arith::parse_type("float"), arith::Type::float_);
    EXPECT_EQ(arith::parse_type("double"), arith::Type::double_);
    EXPECT_THROW(arith::parse_type("char"), std::invalid_argument);
    EXPECT_THROW(arith::parse_type(""), std::invalid_argument);
}

TEST(Arith, DumbStuffComputesTheSeries) {
    // x = 101, y = 10201, z = Σ i²/(i²-1) for i = 2..101: 100 in integers,
    // 100 + (1 + 1/2 - 1/101 - 1/102) / 2 in floating point.
    EXPECT_EQ(arith::dumb_stuff(arith::Type::short_), 10402.0);
    EXPECT_EQ(arith::dumb_stuff(arith::Type::int_), 10402.0);
    EXPECT_EQ(arith::dumb_stuff(arith::Type::long_), 10402.0);
    const double z = 100.0 + (1.0 + 0.5 - 1.0 / 101 - 1.0 / 102) / 2.0;
    EXPECT_NEAR(arith::dumb_stuff(arith::Type::double_), 10302.0 + z, 1e-9);
    EXPECT_NEAR(arith::dumb_stuff(arith::Type::float_), 10302.0 + z, 1e-2);
}

class ArithCounts : public ::testing::TestWithParam<const char *> {};

TEST_P(ArithCounts, WithinAShortStopWindow) {
    const arith::Type type = arith::parse_type(GetParam());
    unsigned long loops = 0;
    {
        StopAfter stop(50);
        loops = arith::run(type, stop.flag());
    }
    EXPECT_GT(loops, 0u);
}

INSTANTIATE_TEST_SUITE_P(AllTypes, ArithCounts,
                         ::testing::Values("none", "short", "int", "long", "float", "double"));

// --- hanoi -------------------------------------------------------------------

TEST(Hanoi, CountsSolvesWithinAShortStopWindow) {
    for (int disks : {10, 1, 16}) {
        unsigned long solves = 0;
        {
            StopAfter stop(50);
            solves = hanoi::run(disks, stop.flag());
        }
        EXPECT_GT(solves, 0u) << disks << " disks";
    }
}

TEST(Hanoi, RejectsBadDiskCounts) {
    const volatile int32_t stopped = 1;
    EXPECT_THROW(hanoi::run(0, &stopped), std::invalid_argument);
    EXPECT_THROW(hanoi::run(31, &stopped), std::invalid_argument);
    EXPECT_EQ(hanoi::run(10, &stopped), 0u);
}

}  // namespace
}  // namespace bytebench::test
