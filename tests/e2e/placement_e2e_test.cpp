// --placement and --scaling through the CLI: the result records which PU each
// copy was pinned to and where it ran; on a hybrid CPU (an hwloc XML file
// standing in for this machine) which kind of CPU that was.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

nlohmann::json run_count(const std::string &name, const std::vector<std::string> &extra,
                         const std::map<std::string, std::string> &env = {}) {
    const std::string out = fresh_dir(name);
    std::vector<std::string> args = {"--plugin-path",
                                     kTestPlugins + "/good",
                                     "run",
                                     "test.count",
                                     "-i",
                                     "1",
                                     "--duration",
                                     "0.1",
                                     "--settle",
                                     "0",
                                     "-q",
                                     "-o",
                                     out};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = run_cli(args, env);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return only_result(out);
}

TEST(Placement, PinnedCopiesRecordTheirPuAndRunThere) {
    cpu_set_t allowed;
    ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    const int cpus = CPU_COUNT(&allowed);
    const int copies = cpus + 1;  // one more than there are CPUs: one PU is shared
    const nlohmann::json doc =
        run_count("placement-compact", {"--placement", "compact", "-c", std::to_string(copies)});
    EXPECT_EQ(doc["options"]["placement"], "compact");
    const nlohmann::json &order = doc["options"]["placement_order"];
    ASSERT_EQ(int(order.size()), cpus);
    const nlohmann::json *t = find_test(doc["runs"][0], "test.count");
    ASSERT_NE(t, nullptr);
    const nlohmann::json &copy_results = (*t)["passes"][0]["copies"];
    ASSERT_EQ(int(copy_results.size()), copies);
    std::set<int> used;
    for (int i = 0; i < copies; ++i) {
        const nlohmann::json &c = copy_results[size_t(i)];
        EXPECT_EQ(c["pu"], order[size_t(i % cpus)]) << c;
        EXPECT_EQ(c["cpu_start"], c["pu"]) << c;  // pinned: it can run nowhere else
        EXPECT_EQ(c["cpu_end"], c["pu"]) << c;
        used.insert(c["pu"].get<int>());
    }
    EXPECT_EQ(int(used.size()), cpus);
}

TEST(Placement, UnpinnedCopiesRecordWhereTheyRan) {
    const nlohmann::json doc = run_count("placement-none", {"-c", "2"});
    EXPECT_EQ(doc["options"]["placement"], "none");
    EXPECT_FALSE(doc["options"].contains("placement_order"));
    const nlohmann::json &c = (*find_test(doc["runs"][0], "test.count"))["passes"][0]["copies"][0];
    EXPECT_FALSE(c.contains("pu"));
    EXPECT_GE(c["cpu_start"].get<int>(), 0);
    EXPECT_GE(c["cpu_end"].get<int>(), 0);
}

