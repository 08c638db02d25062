// Which plugin files and folders are refused (plugin_security.h): the rule
// on synthetic stat results, then on real files: mode bits, owners, ACLs
// (set with libacl) and the folders above the plugin folder.
#include "plugins/plugin_security.h"

#include <grp.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sys/acl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "acl.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

using test::set_acl;

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

struct stat folder_stat(uid_t uid, gid_t gid, mode_t mode) {
    struct stat st = file(uid, gid, mode);
    st.st_mode = S_IFDIR | mode;
    return st;
}

TEST(PluginSecurity, AFolderAboveFollowsTheSameRules) {
    const struct stat mine = folder_stat(kMe, kMyGroup, 0755);
    EXPECT_EQ(ancestor_insecurity("folder /p", folder_stat(0, 0, 0755), mine, kUser), "");
    EXPECT_EQ(ancestor_insecurity("folder /p", folder_stat(kMe, kMyGroup, 0775), mine, kUser), "");
    EXPECT_EQ(ancestor_insecurity("folder /p", folder_stat(0, 0, 0777), mine, kUser),
              "refused: folder /p is writable by others (mode 0777); fix the permissions or pass "
              "--allow-insecure-plugins");
    EXPECT_NE(ancestor_insecurity("folder /p", folder_stat(0, 50, 0775), mine, kUser), "");
    EXPECT_NE(ancestor_insecurity("folder /p", folder_stat(1001, 1001, 0755), mine, kUser)
                  .find("is owned by uid 1001"),
              std::string::npos);
}

