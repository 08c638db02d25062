// Which way a number is better (core/base/direction.h): reading "better" and
// whether a change is worse.
#include "base/direction.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

using nlohmann::json;

TEST(Direction, LowerOnlyWhenTheDocumentSaysLower) {
    EXPECT_EQ(direction_member(json{{"better", "lower"}}), Direction::lower_is_better);
    EXPECT_EQ(direction_member(json{{"better", "higher"}}), Direction::higher_is_better);
    for (const json &odd : {json::object(), json{{"better", "sideways"}}, json{{"better", 1}},
                            json{{"better", "Lower"}}, json(), json::array()})
        EXPECT_EQ(direction_member(odd), Direction::higher_is_better) << odd;
    EXPECT_STREQ(direction_name(Direction::lower_is_better), "lower");
    EXPECT_STREQ(direction_name(Direction::higher_is_better), "higher");
    EXPECT_EQ(direction_text(Direction::lower_is_better), "lower is better");
}

TEST(Direction, AChangeIsWorseAgainstTheDirection) {
    EXPECT_TRUE(change_is_worse(-5, Direction::higher_is_better));
    EXPECT_FALSE(change_is_worse(5, Direction::higher_is_better));
    EXPECT_TRUE(change_is_worse(5, Direction::lower_is_better));
    EXPECT_FALSE(change_is_worse(-5, Direction::lower_is_better));
    EXPECT_FALSE(change_is_worse(0, Direction::lower_is_better));
    EXPECT_FALSE(change_is_worse(0, Direction::higher_is_better));
    EXPECT_DOUBLE_EQ(worse_by_pct(-7, Direction::higher_is_better), 7);
    EXPECT_DOUBLE_EQ(worse_by_pct(100, Direction::lower_is_better), 100);
    EXPECT_DOUBLE_EQ(worse_by_pct(-50, Direction::lower_is_better), -50);
}

}  // namespace
}  // namespace bytebench
