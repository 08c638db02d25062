// The readers of core/system/sysinfo_readers.h that issue 20 added, on
// fixture trees: the microcode revision(s) of /proc/cpuinfo and the
// mitigation texts of /sys/devices/system/cpu/vulnerabilities.
#include "system/sysinfo_readers.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "system/sysinfo.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

using nlohmann::json;

const std::string kReaderFixtures = std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/sysinfo/";
const std::string kLateMicrocode = kReaderFixtures + "x86-late-microcode";

TEST(Microcode, OneRevisionWhenEveryCpuAgrees) {
    const json cpu = parse_cpuinfo(read_under(kReaderFixtures, "cpuinfo-x86_64.txt"));
    EXPECT_EQ(cpu["microcode"], "0x1");
}

TEST(Microcode, TheDistinctRevisionsInOrderWhenCpusDiffer) {
    const json cpu = parse_cpuinfo(read_under(kLateMicrocode, "/proc/cpuinfo"));
    EXPECT_EQ(cpu["microcode"], "0x5003604,0x5003707");
    EXPECT_FALSE(cpu.contains("why") && cpu["why"].contains("microcode")) << cpu["why"];
}

TEST(Microcode, NoLineIsUnknownWithTheReason) {
    const json cpu = parse_cpuinfo(read_under(kReaderFixtures, "cpuinfo-aarch64.txt"));
    EXPECT_EQ(cpu["microcode"], kUnknown);
    EXPECT_EQ(cpu["why"]["microcode"], "no \"microcode\" line in /proc/cpuinfo");
}

TEST(Vulnerabilities, EveryFileByName) {
    const json v = read_vulnerabilities(kLateMicrocode);
    ASSERT_EQ(v.size(), 6u) << v.dump();
    EXPECT_EQ(v["spectre_v2"], "Mitigation: Enhanced IBRS; IBPB: conditional; RSB filling");
    EXPECT_EQ(v["meltdown"], "Mitigation: PTI");
    EXPECT_EQ(v["l1tf"], "Not affected");
    EXPECT_EQ(v["mds"], "Vulnerable: Clear CPU buffers attempted, no microcode; SMT vulnerable");
    // An empty file gives no text: unknown, not "not affected".
    EXPECT_EQ(v["srbds"], kUnknown);
}

TEST(Vulnerabilities, NoFolderGivesNothing) {
    EXPECT_TRUE(read_vulnerabilities(kReaderFixtures + "neoverse-n1").empty());
    EXPECT_TRUE(read_vulnerabilities("/nonexistent").empty());
}

TEST(Vulnerabilities, AMissingFolderIsUnknownWithTheReasonInTheSystem) {
    json system = json::object();
    add_machine_details(system, kReaderFixtures + "neoverse-n1", CpuidHypervisor{},
                        read_under(kReaderFixtures, "neoverse-n1/proc/cpuinfo"));
    EXPECT_EQ(system["vulnerabilities"], kUnknown);
    EXPECT_NE(system["why"]["vulnerabilities"].get<std::string>().find("vulnerabilities"),
              std::string::npos);
}

TEST(Vulnerabilities, TheFixtureTreeGivesTheSystemItsTextsAndMicrocode) {
    json system = json::object();
    add_machine_details(system, kLateMicrocode, CpuidHypervisor{},
                        read_under(kLateMicrocode, "/proc/cpuinfo"));
    ASSERT_TRUE(system["vulnerabilities"].is_object()) << system["vulnerabilities"];
    EXPECT_EQ(system["vulnerabilities"]["meltdown"], "Mitigation: PTI");
    EXPECT_EQ(system["cpu"]["microcode"], "0x5003604,0x5003707");
}

TEST(Vulnerabilities, BytesThatAreNotTextStayValidJson) {
    const fs::path root = fs::temp_directory_path() / "bytebench-vulnerabilities-test";
    const fs::path folder = root / "sys/devices/system/cpu/vulnerabilities";
    fs::create_directories(folder);
    std::ofstream(folder / "odd", std::ios::binary) << "Mitigation: \xff\x01 odd\n";
    const json v = read_vulnerabilities(root.string());
    EXPECT_EQ(v["odd"], "Mitigation: ?? odd");
    EXPECT_NO_THROW(v.dump());
    fs::remove_all(root);
}

}  // namespace
}  // namespace bytebench
