#include "system/cpu_times.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace bytebench {
namespace {

const char *kTwoCpus =
    "cpu  800 100 200 5000 30 0 6 40 0 0\n"
    "cpu0 400 50 100 2500 15 0 3 20 0 0\n"
    "cpu1 400 50 100 2500 15 0 3 20 0 0\n"
    "intr 12345 0 0\n"
    "ctxt 99\n";

TEST(CpuTimes, ReadsTheMachineAndEachCpuInSeconds) {
    const ProcStat s = parse_proc_stat(kTwoCpus, 100);
    ASSERT_TRUE(s.all);
    EXPECT_DOUBLE_EQ(s.all->user, 8.0);
    EXPECT_DOUBLE_EQ(s.all->steal, 0.4);
    EXPECT_DOUBLE_EQ(s.all->busy(), 8.0 + 1.0 + 2.0 + 0.0 + 0.06);
    EXPECT_DOUBLE_EQ(s.all->total(), s.all->busy() + 50.0 + 0.3 + 0.4);
    ASSERT_EQ(s.per_cpu.size(), 2u);
    EXPECT_DOUBLE_EQ(s.per_cpu.at(1).idle, 25.0);
}

TEST(CpuTimes, ADifferenceIsWhatHappenedBetweenTwoReadings) {
    const ProcStat a = parse_proc_stat("cpu 100 0 50 1000 0 0 0 10\n", 100);
    const ProcStat b = parse_proc_stat("cpu 150 0 60 1100 0 0 0 30\n", 100);
    const CpuTimes d = *b.all - *a.all;
    EXPECT_DOUBLE_EQ(d.busy(), 0.6);
    EXPECT_DOUBLE_EQ(d.steal, 0.2);
    EXPECT_DOUBLE_EQ(d.total(), 1.8);
}

TEST(CpuTimes, AnOldKernelWithoutStealCountsItAsZero) {
    const ProcStat s = parse_proc_stat("cpu 1 2 3 4\n", 100);
    ASSERT_TRUE(s.all);
    EXPECT_DOUBLE_EQ(s.all->steal, 0.0);
    EXPECT_DOUBLE_EQ(s.all->iowait, 0.0);
}

TEST(CpuTimes, MalformedLinesAreLeftOut) {
    const ProcStat s =
        parse_proc_stat("cpu x y z\ncpuA 1 2 3 4\ncpu0 1 2\ncpu1 1 2 3 4 5\nbogus\n", 100);
    EXPECT_FALSE(s.all);
    ASSERT_EQ(s.per_cpu.size(), 1u);
    EXPECT_EQ(s.per_cpu.begin()->first, 1);
    EXPECT_TRUE(parse_proc_stat("", 100).per_cpu.empty());
    EXPECT_FALSE(parse_proc_stat(kTwoCpus, 0).all);
}

TEST(CpuTimes, AMissingFileSaysWhy) {
    const std::string root = std::filesystem::temp_directory_path() / "cpu-times-empty-root";
    std::filesystem::create_directories(root + "/proc");
    std::string why;
    EXPECT_FALSE(read_proc_stat(root, &why).all);
    EXPECT_EQ(why, "cannot read /proc/stat");
    std::ofstream(root + "/proc/stat") << "intr 1\n";
    EXPECT_FALSE(read_proc_stat(root, &why).all);
    EXPECT_EQ(why, "/proc/stat has no readable \"cpu\" line");
    std::filesystem::remove_all(root);
}

TEST(CpuTimes, ThisMachineHasAMachineLineAndOneLinePerCpu) {
    const ProcStat s = read_proc_stat("/");
    ASSERT_TRUE(s.all);
    EXPECT_GT(s.all->total(), 0);
    EXPECT_FALSE(s.per_cpu.empty());
}

TEST(CpuTimes, ProcessStatGivesTheCommAndCpuSecondsEvenWithParenthesesInTheName) {
    const auto p = parse_process_stat(
        "77 (a (b) c) R 1 77 77 0 -1 4194560 100 0 0 0 150 50 0 0 20 0 1 0 500\n", 100);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->comm, "a (b) c");
    EXPECT_DOUBLE_EQ(p->cpu_s, 2.0);
    EXPECT_FALSE(parse_process_stat("77 (no end R 1 2", 100));
    EXPECT_FALSE(parse_process_stat("78 (short) R 1 2\n", 100));
    EXPECT_FALSE(parse_process_stat("", 100));
}

TEST(CpuTimes, ThisProcessHasCpuTimeAndAGoneOneHasNone) {
    const auto self = read_process_cpu("/", getpid());
    ASSERT_TRUE(self);
    EXPECT_GE(self->cpu_s, 0.0);
    EXPECT_FALSE(read_process_cpu("/", 0));
}

}  // namespace
}  // namespace bytebench