// /tmp: others may add names, but not rename or remove one they do not own.
TEST(PluginSecurity, AStickyFolderAboveIsFineWhenTheNextFolderIsYoursOrRoots) {
    const struct stat tmp = folder_stat(0, 0, 01777);
    EXPECT_EQ(ancestor_insecurity("folder /tmp", tmp, folder_stat(kMe, kMyGroup, 0700), kUser), "");
    EXPECT_EQ(ancestor_insecurity("folder /tmp", tmp, folder_stat(0, 0, 0755), kUser), "");
    EXPECT_EQ(ancestor_insecurity("folder /tmp", tmp, folder_stat(1001, 1001, 0755), kUser),
              "refused: folder /tmp is writable by others (mode 1777); fix the permissions or "
              "pass --allow-insecure-plugins");
    // Sticky, but its owner may still remove anything in it.
    EXPECT_NE(ancestor_insecurity("folder /tmp", folder_stat(1001, 1001, 01777),
                                  folder_stat(kMe, kMyGroup, 0700), kUser),
              "");
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

// A user and a group that are not us (nobody and nogroup's ids).
constexpr uid_t kOtherUser = 65534;
constexpr gid_t kOtherGroup = 65534;

std::string other_user_name() {
    const passwd *pw = getpwuid(kOtherUser);
    return pw != nullptr ? pw->pw_name : "uid 65534";
}
std::string other_group_name() {
    const group *gr = getgrgid(kOtherGroup);
    return gr != nullptr ? gr->gr_name : "65534";
}

const std::string kRemedy = "; fix the permissions or pass --allow-insecure-plugins";

#define SET_ACL_OR_SKIP(path, text) \
    if (!set_acl(path, text)) GTEST_SKIP() << "no ACLs on this file system: " << path

TEST_F(RealFiles, AnAclEntryLettingAnotherUserWriteIsRefused) {
    SET_ACL_OR_SKIP(plugin_, "u::rw-,u:65534:rw-,g::r--,m::rw-,o::r--");
    EXPECT_EQ(check_plugin_file(plugin_), "refused: " + plugin_ + " is writable by user " +
                                              other_user_name() + " through an ACL entry" +
                                              kRemedy);
}

TEST_F(RealFiles, AnAclEntryLettingAnotherGroupWriteIsRefused) {
    if (getegid() == kOtherGroup) GTEST_SKIP() << "nogroup is our own primary group";
    SET_ACL_OR_SKIP(plugin_, "u::rw-,g::r--,g:65534:rw-,m::rw-,o::r--");
    EXPECT_EQ(check_plugin_file(plugin_), "refused: " + plugin_ + " is writable by group " +
                                              other_group_name() +
                                              " through an ACL entry, which is not your primary "
                                              "group" +
                                              kRemedy);
}

TEST_F(RealFiles, AclEntriesThatCannotWriteAreFine) {
    // Read only; or masked: the mask caps every named entry.
    SET_ACL_OR_SKIP(plugin_, "u::rw-,u:65534:r-x,g::r--,m::r-x,o::r--");
    EXPECT_EQ(check_plugin_file(plugin_), "");
    SET_ACL_OR_SKIP(plugin_, "u::rw-,u:65534:rw-,g::r--,m::r--,o::r--");
    EXPECT_EQ(check_plugin_file(plugin_), "");
    // Ourselves, and our own primary group.
    SET_ACL_OR_SKIP(plugin_, "u::rw-,u:" + std::to_string(geteuid()) + ":rw-,g::r--,g:" +
                                 std::to_string(getegid()) + ":rw-,m::rw-,o::r--");
    EXPECT_EQ(check_plugin_file(plugin_), "");
}

TEST_F(RealFiles, AnAclOnThePluginFolderCounts) {
    SET_ACL_OR_SKIP(dir_, "u::rwx,u:65534:rwx,g::---,m::rwx,o::---");
    EXPECT_EQ(check_plugin_folder(dir_), "refused: plugin folder " + dir_ +
                                             " is writable by user " + other_user_name() +
                                             " through an ACL entry" + kRemedy);
}

// A folder above the plugin folder that others may write lets them rename
// the plugin folder away and put their own in its place.
TEST_F(RealFiles, AFolderAboveThatOthersMayWriteIsRefused) {
    const std::string open = dir_ + "/open", plugins = open + "/plugins";
    fs::create_directories(plugins);
    chmod(plugins.c_str(), 0755);
    chmod(open.c_str(), 0777);
    EXPECT_EQ(check_plugin_folder(plugins), "refused: folder " + open + " (above plugin folder " +
                                                plugins + ") is writable by others (mode 0777)" +
                                                kRemedy);
    chmod(open.c_str(), 0755);
    EXPECT_EQ(check_plugin_folder(plugins), "");
    SET_ACL_OR_SKIP(open, "u::rwx,u:65534:rwx,g::r-x,m::rwx,o::r-x");
    EXPECT_EQ(check_plugin_folder(plugins),
              "refused: folder " + open + " (above plugin folder " + plugins +
                  ") is writable by user " + other_user_name() + " through an ACL entry" + kRemedy);
}

TEST_F(RealFiles, AStickyFolderAboveIsFineWhenWhatIsBelowIsOurs) {
    const std::string sticky = dir_ + "/sticky", plugins = sticky + "/plugins";
    fs::create_directories(plugins);
    chmod(plugins.c_str(), 0755);
    chmod(sticky.c_str(), 01777);
    EXPECT_EQ(check_plugin_folder(plugins), "");
    // The same folder through a link of another user's in the sticky folder:
    // that user may replace the link.
    if (geteuid() != 0) GTEST_SKIP() << "a link of another user's needs root";
    const std::string link = sticky + "/theirs";
    fs::create_symlink(plugins, link);
    ASSERT_EQ(lchown(link.c_str(), kOtherUser, kOtherGroup), 0);
    EXPECT_EQ(check_plugin_folder(link), "refused: folder " + sticky + " (above plugin folder " +
                                             link + ") is writable by others (mode 1777)" +
                                             kRemedy);
}

// Where a link leads is checked up to / as well.
TEST_F(RealFiles, TheFoldersAboveALinksTargetCount) {
    const std::string open = dir_ + "/open", real = open + "/real";
    fs::create_directories(real);
    chmod(real.c_str(), 0755);
    chmod(open.c_str(), 0777);
    const std::string target = real + "/real.so";
    std::ofstream(target) << "x";
    chmod(target.c_str(), 0644);
    const std::string link = dir_ + "/link.so";
    fs::create_symlink(target, link);
    EXPECT_EQ(check_plugin_file(link), "refused: folder " + open + " (above plugin folder " + real +
                                           ") is writable by others (mode 0777)" + kRemedy);
}

// The test plugins live in the build tree: its folders, up to /, pass.
TEST(PluginSecurity, TheBuildTreesPluginFoldersAreAccepted) {
    EXPECT_EQ(check_plugin_folder(BYTEBENCH_TEST_PLUGIN_DIR "/good"), "");
    EXPECT_EQ(check_plugin_file(BYTEBENCH_TEST_PLUGIN_DIR "/good/good.so"), "");
}

}  // namespace
}  // namespace bytebench
