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

}  // namespace
}  // namespace bytebench
