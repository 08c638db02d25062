// The disk plugin on file systems of a particular kind or size, each mounted
// privately in a child process (root only; skipped where mounting is not
// permitted): O_DIRECT refused (ramfs, and tmpfs before Linux 6.6), too little
// free space, and a disk that fills up during the pass.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/falloc.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <regex>
#include <string>

#include "disk_harness.h"

namespace bytebench::test {
namespace {

// Runs `e` in a child with `type` mounted at e.temp_dir; the outcome as JSON.
std::string exercise_on(const char *type, const std::string &options, Exercise e) {
    return in_child([&] {
        const std::string skip = mount_private(e.temp_dir, type, options);
        if (!skip.empty()) return skip;
        return to_json(exercise(e)).dump();
    });
}

// ramfs never takes O_DIRECT: direct=auto falls back to buffered I/O with
// fsync and says why; the reads note that the page cache may serve them.
TEST(DiskDirect, AutoFallsBackWhereODirectIsRefused) {
    for (const char *id : {"disk-seq-write", "disk-rand-read"}) {
        Exercise e = small(id, fresh_dir("ramfs-auto"));
        e.run_s = 0.1;
        const std::string text = exercise_on("ramfs", "", e);
        SKIP_IF_CHILD_SKIPPED(text);
        const Outcome o = outcome_from_json(text);
        ASSERT_EQ(o.ran, BB_OK) << o.error;
        EXPECT_GT(o.count, 0.0);
        EXPECT_EQ(o.details.at("io_mode"), "buffered+fsync (O_DIRECT refused by ramfs: EINVAL)");
        EXPECT_EQ(o.details.at("filesystem"), "ramfs");
        EXPECT_EQ(o.details.at("alignment"), "none (buffered I/O)");
        if (std::string(id) == "disk-rand-read") {
            EXPECT_NE(o.details.at("page_cache").find("reads may still be served"),
                      std::string::npos);
        }
        EXPECT_TRUE(o.files_left.empty());
    }
}

TEST(DiskDirect, OnFailsClearlyWhereODirectIsRefused) {
    Exercise e = small("disk-seq-read", fresh_dir("ramfs-on"), {{"direct", "on"}});
    const std::string text = exercise_on("ramfs", "", e);
    SKIP_IF_CHILD_SKIPPED(text);
    const Outcome o = outcome_from_json(text);
    EXPECT_EQ(o.created, BB_ERROR);
    EXPECT_EQ(o.error, "disk-seq-read: direct=on, but O_DIRECT refused by ramfs: EINVAL (" +
                           e.temp_dir + "/disk.dat)");
    EXPECT_TRUE(o.files_left.empty()) << o.files_left.front();
}

// tmpfs refuses O_DIRECT before Linux 6.6 and takes it since: the plugin
// follows the kernel, and says which it got.
TEST(DiskDirect, OnTmpfsFollowsWhatTheKernelAllows) {
    for (const char *direct : {"auto", "on"}) {
        const std::string dir = fresh_dir(std::string("tmpfs-") + direct);
        const std::string text = in_child([&] {
            const std::string skip = mount_private(dir, "tmpfs", "size=16m");
            if (!skip.empty()) return skip;
            const int refused = probe_o_direct(dir);
            Exercise e = small("disk-rand-write", dir, {{"direct", direct}});
            e.run_s = 0.1;
            nlohmann::json j = to_json(exercise(e));
            j["refused"] = refused;
            return j.dump();
        });
        SKIP_IF_CHILD_SKIPPED(text);
        const Outcome o = outcome_from_json(text);
        const int refused = nlohmann::json::parse(text).value("refused", -1);
        SCOPED_TRACE(std::string("direct=") + direct +
                     ", O_DIRECT open: " + (refused ? std::strerror(refused) : "accepted"));
        if (refused == 0) {
            ASSERT_EQ(o.ran, BB_OK) << o.error;
            EXPECT_EQ(o.details.at("io_mode"), "O_DIRECT");
        } else if (std::string(direct) == "auto") {
            ASSERT_EQ(o.ran, BB_OK) << o.error;
            EXPECT_EQ(o.details.at("io_mode"),
                      "buffered+fsync (O_DIRECT refused by tmpfs: EINVAL)");
        } else {
            EXPECT_EQ(o.created, BB_ERROR);
            EXPECT_EQ(o.error,
                      "disk-rand-write: direct=on, but O_DIRECT refused by tmpfs: EINVAL (" + dir +
                          "/disk.dat)");
        }
        if (o.created == BB_OK) {
            EXPECT_EQ(o.details.at("filesystem"), "tmpfs");
        }
        EXPECT_TRUE(o.files_left.empty());
    }
}

// create() checks free space for every copy's file before writing, and says
// in one line what it needs and has.
TEST(DiskSpace, TooLittleFreeSpaceIsAOneLineReason) {
    Exercise e = small("disk-seq-write", fresh_dir("small-free"));
    e.copies = 2;
    const std::string text = exercise_on("tmpfs", "size=4m", e);
    SKIP_IF_CHILD_SKIPPED(text);
    const Outcome o = outcome_from_json(text);
    EXPECT_EQ(o.created, BB_ERROR);
    EXPECT_TRUE(std::regex_match(
        o.error, std::regex("disk-seq-write: needs 9\\.0 MiB free in " + e.temp_dir +
                            " \\(2 copies of 4 MiB and 1 MiB spare\\), has [34]\\.[0-9] MiB")))
        << o.error;
    EXPECT_EQ(o.error.find('\n'), std::string::npos);
    EXPECT_TRUE(o.files_left.empty()) << o.files_left.front();
}

TEST(DiskSpace, OneCopyFitsWhereTwoDoNot) {
    Exercise e = small("disk-seq-write", fresh_dir("one-fits"));
    e.run_s = 0.05;
    const std::string text = exercise_on("tmpfs", "size=6m", e);
    SKIP_IF_CHILD_SKIPPED(text);
    const Outcome o = outcome_from_json(text);
    EXPECT_EQ(o.ran, BB_OK) << o.error;
}

// The disk filling up under the pass (here: the file's blocks given back and
// the disk filled by someone else) is the pass's error: ENOSPC with the file,
// operation and offset, also from a helper thread.
TEST(DiskSpace, NoSpaceDuringThePassIsTheTestsError) {
    for (const char *qd : {"1", "4"}) {
        Exercise e = small("disk-seq-write", fresh_dir("fills-up"), {{"queue_depth", qd}});
        e.before_run = [&](const std::string &file) {
            const int fd = ::open(file.c_str(), O_RDWR);
            (void)!::fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, 4 << 20);
            ::close(fd);
            std::ofstream filler(e.temp_dir + "/filler", std::ios::binary);
            const std::string block(4096, 'x');
            while (filler.write(block.data(), std::streamsize(block.size()))) {
            }
        };
        const std::string text = exercise_on("tmpfs", "size=8m", e);
        SKIP_IF_CHILD_SKIPPED(text);
        const Outcome o = outcome_from_json(text);
        ASSERT_EQ(o.created, BB_OK) << o.error;
        EXPECT_EQ(o.ran, BB_ERROR);
        EXPECT_TRUE(std::regex_match(
            o.error, std::regex("disk-seq-write: pwrite " + e.temp_dir +
                                "/disk\\.dat at offset [0-9]+: No space left on device "
                                "\\(ENOSPC\\)")))
            << o.error;
        ASSERT_EQ(o.files_left.size(), 1u) << qd;  // the file is gone, the filler stays
        EXPECT_EQ(o.files_left[0].rfind("filler ", 0), 0u) << o.files_left[0];
    }
}

}  // namespace
}  // namespace bytebench::test
