// Tests of the memory plugin's kernels, byte accounting, check and sizing
// rules, driven without the plugin boundary through bytebench_memory_kernels.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "stream.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

using namespace bytebench::plugins::memory;

const Kernel kAllKernels[] = {Kernel::copy, Kernel::scale, Kernel::add, Kernel::triad};

// The host's stop flag, set by a thread after `ms` milliseconds.
class StopAfter {
  public:
    explicit StopAfter(int ms)
        : thread_([this, ms] {
              std::this_thread::sleep_for(std::chrono::milliseconds(ms));
              flag_ = 1;
          }) {}
    ~StopAfter() { thread_.join(); }
    const volatile int32_t *flag() const { return &flag_; }

  private:
    volatile int32_t flag_ = 0;
    std::thread thread_;
};

// --- the kernels ---------------------------------------------------------------

// 37 elements (not a multiple of any vector width) inside guard elements that
// must stay untouched.
struct Small {
    static constexpr size_t n = 37;
    std::vector<double> a, b, c;
    Small() : a(n + 2, -7.0), b(n + 2, -7.0), c(n + 2, -7.0) {
        for (size_t i = 1; i <= n; ++i) {
            a[i] = 1.0 + double(i);
            b[i] = 100.0 - double(i);
            c[i] = 0.25 * double(i);
        }
    }
    void expect_guards() const {
        for (const std::vector<double> *v : {&a, &b, &c}) {
            EXPECT_EQ(v->front(), -7.0);
            EXPECT_EQ(v->back(), -7.0);
        }
    }
};

TEST(Kernels, CopyIsCEqualsA) {
    Small s;
    copy(s.c.data() + 1, s.a.data() + 1, Small::n);
    for (size_t i = 1; i <= Small::n; ++i) EXPECT_EQ(s.c[i], 1.0 + double(i)) << i;
    s.expect_guards();
}

TEST(Kernels, ScaleIsBEqualsQTimesC) {
    Small s;
    scale(s.b.data() + 1, s.c.data() + 1, kScalar, Small::n);
    for (size_t i = 1; i <= Small::n; ++i) EXPECT_EQ(s.b[i], 3.0 * 0.25 * double(i)) << i;
    s.expect_guards();
}

TEST(Kernels, AddIsCEqualsAPlusB) {
    Small s;
    add(s.c.data() + 1, s.a.data() + 1, s.b.data() + 1, Small::n);
    for (size_t i = 1; i <= Small::n; ++i) EXPECT_EQ(s.c[i], 101.0) << i;
    s.expect_guards();
}

TEST(Kernels, TriadIsAEqualsBPlusQTimesC) {
    Small s;
    triad(s.a.data() + 1, s.b.data() + 1, s.c.data() + 1, kScalar, Small::n);
    for (size_t i = 1; i <= Small::n; ++i)
        EXPECT_EQ(s.a[i], 100.0 - double(i) + 0.75 * double(i)) << i;
    s.expect_guards();
}

TEST(Kernels, ScalarIsStreamsThree) { EXPECT_EQ(kScalar, 3.0); }

// --- byte accounting -------------------------------------------------------------

TEST(Accounting, CopyAndScaleCountTwoArraysAddAndTriadThree) {
    EXPECT_EQ(kElementBytes, 8u);
    EXPECT_EQ(bytes_per_element(Kernel::copy), 16u);
    EXPECT_EQ(bytes_per_element(Kernel::scale), 16u);
    EXPECT_EQ(bytes_per_element(Kernel::add), 24u);
    EXPECT_EQ(bytes_per_element(Kernel::triad), 24u);
    EXPECT_EQ(arrays_used(Kernel::copy), 2);
    EXPECT_EQ(arrays_used(Kernel::triad), 3);
    Progress p;
    p.elements = 1000;
    EXPECT_EQ(p.bytes(Kernel::copy), 16000u);
    EXPECT_EQ(p.bytes(Kernel::add), 24000u);
}

