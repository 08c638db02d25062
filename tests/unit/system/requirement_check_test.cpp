// The requirements check (bb_requirements) on made-up machines: each kind of
// requirement met and missing, several missing in one reason, space and
// memory per copy, and the flags read from /proc/cpuinfo text.
#include "system/requirement_check.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

constexpr uint64_t kGiB = uint64_t(1) << 30;

// A machine with avx2 and sse4_2, 10 GiB free in the temp folder, 8 GiB
// available, nothing on PATH, an ordinary user.
MachineFacts plain_machine() {
    MachineFacts facts;
    facts.cpu_flags = {"sse4_2", "avx2"};
    facts.temp_free_bytes = 10 * kGiB;
    facts.available_memory_bytes = 8 * kGiB;
    facts.path = "";
    facts.euid = 1000;
    return facts;
}

// A folder with an executable `tool`, a plain file `data` and a folder `dir`.
class Tools : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = (fs::temp_directory_path() / ("bytebench-req-" + std::to_string(getpid()))).string();
        fs::create_directories(dir_ + "/dir");
        std::ofstream(dir_ + "/tool") << "#!/bin/sh\n";
        std::ofstream(dir_ + "/data") << "not a program\n";
        ::chmod((dir_ + "/tool").c_str(), 0755);
        ::chmod((dir_ + "/data").c_str(), 0644);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string dir_;
};

TEST(RequirementCheck, NothingNeededIsAlwaysMet) {
    EXPECT_EQ(unmet_requirements(Requirements{}, 64, MachineFacts{}), "");
}

TEST(RequirementCheck, CpuFeaturesMustAllBeFlags) {
    Requirements needs;
    needs.cpu_features = {"avx2", "sse4_2"};
    EXPECT_EQ(unmet_requirements(needs, 1, plain_machine()), "");
    needs.cpu_features = {"avx2", "avx512_vnni"};
    EXPECT_EQ(unmet_requirements(needs, 1, plain_machine()),
              "needs CPU feature avx512_vnni (not in /proc/cpuinfo flags)");
    needs.cpu_features = {"avx512f", "avx2", "avx512_vnni"};
    EXPECT_EQ(unmet_requirements(needs, 1, plain_machine()),
              "needs CPU features avx512f, avx512_vnni (not in /proc/cpuinfo flags)");
}

TEST(RequirementCheck, TempSpaceIsPerCopy) {
    Requirements needs;
    needs.temp_space_bytes = 3 * kGiB;
    EXPECT_EQ(unmet_requirements(needs, 1, plain_machine()), "");
    EXPECT_EQ(unmet_requirements(needs, 3, plain_machine()), "");  // 9 of 10 GiB
    EXPECT_EQ(unmet_requirements(needs, 4, plain_machine()),
              "needs 12 GiB free in the temp folder for 4 copies (3 GiB per copy; 10 GiB free)");
    needs.temp_space_bytes = 11 * kGiB;
    EXPECT_EQ(unmet_requirements(needs, 1, plain_machine()),
              "needs 11 GiB free in the temp folder (10 GiB free)");
}

TEST(RequirementCheck, MemoryIsPerCopy) {
    Requirements needs;
    needs.memory_bytes = 2 * kGiB;
    EXPECT_EQ(unmet_requirements(needs, 4, plain_machine()), "");  // 8 of 8 GiB
    EXPECT_EQ(unmet_requirements(needs, 5, plain_machine()),
              "needs 10 GiB of available memory for 5 copies (2 GiB per copy; MemAvailable 8 "
              "GiB)");
    needs.memory_bytes = 9 * kGiB;
    EXPECT_EQ(unmet_requirements(needs, 1, plain_machine()),
              "needs 9 GiB of available memory (MemAvailable 8 GiB)");
}

TEST(RequirementCheck, AnAbsurdAmountTimesManyCopiesDoesNotWrapRound) {
    Requirements needs;
    needs.memory_bytes = uint64_t(1) << 62;
    const std::string why = unmet_requirements(needs, 1024, plain_machine());
    EXPECT_NE(why.find("needs 16384 PiB of available memory for 1024 copies"), std::string::npos)
        << why;
}

