// The descriptor budget: what lets a pass run many copies (docs/many-copies.md).
#include "process/file_budget.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace bytebench
