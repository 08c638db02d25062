// The MIDR name table: the cores the result names, the efficiency cores that
// order a big.LITTLE machine, and "" for codes nobody published.
#include "system/arm_cpu_names.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

TEST(ArmCpuNames, Implementers) {
    EXPECT_EQ(arm_implementer_name(0x41), "ARM");
    EXPECT_EQ(arm_implementer_name(0x61), "Apple");
    EXPECT_EQ(arm_implementer_name(0xc0), "Ampere");
    EXPECT_EQ(arm_implementer_name(0x48), "HiSilicon");
    EXPECT_EQ(arm_implementer_name(0x4e), "NVIDIA");
    EXPECT_EQ(arm_implementer_name(0x99), "");
}

TEST(ArmCpuNames, ArmCores) {
    const std::pair<unsigned, const char *> cores[] = {
        {0xd03, "Cortex-A53"},  {0xd05, "Cortex-A55"},  {0xd07, "Cortex-A57"},
        {0xd08, "Cortex-A72"},  {0xd09, "Cortex-A73"},  {0xd0a, "Cortex-A75"},
        {0xd0b, "Cortex-A76"},  {0xd0d, "Cortex-A77"},  {0xd41, "Cortex-A78"},
        {0xd44, "Cortex-X1"},   {0xd48, "Cortex-X2"},   {0xd4e, "Cortex-X3"},
        {0xd82, "Cortex-X4"},   {0xd46, "Cortex-A510"}, {0xd80, "Cortex-A520"},
        {0xd47, "Cortex-A710"}, {0xd4d, "Cortex-A715"}, {0xd81, "Cortex-A720"},
        {0xd0c, "Neoverse-N1"}, {0xd49, "Neoverse-N2"}, {0xd8e, "Neoverse-N3"},
        {0xd40, "Neoverse-V1"}, {0xd4f, "Neoverse-V2"}, {0xd84, "Neoverse-V3"},
        {0xd4a, "Neoverse-E1"}};
    for (const auto &[part, name] : cores) EXPECT_EQ(arm_part_name(0x41, part), name) << part;
}

TEST(ArmCpuNames, OtherVendors) {
    EXPECT_EQ(arm_part_name(0x61, 0x022), "M1 Icestorm");
    EXPECT_EQ(arm_part_name(0x61, 0x023), "M1 Firestorm");
    EXPECT_EQ(arm_part_name(0x61, 0x025), "M1 Pro Firestorm");
    EXPECT_EQ(arm_part_name(0x61, 0x029), "M1 Max Firestorm");
    EXPECT_EQ(arm_part_name(0x61, 0x032), "M2 Blizzard");
    EXPECT_EQ(arm_part_name(0x61, 0x033), "M2 Avalanche");
    EXPECT_EQ(arm_part_name(0xc0, 0xac3), "Ampere-1");
    EXPECT_EQ(arm_part_name(0xc0, 0xac4), "Ampere-1a");
    EXPECT_EQ(arm_part_name(0x46, 0x001), "A64FX");
    EXPECT_EQ(arm_part_name(0x48, 0xd01), "Kunpeng-920");
    EXPECT_EQ(arm_part_name(0x43, 0x0af), "ThunderX2");
    EXPECT_EQ(arm_part_name(0x51, 0xc00), "Falkor");
    EXPECT_EQ(arm_part_name(0x51, 0x805), "Kryo-4XX-Silver");
    EXPECT_EQ(arm_part_name(0x4e, 0x004), "Carmel");
    EXPECT_EQ(arm_part_name(0x4e, 0x003), "Denver");
}

TEST(ArmCpuNames, APartBelongsToItsImplementer) {
    // 0xd49 is Arm's Neoverse-N2 and Microsoft's Cobalt 100; 0x001 is
    // Fujitsu's A64FX and Qualcomm's Oryon.
    EXPECT_EQ(arm_part_name(0x6d, 0xd49), "Azure-Cobalt-100");
    EXPECT_EQ(arm_part_name(0x51, 0x001), "Oryon");
    EXPECT_EQ(arm_part_name(0x61, 0xd0c), "");
    EXPECT_EQ(arm_part_name(0x99, 0x123), "");
}

TEST(ArmCpuNames, EfficiencyCores) {
    for (const unsigned part : {0xd03u, 0xd05u, 0xd46u, 0xd80u})
        EXPECT_TRUE(arm_is_efficiency_core(0x41, part)) << part;
    EXPECT_TRUE(arm_is_efficiency_core(0x61, 0x022));
    EXPECT_TRUE(arm_is_efficiency_core(0x61, 0x032));
    for (const unsigned part : {0xd0bu, 0xd0cu, 0xd08u, 0xd44u})
        EXPECT_FALSE(arm_is_efficiency_core(0x41, part)) << part;
    EXPECT_FALSE(arm_is_efficiency_core(0x61, 0x023));
    EXPECT_FALSE(arm_is_efficiency_core(0x99, 0x123));
}

}  // namespace
}  // namespace bytebench
