// The disk plugin's workloads, run in-process through the C ABI: their
// descriptors, a short pass of each, where the writes land (read back from
// the file), the pure offset generators, queue_depth threads, parameters.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "disk_harness.h"
#include "disk_io.h"

namespace bytebench::test {
namespace {

using namespace bytebench::plugins::disk;

const bb_param_desc *find_param(const bb_workload &w, const std::string &key) {
    for (uint32_t i = 0; i < w.param_count; ++i)
        if (key == w.params[i].key) return &w.params[i];
    return nullptr;
}

bool is_random(const std::string &id) { return id.find("rand") != std::string::npos; }
bool is_write(const std::string &id) { return id.find("write") != std::string::npos; }

// --- descriptors ----------------------------------------------------------------

TEST(DiskDescriptor, FourWorkloadsWithTheirUnitsAndParameters) {
    const bb_plugin &p = disk_plugin();
    EXPECT_STREQ(p.id, "org.bytebench.disk");
    EXPECT_EQ(p.workload_count, 4u);
    EXPECT_EQ(p.reporter_count, 0u);
    for (const char *id : kWorkloads) {
        SCOPED_TRACE(id);
        const bb_workload &w = workload(id);
        EXPECT_STREQ(w.category, "disk");
        EXPECT_STREQ(w.unit, is_random(id) ? "IOPS" : "MB/s");
        EXPECT_EQ(w.time_base_s, 1u);
        EXPECT_EQ(w.repeat, BB_REPEAT_SHORT);
        EXPECT_EQ(w.default_duration_s, 10.0);
        EXPECT_EQ(w.baseline, 0.0);
        EXPECT_EQ(w.flags, BB_WORKLOAD_NEEDS_DISK);
        EXPECT_EQ(w.processes_per_copy, 1u);
        const struct {
            const char *key, *type, *default_value;
        } expected[] = {{"file_mib", "int", "256"},
                        {"block_kib", "int", is_random(id) ? "4" : "1024"},
                        {"queue_depth", "int", "1"},
                        {"direct", "string", "auto"}};
        ASSERT_EQ(w.param_count, 4u);
        for (const auto &e : expected) {
            const bb_param_desc *param = find_param(w, e.key);
            ASSERT_NE(param, nullptr) << e.key;
            EXPECT_STREQ(param->type, e.type) << e.key;
            EXPECT_STREQ(param->default_value, e.default_value) << e.key;
        }
        // ABI 1.2: what the CLI checks before any worker starts.
        const bb_param_desc *direct = find_param(w, "direct");
        ASSERT_EQ(direct->choice_count, 3u);
        EXPECT_STREQ(direct->choices[0], "auto");
        EXPECT_STREQ(direct->choices[1], "on");
        EXPECT_STREQ(direct->choices[2], "off");
        const bb_param_desc *depth = find_param(w, "queue_depth");
        EXPECT_STREQ(depth->min_value, "1");
        EXPECT_STREQ(depth->max_value, "256");
        EXPECT_STREQ(find_param(w, "file_mib")->max_value, "1048576");
        EXPECT_STREQ(find_param(w, "block_kib")->max_value, "65536");
    }
}

// --- a short pass of each ----------------------------------------------------------

class DiskPass : public ::testing::TestWithParam<const char *> {};

TEST_P(DiskPass, CountsRecordsDetailsAndRemovesItsFile) {
    const std::string id = GetParam();
    Exercise e = small(id, fresh_dir("pass-" + id));
    const Outcome o = exercise(e);
    ASSERT_EQ(o.created, BB_OK) << o.error;
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    EXPECT_GT(o.count, 0.0);
    if (is_random(id)) {
        EXPECT_EQ(o.count, std::floor(o.count)) << "IOPS count whole I/Os";
    }
    // The file is written in full before the pass, and removed by destroy().
    EXPECT_EQ(o.files, std::vector<std::string>{"disk.dat 600 4194304"});
    EXPECT_TRUE(o.files_left.empty()) << o.files_left.front();
    EXPECT_EQ(o.details.at("file_bytes"), "4194304");
    EXPECT_EQ(o.details.at("block_bytes"), is_random(id) ? "4096" : "1048576");
    EXPECT_EQ(o.details.at("queue_depth"), "1");
    const std::string mode = o.details.at("io_mode");
    EXPECT_TRUE(mode == "O_DIRECT" || mode.rfind("buffered+fsync (", 0) == 0) << mode;
    EXPECT_FALSE(o.details.at("filesystem").empty());
    EXPECT_FALSE(o.details.at("alignment").empty());
    EXPECT_EQ(o.extra_threads_while_running, 0);  // queue_depth 1: the calling thread
    EXPECT_LT(o.returned_after_stop_ns, 2'000'000'000u);
    // ABI 1.2: the random (IOPS) workloads time each I/O.
    if (is_random(id)) {
        ASSERT_EQ(o.metrics.size(), 3u);
        const double p50 = o.metrics.at("lat_p50_us"), p99 = o.metrics.at("lat_p99_us"),
                     max = o.metrics.at("lat_max_us");
        EXPECT_GT(p50, 0);
        EXPECT_LE(p50, p99);
        EXPECT_LE(p99, max);
    } else {
        EXPECT_TRUE(o.metrics.empty());
    }
}

TEST(DiskDescriptor, TheRandomWorkloadsDeclareLowerIsBetterLatencies) {
    for (const char *id : kWorkloads) {
        const bb_workload &w = workload(id);
        EXPECT_EQ(w.better, BB_HIGHER_IS_BETTER) << id;
        if (!is_random(id)) {
            EXPECT_EQ(w.metric_count, 0u) << id;
            continue;
        }
        ASSERT_EQ(w.metric_count, 3u) << id;
        const std::pair<const char *, bb_combine> expected[] = {{"lat_p50_us", BB_COMBINE_MEAN},
                                                                {"lat_p99_us", BB_COMBINE_MAX},
                                                                {"lat_max_us", BB_COMBINE_MAX}};
        for (uint32_t i = 0; i < 3; ++i) {
            EXPECT_STREQ(w.metrics[i].key, expected[i].first);
            EXPECT_STREQ(w.metrics[i].unit, "us");
            EXPECT_EQ(w.metrics[i].better, BB_LOWER_IS_BETTER);
            EXPECT_EQ(w.metrics[i].combine, expected[i].second);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Workloads, DiskPass, ::testing::ValuesIn(kWorkloads));

TEST(DiskPass, DirectOffIsBufferedWithFsync) {
    for (const char *id : {"disk-seq-read", "disk-rand-write"}) {
        Exercise e = small(id, fresh_dir("direct-off"), {{"direct", "off"}});
        e.run_s = 0.1;
        const Outcome o = exercise(e);
        ASSERT_EQ(o.ran, BB_OK) << o.error;
        EXPECT_GT(o.count, 0.0);
        EXPECT_EQ(o.details.at("io_mode"), "buffered+fsync (direct=off)");
        EXPECT_EQ(o.details.at("alignment"), "none (buffered I/O)");
        const std::string cache = o.details.at("page_cache");
        if (is_write(id)) {
            EXPECT_EQ(cache, "written through: fdatasync after every block");
        } else {
            EXPECT_NE(cache.find("reads may still be served from the page cache"),
                      std::string::npos)
                << cache;
        }
    }
}

// Where the build tree's file system takes O_DIRECT (ext4, xfs, ...),
// direct=on uses it, and the alignment is a power of two dividing 4 KiB.
TEST(DiskPass, DirectOnUsesODirectWhereTheFileSystemTakesIt) {
    const std::string dir = fresh_dir("direct-on");
    if (probe_o_direct(dir) != 0) GTEST_SKIP() << "the build tree's file system refuses O_DIRECT";
    Exercise e = small("disk-rand-read", dir, {{"direct", "on"}});
    e.run_s = 0.1;
    const Outcome o = exercise(e);
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    EXPECT_EQ(o.details.at("io_mode"), "O_DIRECT");
    EXPECT_EQ(o.details.count("page_cache"), 0u);
    const std::string align = o.details.at("alignment");
    const unsigned long bytes = std::stoul(align);
    EXPECT_TRUE(bytes > 0 && (bytes & (bytes - 1)) == 0 && 4096 % bytes == 0) << align;
    EXPECT_NE(align.find('('), std::string::npos) << "says where it came from: " << align;
}

// --- where the data goes ------------------------------------------------------------

// What the file says of itself: each 4 KiB of each block begins with a stamp
// {tag, offset, sequence}; every other byte is the copy's pattern.
struct FileCheck {
    std::vector<uint64_t> block_seq;  // the sequence of each block's stamps
    std::string problems;             // the first few problems found
    uint64_t problem_count = 0;

    void problem(const std::string &what) {
        if (++problem_count <= 5) problems += what + "\n";
    }
};

FileCheck check_file(const std::string &data, uint64_t block, uint32_t copy, uint32_t pass) {
    FileCheck c;
    const uint64_t seed = copy_seed(copy, pass);
    const Layout layout = make_layout(data.size(), block);
    if (layout.file_bytes() != data.size()) c.problem("not whole blocks");
    std::vector<unsigned char> pattern(layout.ring_bytes());
    fill_pattern(pattern.data(), pattern.size(), seed);
    const auto *bytes = reinterpret_cast<const unsigned char *>(data.data());
    for (uint64_t b = 0; b < layout.blocks; ++b) {
        const uint64_t start = b * block;
        uint64_t seq = 0;
        for (uint64_t s = 0; s < block; s += 4096) {
            const Stamp st = read_stamp(bytes + start + s);
            if (st.tag != file_tag(seed) || st.offset != start + s)
                c.problem("stamp at " + std::to_string(start + s) + " says offset " +
                          std::to_string(st.offset));
            if (s == 0) seq = st.sequence;
            if (st.sequence != seq)
                c.problem("block " + std::to_string(b) + " is torn: sequences " +
                          std::to_string(seq) + " and " + std::to_string(st.sequence));
        }
        c.block_seq.push_back(seq);
        for (uint64_t i = 0; i < block; ++i)
            if (i % 4096 >= kStampBytes &&
                bytes[start + i] != pattern[(start + i) % pattern.size()]) {
                c.problem("byte " + std::to_string(start + i) + " is not the pattern's");
                break;
            }
    }
    return c;
}

// Completed I/Os behind a count.
uint64_t ios_of(const Outcome &o, const std::string &id, uint64_t block) {
    return is_random(id) ? uint64_t(o.count)
                         : uint64_t(std::llround(o.count * 1e6 / double(block)));
}

TEST(DiskData, TheFillIsStampedPseudoRandomDataWithNoTwoSectorsAlike) {
    Exercise e = small("disk-rand-read", fresh_dir("fill"));
    e.copy_index = 1;
    e.pass_index = 2;
    e.run_s = 0.05;
    std::string data;
    e.before_run = [&](const std::string &file) { data = read_file(file); };
    const Outcome o = exercise(e);
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    ASSERT_EQ(data.size(), 4u << 20);
    const FileCheck c = check_file(data, 4096, 1, 2);
    EXPECT_EQ(c.problem_count, 0u) << c.problems;
    for (uint64_t seq : c.block_seq) ASSERT_EQ(seq, 0u);
    std::set<std::string> sectors;
    for (size_t i = 0; i < data.size(); i += 4096) sectors.insert(data.substr(i, 4096));
    EXPECT_EQ(sectors.size(), data.size() / 4096) << "a deduplicating file system could cheat";
    size_t zeros = 0;
    for (char ch : data) zeros += ch == 0;
    EXPECT_LT(zeros, data.size() / 100);
}

// Sequential writes go to block k mod blocks for the k-th I/O: after a pass
// of n I/Os each block holds the last write that was meant for it.
class DiskSeqWriteReadBack : public ::testing::TestWithParam<int> {};

TEST_P(DiskSeqWriteReadBack, EveryBlockHoldsItsLastWrite) {
    const int block_kib = GetParam();
    const uint64_t block = uint64_t(block_kib) * 1024;
    Exercise e = small("disk-seq-write", fresh_dir("seq-write-" + std::to_string(block_kib)),
                       {{"block_kib", std::to_string(block_kib)}});
    std::string data;
    e.after_run = [&](const std::string &file) { data = read_file(file); };
    const Outcome o = exercise(e);
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    ASSERT_EQ(data.size(), 4u << 20);
    const FileCheck c = check_file(data, block, 0, 0);
    EXPECT_EQ(c.problem_count, 0u) << c.problems;
    const uint64_t n = ios_of(o, "disk-seq-write", block), blocks = c.block_seq.size();
    ASSERT_GT(n, 0u);
    const uint64_t last = n - 1;  // the last I/O's k
    uint64_t wrong = 0;
    std::string first_wrong;
    for (uint64_t b = 0; b < blocks; ++b) {
        const uint64_t expected = b > last ? 0 : b + (last - b) / blocks * blocks + 1;
        if (c.block_seq[b] != expected && wrong++ == 0)
            first_wrong = "block " + std::to_string(b) + ": sequence " +
                          std::to_string(c.block_seq[b]) + ", expected " + std::to_string(expected);
    }
    EXPECT_EQ(wrong, 0u) << first_wrong << " (" << n << " I/Os)";
}

INSTANTIATE_TEST_SUITE_P(Blocks, DiskSeqWriteReadBack, ::testing::Values(1024, 64, 4));

TEST(DiskData, RandomWritesLandWholeOnTheirBlocks) {
    Exercise e = small("disk-rand-write", fresh_dir("rand-write"));
    std::string data;
    e.after_run = [&](const std::string &file) { data = read_file(file); };
    const Outcome o = exercise(e);
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    const FileCheck c = check_file(data, 4096, 0, 0);
    EXPECT_EQ(c.problem_count, 0u) << c.problems;
    // Each I/O k wrote sequence k + 1 to one block: the blocks' latest
    // sequences are distinct, and the last I/O's is among them.
    const uint64_t n = ios_of(o, "disk-rand-write", 4096);
    std::set<uint64_t> seen;
    uint64_t written = 0, highest = 0;
    for (uint64_t seq : c.block_seq) {
        if (seq == 0) continue;
        ++written;
        highest = std::max(highest, seq);
        EXPECT_TRUE(seen.insert(seq).second) << "sequence " << seq << " twice";
        EXPECT_LE(seq, n);
    }
    EXPECT_GT(written, 0u);
    EXPECT_EQ(highest, n);
}

// --- the offset generators (pure) -------------------------------------------------

TEST(DiskOffsets, RandomOffsetsAreAlignedInRangeUniformAndCoverTheFile) {
    const Layout l = make_layout(4 << 20, 4096);  // 1024 blocks
    ASSERT_EQ(l.blocks, 1024u);
    RandomOffsets r(l, thread_seed(copy_seed(0, 0), 0));
    std::vector<int> hits(l.blocks, 0);
    const int draws = 64 * 1024;  // 64 a block on average
    for (int i = 0; i < draws; ++i) {
        const uint64_t off = r.next();
        ASSERT_EQ(off % 4096, 0u) << off;
        ASSERT_LT(off, l.file_bytes());
        ++hits[off / 4096];
    }
    const auto [lo, hi] = std::minmax_element(hits.begin(), hits.end());
    EXPECT_GT(*lo, 20) << "every block is drawn";  // Poisson(64): 20 is > 5 sigma out
    EXPECT_LT(*hi, 120);
    double chi2 = 0;
    for (int h : hits) chi2 += (h - 64.0) * (h - 64.0) / 64.0;
    EXPECT_LT(chi2, 1300.0) << "1023 degrees of freedom";  // p < 1e-7 above
}

TEST(DiskOffsets, RandomOffsetsAreAlignedForLargeBlocksAndOddFileSizes) {
    const Layout l = make_layout((5 << 20) + 12345, 3 * 4096);  // 427 blocks of 12 KiB
    EXPECT_EQ(l.blocks, ((5u << 20) + 12345) / (3 * 4096));
    RandomOffsets r(l, 42);
    std::set<uint64_t> seen;
    for (int i = 0; i < 20000; ++i) {
        const uint64_t off = r.next();
        ASSERT_EQ(off % (3 * 4096), 0u);
        ASSERT_LE(off + 3 * 4096, l.file_bytes());
        seen.insert(off);
    }
    EXPECT_EQ(seen.size(), l.blocks);
}

TEST(DiskOffsets, EachCopyPassAndThreadHasItsOwnSequence) {
    const Layout l = make_layout(256 << 20, 4096);
    std::set<std::vector<uint64_t>> sequences;
    for (uint32_t copy = 0; copy < 3; ++copy)
        for (uint32_t pass = 0; pass < 3; ++pass)
            for (uint32_t thread = 0; thread < 4; ++thread) {
                RandomOffsets r(l, thread_seed(copy_seed(copy, pass), thread));
                std::vector<uint64_t> s;
                for (int i = 0; i < 8; ++i) s.push_back(r.next());
                sequences.insert(s);
            }
    EXPECT_EQ(sequences.size(), 36u);
    EXPECT_NE(copy_seed(0, 1), copy_seed(1, 0));
}

TEST(DiskOffsets, SequentialOffsetsWrapAtTheEndOfTheFile) {
    const Layout l = make_layout(4 << 20, 1 << 20);
    const uint64_t expected[] = {0, 1 << 20, 2 << 20, 3 << 20, 0, 1 << 20};
    for (uint64_t k = 0; k < 6; ++k) EXPECT_EQ(sequential_offset(l, k), expected[k]) << k;
    // A file that is not whole blocks: the tail is never touched.
    const Layout odd = make_layout((4 << 20) + 4096, 1 << 20);
    EXPECT_EQ(odd.file_bytes(), 4u << 20);
    EXPECT_EQ(sequential_offset(odd, 4), 0u);
}

TEST(DiskOffsets, RingIsWholeBlocksOfAtLeastOneMiB) {
    EXPECT_EQ(make_layout(8 << 20, 4096).ring_bytes(), 1u << 20);
    EXPECT_EQ(make_layout(8 << 20, 3072).ring_bytes(), 3072u * 342);
    EXPECT_EQ(make_layout(64 << 20, 4 << 20).ring_bytes(), 4u << 20);
}

// --- queue depth ----------------------------------------------------------------

class DiskQueueDepth : public ::testing::TestWithParam<const char *> {};

TEST_P(DiskQueueDepth, FourThreadsRunStopAndAreJoined) {
    const std::string id = GetParam();
    // 256 blocks for 4 threads: with the default 1 MiB blocks a 4 MiB file
    // has 4, one per thread, and a thread one write behind the others (a
    // busy machine) writes the block another is writing: a torn block that
    // says nothing about the workload.
    const uint64_t block = is_random(id) ? 4096 : 16 * 1024;
    Exercise e = small(id, fresh_dir("qd-" + id),
                       {{"queue_depth", "4"}, {"block_kib", std::to_string(block / 1024)}});
    std::string data;
    if (is_write(id)) e.after_run = [&](const std::string &file) { data = read_file(file); };
    const Outcome o = exercise(e);
    ASSERT_EQ(o.created, BB_OK) << o.error;
    ASSERT_EQ(o.ran, BB_OK) << o.error;
    EXPECT_GT(o.count, 0.0);
    EXPECT_EQ(o.details.at("queue_depth"), "4");
    EXPECT_EQ(o.extra_threads_while_running, 3);  // and the calling thread
    EXPECT_EQ(o.extra_threads_after, 0);
    EXPECT_LT(o.returned_after_stop_ns, 2'000'000'000u);
    EXPECT_TRUE(o.files_left.empty());
    if (is_write(id)) {
        const FileCheck c = check_file(data, block, 0, 0);
        EXPECT_EQ(c.problem_count, 0u) << c.problems;
    }
}

INSTANTIATE_TEST_SUITE_P(Workloads, DiskQueueDepth, ::testing::ValuesIn(kWorkloads));

// A failing I/O in one of the threads fails the pass with the file, the
// operation and the offset, and all threads are joined.
TEST(DiskErrors, AFileCutShortFailsThePassWithWhereAndWhat) {
    for (const char *qd : {"1", "4"}) {
        Exercise e = small("disk-seq-read", fresh_dir("short-file"), {{"queue_depth", qd}});
        e.before_run = [](const std::string &file) { (void)!::truncate(file.c_str(), 0); };
        const Outcome o = exercise(e);
        ASSERT_EQ(o.created, BB_OK) << o.error;
        EXPECT_EQ(o.ran, BB_ERROR);
        const std::string start = "disk-seq-read: pread " + e.temp_dir + "/disk.dat at offset ";
        EXPECT_EQ(o.error.rfind(start, 0), 0u) << o.error;
        EXPECT_NE(o.error.find(": unexpected end of file (it should hold 4194304 bytes)"),
                  std::string::npos)
            << o.error;
        EXPECT_EQ(o.extra_threads_after, 0) << qd;
        EXPECT_TRUE(o.files_left.empty());
    }
}

// --- parameters -------------------------------------------------------------------

TEST(DiskParams, RefusesBadParametersClearly) {
    const struct {
        std::map<std::string, std::string> params;
        const char *message;
    } cases[] = {
        {{{"file_mib", "0"}}, "disk-seq-write: file_mib 0 is out of range (1 to 1048576)"},
        {{{"block_kib", "0"}}, "disk-seq-write: block_kib 0 is out of range (1 to 65536)"},
        {{{"queue_depth", "0"}}, "disk-seq-write: queue_depth 0 is out of range (1 to 256)"},
        {{{"queue_depth", "257"}}, "disk-seq-write: queue_depth 257 is out of range (1 to 256)"},
        {{{"direct", "maybe"}}, "disk-seq-write: direct must be auto, on or off, not 'maybe'"},
        {{{"file_mib", "1"}, {"block_kib", "2048"}},
         "disk-seq-write: block_kib 2048 is larger than the file (file_mib 1)"},
        {{{"block_kib", "65536"}, {"queue_depth", "32"}, {"file_mib", "64"}},
         "disk-seq-write: queue_depth 32 with 64 MiB buffers needs more than 1 GiB of memory"},
    };
    for (const auto &c : cases) {
        Exercise e;
        e.workload = "disk-seq-write";
        e.temp_dir = fresh_dir("bad-params");
        e.params = c.params;
        const Outcome o = exercise(e);
        EXPECT_EQ(o.created, BB_ERROR) << c.message;
        EXPECT_EQ(o.error, c.message);
        EXPECT_TRUE(o.files_left.empty()) << c.message;
    }
}

TEST(DiskParams, NeedsATemporaryFolder) {
    Exercise e;  // no temp_dir
    e.workload = "disk-rand-read";
    const Outcome o = exercise(e);
    EXPECT_EQ(o.created, BB_ERROR);
    EXPECT_EQ(o.error, "disk-rand-read: the host gave no temp_dir");
}

}  // namespace
}  // namespace bytebench::test
