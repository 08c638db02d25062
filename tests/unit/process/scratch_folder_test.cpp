// Scratch folders named for their process, and the collection of those a
// killed command left (process/scratch_folder.h).
#include "process/scratch_folder.h"

#include <gtest/gtest.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class ScratchFolderTest : public ::testing::Test {
  protected:
    void SetUp() override {
        base_ = fs::temp_directory_path() / ("bytebench-scratch-" + std::to_string(getpid()));
        fs::remove_all(base_);
        fs::create_directories(base_);
    }
    void TearDown() override { fs::remove_all(base_); }
    // A folder as a process `pid` would have made it, with a file in it.
    std::string left_by(long pid, const std::string &kind = "report") {
        const fs::path dir = base_ / (scratch_folder_prefix(kind, pid) + "AbC123");
        fs::create_directories(dir);
        std::ofstream(dir / "input.json") << "{}";
        return dir.string();
    }
    fs::path base_;
};

// The pid of a process that has ended and been reaped.
long gone_pid() {
    const pid_t child = fork();
    if (child == 0) _exit(0);
    waitpid(child, nullptr, 0);
    return child;
}

TEST_F(ScratchFolderTest, IsPrivateNamedForItsProcessAndRemovedWithWhatIsInIt) {
    std::string path;
    {
        const ScratchFolder scratch(base_.string(), "report");
        path = scratch.path();
        EXPECT_EQ(fs::path(path).parent_path(), base_);
        EXPECT_EQ(fs::path(path).filename().string().rfind(
                      "bytebench-report-" + std::to_string(getpid()) + "-", 0),
                  0u);
        struct stat st {};
        ASSERT_EQ(stat(path.c_str(), &st), 0);
        EXPECT_EQ(st.st_mode & 0777, 0700u);
        std::ofstream(path + "/output") << "report";
    }
    EXPECT_FALSE(fs::exists(path));
    EXPECT_THROW(ScratchFolder((base_ / "missing").string(), "report"), std::runtime_error);
}

TEST_F(ScratchFolderTest, TheFoldersOfEndedProcessesAreCollected) {
    const std::string gone = left_by(gone_pid());
    const std::string running = left_by(getppid());  // started before the folder
    const std::string other_kind = left_by(gone_pid(), "run");
    std::ofstream(base_ / (scratch_folder_prefix("report", gone_pid()) + "file")) << "not a folder";
    fs::create_symlink(running, base_ / (scratch_folder_prefix("report", gone_pid()) + "link"));
    EXPECT_EQ(collect_abandoned_scratch(base_.string(), "report"), 1);
    EXPECT_FALSE(fs::exists(gone));
    EXPECT_TRUE(fs::exists(running + "/input.json"));
    EXPECT_TRUE(fs::exists(other_kind));
    EXPECT_EQ(std::distance(fs::directory_iterator(base_), fs::directory_iterator()), 4);
    EXPECT_EQ(collect_abandoned_scratch((base_ / "missing").string(), "report"), 0);
}

// A pid now used by a process that started after the folder last changed:
// not the folder's maker.
TEST_F(ScratchFolderTest, APidReusedSinceIsNotTheFoldersOwner) {
    const double now = double(std::chrono::duration_cast<std::chrono::seconds>(
                                  std::chrono::system_clock::now().time_since_epoch())
                                  .count());
    EXPECT_TRUE(scratch_owner_runs(getpid(), now));
    EXPECT_FALSE(scratch_owner_runs(getpid(), now - 3600));  // we started later
    EXPECT_FALSE(scratch_owner_runs(gone_pid(), now));
}

TEST_F(ScratchFolderTest, AnotherUsersFolderIsNeverTouched) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to give a folder to another user";
    const passwd *nobody = getpwnam("nobody");
    if (nobody == nullptr) GTEST_SKIP() << "no user nobody";
    const std::string theirs = left_by(gone_pid());
    ASSERT_EQ(chown(theirs.c_str(), nobody->pw_uid, nobody->pw_gid), 0);
    EXPECT_EQ(collect_abandoned_scratch(base_.string(), "report"), 0);
    EXPECT_TRUE(fs::exists(theirs + "/input.json"));
}

}  // namespace
}  // namespace bytebench
