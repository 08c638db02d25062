#include "exec/console.h"

#include <gtest/gtest.h>

#include <limits>

namespace bytebench {
namespace {

TEST(Console, ClockTextIsHoursMinutesSeconds) {
    EXPECT_EQ(clock_text(0), "0:00:00");
    EXPECT_EQ(clock_text(59.6), "0:01:00");
    EXPECT_EQ(clock_text(3723), "1:02:03");
    EXPECT_EQ(clock_text(99 * 3600.0), "99:00:00");
}

TEST(Console, ClockTextSurvivesAbsurdEstimates) {
    EXPECT_EQ(clock_text(-1), "unknown");
    EXPECT_EQ(clock_text(-1e300), "unknown");
    EXPECT_EQ(clock_text(std::numeric_limits<double>::quiet_NaN()), "unknown");
    EXPECT_EQ(clock_text(1e300), "over 2400:00:00");
    EXPECT_EQ(clock_text(std::numeric_limits<double>::infinity()), "over 2400:00:00");
    EXPECT_EQ(clock_text(100 * 86400.0 - 1), "2399:59:59");
}

TEST(Console, SetupStatusTextShowsThePercentage) {
    EXPECT_EQ(setup_status_text("dhry2reg", 1, 0.42), "dhry2reg (1 copy): set-up 42%");
    EXPECT_EQ(setup_status_text("fstime", 4, -1), "fstime (4 copies): set-up");
    EXPECT_EQ(setup_status_text("fstime", 4, 7), "fstime (4 copies): set-up 100%");
    EXPECT_EQ(setup_status_text("fstime", 4, std::numeric_limits<double>::quiet_NaN()),
              "fstime (4 copies): set-up");
}

EtaStep step(int passes, double settle_s, double duration_s) {
    EtaStep s;
    s.test = "syscall";
    s.passes = passes;
    s.settle_s = settle_s;
    s.duration_s = duration_s;
    return s;
}

TEST(Console, ASettleThatDominatesIsSaidWithItsShareOfTheEstimate) {
    // --duration 0.5: 10 passes spend 30 s settling and 5 s measuring.
    EXPECT_EQ(settle_note({step(10, 3, 0.5)}, 36),
              "each pass waits 3 s to settle first (--settle, UnixBench's sync and sleep): 30 s "
              "of the estimated 0:00:36; --settle 0 leaves it out for quick checks");
    EXPECT_EQ(settle_note({step(0, 3, 10), step(4, 0.25, 0.1)}, 2),
              "each pass waits 0.25 s to settle first (--settle, UnixBench's sync and sleep): 1 s "
              "of the estimated 0:00:02; --settle 0 leaves it out for quick checks");
}

TEST(Console, ASettleShorterThanThePassesIsNotWorthALine) {
    EXPECT_EQ(settle_note({step(10, 3, 10)}, 130), "");
    EXPECT_EQ(settle_note({step(10, 0, 0.5)}, 6), "");
    EXPECT_EQ(settle_note({}, 0), "");
}

TEST(Console, TheProgressEtaFollowsTheStepsAndPassesAsTheyGo) {
    // Two steps of two 1-h passes: before anything the whole plan; at the
    // end nothing; the clock between them is this test's (near 0 s).
    Progress progress({step(2, 0, 3600), step(2, 0, 3600)}, {}, false);
    EXPECT_NEAR(progress.eta_seconds(), 4 * 3600.1, 1e-6);
    for (int s = 0; s < 2; ++s) {
        progress.test_started();
        for (int p = 1; p <= 2; ++p) {
            progress.pass_started("syscall", 1, p, 2);
            progress.pass_finished();
        }
        progress.test_finished();
    }
    EXPECT_DOUBLE_EQ(progress.eta_seconds(), 0);
}

}  // namespace
}  // namespace bytebench
