// Placement orders on made-up topologies (2 packages x 2 cores x 2 threads,
// no SMT, a PU without a core, a hybrid CPU), the kind rules of --placement,
// a hybrid hwloc XML (tests/fixtures/topology/) and the real machine.
#include "exec/placement.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <set>
#include <stdexcept>
#include <string>

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

// A hybrid CPU as Linux numbers it: 2 P cores with SMT {0, 1} {2, 3}, then
// 4 E cores {4} .. {7}, one package.
const std::vector<PuInfo> kHybrid = {
    {0, 0, 0, "performance", "IntelCore"}, {1, 0, 0, "performance", "IntelCore"},
    {2, 1, 0, "performance", "IntelCore"}, {3, 1, 0, "performance", "IntelCore"},
    {4, 2, 0, "efficiency", "IntelAtom"},  {5, 3, 0, "efficiency", "IntelAtom"},
    {6, 4, 0, "efficiency", "IntelAtom"},  {7, 5, 0, "efficiency", "IntelAtom"}};

std::vector<int> order_of(const std::string &text, const std::vector<PuInfo> &pus) {
    return placement_order(parse_placement_spec(text), pus).cpus;
}

// The message of the std::invalid_argument `f` throws, "" when it throws none.
template <typename F>
std::string invalid_argument_of(F f) {
    try {
        f();
    } catch (const std::invalid_argument &e) {
        return e.what();
    }
    return "";
}

TEST(PlacementKinds, ParsesAKindRuleAfterTheColon) {
    PlacementSpec spec = parse_placement_spec("spread:only=performance");
    EXPECT_EQ(spec.placement, Placement::spread);
    EXPECT_EQ(spec.rule, KindRule::only);
    EXPECT_EQ(spec.kind, "performance");
    spec = parse_placement_spec("compact:prefer=IntelAtom");
    EXPECT_EQ(spec.placement, Placement::compact);
    EXPECT_EQ(spec.rule, KindRule::prefer);
    EXPECT_EQ(spec.kind, "IntelAtom");
    spec = parse_placement_spec("smt-off");
    EXPECT_EQ(spec.rule, KindRule::any);
}

TEST(PlacementKinds, RejectsMalformedRules) {
    const auto error = [](const std::string &text) {
        return invalid_argument_of([&] { parse_placement_spec(text); });
    };
    EXPECT_NE(error("scatter").find("unknown placement 'scatter'"), std::string::npos);
    EXPECT_NE(error("scatter:only=performance").find("unknown placement 'scatter'"),
              std::string::npos);
    for (const char *text : {"spread:", "spread:only", "spread:only=", "spread:best=performance"})
        EXPECT_NE(error(text).find("expected only=KIND or prefer=KIND"), std::string::npos) << text;
    EXPECT_NE(error("none:only=performance").find("none pins no copy"), std::string::npos);
}

TEST(PlacementKinds, AKindThatIsNoNameAnywhereIsRefusedWhateverTheMachine) {
    // Checked by the parse itself, before any topology is read: a one-kind
    // machine refuses it as a hybrid one does.
    for (const char *text : {"compact:prefer=garbage!!", "spread:only=a b", "spread:prefer=-x",
                             "spread:prefer=perf/ormance", "compact:only=\xc3\xa9"})
        EXPECT_NE(invalid_argument_of([&] {
                      parse_placement_spec(text);
                  }).find("' is not a CPU kind: a kind is performance, efficiency"),
                  std::string::npos)
            << text;
    EXPECT_NE(
        invalid_argument_of([] { parse_placement_spec("spread:prefer=" + std::string(65, 'a')); }),
        "");
    for (const char *text :
         {"compact:prefer=IntelAtom", "spread:only=rank1", "spread:prefer=big.LITTLE_2-x"})
        EXPECT_NO_THROW(parse_placement_spec(text)) << text;
}

TEST(PlacementKinds, APreferOfAKindThisMachineLacksSaysSo) {
    // performance and efficiency are every hybrid's kinds: prefer= of one moves between
    // machines and changes nothing where it is missing, saying so. Any other name must be
    // a kind of this machine, also for prefer=.
    const PlacementOrder o =
        placement_order(parse_placement_spec("compact:prefer=efficiency"), kTwoSocketsSmt);
    EXPECT_EQ(o.cpus, placement_order(Placement::compact, kTwoSocketsSmt));
    EXPECT_EQ(o.note,
              "no CPU of kind 'efficiency' here, only performance: prefer=efficiency changes "
              "nothing");
    for (const char *text : {"compact:prefer=garbage", "compact:prefer=IntelAtom"})
        EXPECT_EQ(invalid_argument_of([&] {
                      placement_order(parse_placement_spec(text), kTwoSocketsSmt);
                  }).find("no CPU of kind '"),
                  0u)
            << text;
    EXPECT_EQ(invalid_argument_of(
                  [] { placement_order(parse_placement_spec("spread:prefer=turbo"), kHybrid); }),
              "no CPU of kind 'turbo' here; the kinds are performance (IntelCore), efficiency "
              "(IntelAtom)");
}

