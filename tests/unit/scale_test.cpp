// What lets a pass run many copies: the descriptor budget and the extra time
// crowded copies get.
#include <gtest/gtest.h>

#include "file_budget.h"
#include "pass_runner.h"

namespace bytebench {
namespace {

TEST(FileBudget, FitsUnderTheSoftLimit) {
    const FileVerdict v = judge_file_budget(64, {10, 1024, 4096});
    EXPECT_TRUE(v.fits);
    EXPECT_FALSE(v.raise_soft);
}

TEST(FileBudget, RaisesTheSoftLimitWhenTheHardOneIsEnough) {
    const FileVerdict v = judge_file_budget(1024, {10, 1024, 524288});
    EXPECT_TRUE(v.fits);
    EXPECT_TRUE(v.raise_soft);
}

TEST(FileBudget, SaysWhatIsNeededAndHowToRaiseIt) {
    const FileVerdict v = judge_file_budget(4096, {10, 1024, 4096});
    EXPECT_FALSE(v.fits);
    // 10 open + 2 × 4096 + 16 spare.
    EXPECT_NE(v.reason.find("needs 8218 file descriptors (2 for each of 4096 copies, 10 open now"),
              std::string::npos)
        << v.reason;
    EXPECT_NE(v.reason.find("hard RLIMIT_NOFILE is 4096"), std::string::npos) << v.reason;
    EXPECT_NE(v.reason.find("ulimit -Hn 8218"), std::string::npos) << v.reason;
}

TEST(FileBudget, TheSnapshotSeesOurOwnDescriptors) {
    const FileSnapshot s = take_file_snapshot();
    EXPECT_GE(s.open_now, 3u);  // stdin, stdout, stderr
    EXPECT_LE(s.soft, s.hard);
}

TEST(Crowding, NothingWhileEveryCopyHasACpu) {
    EXPECT_EQ(crowding_seconds(1, 2), 0.0);
    EXPECT_EQ(crowding_seconds(2, 2), 0.0);
}

TEST(Crowding, HalfASecondPerCopyPerCpu) {
    EXPECT_DOUBLE_EQ(crowding_seconds(1024, 2), 256.0);
    EXPECT_DOUBLE_EQ(crowding_seconds(64, 4), 8.0);
    EXPECT_DOUBLE_EQ(crowding_seconds(8, 0), 4.0);  // an unknown CPU count is one CPU
}

}  // namespace
}  // namespace bytebench
