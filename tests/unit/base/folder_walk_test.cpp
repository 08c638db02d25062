// The walk of a folder the user named (base/folder_walk.h): what it lists,
// and every entry it leaves out, named.
#include "base/folder_walk.h"

#include <grp.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class FolderWalkTest : public ::testing::Test {
  protected:
    void SetUp() override {
        base_ = fs::temp_directory_path() / ("bytebench-folder-walk-" + std::to_string(getpid()));
        fs::remove_all(base_);
        fs::create_directories(base_ / "results" / "sub");
        root_ = (base_ / "results").string();
    }
    void TearDown() override { fs::remove_all(base_); }
    std::string put(const std::string &relative) {
        const fs::path path = base_ / relative;
        std::ofstream(path) << "{}";
        return path.string();
    }
    fs::path base_;
    std::string root_;
};

bool is_json(const std::string &path) { return fs::path(path).extension() == ".json"; }

TEST_F(FolderWalkTest, ListsFilesInSubfoldersSortedWithoutHiddenOnes) {
    put("results/b.json");
    put("results/sub/a.json");
    put("results/.hidden.json");
    fs::create_directories(base_ / "results" / ".git");
    put("results/.git/c.json");
    put("results/notes.txt");
    const FolderListing all = files_under(root_);
    EXPECT_EQ(all.files, (std::vector<std::string>{root_ + "/b.json", root_ + "/notes.txt",
                                                   root_ + "/sub/a.json"}));
    const FolderListing json = files_under(root_ + "/", {false, &is_json});
    EXPECT_EQ(json.files, (std::vector<std::string>{root_ + "/b.json", root_ + "/sub/a.json"}));
    EXPECT_TRUE(json.left_out.empty());
    EXPECT_TRUE(json.links.empty());
}

// A link planted in the folder to a file elsewhere (a root-only file, in the
// issue) is not read, and says so; --follow-links reads it.
TEST_F(FolderWalkTest, ALinkOutOfTheFolderIsLeftOutAndNamedUnlessFollowed) {
    const std::string outside = put("secret.json");
    fs::create_symlink(outside, root_ + "/x.json");
    fs::create_symlink("../secret.json", root_ + "/y.txt");  // not wanted: no word about it
    const FolderListing kept = files_under(root_, {false, &is_json});
    EXPECT_TRUE(kept.files.empty());
    EXPECT_EQ(kept.left_out,
              (std::vector<std::string>{root_ + "/x.json: a link out of " + root_ + " (to " +
                                        fs::canonical(outside).string() + "): not followed"}));
    const FolderListing followed = files_under(root_, {true, &is_json});
    EXPECT_EQ(followed.files, (std::vector<std::string>{root_ + "/x.json"}));
    EXPECT_TRUE(followed.is_link(root_ + "/x.json"));
    EXPECT_TRUE(followed.left_out.empty());
}

TEST_F(FolderWalkTest, LinksInsideTheFolderAreFollowedAndFoldersWalkedOnce) {
    put("results/sub/a.json");
    fs::create_symlink("sub/a.json", root_ + "/alias.json");
    fs::create_symlink("sub", root_ + "/again");  // a folder inside: walked as itself
    fs::create_symlink("..", root_ + "/sub/up");  // a loop
    for (const bool follow : {false, true}) {
        const FolderListing listing = files_under(root_, {follow, &is_json});
        EXPECT_EQ(listing.files,
                  (std::vector<std::string>{root_ + "/alias.json", root_ + "/sub/a.json"}));
        EXPECT_TRUE(listing.left_out.empty()) << listing.left_out.front();
    }
}

TEST_F(FolderWalkTest, ALinkToNothingIsNamed) {
    fs::create_symlink("nowhere.json", root_ + "/gone.json");
    const FolderListing listing = files_under(root_, {false, &is_json});
    EXPECT_TRUE(listing.files.empty());
    EXPECT_EQ(listing.left_out,
              (std::vector<std::string>{root_ + "/gone.json: a link that leads nowhere (No such "
                                                "file or directory)"}));
}

// The walk's left_out lines as user `uid` sees them: root reads every file,
// so as root the walk runs in a child that became nobody first.
std::vector<std::string> left_out_as(uid_t uid, gid_t gid, const std::string &root) {
    if (uid == geteuid()) return files_under(root, {false, &is_json}).left_out;
    int fds[2];
    if (pipe(fds) != 0) return {"(no pipe)"};
    const pid_t child = fork();
    if (child == 0) {
        close(fds[0]);
        std::string text;
        if (setgroups(0, nullptr) == 0 && setgid(gid) == 0 && setuid(uid) == 0)
            for (const std::string &line : files_under(root, {false, &is_json}).left_out)
                text += line + "\n";
        else
            text = "(cannot become the user)\n";
        (void)!write(fds[1], text.data(), text.size());
        _exit(0);
    }
    close(fds[1]);
    std::string text;
    char buffer[4096];
    for (ssize_t n; (n = read(fds[0], buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(n));
    close(fds[0]);
    waitpid(child, nullptr, 0);
    std::vector<std::string> lines;
    for (size_t at = 0, nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
        lines.push_back(text.substr(at, nl - at));
    return lines;
}

TEST_F(FolderWalkTest, WhatCannotBeReadIsNamedNotSkipped) {
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (uid == 0) {  // root reads every file: the walk runs as nobody
        const passwd *nobody = getpwnam("nobody");
        if (nobody == nullptr) GTEST_SKIP() << "root, and no user nobody to walk as";
        uid = nobody->pw_uid;
        gid = nobody->pw_gid;
        for (const fs::path &p : {base_, base_ / "results", base_ / "results" / "sub"})
            chmod(p.c_str(), 0755);
    }
    put("results/locked.json");
    chmod((root_ + "/locked.json").c_str(), 0);
    fs::create_directories(root_ + "/closed");
    put("results/closed/c.json");
    chmod((root_ + "/closed").c_str(), 0);
    fs::create_directories(root_ + "/blind");
    put("results/blind/d.json");
    chmod((root_ + "/blind").c_str(), 0444);  // listed, but no entry can be looked at
    const std::vector<std::string> left_out = left_out_as(uid, gid, root_);
    chmod((root_ + "/closed").c_str(), 0755);
    chmod((root_ + "/blind").c_str(), 0755);
    EXPECT_EQ(left_out, (std::vector<std::string>{
                            root_ + "/blind/d.json: cannot read: Permission denied",
                            root_ + "/closed: cannot read the folder: Permission denied",
                            root_ + "/locked.json: cannot read: Permission denied"}));
}

TEST_F(FolderWalkTest, AFolderThatIsNotThereIsOneLine) {
    try {
        files_under(root_ + "/missing");
        ADD_FAILURE() << "no error";
    } catch (const std::runtime_error &e) {
        EXPECT_EQ(std::string(e.what()),
                  root_ + "/missing: cannot read the folder: No such file or directory");
    }
}

}  // namespace
}  // namespace bytebench
