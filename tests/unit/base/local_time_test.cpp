#include "base/local_time.h"

#include <gtest/gtest.h>

#include <regex>

namespace bytebench {
namespace {

TEST(LocalTime, IsoNowHasADateATimeAndAnOffset) {
    const std::string now = iso_now();
    EXPECT_TRUE(std::regex_match(now, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d)")))
        << now;
}

TEST(LocalTime, LocalTimeTextFollowsTheFormat) {
    EXPECT_TRUE(std::regex_match(local_time_text("%Y"), std::regex(R"(\d{4})")));
    EXPECT_EQ(local_time_text("literal"), "literal");
    EXPECT_EQ(local_time_text(""), "");
}

TEST(LocalTime, ATextTooLongForTheBufferIsEmptyNotGarbage) {
    EXPECT_EQ(local_time_text("%Y-%m-%d %Y-%m-%d %Y-%m-%d %Y-%m-%d %Y-%m-%d %Y-%m-%d %Y-%m-%d"),
              "");
}

}  // namespace
}  // namespace bytebench