TEST(Placement, AnUnknownPlacementIsOneLine) {
    const CliResult r = run_cli({"run", "syscall", "--placement", "scatter"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--placement"), std::string::npos) << r.err;
}

// hwloc reads this machine from tests/fixtures/topology/hybrid-1p1e.xml: PU 0
// a P core, PU 1 an E core (this machine's CPU numbers, so pinning works).
const std::map<std::string, std::string> kHybridMachine = {
    {"HWLOC_XMLFILE",
     std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/topology/hybrid-1p1e.xml"},
    {"HWLOC_THISSYSTEM", "1"}};

TEST(PlacementKinds, OnlyPerformancePinsEveryCopyToAPCore) {
    const std::string out = fresh_dir("placement-only-performance");
    const std::string placement = "spread:only=performance";
    const CliResult r = run_cli({"run", "syscall", "-i", "1", "--duration", "0.2", "-c", "2",
                                 "--settle", "0", "-q", "-o", out, "--placement", placement},
                                kHybridMachine);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    EXPECT_EQ(doc["system"]["topology"]["hybrid"], true);
    EXPECT_EQ(doc["options"]["placement"], placement);
    EXPECT_EQ(doc["options"]["placement_order"], nlohmann::json({0}));
    const nlohmann::json *t = find_test(doc["runs"][0], "syscall");
    ASSERT_NE(t, nullptr);
    const nlohmann::json &copies = (*t)["passes"][0]["copies"];
    ASSERT_EQ(copies.size(), 2u);
    for (const nlohmann::json &c : copies) {
        EXPECT_EQ(c["pu"], 0) << c;
        EXPECT_EQ(c["cpu_start"], 0) << c;
        EXPECT_EQ(c["cpu_kind"], "performance") << c;
    }
    // Two copies on one PU: said when the order is chosen.
    EXPECT_NE(r.err.find("2 copies on 1 CPUs"), std::string::npos) << r.err;
}

TEST(PlacementKinds, PreferEfficiencyPutsTheFirstCopyOnAnECore) {
    const nlohmann::json doc =
        run_count("placement-prefer-efficiency",
                  {"--placement", "compact:prefer=efficiency", "-c", "2"}, kHybridMachine);
    EXPECT_EQ(doc["options"]["placement_order"], nlohmann::json({1, 0}));
    const nlohmann::json &copies =
        (*find_test(doc["runs"][0], "test.count"))["passes"][0]["copies"];
    ASSERT_EQ(copies.size(), 2u);
    EXPECT_EQ(copies[0]["cpu_kind"], "efficiency") << copies;
    EXPECT_EQ(copies[1]["cpu_kind"], "performance") << copies;
}

TEST(PlacementKinds, AKindTheMachineLacksIsOneLineNamingTheKinds) {
    const CliResult r =
        run_cli({"run", "syscall", "--placement", "spread:only=turbo"}, kHybridMachine);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(
        r.err,
        "bytebench: error: --placement spread:only=turbo: no CPU of kind 'turbo' here; the kinds "
        "are performance (IntelCore), efficiency (IntelAtom)\n");
}

// A machine of one kind of CPU (2 PUs), whatever this one is.
const std::map<std::string, std::string> kOneKindMachine = {
    {"HWLOC_XMLFILE", std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/topology/one-kind.xml"},
    {"HWLOC_THISSYSTEM", "1"}};

// `run` of one short pass with `placement`: refused before it runs, or a
// result in a folder nobody reads.
CliResult run_placed(const std::string &placement,
                     const std::map<std::string, std::string> &machine) {
    return run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.count", "--placement",
                    placement, "-i", "1", "--duration", "0.05", "--settle", "0", "-c", "1", "-q",
                    "-o", fresh_dir("placement-refused")},
                   machine);
}

TEST(PlacementKinds, AKindThatIsNoNameIsRefusedOnAMachineOfOneKindToo) {
    for (const auto &machine : {kOneKindMachine, kHybridMachine}) {
        const CliResult r = run_placed("compact:prefer=garbage!!", machine);
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_EQ(r.err.find("bytebench: error: --placement"), 0u) << r.err;
        EXPECT_NE(r.err.find("'garbage!!' is not a CPU kind"), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}

TEST(PlacementKinds, APreferOfAKindTheMachineLacksIsOneLineUnlessEveryHybridHasIt) {
    const CliResult r = run_placed("compact:prefer=IntelAtom", kOneKindMachine);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err,
              "bytebench: error: --placement compact:prefer=IntelAtom: no CPU of kind "
              "'IntelAtom' here; the kinds are performance\n");
    // prefer=efficiency is portable: it runs, and says it changes nothing here.
    const CliResult portable =
        run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.count", "--placement",
                 "compact:prefer=efficiency", "-i", "1", "--duration", "0.05", "--settle", "0",
                 "-c", "1", "-o", fresh_dir("placement-portable")},
                kOneKindMachine);
    EXPECT_EQ(portable.exit_code, 0) << portable.err;
    EXPECT_NE(portable.err.find("no CPU of kind 'efficiency' here, only performance: "
                                "prefer=efficiency changes nothing"),
              std::string::npos)
        << portable.err;
}

TEST(PlacementKinds, AMalformedRuleIsOneLine) {
    const CliResult r = run_cli({"run", "syscall", "--placement", "spread:fastest"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--placement"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("expected only=KIND or prefer=KIND"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(PlacementKinds, OnThisMachineCopiesHaveAKindOnlyWhenItIsHybrid) {
    const nlohmann::json doc = run_count("placement-kinds-here", {"--placement", "compact"});
    const bool hybrid = doc["system"]["topology"]["hybrid"] == true;
    const nlohmann::json &c = (*find_test(doc["runs"][0], "test.count"))["passes"][0]["copies"][0];
    EXPECT_EQ(c.contains("cpu_kind"), hybrid) << c;
}

TEST(Scaling, SweepsOneTwoFourUpToTheCpuCount) {
    const nlohmann::json doc = run_count("scaling", {"--scaling"});
    const std::vector<int> copies = doc["options"]["copies"];
    ASSERT_FALSE(copies.empty());
    EXPECT_EQ(copies.front(), 1);
    for (size_t i = 1; i + 1 < copies.size(); ++i) EXPECT_EQ(copies[i], 2 * copies[i - 1]);
    EXPECT_EQ(doc["runs"].size(), copies.size());
}

TEST(Scaling, TheResultAndTheReportsShowSpeedupAndEfficiency) {
    // test.rate returns the same rate in every copy, so N copies sum to N
    // times one copy: speedup N, efficiency 100%.
    const std::string out = fresh_dir("scaling-report");
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.rate", "-i",
                                 "1", "--duration", "0.1", "--settle", "0", "-q", "-o", out,
                                 "--scaling", "--format", "text,html"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json &points = doc["scaling"]["tests"][0]["points"];
    ASSERT_EQ(points.size(), doc["runs"].size());
    for (const nlohmann::json &p : points) {
        EXPECT_NEAR(p["speedup"].get<double>(), p["copies"].get<double>(), 1e-9);
        EXPECT_NEAR(p["efficiency"].get<double>(), 1.0, 1e-9);
    }
    std::string text, html;
    for (const auto &e : std::filesystem::directory_iterator(out)) {
        if (e.path().extension() == ".txt") text = read_file(e.path().string());
        if (e.path().extension() == ".html") html = read_file(e.path().string());
    }
    EXPECT_NE(text.find("Scaling against 1 copy"), std::string::npos) << text;
    EXPECT_NE(text.find("100%"), std::string::npos) << text;
    EXPECT_NE(html.find("<section id=\"scaling\">"), std::string::npos);
    EXPECT_NE(html.find("<table class=\"scaling\">"), std::string::npos);
}

TEST(Scaling, ComesWithoutCopies) {
    const CliResult r = run_cli({"run", "syscall", "--scaling", "-c", "2"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--scaling chooses the copy counts itself"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bytebench::test