TEST(PlacementKinds, OnlyUsesThatKindInThePlacementsOrder) {
    EXPECT_EQ(order_of("spread:only=performance", kHybrid), (std::vector<int>{0, 2, 1, 3}));
    EXPECT_EQ(order_of("compact:only=performance", kHybrid), (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(order_of("smt-off:only=performance", kHybrid), (std::vector<int>{0, 2}));
    EXPECT_EQ(order_of("spread:only=efficiency", kHybrid), (std::vector<int>{4, 5, 6, 7}));
    // hwloc's CoreType names a kind too, in any case.
    EXPECT_EQ(order_of("compact:only=intelatom", kHybrid), (std::vector<int>{4, 5, 6, 7}));
}

TEST(PlacementKinds, PreferPutsThatKindFirstAndTheOthersAfter) {
    EXPECT_EQ(order_of("spread:prefer=efficiency", kHybrid),
              (std::vector<int>{4, 5, 6, 7, 0, 2, 1, 3}));
    EXPECT_EQ(order_of("smt-off:prefer=performance", kHybrid),
              (std::vector<int>{0, 2, 4, 5, 6, 7}));
    EXPECT_EQ(order_of("compact:prefer=IntelCore", kHybrid),
              (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
    EXPECT_TRUE(
        placement_order(parse_placement_spec("spread:prefer=efficiency"), kHybrid).note.empty());
}

TEST(PlacementKinds, AnUnknownKindNamesTheKindsThereAre) {
    const std::string message = invalid_argument_of(
        [] { placement_order(parse_placement_spec("spread:only=turbo"), kHybrid); });
    EXPECT_EQ(message,
              "no CPU of kind 'turbo' here; the kinds are performance (IntelCore), efficiency "
              "(IntelAtom)");
}

TEST(PlacementKinds, OnAMachineOfOneKindPreferChangesNothing) {
    for (const char *text : {"spread:prefer=efficiency", "spread:prefer=performance"}) {
        const PlacementOrder o = placement_order(parse_placement_spec(text), kTwoSocketsSmt);
        EXPECT_EQ(o.cpus, placement_order(Placement::spread, kTwoSocketsSmt)) << text;
        EXPECT_NE(o.note.find("performance"), std::string::npos) << o.note;
        EXPECT_NE(o.note.find("changes nothing"), std::string::npos) << o.note;
    }
}

TEST(PlacementKinds, OnAMachineOfOneKindOnlyPerformanceUsesEveryPu) {
    // No kinds reported (kTwoSocketsSmt), and one kind reported.
    std::vector<PuInfo> one_kind = kTwoSocketsSmt;
    for (PuInfo &p : one_kind) p.kind = "performance";
    for (const auto &pus : {kTwoSocketsSmt, one_kind}) {
        const PlacementOrder o =
            placement_order(parse_placement_spec("spread:only=performance"), pus);
        EXPECT_EQ(o.cpus, placement_order(Placement::spread, pus));
        EXPECT_NE(o.note.find("uses every CPU"), std::string::npos) << o.note;
        EXPECT_EQ(invalid_argument_of([&] {
                      placement_order(parse_placement_spec("spread:only=efficiency"), pus);
                  }),
                  "no CPU of kind 'efficiency' here; the kinds are performance");
    }
}

TEST(PlacementKinds, ReadsEachPusKindFromHwlocXml) {
    const std::vector<PuInfo> pus =
        read_pus(std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/topology/hybrid-2p4e.xml");
    ASSERT_EQ(pus.size(), 8u);
    for (const PuInfo &p : pus) {
        EXPECT_EQ(p.kind, p.os_index < 4 ? "performance" : "efficiency") << p.os_index;
        EXPECT_EQ(p.core_type, p.os_index < 4 ? "IntelCore" : "IntelAtom") << p.os_index;
    }
    EXPECT_EQ(order_of("spread:only=performance", pus), (std::vector<int>{0, 2, 1, 3}));
    EXPECT_EQ(order_of("spread:prefer=efficiency", pus),
              (std::vector<int>{4, 5, 6, 7, 0, 2, 1, 3}));
}

}  // namespace
}  // namespace bytebench
