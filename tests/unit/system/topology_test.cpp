// hwloc's CPU kinds in system.topology, on hwloc XML files written for the
// tests (tests/fixtures/topology/): a hybrid CPU of 2 P cores with SMT and 4
// E cores, a machine whose CPUs hwloc reports as one kind, one with no kinds
// at all. The machine's own topology is checked in sysinfo_test.cpp.
#include "system/topology.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace bytebench {
namespace {

using json = nlohmann::json;

std::string topology_fixture(const std::string &name) {
    return std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/topology/" + name;
}

TEST(TopologyKinds, AHybridCpuHasAPerformanceAndAnEfficiencyKind) {
    const json t = read_topology(topology_fixture("hybrid-2p4e.xml"));
    ASSERT_FALSE(t.contains("why")) << t.dump(2);
    EXPECT_EQ(t["pus"], 8);
    EXPECT_EQ(t["cores"], 6);
    EXPECT_EQ(t["threads_per_core"], 2);
    EXPECT_EQ(t["hybrid"], true);
    const json &kinds = t["cpu_kinds"];
    ASSERT_EQ(kinds.size(), 2u) << kinds;
    // hwloc's order: the least performant kind first.
    EXPECT_EQ(kinds[0]["name"], "efficiency");
    EXPECT_EQ(kinds[0]["efficiency"], 0);
    EXPECT_EQ(kinds[0]["pus"], json({4, 5, 6, 7}));
    EXPECT_EQ(kinds[0]["info"]["CoreType"], "IntelAtom");
    EXPECT_EQ(kinds[0]["info"]["FrequencyMaxMHz"], "3300");
    EXPECT_EQ(kinds[1]["name"], "performance");
    EXPECT_EQ(kinds[1]["efficiency"], 1);
    EXPECT_EQ(kinds[1]["pus"], json({0, 1, 2, 3}));
    EXPECT_EQ(kinds[1]["info"]["CoreType"], "IntelCore");
    // The two kinds' L2 caches stay apart.
    std::set<double> l2_sizes;
    for (const json &c : t["caches"])
        if (c["level"] == 2) l2_sizes.insert(c["size_bytes"].get<double>());
    EXPECT_EQ(l2_sizes, (std::set<double>{1310720, 2097152}));
}

TEST(TopologyKinds, OneKindIsNotHybrid) {
    const json t = read_topology(topology_fixture("one-kind.xml"));
    EXPECT_EQ(t["hybrid"], false);
    ASSERT_EQ(t["cpu_kinds"].size(), 1u) << t.dump(2);
    EXPECT_EQ(t["cpu_kinds"][0]["name"], "performance");
    EXPECT_EQ(t["cpu_kinds"][0]["pus"], json({0, 1}));
    EXPECT_EQ(t["cpu_kinds"][0]["info"]["LinuxCapacity"], "1024");
}

TEST(TopologyKinds, NoKindsAreUnknownWithTheReason) {
    const json t = read_topology(topology_fixture("uniform-no-kinds.xml"));
    EXPECT_EQ(t["cpu_kinds"], "unknown");
    EXPECT_NE(t["why"]["cpu_kinds"].get<std::string>().find("reports no CPU kinds"),
              std::string::npos)
        << t["why"];
    EXPECT_EQ(t["hybrid"], false);
    EXPECT_EQ(t["pu_os_indexes"], json({0, 1, 2, 3}));
}

TEST(TopologyKinds, AFileHwlocCannotReadMakesEveryMemberUnknown) {
    const json t = read_topology(topology_fixture("no-such-file.xml"));
    for (const char *key : {"pus", "cpu_kinds", "hybrid"}) {
        EXPECT_EQ(t[key], "unknown") << key;
        EXPECT_TRUE(t["why"].contains(key)) << key;
    }
}

TEST(TopologyKinds, TheMachinesKindsCoverOnlyItsPus) {
    const json t = read_topology();
    ASSERT_TRUE(t["hybrid"].is_boolean()) << t.dump(2);
    if (!t["cpu_kinds"].is_array()) GTEST_SKIP() << t["why"]["cpu_kinds"];
    const std::set<int> pus = t["pu_os_indexes"].get<std::set<int>>();
    for (const json &k : t["cpu_kinds"])
        for (const json &pu : k["pus"]) EXPECT_EQ(pus.count(pu.get<int>()), 1u) << pu;
    EXPECT_EQ(t["hybrid"], t["cpu_kinds"].size() > 1);
}

}  // namespace
}  // namespace bytebench
