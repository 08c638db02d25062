// The fs plugin's fstime workload, run in-process through the C ABI.
#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <string>

#include "fs_harness.h"

namespace bytebench::test {
namespace {

const bb_param_desc *find_param(const bb_workload &w, const std::string &key) {
    for (uint32_t i = 0; i < w.param_count; ++i)
        if (key == w.params[i].key) return &w.params[i];
    return nullptr;
}

TEST(FstimeDescriptor, MatchesTheSuiteContract) {
    EXPECT_STREQ(fs_plugin().id, "org.bytebench.fs");
    const bb_workload &w = fstime();
    EXPECT_STREQ(w.unit, "KBps");
    EXPECT_STREQ(w.category, "system");
    EXPECT_EQ(w.time_base_s, 0u);  // the count is already a rate, summed over copies
    EXPECT_EQ(w.repeat, BB_REPEAT_SHORT);
    EXPECT_EQ(w.default_duration_s, 30.0);
    EXPECT_EQ(w.flags, BB_WORKLOAD_NEEDS_DISK);
    EXPECT_EQ(w.processes_per_copy, 1u);
    const struct {
        const char *key, *type, *default_value;
    } expected[] = {{"mode", "string", "copy"},
                    {"bufsize", "int", "1024"},
                    {"maxblocks", "int", "2000"},
                    {"warmup_s", "float", "2"}};
    for (const auto &e : expected) {
        const bb_param_desc *p = find_param(w, e.key);
        ASSERT_NE(p, nullptr) << e.key;
        EXPECT_STREQ(p->type, e.type) << e.key;
        EXPECT_STREQ(p->default_value, e.default_value) << e.key;
    }
}

// --- each mode at tiny settings ----------------------------------------------

class FstimeMode : public ::testing::TestWithParam<const char *> {};

TEST_P(FstimeMode, CountsAndLeavesNoFiles) {
    const std::string mode = GetParam();
    Exercise e;
    e.temp_dir = fresh_dir("mode-" + mode);
    e.params = {{"mode", mode}, {"bufsize", "256"}, {"maxblocks", "64"}, {"warmup_s", "0.05"}};
    e.run_s = 0.3;
    const Outcome o = exercise(e);
    ASSERT_EQ(o.created, BB_OK) << o.error;
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    EXPECT_GT(o.count, 1000.0);  // KiB/s: even a slow disk's page cache does more
    EXPECT_GE(o.elapsed_ns, 290'000'000u);
    EXPECT_LT(o.elapsed_ns, 2'000'000'000u);
    const std::vector<std::string> files =
        mode == "copy" ? std::vector<std::string>{"dummy0 600", "dummy1 600"}
                       : std::vector<std::string>{"dummy0 600"};
    EXPECT_EQ(o.files, files);
    EXPECT_TRUE(o.files_left.empty()) << o.files_left.front();
}

INSTANTIATE_TEST_SUITE_P(Modes, FstimeMode, ::testing::Values("write", "read", "copy"));

// UnixBench's untimed phases: write = settle(2,2); read = settle(2,2), 2 s of
// writes, settle(2,2); copy = that, 2 s of reads, settle(2,1). In units of
// warmup_s (2 by default): 2, 5 and 7.5.
TEST(Fstime, WarmUpsTakeUnixBenchsTimeInCreate) {
    const double w = 0.2;
    for (const auto &[mode, units] :
         std::vector<std::pair<std::string, double>>{{"write", 2}, {"read", 5}, {"copy", 7.5}}) {
        Exercise e;
        e.temp_dir = fresh_dir("warmup-" + mode);
        e.params = {{"mode", mode}, {"maxblocks", "64"}, {"warmup_s", std::to_string(w)}};
        e.run_s = 0.05;
        const Outcome o = exercise(e);
        ASSERT_EQ(o.created, BB_OK) << o.error;
        ASSERT_EQ(o.ran, BB_OK) << o.error;
        const double took = double(o.create_ns) / 1e9;
        EXPECT_GE(took, units * w - 0.01) << mode;
        EXPECT_LT(took, units * w + 10.0) << mode;  // sync() may wait for others' writes
        EXPECT_EQ(o.details.at("warmup_s"), "0.2") << mode;
    }
}

// Write mode looks at the stop flag only after a whole file, so the bytes it
// credits are whole files.
TEST(Fstime, WriteModeStopsOnlyAfterAWholeFile) {
    Exercise e;
    e.temp_dir = fresh_dir("whole-files");
    e.params = {{"mode", "write"}, {"bufsize", "4096"}, {"maxblocks", "8192"}, {"warmup_s", "0"}};
    e.run_s = 0.05;
    const Outcome o = exercise(e);
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    const double bytes = o.count * 1024.0 * double(o.elapsed_ns) / 1e9;
    const double files = bytes / (8192.0 * 1024.0);
    EXPECT_GE(files, 0.999);
    EXPECT_NEAR(files, std::round(files), 1e-6) << bytes << " bytes";
}

// As UnixBench counts: a whole buffer earns bufsize/256 units rounded down, so
// a 1000-byte buffer counts as 768 bytes (UnixBench's fstime -b 1000 does too).
TEST(Fstime, CreditsWholeBuffersInWhole256ByteUnits) {
    Exercise e;
    e.temp_dir = fresh_dir("units");
    e.params = {{"mode", "write"}, {"bufsize", "1000"}, {"maxblocks", "2000"}, {"warmup_s", "0"}};
    e.run_s = 0.05;
    const Outcome o = exercise(e);
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    const double bytes = o.count * 1024.0 * double(o.elapsed_ns) / 1e9;
    const double per_file = 2048.0 * 768.0;  // 2000 KiB / 1000 B = 2048 buffers
    EXPECT_GE(bytes / per_file, 0.999);
    EXPECT_NEAR(bytes / per_file, std::round(bytes / per_file), 1e-6) << bytes << " bytes";
}

// The data written is UnixBench's: each buffer holds the bytes 0, 1, ..., 255,
// 0, 1, ... (it matters on compressing file systems).
TEST(Fstime, WritesUnixBenchsBytePattern) {
    Exercise e;
    e.temp_dir = fresh_dir("pattern");
    e.params = {{"mode", "read"}, {"bufsize", "1024"}, {"maxblocks", "16"}, {"warmup_s", "0"}};
    e.run_s = 0.05;
    std::string data;
    e.before_run = [&] {
        std::ifstream in(e.temp_dir + "/dummy0", std::ios::binary);
        data.assign(std::istreambuf_iterator<char>(in), {});
    };
    const Outcome o = exercise(e);
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    ASSERT_EQ(data.size(), 16u * 1024u);
    size_t wrong = 0;
    for (size_t i = 0; i < data.size(); ++i)
        if (static_cast<unsigned char>(data[i]) != i % 256) ++wrong;
    EXPECT_EQ(wrong, 0u);
}

// --- bad parameters and environments -------------------------------------------

TEST(Fstime, RefusesBadParametersClearly) {
    const struct {
        std::map<std::string, std::string> params;
        const char *message;
    } cases[] = {
        {{{"mode", "move"}}, "unknown mode 'move'"},
        {{{"bufsize", "255"}}, "bufsize 255 is out of range"},
        {{{"bufsize", "8193"}}, "bufsize 8193 is out of range"},
        {{{"maxblocks", "0"}}, "maxblocks 0 is out of range"},
        {{{"maxblocks", "1048577"}}, "maxblocks 1048577 is out of range"},
        {{{"bufsize", "8192"}, {"maxblocks", "4"}}, "smaller than one buffer"},
        {{{"warmup_s", "-1"}}, "warmup_s"},
    };
    for (const auto &c : cases) {
        Exercise e;
        e.temp_dir = fresh_dir("bad-params");
        e.params = c.params;
        const Outcome o = exercise(e);
        EXPECT_EQ(o.created, BB_ERROR) << c.message;
        EXPECT_NE(o.error.find(c.message), std::string::npos) << o.error;
        EXPECT_TRUE(o.files_left.empty()) << c.message;
    }
}

TEST(Fstime, NeedsATemporaryFolder) {
    Exercise e;  // no temp_dir
    const Outcome o = exercise(e);
    EXPECT_EQ(o.created, BB_ERROR);
    EXPECT_NE(o.error.find("no temporary folder"), std::string::npos) << o.error;
}

// --- a small disk, in a child process ------------------------------------------

std::string describe(const Outcome &o) {
    std::string files;
    for (const std::string &f : o.files_left) files += " " + f;
    return "created=" + std::to_string(o.created) + " ran=" + std::to_string(o.ran) +
           " error=" + o.error + " left:" + files + "\n";
}

TEST(FstimeSmallDisk, ChecksFreeSpaceBeforeWriting) {
    const std::string dir = fresh_dir("small-free");
    const std::string text = in_child([&] {
        const std::string skip = mount_small_disk(dir);
        if (!skip.empty()) return skip;
        Exercise e;
        e.temp_dir = dir;
        e.params = {{"mode", "copy"}, {"maxblocks", "2000"}, {"warmup_s", "0"}};
        return describe(exercise(e));
    });
    SKIP_IF_CHILD_SKIPPED(text);
    EXPECT_NE(text.find("created=1 "), std::string::npos) << text;
    EXPECT_NE(text.find("error=fstime: needs 4.9 MiB free in " + dir +
                        " (1 copy of 2 files of 2000 KiB, and 1.0 MiB spare), has 4.0 MiB"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find(" left:\n"), std::string::npos) << text;
}

// The copies share the file system: each checks for all of them.
TEST(FstimeSmallDisk, ChecksFreeSpaceForEveryCopy) {
    for (const uint32_t copies : {3u, 4u}) {
        const std::string dir = fresh_dir("small-copies-" + std::to_string(copies));
        const std::string text = in_child([&] {
            const std::string skip = mount_small_disk(dir);
            if (!skip.empty()) return skip;
            Exercise e;
            e.temp_dir = dir;
            e.copies = copies;
            e.run_s = 0.05;
            e.params = {{"mode", "write"}, {"maxblocks", "1000"}, {"warmup_s", "0"}};
            return describe(exercise(e));
        });
        SKIP_IF_CHILD_SKIPPED(text);
        if (copies == 3) {  // 3 × 1000 KiB + 1 MiB fit in 4 MiB
            EXPECT_NE(text.find("created=0 ran=0 "), std::string::npos) << text;
        } else {
            EXPECT_NE(text.find("error=fstime: needs 4.9 MiB free in " + dir +
                                " (4 copies of 1 file of 1000 KiB, and 1.0 MiB spare), has 4.0 "
                                "MiB left:"),
                      std::string::npos)
                << text;
        }
    }
}

TEST(FstimeSmallDisk, NoSpaceWhileMeasuringNamesTheFile) {
    for (const std::string mode : {"write", "copy"}) {
        const std::string dir = fresh_dir("small-enospc-" + mode);
        const std::string text = in_child([&] {
            const std::string skip = mount_small_disk(dir);
            if (!skip.empty()) return skip;
            Exercise e;
            e.temp_dir = dir;
            e.params = {{"mode", mode}, {"maxblocks", "512"}, {"warmup_s", "0"}};
            e.before_run = [&] { fill_disk(dir); };
            const Outcome o = exercise(e);
            std::remove((dir + "/filler").c_str());
            return describe(o);
        });
        SKIP_IF_CHILD_SKIPPED(text);
        EXPECT_NE(text.find("created=0 ran=1 "), std::string::npos) << text;
        const std::string file = mode == "copy" ? "dummy1" : "dummy0";
        EXPECT_NE(text.find("error=write " + dir + "/" + file +
                            ": No space left on device (ENOSPC): the file system is full left:"),
                  std::string::npos)
            << text;
        EXPECT_NE(text.find(" left: filler 644\n"), std::string::npos) << text;  // no dummy*
    }
}

// A failing write in create()'s warm-up: the file size limit, EFBIG.
TEST(Fstime, WriteErrorDuringWarmUpNamesTheFile) {
    const std::string dir = fresh_dir("fsize");
    const std::string text = in_child([&] {
        signal(SIGXFSZ, SIG_IGN);
        rlimit limit{};
        limit.rlim_cur = 64 * 1024;
        limit.rlim_max = RLIM_INFINITY;
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0)
            return std::string("SKIP: setrlimit: ") + std::strerror(errno);
        Exercise e;
        e.temp_dir = dir;
        e.params = {{"mode", "read"}, {"maxblocks", "1024"}, {"warmup_s", "0"}};
        return describe(exercise(e));
    });
    SKIP_IF_CHILD_SKIPPED(text);
    EXPECT_NE(text.find("created=1 "), std::string::npos) << text;
    EXPECT_NE(text.find("error=write " + dir +
                        "/dummy0: File too large (EFBIG): the file size limit (ulimit -f) was "
                        "reached left:"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find(" left:\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace bytebench::test
