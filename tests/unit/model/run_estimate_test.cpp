// The ETA from made-up plans and timings: before any pass it prices the
// settles, the passes, the core's own costs and the set-up workers; as
// passes finish it takes their measured overhead, per test.
#include "model/run_estimate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace bytebench {
namespace {

EtaStep step(const std::string &test, int copies, int passes, double settle_s, double duration_s) {
    EtaStep s;
    s.test = test;
    s.copies = copies;
    s.passes = passes;
    s.settle_s = settle_s;
    s.duration_s = duration_s;
    return s;
}

EtaPriors priors(double pass_overhead_s = 0.1, double phase_s = 0.2) {
    EtaPriors p;
    p.pass_overhead_s = pass_overhead_s;
    p.phase_s = phase_s;
    return p;
}

// `bytebench run fstime -i 1 --duration 0.3` on two CPUs: one pass at 1 and at 2 copies.
std::vector<EtaStep> fstime_plan() {
    return {step("fstime", 1, 1, 3, 0.3), step("fstime", 2, 1, 3, 0.3)};
}

TEST(RunEstimate, BeforeAnyPassItIsTheSettlesPassesAndTheCoresOwnCosts) {
    // 2 x (3 s settle + 0.3 s + 0.1 s of workers): never the 0 s of the passes alone.
    EXPECT_DOUBLE_EQ(eta_seconds(fstime_plan(), {}, priors()), 2 * 3.4);
}

TEST(RunEstimate, SetUpAndTeardownWorkersAreCounted) {
    std::vector<EtaStep> plan = {step("disk", 1, 3, 0, 1)};
    plan[0].has_setup = plan[0].has_teardown = true;
    EXPECT_DOUBLE_EQ(eta_seconds(plan, {}, priors(0.1, 0.2)), 3 * 1.1 + 2 * 0.2);
}

TEST(RunEstimate, WhatAnEarlierRunRememberedIsIncludedFromTheStart) {
    EtaPriors p = priors();
    p.remembered_overhead_s["fstime"] = 15.2;  // its warm-ups
    EXPECT_DOUBLE_EQ(eta_seconds(fstime_plan(), {}, p), 2 * (3.3 + 15.2));
}

TEST(RunEstimate, AFinishedPassCorrectsTheRestOfItsTest) {
    // fstime's first pass took 18.6 s, settle included: 15.3 s more than planned.
    const std::vector<EtaStep> plan = {step("fstime", 1, 3, 3, 0.3), step("fstime", 2, 3, 3, 0.3)};
    EtaStepTimes first;
    first.passes_s = {18.6};
    // Two more passes of this step, three of the next: 5 x 18.6.
    EXPECT_NEAR(eta_seconds(plan, {first}, priors()), 5 * 18.6, 1e-9);
}

TEST(RunEstimate, TheOwnMeasurementBeatsWhatWasRemembered) {
    EtaPriors p = priors();
    p.remembered_overhead_s["fstime"] = 30;
    EtaStepTimes first;
    first.passes_s = {18.6};
    EXPECT_NEAR(eta_seconds(fstime_plan(), {first}, p), 18.6, 1e-9);
}

TEST(RunEstimate, ATestNotYetMeasuredPaysWhatEveryMeasuredTestPaid) {
    // dhry2reg's passes took 0.5 s over the plan, fstime's 15 s: the next
    // test is priced at the least (the syncs and the workers), not at
    // fstime's warm-ups nor at an average pace.
    const std::vector<EtaStep> plan = {step("dhry2reg", 1, 2, 3, 10), step("fstime", 1, 1, 3, 30),
                                       step("syscall", 1, 2, 3, 10)};
    EtaStepTimes dhry, fstime;
    dhry.passes_s = {13.5, 13.5};
    dhry.fixed_s = 0.01;
    fstime.passes_s = {48};
    EXPECT_NEAR(eta_seconds(plan, {dhry, fstime}, priors()), 2 * 13.5, 1e-9);
}

TEST(RunEstimate, AStepsFixedCostIsTakenFromTheSameTestsLastStep) {
    std::vector<EtaStep> plan = {step("disk", 1, 1, 0, 1), step("disk", 2, 1, 0, 1)};
    plan[0].has_setup = plan[1].has_setup = true;
    EtaStepTimes done;
    done.passes_s = {1.5};
    done.fixed_s = 40;  // a set-up that wrote its files
    EXPECT_NEAR(eta_seconds(plan, {done}, priors()), 40 + 1.5, 1e-9);
}

TEST(RunEstimate, QuickStepsArePricedByTheirBudget) {
    std::vector<EtaStep> plan = {step("dhry2reg", 1, 15, 0.5, 2)};
    plan[0].quick = EtaQuickBound{3, 15};
    // 2.6 s a pass: 6 passes spend the 15-s budget (of the cap of 15).
    EXPECT_NEAR(eta_seconds(plan, {}, priors()), 6 * 2.6, 1e-9);
    // A pass far over the budget: still the minimum of 3.
    EtaStepTimes slow;
    slow.passes_s = {40.6};
    EXPECT_NEAR(eta_seconds(plan, {slow}, priors()), 2 * 40.6, 1e-9);
}

TEST(RunEstimate, ATestKnownNotToRunCostsNothing) {
    EXPECT_DOUBLE_EQ(eta_seconds({step("ubgears", 2, 0, 3, 20)}, {}, priors()), 0);
}

TEST(RunEstimate, AStepThatEndedEarlyLeavesNothingOfItself) {
    // test.error failed at its first pass: the step ended, the rest is the next one.
    const std::vector<EtaStep> plan = {step("test.error", 1, 10, 0, 1),
                                       step("test.rate", 1, 2, 0, 1)};
    EtaStepTimes failed;
    failed.passes_s = {0.2};
    failed.fixed_s = 0;
    EXPECT_NEAR(eta_seconds(plan, {failed}, priors()), 2 * 1.0, 1e-9);  // overhead -0.8: 0
}

TEST(RunEstimate, TheEndIsZeroAndAPositionPastThePlanIsUnknown) {
    EtaStepTimes a, b;
    a.passes_s = b.passes_s = {3.5};
    a.fixed_s = b.fixed_s = 0;
    EXPECT_DOUBLE_EQ(eta_seconds(fstime_plan(), {a, b}, priors()), 0);
    EXPECT_TRUE(std::isnan(eta_seconds(fstime_plan(), {a, b, a}, priors())));
    EtaStepTimes broken;
    broken.passes_s = {std::numeric_limits<double>::infinity()};
    EXPECT_TRUE(std::isnan(eta_seconds(fstime_plan(), {broken}, priors())));
}

TEST(PlanShares, SettlesAgainstTimedPasses) {
    // --duration 0.5 -i 10: 10 passes of 0.5 s, each after a 3-s settle.
    const PlanShares shares = plan_shares({step("syscall", 1, 10, 3, 0.5), step("x", 2, 0, 3, 9)});
    EXPECT_DOUBLE_EQ(shares.settle_s, 30);
    EXPECT_DOUBLE_EQ(shares.timed_s, 5);
}

}  // namespace
}  // namespace bytebench
