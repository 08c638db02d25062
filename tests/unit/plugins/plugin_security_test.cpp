// Which plugin files and folders are refused (plugin_security.h): the rule
// on synthetic stat results, then on real files.
#include "plugins/plugin_security.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

constexpr uid_t kMe = 1000;
constexpr gid_t kMyGroup = 1000;
const Requester kUser{kMe, kMyGroup};

struct stat file(uid_t uid, gid_t gid, mode_t mode) {
    struct stat st {};
    st.st_uid = uid;
    st.st_gid = gid;
    st.st_mode = S_IFREG | mode;
    return st;
}

TEST(PluginSecurity, OwnAndRootFilesWithoutWriteForOthersAreFine) {
    EXPECT_EQ(insecurity("/p/a.so", file(kMe, kMyGroup, 0644), kUser), "");
    EXPECT_EQ(insecurity("/p/a.so", file(0, 0, 0755), kUser), "");
    EXPECT_EQ(insecurity("/p/a.so", file(kMe, kMyGroup, 0600), kUser), "");
}

TEST(PluginSecurity, WritableByOthersIsRefusedWithTheRemedy) {
    EXPECT_EQ(insecurity("/x/y.so", file(kMe, kMyGroup, 0666), kUser),
              "refused: /x/y.so is writable by others (mode 0666); fix the permissions or pass "
              "--allow-insecure-plugins");
    // A sticky folder (/tmp) is no better: anyone may add a plugin to it.
    struct stat tmp = file(0, 0, 01777);
    tmp.st_mode = S_IFDIR | 01777;
    EXPECT_NE(insecurity("plugin folder /tmp", tmp, kUser).find("writable by others (mode 1777)"),
              std::string::npos);
}

TEST(PluginSecurity, GroupWritableOnlyForTheUsersOwnPrimaryGroup) {
    EXPECT_EQ(insecurity("/p/a.so", file(kMe, kMyGroup, 0664), kUser), "");  // umask 002
    const std::string why = insecurity("/p/a.so", file(kMe, 50, 0664), kUser);
    EXPECT_NE(why.find("refused: /p/a.so is writable by group "), std::string::npos) << why;
    EXPECT_NE(why.find("(mode 0664), which is not your primary group"), std::string::npos) << why;
    // Root's group-writable file in root's group, seen by another user.
    EXPECT_NE(insecurity("/p/a.so", file(0, 0, 0775), kUser), "");
    EXPECT_EQ(insecurity("/p/a.so", file(0, 0, 0775), Requester{0, 0}), "");
}

TEST(PluginSecurity, AnotherUsersFileIsRefused) {
    const std::string why = insecurity("/p/a.so", file(1001, kMyGroup, 0644), kUser);
    EXPECT_NE(why.find("refused: /p/a.so is owned by uid 1001"), std::string::npos) << why;
    EXPECT_NE(why.find("neither you nor root; fix the permissions or pass "
                       "--allow-insecure-plugins"),
              std::string::npos)
        << why;
    // Root runs nobody's plugins but its own.
    EXPECT_NE(insecurity("/p/a.so", file(kMe, kMyGroup, 0644), Requester{0, 0}), "");
}

class RealFiles : public ::testing::Test {
  protected:
    void SetUp() override {
        char pattern[] = "/tmp/bytebench-security-XXXXXX";
        ASSERT_NE(mkdtemp(pattern), nullptr);
        dir_ = pattern;
        plugin_ = dir_ + "/p.so";
        std::ofstream(plugin_) << "not really a plugin";
        chmod(plugin_.c_str(), 0644);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string dir_, plugin_;
};

TEST_F(RealFiles, APrivateFolderAndFileAreFine) {
    EXPECT_EQ(check_plugin_folder(dir_), "");
    EXPECT_EQ(check_plugin_file(plugin_), "");
}

TEST_F(RealFiles, WorldWritableFileAndFolderAreRefused) {
    chmod(plugin_.c_str(), 0666);
    EXPECT_EQ(check_plugin_file(plugin_),
              "refused: " + plugin_ +
                  " is writable by others (mode 0666); fix the permissions or pass "
                  "--allow-insecure-plugins");
    chmod(dir_.c_str(), 0777);
    EXPECT_EQ(check_plugin_folder(dir_),
              "refused: plugin folder " + dir_ +
                  " is writable by others (mode 0777); fix the permissions or pass "
                  "--allow-insecure-plugins");
}

TEST_F(RealFiles, ALinkIsJudgedByWhereItLeads) {
    const std::string open_dir = dir_ + "/open";
    fs::create_directory(open_dir);
    chmod(open_dir.c_str(), 0777);
    const std::string target = open_dir + "/real.so";
    std::ofstream(target) << "x";
    chmod(target.c_str(), 0644);
    const std::string link = dir_ + "/link.so";
    fs::create_symlink(target, link);
    const std::string why = check_plugin_file(link);
    EXPECT_NE(why.find("refused: plugin folder " + open_dir), std::string::npos) << why;
    EXPECT_NE(why.find("which " + link + " links to"), std::string::npos) << why;
}

TEST_F(RealFiles, AFileOfAnotherUserIsRefused) {
    if (geteuid() != 0) GTEST_SKIP() << "chown needs root";
    ASSERT_EQ(chown(plugin_.c_str(), 65534, 65534), 0);
    const std::string why = check_plugin_file(plugin_);
    EXPECT_NE(why.find("is owned by uid 65534"), std::string::npos) << why;
}

}  // namespace
}  // namespace bytebench
