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

}  // namespace
}  // namespace bytebench
