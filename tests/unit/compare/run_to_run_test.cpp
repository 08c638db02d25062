// run_to_run_spread(): which earlier runs count (same suite, same machine,
// measured, complete, same copies and test parameters, the newest K, the
// shown run once), the arithmetic of the CoV and the spread, the history's
// picking, and the comparison's cells.
#include "compare/run_to_run.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "results/history.h"

namespace bytebench {
namespace {

using nlohmann::json;

struct RunSpec {
    double syscall = 100;
    double score = 50;
    std::string host = "vm";
    std::string start = "2026-12-01T10:00:00+00:00";
    int copies = 1;
};

json document(const RunSpec &r) {
    json test = {{"id", "syscall"}, {"status", "ok"}, {"value", r.syscall}};
    return {{"schema", "bytebench.result/1"},
            {"tool", {{"name", "bytebench"}, {"version", "0.1.0"}}},
            {"status", "complete"},
            {"system", {{"hostname", r.host}, {"cpu_model", "AMD EPYC"}, {"cpus_online", 2}}},
            {"suite", {{"name", "index"}, {"sha256", "abc"}}},
            {"runs",
             {{{"copies", r.copies},
               {"start", r.start},
               {"tests", {test}},
               {"indexes", {{{"category", "system"}, {"score", r.score}}}}}}}};
}

// Distinct starts, so that none reads as the shown run.
std::vector<RunDocument> earlier_runs(const std::vector<double> &values) {
    std::vector<RunDocument> out;
    for (size_t i = 0; i < values.size(); ++i) {
        RunSpec r;
        r.syscall = values[i];
        r.start = "2026-11-" + std::to_string(10 + i) + "T10:00:00+00:00";
        out.push_back({document(r), std::nullopt});
    }
    return out;
}

const json &syscall_of(const json &spread) { return spread["copy_passes"][0]["tests"]["syscall"]; }

TEST(RunToRun, CovAndSpreadAgainstHandComputedNumbers) {
    RunSpec shown;
    shown.syscall = 100;
    // 100, 110, 90: mean 100, sample sd 10, CoV 10%; (110 - 90) / 100 = 20%.
    const json spread = run_to_run_spread({document(shown), 1}, earlier_runs({110, 90}));
    EXPECT_EQ(spread["runs"], 3);
    EXPECT_FALSE(spread.contains("why"));
    EXPECT_EQ(spread["matched"], "suite index on host vm (AMD EPYC, 2 CPUs)");
    const json &test = syscall_of(spread);
    EXPECT_EQ(test["n"], 3);
    EXPECT_DOUBLE_EQ(test["mean"].get<double>(), 100);
    EXPECT_NEAR(test["cov"].get<double>(), 10.0, 1e-12);
    EXPECT_NEAR(test["spread"].get<double>(), 20.0, 1e-12);
    // The index: 50 three times: no spread at all.
    const json &index = spread["copy_passes"][0]["indexes"]["system"];
    EXPECT_EQ(index["n"], 3);
    EXPECT_DOUBLE_EQ(index["cov"].get<double>(), 0);
    EXPECT_DOUBLE_EQ(index["spread"].get<double>(), 0);
}

TEST(RunToRun, FourValuesWithAnEvenMedian) {
    // 10, 20, 30, 40: mean 25, sd sqrt(500/3) = 12.9099, CoV 51.640%;
    // median 25, (40 - 10) / 25 = 120%.
    RunSpec shown;
    shown.syscall = 10;
    const json spread = run_to_run_spread({document(shown), 1}, earlier_runs({20, 30, 40}));
    EXPECT_NEAR(syscall_of(spread)["cov"].get<double>(), std::sqrt(500.0 / 3) / 25 * 100, 1e-9);
    EXPECT_NEAR(syscall_of(spread)["spread"].get<double>(), 120.0, 1e-9);
}

TEST(RunToRun, FewerThanThreeRunsSaysWhy) {
    const json spread = run_to_run_spread({document(RunSpec{}), 1}, earlier_runs({110}));
    EXPECT_EQ(spread["runs"], 2);
    EXPECT_FALSE(spread.contains("copy_passes"));
    EXPECT_EQ(spread["why"],
              "run-to-run spread needs 3 runs of this suite on this machine, run the same way "
              "(method, pass length, passes, parameters and tests); the history has 2");
}

TEST(RunToRun, OtherSuitesHostsCpusImportedAndIncompleteRunsDoNotCount) {
    std::vector<RunDocument> earlier = earlier_runs({1, 2, 3, 4, 5, 6});
    earlier[0].document["suite"]["name"] = "other";
    earlier[1].document["suite"]["sha256"] = "def";
    earlier[2].document["system"]["hostname"] = "db";
    earlier[3].document["system"]["cpus_online"] = 4;
    earlier[4].document["imported"] = {{"from", "UnixBench"}};
    earlier[5].document["status"] = "incomplete";
    const json spread = run_to_run_spread({document(RunSpec{}), 1}, earlier);
    EXPECT_EQ(spread["runs"], 1);
    EXPECT_FALSE(spread.contains("copy_passes"));
}

TEST(RunToRun, OtherCpuModelDoesNotCount) {
    std::vector<RunDocument> earlier = earlier_runs({1, 2});
    earlier[0].document["system"]["cpu_model"] = "Intel Xeon";
    EXPECT_EQ(run_to_run_spread({document(RunSpec{}), 1}, earlier)["runs"], 2);
}

TEST(RunToRun, TheShownRunItselfIsNotCountedTwice) {
    const json shown = document(RunSpec{});
    // By history id, and by the same start and host when it has none.
    std::vector<RunDocument> earlier = {{shown, 1}, {shown, std::nullopt}};
    for (RunDocument &r : earlier_runs({110, 90})) earlier.push_back(std::move(r));
    const json spread = run_to_run_spread({shown, 1}, earlier);
    EXPECT_EQ(spread["runs"], 3);
    EXPECT_NEAR(syscall_of(spread)["cov"].get<double>(), 10.0, 1e-12);
    // Another history id with the same document is another run.
    EXPECT_EQ(run_to_run_spread({shown, 1}, {{shown, 2}})["runs"], 2);
}

TEST(RunToRun, RunsStartedInTheSameSecondAreOtherRuns) {
    // A file (no id) and history runs of short tests that all began in one second.
    RunSpec shown;
    std::vector<RunDocument> earlier;
    for (double value : {100.0, 110.0, 90.0}) {
        RunSpec other;
        other.syscall = value;
        earlier.push_back({document(other), earlier.size() + 1});
    }
    // The first is the shown run itself (same values): counted once.
    EXPECT_EQ(run_to_run_spread({document(shown), std::nullopt}, earlier)["runs"], 3);
}

TEST(RunToRun, UsesTheNewestKRuns) {
    RunToRunOptions options;
    options.newest = 3;
    RunSpec shown;
    shown.syscall = 100;
    // Newest first: 110, 90 are used; 1000 is the fourth run and left out.
    const json spread =
        run_to_run_spread({document(shown), 1}, earlier_runs({110, 90, 1000}), options);
    EXPECT_EQ(spread["runs"], 3);
    EXPECT_NEAR(syscall_of(spread)["cov"].get<double>(), 10.0, 1e-12);
}

TEST(RunToRun, OnlyTheCopyPassWithTheSameCopies) {
    std::vector<RunDocument> earlier = earlier_runs({110, 90, 50});
    earlier[2].document["runs"][0]["copies"] = 2;
    const json spread = run_to_run_spread({document(RunSpec{}), 1}, earlier);
    EXPECT_EQ(spread["runs"], 4);
    EXPECT_EQ(spread["copy_passes"][0]["runs"], 3);
    EXPECT_EQ(syscall_of(spread)["n"], 3);
    EXPECT_NEAR(syscall_of(spread)["cov"].get<double>(), 10.0, 1e-12);
}

// A score card showed "CoV 38.55% (3 runs)" over two partial indexes and a full one: runs
// asked for differently (other tests named, another pass length, -i, --quick) are not counted.
TEST(RunToRun, OnlyRunsAskedForTheSameWay) {
    const json shown = document(RunSpec{});
    std::vector<RunDocument> earlier = earlier_runs({110, 90, 70, 60, 50});
    earlier[0].document["options"] = {{"tests", {"syscall", "dhry2reg"}}};
    earlier[1].document["options"] = {{"duration_s", 2}};
    earlier[2].document["options"] = {{"iterations", 1}};
    earlier[3].document["options"] = {{"quick", json::object()}};
    const json spread = run_to_run_spread({shown, 1}, earlier);
    EXPECT_EQ(spread["runs"], 2);  // the shown one and the 50
    EXPECT_TRUE(spread.contains("why"));
    EXPECT_NE(spread["why"].get<std::string>().find("run the same way"), std::string::npos);
}

// Within runs asked for the same way, a test counts only where it ran the same way (a suite
// may have changed its pass length), and a score only over a copy-pass of the same tests.
TEST(RunToRun, ATestOnlyWhereItRanTheSameWayAScoreOnlyOverTheSameTests) {
    std::vector<RunDocument> earlier = earlier_runs({110, 90, 70});
    earlier[2].document["runs"][0]["tests"][0]["duration_s"] = 2;
    const json spread = run_to_run_spread({document(RunSpec{}), 1}, earlier);
    EXPECT_EQ(syscall_of(spread)["n"], 3);
    EXPECT_NEAR(syscall_of(spread)["cov"].get<double>(), 10.0, 1e-12);
    EXPECT_EQ(spread["copy_passes"][0]["indexes"]["system"]["n"], 3);
    std::vector<RunDocument> more = earlier_runs({110, 90, 70});
    json other_test = more[2].document["runs"][0]["tests"][0];
    other_test["id"] = "pipe";
    more[2].document["runs"][0]["tests"].push_back(other_test);
    const json scores = run_to_run_spread({document(RunSpec{}), 1}, more);
    EXPECT_EQ(syscall_of(scores)["n"], 4);  // syscall itself ran the same way
    EXPECT_EQ(scores["copy_passes"][0]["indexes"]["system"]["n"], 3);
}

TEST(RunToRun, OnlyOkTestsWithTheSameParams) {
    std::vector<RunDocument> earlier = earlier_runs({110, 90, 70, 60});
    earlier[2].document["runs"][0]["tests"][0]["status"] = "error";
    earlier[3].document["runs"][0]["tests"][0]["params"] = {{"size", "2"}};
    const json spread = run_to_run_spread({document(RunSpec{}), 1}, earlier);
    EXPECT_EQ(syscall_of(spread)["n"], 3);
    EXPECT_NEAR(syscall_of(spread)["cov"].get<double>(), 10.0, 1e-12);
}

TEST(RunToRun, ATestSeenInTooFewRunsHasNoCov) {
    std::vector<RunDocument> earlier = earlier_runs({110, 90});
    earlier[1].document["runs"][0]["tests"][0]["status"] = "error";
    const json test = syscall_of(run_to_run_spread({document(RunSpec{}), 1}, earlier));
    EXPECT_EQ(test["n"], 2);
    EXPECT_FALSE(test.contains("cov"));
    EXPECT_FALSE(test.contains("spread"));
}

TEST(RunToRun, AnImportedOrIncompleteShownRunHasNone) {
    json imported = document(RunSpec{});
    imported["imported"] = {{"from", "UnixBench"}};
    EXPECT_EQ(run_to_run_spread({imported, 1}, earlier_runs({1, 2, 3}))["why"],
              "run-to-run spread is for measured runs; this one was imported");
    json incomplete = document(RunSpec{});
    incomplete["status"] = "incomplete";
    EXPECT_EQ(run_to_run_spread({incomplete, 1}, earlier_runs({1, 2, 3}))["why"],
              "run-to-run spread is for complete runs; this one is incomplete");
}

class RunToRunHistory : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("bytebench-run-to-run-" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string db() const { return (dir_ / "history.db").string(); }
    std::filesystem::path dir_;
};

TEST_F(RunToRunHistory, PicksTheRunsBeforeTheShownOne) {
    History history(db());
    const std::vector<double> values = {1000, 110, 90, 100, 5000};
    std::vector<int64_t> ids;
    for (size_t i = 0; i < values.size(); ++i) {
        RunSpec r;
        r.syscall = values[i];
        r.start = "2026-11-2" + std::to_string(i) + "T10:00:00+00:00";
        ids.push_back(history.add(document(r), ""));
    }
    // The shown run is the fourth (100); the fifth is newer and left out, and
    // with K = 3 so is the first.
    RunToRunOptions options;
    options.newest = 3;
    const json shown = *history.document(ids[3]);
    const json spread = run_to_run_from_history(history, {shown, ids[3]}, options);
    EXPECT_EQ(spread["runs"], 3);
    EXPECT_EQ(spread["history"], db());
    EXPECT_NEAR(syscall_of(spread)["cov"].get<double>(), 10.0, 1e-12);
    // A file not in the history (no id): every run but itself counts.
    const json all = run_to_run_from_history(history, {shown, std::nullopt});
    EXPECT_EQ(all["runs"], 5);
}

TEST(RunToRunComparison, CellsGetTheirInputsSpread) {
    json comparison = {
        {"inputs", {{{"label", "A"}}, {{"label", "B"}}}},
        {"sections",
         {{{"copies", {1, 1}},
           {"rows",
            {{{"id", "syscall"}, {"cells", {{{"status", "ok"}}, {{"status", "ok"}}}}},
             {{"id", "syscall"}, {"metric", "p99"}, {"cells", {json::object(), json::object()}}}}},
           {"indexes", {{{"category", "system"}, {"cells", {{{"score", 1}}, {{"score", 2}}}}}}}}}}};
    const json spread = run_to_run_spread({document(RunSpec{}), 1}, earlier_runs({110, 90}));
    attach_run_to_run(comparison, {json(), spread});
    EXPECT_FALSE(comparison["inputs"][0].contains("run_to_run"));
    EXPECT_EQ(comparison["inputs"][1]["run_to_run"]["runs"], 3);
    const json &row = comparison["sections"][0]["rows"][0];
    EXPECT_FALSE(row["cells"][0].contains("run_to_run"));
    EXPECT_NEAR(row["cells"][1]["run_to_run"]["cov"].get<double>(), 10.0, 1e-12);
    EXPECT_EQ(row["cells"][1]["run_to_run"]["n"], 3);
    EXPECT_FALSE(comparison["sections"][0]["rows"][1]["cells"][1].contains("run_to_run"));
    EXPECT_EQ(comparison["sections"][0]["indexes"][0]["cells"][1]["run_to_run"]["n"], 3);
}

TEST(RunToRunComparison, APivotIsLeftAsItIs) {
    json comparison = {{"pivot", json::object()}, {"inputs", {{{"label", "x"}}}}};
    const json before = comparison;
    attach_run_to_run(comparison, {run_to_run_spread({document(RunSpec{}), 1}, {})});
    EXPECT_EQ(comparison, before);
}

}  // namespace
}  // namespace bytebench