// Only the arrays a kernel touches exist; the output is the one it writes.
TEST(Accounting, OnlyTheKernelsArraysAreAllocated) {
    Arrays copy_arrays(Kernel::copy, 100), scale_arrays(Kernel::scale, 100),
        add_arrays(Kernel::add, 100), triad_arrays(Kernel::triad, 100);
    EXPECT_TRUE(copy_arrays.a() && !copy_arrays.b() && copy_arrays.c());
    EXPECT_EQ(copy_arrays.output(), copy_arrays.c());
    EXPECT_TRUE(!scale_arrays.a() && scale_arrays.b() && scale_arrays.c());
    EXPECT_EQ(scale_arrays.output(), scale_arrays.b());
    EXPECT_TRUE(add_arrays.a() && add_arrays.b() && add_arrays.c());
    EXPECT_EQ(add_arrays.output(), add_arrays.c());
    EXPECT_EQ(triad_arrays.output(), triad_arrays.a());
    // 64-byte aligned, and a, b, c at different offsets within 4 KiB.
    for (double *p : {add_arrays.a(), add_arrays.b(), add_arrays.c()})
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
    EXPECT_NE(reinterpret_cast<uintptr_t>(add_arrays.a()) % 4096,
              reinterpret_cast<uintptr_t>(add_arrays.b()) % 4096);
    EXPECT_NE(reinterpret_cast<uintptr_t>(add_arrays.b()) % 4096,
              reinterpret_cast<uintptr_t>(add_arrays.c()) % 4096);
}

// The loop counts whole chunks: every element it counts was processed, and
// it stops soon after the flag.
TEST(Accounting, TheLoopCountsTheElementsOfTheChunksItRan) {
    for (Kernel k : kAllKernels) {
        const size_t n = 10000;
        Arrays arrays(k, n);
        initialise(arrays);
        Progress p;
        {
            StopAfter stop(30);
            sweep_until(arrays, p, stop.flag(), 64);
        }
        EXPECT_EQ(p.elements, p.sweeps * n + p.position) << kernel_name(k);
        EXPECT_GT(p.elements, 0u) << kernel_name(k);
        EXPECT_EQ(p.bytes(k), p.elements * bytes_per_element(k));
        EXPECT_EQ(validate(arrays, p), "") << kernel_name(k);
    }
}

TEST(Accounting, AStopAlreadySetRunsNothing) {
    Arrays arrays(Kernel::triad, 1000);
    initialise(arrays);
    Progress p;
    const volatile int32_t stop = 1;
    sweep_until(arrays, p, &stop);
    EXPECT_EQ(p.elements, 0u);
    EXPECT_EQ(validate(arrays, p), "");
}

// --- the check -------------------------------------------------------------------

TEST(Validate, ExpectedValuesAreTheKernelsOfTheInitialValues) {
    for (size_t i : {size_t(0), size_t(1), size_t(1023), size_t(123457)}) {
        EXPECT_EQ(expected_output(Kernel::copy, i), initial_a(i));
        EXPECT_EQ(expected_output(Kernel::scale, i), 3.0 * initial_c(i));
        EXPECT_EQ(expected_output(Kernel::add, i), initial_a(i) + initial_b(i));
        EXPECT_EQ(expected_output(Kernel::triad, i), initial_b(i) + 3.0 * initial_c(i));
        EXPECT_NE(expected_output(Kernel::triad, i), kUnwritten);
    }
}

TEST(Validate, AcceptsAWholeSweepAndAPartialFirstSweep) {
    for (Kernel k : kAllKernels) {
        Arrays arrays(k, 1000);
        initialise(arrays);
        Progress p;
        EXPECT_EQ(validate(arrays, p), "") << kernel_name(k);  // nothing run yet
        run_range(arrays, 0, 300);
        p.position = 300;
        EXPECT_EQ(validate(arrays, p), "") << kernel_name(k);
        run_range(arrays, 300, 1000);
        p.sweeps = 1;
        p.position = 0;
        EXPECT_EQ(validate(arrays, p), "") << kernel_name(k);
        p.sweeps = 5;
        p.position = 10;  // later sweeps rewrite the same values
        EXPECT_EQ(validate(arrays, p), "") << kernel_name(k);
    }
}

TEST(Validate, NamesAWrongOutputElement) {
    Arrays arrays(Kernel::triad, 1000);
    initialise(arrays);
    run_range(arrays, 0, 1000);
    Progress p;
    p.sweeps = 3;
    arrays.a()[17] = 42.0;
    EXPECT_EQ(expected_output(Kernel::triad, 17), 309.5);  // 2 + 51 + 3 x (0.5 + 85)
    EXPECT_EQ(validate(arrays, p),
              "a[17] is 42 but should be 309.5 (1 of 1000 elements wrong), after 3 whole "
              "sweeps and 0 elements");
}

TEST(Validate, NamesAChangedInput) {
    Arrays arrays(Kernel::copy, 1000);
    initialise(arrays);
    run_range(arrays, 0, 1000);
    Progress p;
    p.sweeps = 1;
    arrays.a()[999] = 0.0;
    EXPECT_NE(validate(arrays, p).find("a[999] is 0 but should be"), std::string::npos);
}

