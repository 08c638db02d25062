// The machine lines (reporters/common/machine_lines.hpp) in the text report: CPU, topology,
// OS, VM, ... after UnixBench's header lines, and only for documents that have those members.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "common/machine_lines.h"
#include "golden.h"
#include "reporter_harness.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using nlohmann::json;

TEST(TextMachineLines, BareMetalMatchesGolden) {
    EXPECT_TRUE(
        matches_golden("machine-metal.txt", render_fixture(text_reporter(), "machine-metal.json")));
}

// Brief: no "CPU n:" lines; unknown values and their reasons.
TEST(TextMachineLines, VmInAContainerMatchesGolden) {
    EXPECT_TRUE(
        matches_golden("machine-vm.txt", render_fixture(text_reporter(), "machine-vm.json")));
}

// UnixBench's lines come first and unchanged; the machine lines follow the uptime line.
TEST(TextMachineLines, FollowUnixBenchsHeader) {
    const std::string text = render_fixture(text_reporter(), "machine-metal.json");
    const size_t uptime = text.find("; runlevel 5\n");
    const size_t cpu3 = text.find("   CPU 3: ");
    const size_t distribution = text.find("   Distribution: ");
    ASSERT_NE(uptime, std::string::npos);
    ASSERT_NE(cpu3, std::string::npos);
    EXPECT_LT(cpu3, uptime);
    EXPECT_EQ(distribution, text.find('\n', uptime) + 1);
}

TEST(TextMachineLines, SurviveMembersOfTheWrongType) {
    json doc = json::parse(fixture("machine-metal.json"));
    for (const char *key : {"cpu", "topology", "frequency", "memory", "virtualization", "tmpdir"})
        doc["system"][key] = {{"why", 3}, {"pus", "many"}, {"caches", {1, "x", nullptr}}};
    doc["system"]["workload_builds"] = {1, "x", {{"plugin", 2}}};
    const std::string text = render(text_reporter(), doc.dump());
    EXPECT_NE(text.find("   Topology: unknown packages"), std::string::npos) << text;
}

TEST(TextMachineLines, AHybridMachineListsItsCpuKinds) {
    json doc = json::parse(fixture("machine-metal.json"));
    json &t = doc["system"]["topology"];
    EXPECT_EQ(render(text_reporter(), doc.dump()).find("CPU kinds"), std::string::npos);
    t["cpu_kinds"] = json::parse(R"([
        {"name": "efficiency", "efficiency": 0, "pus": [4, 5, 6, 7],
         "info": {"CoreType": "IntelAtom", "FrequencyMaxMHz": "3300"}},
        {"name": "performance", "efficiency": 1, "pus": [0, 1, 2, 3],
         "info": {"CoreType": "IntelCore", "FrequencyMaxMHz": "4700"}}])");
    t["hybrid"] = false;  // one kind, or hwloc cannot tell: no line
    EXPECT_EQ(render(text_reporter(), doc.dump()).find("CPU kinds"), std::string::npos);
    t["hybrid"] = true;
    const std::string text = render(text_reporter(), doc.dump());
    EXPECT_NE(text.find("   CPU kinds: efficiency PUs 4-7 (IntelAtom, max 3300 MHz); performance "
                        "PUs 0-3 (IntelCore, max 4700 MHz)\n"),
              std::string::npos)
        << text;
    EXPECT_LT(text.find("   Topology: "), text.find("   CPU kinds: "));
}

TEST(TextMachineLines, Units) {
    using bytebench::reporters::bytes_text;
    using bytebench::reporters::ranges_text;
    EXPECT_EQ(bytes_text(512), "512 B");
    EXPECT_EQ(bytes_text(49152), "48 KiB");
    EXPECT_EQ(bytes_text(37748736), "36 MiB");
    EXPECT_EQ(bytes_text(25325268992.0), "23.6 GiB");
    EXPECT_EQ(ranges_text(json::parse("[0, 1, 2, 3, 8, 10, 11]")), "0-3,8,10-11");
    EXPECT_EQ(ranges_text(json::parse("[5]")), "5");
    EXPECT_EQ(ranges_text(json::array()), "none");
    EXPECT_EQ(ranges_text(json("x")), "none");
}

}  // namespace
}  // namespace bytebench::test
