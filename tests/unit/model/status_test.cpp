#include "model/status.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

TEST(Status, EveryStatusReadsBackFromItsName) {
    for (Status s :
         {Status::ok, Status::error, Status::crashed, Status::timeout, Status::skipped}) {
        Status parsed = Status::ok;
        ASSERT_TRUE(parse_status(to_string(s), parsed)) << to_string(s);
        EXPECT_EQ(parsed, s);
    }
    EXPECT_EQ(to_string(Status::timeout), "timeout");
}

TEST(Status, AnUnknownNameIsRefusedAndLeavesTheValue) {
    Status parsed = Status::crashed;
    EXPECT_FALSE(parse_status("OK", parsed));  // names are lower case
    EXPECT_FALSE(parse_status("", parsed));
    EXPECT_FALSE(parse_status("skipped ", parsed));
    EXPECT_EQ(parsed, Status::crashed);
}

TEST(Status, AnyFailureIsWorseThanASkipWhichIsWorseThanOk) {
    EXPECT_EQ(worse(Status::ok, Status::skipped), Status::skipped);
    EXPECT_EQ(worse(Status::skipped, Status::ok), Status::skipped);
    EXPECT_EQ(worse(Status::skipped, Status::error), Status::error);
    EXPECT_EQ(worse(Status::error, Status::timeout), Status::timeout);
    EXPECT_EQ(worse(Status::crashed, Status::timeout), Status::crashed);
    EXPECT_EQ(worse(Status::ok, Status::ok), Status::ok);
}

}  // namespace
}  // namespace bytebench
