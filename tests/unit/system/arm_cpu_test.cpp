// MIDR decoding, per-CPU MIDRs from /sys and /proc/cpuinfo, core types of
// big.LITTLE machines, HWCAP bit names: all plain code, tested on every
// architecture with the fixture roots of tests/fixtures/sysinfo/.
#include "system/arm_cpu.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "system/sysinfo_readers.h"

namespace bytebench {
namespace {

const std::string kArmFixtures = std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/sysinfo/";

TEST(ArmCpu, DecodesMidr) {
    const Midr m = decode_midr(0x00000000413fd0c1ull);
    EXPECT_EQ(m.implementer, 0x41u);
    EXPECT_EQ(m.variant, 3u);
    EXPECT_EQ(m.architecture, 0xfu);
    EXPECT_EQ(m.part, 0xd0cu);
    EXPECT_EQ(m.revision, 1u);
    EXPECT_EQ(arm_stepping(m), "r3p1");
}

TEST(ArmCpu, ReadsMidrsFromSys) {
    const std::vector<CpuMidr> cpus = read_sysfs_midrs(kArmFixtures + "rk3588");
    ASSERT_EQ(cpus.size(), 8u);
    EXPECT_EQ(cpus[0].cpu, 0);
    EXPECT_EQ(cpus[0].midr.part, 0xd05u);
    EXPECT_EQ(cpus[7].cpu, 7);
    EXPECT_EQ(cpus[7].midr.part, 0xd0bu);
    EXPECT_EQ(arm_stepping(cpus[7].midr), "r4p0");
    EXPECT_TRUE(read_sysfs_midrs(kArmFixtures + "odroid-c2-3.14").empty());
    EXPECT_TRUE(read_sysfs_midrs("/nonexistent").empty());
}

TEST(ArmCpu, ReadsMidrsFromCpuinfoBlocks) {
    const std::vector<CpuMidr> cpus =
        cpuinfo_midrs(read_under(kArmFixtures, "apple-m1-asahi/proc/cpuinfo"));
    ASSERT_EQ(cpus.size(), 8u);
    EXPECT_EQ(cpus[3].midr.part, 0x022u);
    EXPECT_EQ(cpus[4].cpu, 4);
    EXPECT_EQ(cpus[4].midr.implementer, 0x61u);
    EXPECT_EQ(cpus[4].midr.part, 0x023u);
    EXPECT_EQ(arm_stepping(cpus[4].midr), "r1p1");
}

TEST(ArmCpu, OldKernelsCodesCountForEveryProcessor) {
    const std::vector<CpuMidr> cpus =
        cpuinfo_midrs(read_under(kArmFixtures, "odroid-c2-3.14/proc/cpuinfo"));
    ASSERT_EQ(cpus.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(cpus[i].cpu, i);
        EXPECT_EQ(cpus[i].midr.part, 0xd03u);
        EXPECT_EQ(arm_stepping(cpus[i].midr), "r0p4");
    }
    EXPECT_TRUE(cpuinfo_midrs("processor\t: 0\nvendor_id\t: GenuineIntel\n").empty());
    EXPECT_TRUE(cpuinfo_midrs("").empty());
}

TEST(ArmCpu, CoreTypesBiggestFirstByCapacity) {
    const std::string root = kArmFixtures + "rk3588";
    const std::vector<ArmCoreType> types =
        arm_core_types(read_sysfs_midrs(root), read_cpu_capacities(root));
    ASSERT_EQ(types.size(), 2u);
    EXPECT_EQ(types[0].midr.part, 0xd0bu);
    EXPECT_EQ(types[0].cpus, (std::vector<int>{4, 5, 6, 7}));
    EXPECT_EQ(types[0].capacity, 1024);
    EXPECT_EQ(types[0].steppings, (std::vector<std::string>{"r4p0"}));
    EXPECT_EQ(types[1].midr.part, 0xd05u);
    EXPECT_EQ(types[1].cpus, (std::vector<int>{0, 1, 2, 3}));
    EXPECT_TRUE(types[1].efficiency);
}

TEST(ArmCpu, CoreTypesWithoutCapacityPutEfficiencyCoresLast) {
    const std::vector<ArmCoreType> types =
        arm_core_types(read_sysfs_midrs(kArmFixtures + "apple-m1-asahi"), {});
    ASSERT_EQ(types.size(), 2u);
    EXPECT_EQ(types[0].midr.part, 0x023u);  // Firestorm
    EXPECT_EQ(types[1].midr.part, 0x022u);  // Icestorm
}

TEST(ArmCpu, CoreTypesOfUnknownPartsKeepCpuOrder) {
    Midr a = decode_midr(0x991f1230), b = decode_midr(0x991f4560), b2 = decode_midr(0x992f4561);
    const std::vector<ArmCoreType> types = arm_core_types({{0, a}, {1, b}, {2, b2}, {3, a}}, {});
    ASSERT_EQ(types.size(), 2u);
    EXPECT_EQ(types[0].midr.part, 0x123u);
    EXPECT_EQ(types[0].cpus, (std::vector<int>{0, 3}));
    // Two steppings of one part are one core type.
    EXPECT_EQ(types[1].steppings, (std::vector<std::string>{"r1p0", "r2p1"}));
}

TEST(ArmCpu, NamesHwcapBitsAsTheKernelPrintsThem) {
    // fp asimd aes pmull sha1 sha2 crc32 atomics: bits 0, 1, 3-8.
    EXPECT_EQ(aarch64_hwcap_names(0x1fb, 0),
              (std::vector<std::string>{"fp", "asimd", "aes", "pmull", "sha1", "sha2", "crc32",
                                        "atomics"}));
    // sve (bit 22), pacg (31), gcs (32); sve2 (HWCAP2 bit 1), i8mm (13),
    // bf16 (14), sme (23), sme2 (37), poe (63).
    const uint64_t hwcap = (1ull << 22) | (1ull << 31) | (1ull << 32);
    const uint64_t hwcap2 =
        (1ull << 1) | (1ull << 13) | (1ull << 14) | (1ull << 23) | (1ull << 37) | (1ull << 63);
    EXPECT_EQ(aarch64_hwcap_names(hwcap, hwcap2),
              (std::vector<std::string>{"sve", "pacg", "gcs", "sve2", "i8mm", "bf16", "sme", "sme2",
                                        "poe"}));
}

TEST(ArmCpu, HwcapBitsTheTableDoesNotKnow) {
    // Bits 62 and 63 of AT_HWCAP are the C library's.
    EXPECT_EQ(aarch64_hwcap_names((1ull << 60) | (3ull << 62), 0),
              (std::vector<std::string>{"hwcap_bit60"}));
    EXPECT_TRUE(aarch64_hwcap_names(0, 0).empty());
}

// Every name in the Features lines of the fixtures is a bit of the table,
// and the kernel's order is the bits' order: the masks that give those
// names give the line back.
TEST(ArmCpu, HwcapNamesMatchTheFeaturesLines) {
    for (const char *machine : {"apple-m1-asahi", "rk3588", "neoverse-n1"}) {
        SCOPED_TRACE(machine);
        const std::vector<std::string> line = parse_cpuinfo(
            read_under(kArmFixtures, std::string(machine) + "/proc/cpuinfo"))["flags"];
        uint64_t hwcap = 0, hwcap2 = 0;
        for (const std::string &name : line) {
            int found = 0;
            for (unsigned bit = 0; bit < 64; ++bit) {
                if (aarch64_hwcap_names(1ull << bit, 0) == std::vector<std::string>{name})
                    hwcap |= 1ull << bit, ++found;
                if (aarch64_hwcap_names(0, 1ull << bit) == std::vector<std::string>{name})
                    hwcap2 |= 1ull << bit, ++found;
            }
            EXPECT_EQ(found, 1) << name;
        }
        EXPECT_EQ(aarch64_hwcap_names(hwcap, hwcap2), line);
    }
}

TEST(ArmCpu, AuxvIsReadOnAarch64Only) {
    const AuxvHwcaps h = read_auxv_hwcaps();
#if defined(__aarch64__) && defined(__linux__)
    EXPECT_TRUE(h.available);
    EXPECT_NE(h.hwcap & 0x2, 0u) << "every aarch64 Linux machine has asimd";
#else
    EXPECT_FALSE(h.available);
    EXPECT_EQ(h.hwcap, 0u);
#endif
}

}  // namespace
}  // namespace bytebench