TEST(RequirementCheck, AnUnknownAmountIsNoReasonToSkip) {
    Requirements needs;
    needs.temp_space_bytes = needs.memory_bytes = 100 * kGiB;
    MachineFacts facts = plain_machine();
    facts.temp_free_bytes.reset();
    facts.available_memory_bytes.reset();
    EXPECT_EQ(unmet_requirements(needs, 8, facts), "");
}

TEST_F(Tools, AToolIsAnExecutableFileInAPathEntry) {
    Requirements needs;
    needs.tools = {"tool"};
    MachineFacts facts = plain_machine();
    facts.path = "/no/such/folder:" + dir_;
    EXPECT_EQ(unmet_requirements(needs, 1, facts), "");
    needs.tools = {"data", "dir", "tool", "absent"};  // not executable, a folder, missing
    EXPECT_EQ(unmet_requirements(needs, 1, facts), "needs tools data, dir, absent on PATH");
    facts.path = "/no/such/folder";
    needs.tools = {"tool"};
    EXPECT_EQ(unmet_requirements(needs, 1, facts), "needs tool tool on PATH");
}

TEST_F(Tools, AnEmptyPathEntryIsNotTheCurrentFolder) {
    const fs::path before = fs::current_path();
    fs::current_path(dir_);
    Requirements needs;
    needs.tools = {"tool"};
    MachineFacts facts = plain_machine();
    facts.path = ":/no/such/folder:";
    const std::string why = unmet_requirements(needs, 1, facts);
    fs::current_path(before);
    EXPECT_EQ(why, "needs tool tool on PATH");
}

TEST(RequirementCheck, RootIsEffectiveUidZero) {
    Requirements needs;
    needs.root = true;
    MachineFacts facts = plain_machine();
    EXPECT_EQ(unmet_requirements(needs, 1, facts), "needs root (effective uid 0)");
    facts.euid = 0;
    EXPECT_EQ(unmet_requirements(needs, 1, facts), "");
}

TEST(RequirementCheck, EverythingMissingIsOneLine) {
    Requirements needs;
    needs.cpu_features = {"avx512f", "avx512_vnni"};
    needs.temp_space_bytes = 6 * kGiB;
    needs.memory_bytes = 5 * kGiB;
    needs.tools = {"fio"};
    needs.root = true;
    EXPECT_EQ(unmet_requirements(needs, 2, plain_machine()),
              "needs CPU features avx512f, avx512_vnni (not in /proc/cpuinfo flags); "
              "needs 12 GiB free in the temp folder for 2 copies (6 GiB per copy; 10 GiB free); "
              "needs 10 GiB of available memory for 2 copies (5 GiB per copy; MemAvailable 8 "
              "GiB); needs tool fio on PATH; needs root (effective uid 0)");
}

TEST(RequirementCheck, FlagsComeFromTheFlagsOrFeaturesLine) {
    EXPECT_EQ(cpu_flags("processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu sse4_2 "
                        "avx512f\n\nprocessor\t: 1\nflags\t\t: fpu sse4_2 avx512f\n"),
              (std::set<std::string>{"fpu", "sse4_2", "avx512f"}));
    EXPECT_EQ(cpu_flags("processor\t: 0\nFeatures\t: fp asimd sve\nCPU implementer\t: 0x41\n"),
              (std::set<std::string>{"fp", "asimd", "sve"}));
    EXPECT_TRUE(cpu_flags("").empty());
}

TEST(RequirementCheck, ThisMachineHasWhatItsOwnFactsSay) {
    const MachineFacts here = read_machine_facts(fs::temp_directory_path().string());
    EXPECT_FALSE(here.cpu_flags.empty());
    EXPECT_TRUE(here.temp_free_bytes.has_value());
    EXPECT_TRUE(here.available_memory_bytes.has_value());
    EXPECT_EQ(here.euid, uint32_t(geteuid()));
    Requirements needs;
    needs.cpu_features = {*here.cpu_flags.begin()};
    needs.tools = {"sh"};
    EXPECT_EQ(unmet_requirements_here(needs, 1, fs::temp_directory_path().string()), "");
}

}  // namespace
}  // namespace bytebench