// Work the count claims but the arrays do not show is caught: the elements
// past the sweep's position must still be unwritten, and those before it
// written.
TEST(Validate, CatchesACountThatDoesNotMatchTheArrays) {
    Arrays arrays(Kernel::add, 1000);
    initialise(arrays);
    run_range(arrays, 0, 500);
    Progress claims_more;
    claims_more.position = 600;
    EXPECT_NE(validate(arrays, claims_more).find("c[500] is -1 but should be"), std::string::npos);
    Progress claims_less;
    claims_less.position = 400;
    EXPECT_NE(validate(arrays, claims_less).find("c[400] is "), std::string::npos);
    EXPECT_NE(validate(arrays, claims_less).find("but should be -1 (100 of 1000 elements wrong)"),
              std::string::npos);
}

// --- sizing -------------------------------------------------------------------------

TEST(Sizing, AutoGivesEachArrayFourTimesTheLlcSharedByTheCopies) {
    EXPECT_EQ(auto_array_bytes(300 * kMiB, 1), 1200 * kMiB);  // this VM's 300 MiB L3
    EXPECT_EQ(auto_array_bytes(300 * kMiB, 2), 600 * kMiB);
    EXPECT_EQ(auto_array_bytes(32 * kMiB, 3), 43 * kMiB);     // 42.67 MiB, in whole MiB
    EXPECT_EQ(auto_array_bytes(64 * kMiB, 1000), 16 * kMiB);  // the floor
    EXPECT_EQ(auto_array_bytes(0, 1), 16 * kMiB);
    EXPECT_EQ(auto_array_bytes(300 * kMiB, 0), 1200 * kMiB);  // 0 copies counts as 1
    for (uint32_t copies : {1u, 2u, 3u, 7u, 64u}) {
        const uint64_t llc = 96 * kMiB + 12345;
        const uint64_t each = auto_array_bytes(llc, copies);
        EXPECT_GE(each * copies, 4 * llc) << copies;
        EXPECT_EQ(each % kMiB, 0u);
    }
}

TEST(Sizing, ParsesSysfsCacheSizes) {
    EXPECT_EQ(parse_cache_size("307200K"), 300 * kMiB);
    EXPECT_EQ(parse_cache_size("32M"), 32 * kMiB);
    EXPECT_EQ(parse_cache_size("1G"), 1024 * kMiB);
    EXPECT_EQ(parse_cache_size("48KB"), 48u * 1024);
    EXPECT_EQ(parse_cache_size("512"), 512u);
    EXPECT_EQ(parse_cache_size(""), std::nullopt);
    EXPECT_EQ(parse_cache_size("K"), std::nullopt);
    EXPECT_EQ(parse_cache_size("12X"), std::nullopt);
    EXPECT_EQ(parse_cache_size("99999999999999999999K"), std::nullopt);
}

// A fake /sys/devices/system/cpu.
class FakeSysfs : public ::testing::Test {
  protected:
    void SetUp() override {
        root_ = fs::path(MEMORY_TEST_TMP) /
                ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::remove_all(root_);
        fs::create_directories(root_);
    }
    void cache(int cpu, int index, const std::string &level, const std::string &type,
               const std::string &size, const std::string &shared) {
        const fs::path dir =
            root_ / ("cpu" + std::to_string(cpu)) / "cache" / ("index" + std::to_string(index));
        fs::create_directories(dir);
        std::ofstream(dir / "level") << level << "\n";
        std::ofstream(dir / "type") << type << "\n";
        std::ofstream(dir / "size") << size << "\n";
        if (!shared.empty()) std::ofstream(dir / "shared_cpu_list") << shared << "\n";
    }
    // cpu `cpu` with L1d, L1i and a private L2.
    void small_caches(int cpu) {
        const std::string self = std::to_string(cpu);
        cache(cpu, 0, "1", "Data", "48K", self);
        cache(cpu, 1, "1", "Instruction", "32K", self);
        cache(cpu, 2, "2", "Unified", "2048K", self);
    }
    std::string root() const { return root_.string(); }

  private:
    fs::path root_;
};

TEST_F(FakeSysfs, OneSharedL3) {
    for (int cpu = 0; cpu < 2; ++cpu) {
        small_caches(cpu);
        cache(cpu, 3, "3", "Unified", "307200K", "0-1");
    }
    fs::create_directories(root() + "/cpufreq");  // not a cpuN folder
    const Llc llc = find_llc(root());
    EXPECT_TRUE(llc.found);
    EXPECT_EQ(llc.bytes, 300 * kMiB);
    EXPECT_EQ(llc.source, "sysfs: 1 x L3 of 300 MiB");
}

