#include "base/made_folder.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class MadeFolderTest : public ::testing::Test {
  protected:
    void SetUp() override {
        root_ =
            (fs::temp_directory_path() / ("bytebench-made-" + std::to_string(getpid()))).string();
        fs::remove_all(root_);
        fs::create_directories(root_ + "/run");
        fs::create_directories(root_ + "/outside");
        std::ofstream(root_ + "/outside/keep") << "precious";
    }
    void TearDown() override { fs::remove_all(root_); }
    bool outside_intact() const {
        std::ifstream in(root_ + "/outside/keep");
        std::string text;
        std::getline(in, text);
        return text == "precious";
    }
    std::string root_;
};

unsigned mode_of(const std::string &path) {
    struct stat st {};
    lstat(path.c_str(), &st);
    return st.st_mode & 07777;
}

TEST_F(MadeFolderTest, MakesAPrivateFolderAndRemovesItWithWhatIsInside) {
    const FolderFd run(root_ + "/run");
    const MadeFolder made = make_folder(run, "t-p0-c0");
    EXPECT_EQ(made.path, root_ + "/run/t-p0-c0");
    EXPECT_EQ(mode_of(made.path), 0700u);
    fs::create_directories(made.path + "/a/b/c");
    std::ofstream(made.path + "/a/b/c/f") << "x";
    std::ofstream(made.path + "/top") << "x";
    mkfifo((made.path + "/a/fifo").c_str(), 0600);
    EXPECT_EQ(remove_folder(run, made), "");
    EXPECT_FALSE(fs::exists(made.path));
    EXPECT_EQ(remove_folder(run, made), "");  // gone already: nothing to say
}

TEST_F(MadeFolderTest, ANameThatIsNotOneComponentIsRefused) {
    const FolderFd run(root_ + "/run");
    for (const char *name : {"..", ".", "../outside", "a/b", ""})
        EXPECT_THROW(make_folder(run, name), FolderError) << name;
    EXPECT_TRUE(outside_intact());
    EXPECT_TRUE(fs::is_empty(root_ + "/run"));
}

TEST_F(MadeFolderTest, AFolderThatWasThereIsNeverAdopted) {
    fs::create_directories(root_ + "/run/taken");
    std::ofstream(root_ + "/run/taken/theirs") << "x";
    const FolderFd run(root_ + "/run");
    try {
        make_folder(run, "taken");
        FAIL();
    } catch (const FolderError &e) {
        EXPECT_EQ(std::string(e.what()), "cannot create " + root_ + "/run/taken: File exists");
    }
    EXPECT_TRUE(fs::exists(root_ + "/run/taken/theirs"));
}

TEST_F(MadeFolderTest, LinksInsideAreRemovedNeverFollowed) {
    const FolderFd run(root_ + "/run");
    const MadeFolder made = make_folder(run, "t");
    fs::create_directory_symlink(root_ + "/outside", made.path + "/to-folder");
    fs::create_symlink(root_ + "/outside/keep", made.path + "/to-file");
    EXPECT_EQ(remove_folder(run, made), "");
    EXPECT_FALSE(fs::exists(made.path));
    EXPECT_TRUE(outside_intact());
}

TEST_F(MadeFolderTest, AFolderPutInItsPlaceIsNotRemoved) {
    const FolderFd run(root_ + "/run");
    const MadeFolder made = make_folder(run, "t");
    // A workload renames the folder away and puts a link to another there.
    fs::rename(made.path, root_ + "/run/moved");
    fs::create_directory_symlink(root_ + "/outside", made.path);
    EXPECT_EQ(remove_folder(run, made),
              made.path + ": not removed: it is no longer the folder bytebench made");
    EXPECT_TRUE(outside_intact());
    fs::remove(made.path);
    fs::create_directories(made.path);  // another folder of the same name
    std::ofstream(made.path + "/theirs") << "x";
    EXPECT_NE(remove_folder(run, made), "");
    EXPECT_TRUE(fs::exists(made.path + "/theirs"));
}

TEST_F(MadeFolderTest, DeepNestingNeedsNoRecursion) {
    const FolderFd run(root_ + "/run");
    const MadeFolder made = make_folder(run, "deep");
    std::string path = made.path;
    for (int i = 0; i < 200; ++i) {
        path += "/d";
        ASSERT_EQ(mkdir(path.c_str(), 0700), 0) << i;
    }
    std::ofstream(path + "/f") << "x";
    EXPECT_EQ(remove_folder(run, made), "");
    EXPECT_FALSE(fs::exists(made.path));
}

// A mount namespace of its own for this process (a user namespace too when
// it is not root), so that a mount made for the test is seen by no one else.
bool private_mounts() {
    if (unshare(CLONE_NEWNS) != 0) {
        const uid_t uid = getuid();
        const gid_t gid = getgid();
        if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return false;
        const auto write_file = [](const char *path, const std::string &text) {
            std::ofstream(path) << text;
        };
        write_file("/proc/self/setgroups", "deny");
        write_file("/proc/self/uid_map", std::to_string(uid) + " " + std::to_string(uid) + " 1");
        write_file("/proc/self/gid_map", std::to_string(gid) + " " + std::to_string(gid) + " 1");
    }
    return mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
}

TEST_F(MadeFolderTest, AFileSystemMountedInsideIsLeftAlone) {
    const FolderFd run(root_ + "/run");
    const MadeFolder made = make_folder(run, "t");
    fs::create_directories(made.path + "/mnt");
    // In a child: the mount dies with its namespace.
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (!private_mounts() ||
            mount("bytebench-test", (made.path + "/mnt").c_str(), "tmpfs", 0, nullptr) != 0)
            _exit(77);
        std::ofstream(made.path + "/mnt/theirs") << "x";
        // Opened in the new namespace: a descriptor opened before it walks the old one's mounts.
        const FolderFd here(root_ + "/run");
        const std::string left = remove_folder(here, made);
        const bool kept = fs::exists(made.path + "/mnt/theirs");
        _exit(left == made.path + "/mnt: not removed: another file system is mounted there" && kept
                  ? 0
                  : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    if (WEXITSTATUS(status) == 77) GTEST_SKIP() << "no mount namespace here";
    EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST_F(MadeFolderTest, UniqueFoldersDoNotCollide) {
    const FolderFd run(root_ + "/run");
    const MadeFolder a = make_unique_folder(run, "bytebench-");
    const MadeFolder b = make_unique_folder(run, "bytebench-");
    EXPECT_NE(a.path, b.path);
    EXPECT_EQ(a.name.rfind("bytebench-", 0), 0u);
    EXPECT_EQ(a.name.size(), std::string("bytebench-").size() + 6);
    EXPECT_EQ(mode_of(a.path), 0700u);
    EXPECT_THROW(make_unique_folder(run, "../x-"), FolderError);
    EXPECT_EQ(remove_folder(run, a), "");
    EXPECT_EQ(remove_folder(run, b), "");
}

TEST_F(MadeFolderTest, AMissingParentIsOneLine) {
    try {
        FolderFd missing(root_ + "/nope");
        FAIL();
    } catch (const FolderError &e) {
        EXPECT_EQ(std::string(e.what()),
                  root_ + "/nope: cannot open the folder: No such file or directory");
    }
}

}  // namespace
}  // namespace bytebench
