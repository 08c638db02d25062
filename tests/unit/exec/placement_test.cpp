// Placement orders on made-up topologies (2 packages x 2 cores x 2 threads,
// no SMT, a PU without a core), and the real machine through hwloc.
#include "exec/placement.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <set>

namespace bytebench {
namespace {

// os indexes as Linux numbers them on a 2-socket SMT machine: the second
// hardware thread of every core comes after all first threads.
//   package 0: core 0 = {0, 4}, core 1 = {1, 5}
//   package 1: core 2 = {2, 6}, core 3 = {3, 7}
// listed in hwloc's logical order (by package, core, thread).
const std::vector<PuInfo> kTwoSocketsSmt = {{0, 0, 0}, {4, 0, 0}, {1, 1, 0}, {5, 1, 0},
                                            {2, 2, 1}, {6, 2, 1}, {3, 3, 1}, {7, 3, 1}};

TEST(Placement, ParsesItsNames) {
    EXPECT_EQ(parse_placement("none"), Placement::none);
    EXPECT_EQ(parse_placement("compact"), Placement::compact);
    EXPECT_EQ(parse_placement("spread"), Placement::spread);
    EXPECT_EQ(parse_placement("smt-off"), Placement::smt_off);
    EXPECT_FALSE(parse_placement("scatter"));
    for (Placement p : {Placement::none, Placement::compact, Placement::spread, Placement::smt_off})
        EXPECT_EQ(parse_placement(to_string(p)), p);
}

TEST(Placement, NoneDoesNotPin) {
    EXPECT_TRUE(placement_order(Placement::none, kTwoSocketsSmt).empty());
}

TEST(Placement, CompactFillsACoresThreadsThenTheNextCore) {
    EXPECT_EQ(placement_order(Placement::compact, kTwoSocketsSmt),
              (std::vector<int>{0, 4, 1, 5, 2, 6, 3, 7}));
}

TEST(Placement, SpreadUsesEveryCoreAcrossPackagesBeforeAnySibling) {
    // package 0 core 0, package 1 core 2, package 0 core 1, package 1 core 3,
    // then the second threads in the same order.
    EXPECT_EQ(placement_order(Placement::spread, kTwoSocketsSmt),
              (std::vector<int>{0, 2, 1, 3, 4, 6, 5, 7}));
}

TEST(Placement, SmtOffUsesOneThreadPerCore) {
    EXPECT_EQ(placement_order(Placement::smt_off, kTwoSocketsSmt), (std::vector<int>{0, 2, 1, 3}));
    EXPECT_EQ(core_count(kTwoSocketsSmt), 4);
}

TEST(Placement, WithoutSmtSpreadAndSmtOffAgree) {
    const std::vector<PuInfo> flat = {{0, 0, 0}, {1, 1, 0}, {2, 2, 0}};
    EXPECT_EQ(placement_order(Placement::spread, flat), (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(placement_order(Placement::smt_off, flat), (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(placement_order(Placement::compact, flat), (std::vector<int>{0, 1, 2}));
}

TEST(Placement, TheRealMachineHasEveryOnlineCpuOnce) {
    const std::vector<PuInfo> pus = read_pus();
    std::set<int> seen;
    for (int cpu : placement_order(Placement::compact, pus)) EXPECT_TRUE(seen.insert(cpu).second);
    // hwloc shows the PUs this process may use; without a cpuset that is
    // every online CPU.
    cpu_set_t allowed;
    ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    EXPECT_EQ(int(seen.size()), CPU_COUNT(&allowed));
    for (int cpu : seen) EXPECT_TRUE(CPU_ISSET(cpu, &allowed)) << cpu;
    EXPECT_LE(core_count(pus), int(pus.size()));
}

}  // namespace
}  // namespace bytebench