TEST_F(FakeSysfs, TwoSocketsSumTheirL3s) {
    for (int cpu = 0; cpu < 4; ++cpu) {
        small_caches(cpu);
        cache(cpu, 3, "3", "Unified", "32768K", cpu < 2 ? "0-1" : "2-3");
    }
    const Llc llc = find_llc(root());
    EXPECT_EQ(llc.bytes, 64 * kMiB);
    EXPECT_EQ(llc.source, "sysfs: 2 x L3 of 32 MiB");
}

TEST_F(FakeSysfs, UnequalInstancesAndNoL3) {
    small_caches(0);
    small_caches(1);
    cache(1, 2, "2", "Unified", "1024K", "1");  // cpu1's L2 is smaller
    const Llc llc = find_llc(root());
    EXPECT_EQ(llc.bytes, 3 * kMiB);
    EXPECT_EQ(llc.source, "sysfs: 2 x L2, 3 MiB in all");
}

TEST_F(FakeSysfs, WithoutSharedCpuListEachCpuCounts) {
    for (int cpu = 0; cpu < 2; ++cpu) cache(cpu, 0, "3", "Unified", "8M", "");
    EXPECT_EQ(find_llc(root()).bytes, 16 * kMiB);
}

TEST_F(FakeSysfs, NothingKnownFallsBackTo32MiBAndSaysSo) {
    fs::create_directories(root() + "/cpu0");
    const Llc llc = find_llc(root());
    EXPECT_FALSE(llc.found);
    EXPECT_EQ(llc.bytes, 32 * kMiB);
    EXPECT_EQ(llc.source, "assumed 32 MiB: no cache sizes in " + root());
    EXPECT_FALSE(find_llc(root() + "/missing").found);
}

TEST(Sizing, ReadsMemAvailable) {
    fs::create_directories(MEMORY_TEST_TMP);
    const std::string path = std::string(MEMORY_TEST_TMP) + "/meminfo";
    std::ofstream(path) << "MemTotal:       24731708 kB\n"
                           "MemFree:         1000000 kB\n"
                           "MemAvailable:   24160344 kB\n";
    EXPECT_EQ(mem_available(path), uint64_t(24160344) * 1024);
    std::ofstream(path) << "MemTotal:       24731708 kB\n";
    EXPECT_EQ(mem_available(path), std::nullopt);
    EXPECT_EQ(mem_available(path + ".missing"), std::nullopt);
    EXPECT_TRUE(mem_available().has_value());  // this machine's
}

TEST(Sizing, MemoryCheckNamesNeedMarginAndWhatFits) {
    const uint64_t gib = 1024 * kMiB;
    // Fits: 2 x 3 x 100 MiB + 512 MiB of margin in 4 GiB.
    EXPECT_EQ(memory_shortfall("stream-triad", Kernel::triad, 2, 100 * kMiB, 4 * gib), "");
    // 2 x 3 x 1200 MiB = 7.0 GiB; margin 4 GiB / 8; (4096 - 512) / 6 = 597 MiB.
    EXPECT_EQ(memory_shortfall("stream-triad", Kernel::triad, 2, 1200 * kMiB, 4 * gib),
              "stream-triad: 2 copies need 7.0 GiB for their arrays plus 512 MiB to spare, "
              "MemAvailable is 4.0 GiB; pass array_mib=597 or less");
    // Fits in MemAvailable, but not with the margin: 2 x 1800 MiB of 4 GiB.
    EXPECT_EQ(memory_shortfall("stream-copy", Kernel::copy, 1, 1800 * kMiB, 4 * gib),
              "stream-copy: 1 copy needs 3.5 GiB for its arrays plus 512 MiB to spare, "
              "MemAvailable is 4.0 GiB; pass array_mib=1792 or less");
    EXPECT_EQ(memory_shortfall("stream-add", Kernel::add, 1, 16 * kMiB, 200 * kMiB),
              "stream-add: 1 copy needs 48 MiB for its arrays plus 256 MiB to spare, "
              "MemAvailable is 200 MiB; too little memory for this test");
    // No overflow with absurd sizes.
    EXPECT_NE(memory_shortfall("stream-add", Kernel::add, 1u << 20, uint64_t(1) << 62, 4 * gib),
              "");
}

TEST(Sizing, FormatsBytes) {
    EXPECT_EQ(format_bytes(300 * kMiB), "300 MiB");
    EXPECT_EQ(format_bytes(1536 * kMiB), "1.5 GiB");
    EXPECT_EQ(format_bytes(2048), "2 KiB");
}

}  // namespace
}  // namespace bytebench::test
