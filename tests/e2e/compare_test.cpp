// `bytebench compare` through the real CLI and reporters: golden output in
// every format, the --fail-if-worse gate (alias --fail-if-slower; its
// inconclusive outcome, per-number thresholds), metrics with a direction and
// bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../reporters/golden.h"
#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// Run in the fixture folder so the output names the inputs as before.json
// and after.json wherever the tree is checked out.
const std::string kFixtures = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare";

std::string compare_output(const std::string &format) {
    const CliResult r = run_cli_in(
        kFixtures, {"--no-history", "compare", "before.json", "after.json", "--format", format});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return r.out;
}

TEST(Compare, TextMatchesGolden) {
    EXPECT_TRUE(matches_golden("compare.txt", compare_output("text")));
}

TEST(Compare, MarkdownMatchesGolden) {
    EXPECT_TRUE(matches_golden("compare.md", compare_output("markdown")));
}

TEST(Compare, CsvMatchesGolden) {
    EXPECT_TRUE(matches_golden("compare.csv", compare_output("csv")));
}

TEST(Compare, HtmlMatchesGolden) {
    EXPECT_TRUE(matches_golden("compare.html", compare_output("html")));
}

TEST(Compare, JsonIsTheComparisonDocument) {
    const nlohmann::json c = nlohmann::json::parse(compare_output("json"));
    EXPECT_EQ(c["schema"], "bytebench.comparison/2");
    ASSERT_EQ(c["inputs"].size(), 2u);
    EXPECT_EQ(c["inputs"][0]["source"], "before.json");
    ASSERT_EQ(c["sections"].size(), 2u);
    EXPECT_EQ(c["sections"][1]["title"], "2 copies");
    const nlohmann::json &dhry = c["sections"][0]["rows"][0];
    EXPECT_EQ(dhry["id"], "dhry2reg");
    EXPECT_NEAR(dhry["cells"][1]["delta_pct"].get<double>(), -8.0, 0.5);
    EXPECT_EQ(dhry["cells"][1]["significance"]["verdict"], "worse");
    EXPECT_EQ(dhry["better"], "higher");
    // The tool's version and ABI change with every release, not with compare.
    nlohmann::json shown = c;
    shown["tool"]["version"] = "(this build)";
    shown["tool"]["abi"] = "(this build)";
    EXPECT_TRUE(matches_golden("compare.json", shown.dump(2) + "\n"));
}

TEST(Compare, BaselineCanBeTheSecondRun) {
    const CliResult r =
        run_cli_in(kFixtures, {"--no-history", "compare", "before.json", "after.json", "--baseline",
                               "B", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json c = nlohmann::json::parse(r.out);
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(c["sections"][0]["rows"][0]["cells"][0]["significance"]["verdict"], "better");
}

TEST(Compare, GateFailsOnASignificantSlowdown) {
    const CliResult r = run_cli_in(kFixtures, {"--no-history", "compare", "before.json",
                                               "after.json", "--fail-if-worse", "5"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("bytebench: worse: 1 copy, dhry2reg: B is 8.0% lower"), std::string::npos)
        << r.err;
    // 8% is within a 10% allowance, and a faster run never fails the gate.
    EXPECT_EQ(run_cli_in(kFixtures, {"--no-history", "compare", "before.json", "after.json",
                                     "--fail-if-worse", "10"})
                  .exit_code,
              0);
    EXPECT_EQ(run_cli_in(kFixtures, {"--no-history", "compare", "after.json", "before.json",
                                     "--fail-if-worse", "1"})
                  .exit_code,
              1);  // pipe is 6% slower the other way round
}

// --fail-if-slower, the gate's name before directions, is the same option.
TEST(Compare, FailIfSlowerIsAnAliasOfFailIfWorse) {
    const CliResult r =
        run_cli_in(kFixtures, {"--no-history", "compare", "before.json", "after.json",
                               "--fail-if-slower", "5", "--format", "json"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const nlohmann::json gate = nlohmann::json::parse(r.out)["gate"];
    EXPECT_EQ(gate["threshold_pct"], 5.0);
    EXPECT_TRUE(gate["failed"].get<bool>());
    EXPECT_EQ(run_cli_in(kFixtures, {"--no-history", "compare", "before.json", "after.json",
                                     "--fail-if-slower", "10"})
                  .exit_code,
              0);
}

// metrics-before.json and metrics-after.json (hand-written): tcp_rr's p99
// latency (lower is better) doubles, its p50 halves, its main value does not
// change; connect's time (lower is better) drops 6%.
TEST(Compare, AMetricThatGotWorseFailsTheGate) {
    const CliResult r =
        run_cli_in(kFixtures, {"--no-history", "compare", "metrics-before.json",
                               "metrics-after.json", "--fail-if-worse", "10", "--format", "json"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err, "bytebench: worse: 1 copy, tcp_rr p99_us: B is 100.0% higher (p=0.00794)\n");
    const nlohmann::json c = nlohmann::json::parse(r.out);
    const nlohmann::json &rows = c["sections"][0]["rows"];
    ASSERT_EQ(rows.size(), 6u);  // syscall, tcp_rr and its 3 metrics, connect
    EXPECT_EQ(rows[1]["cells"][1]["significance"]["verdict"], "noise");
    EXPECT_EQ(rows[2]["metric"], "p99_us");
    EXPECT_EQ(rows[2]["cells"][1]["significance"]["verdict"], "worse");
    EXPECT_EQ(rows[3]["metric"], "p50_us");
    EXPECT_EQ(rows[3]["cells"][1]["significance"]["verdict"], "better");
    EXPECT_EQ(rows[4]["cells"][0]["status"], "missing");
    EXPECT_EQ(rows[5]["better"], "lower");
    EXPECT_EQ(rows[5]["cells"][1]["significance"]["verdict"], "better");
    // The other way round the p50 latency doubles instead.
    const CliResult back = run_cli_in(kFixtures, {"--no-history", "compare", "metrics-after.json",
                                                  "metrics-before.json", "--fail-if-worse", "10"});
    EXPECT_EQ(back.exit_code, 1);
    EXPECT_NE(back.err.find("tcp_rr p50_us: B is 100.0% higher"), std::string::npos) << back.err;
    EXPECT_EQ(back.err.find("connect"), std::string::npos) << back.err;  // 6.5% worse: within 10%
}

// A failure record (docs/fleet.md): a host that gave no result.
std::string failure_record(const std::string &dir, const std::string &host) {
    const std::string path = dir + "/" + host + ".json";
    std::ofstream(path) << nlohmann::json{{"schema", "bytebench.failure/1"},
                                          {"host", host},
                                          {"labels", {{"host", host}}},
                                          {"reason", "unreachable: ssh: connect to host " + host +
                                                         " port 22: Connection refused"}}
                               .dump();
    return path;
}

// A gate that compared nothing is neither passed nor failed: exit 4, in every report and on
// stderr. Before, `compare R failure.json --fail-if-worse 1` said "Gate: passed" and exit 0.
TEST(Compare, AGateThatComparedNothingIsInconclusive) {
    const std::string dir = fresh_dir("gate-inconclusive");
    const std::string failed = failure_record(dir, "db-7");
    const std::string before = kFixtures + "/before.json";
    const CliResult r =
        run_cli({"--no-history", "compare", before, failed, "--fail-if-worse", "1"});
    EXPECT_EQ(r.exit_code, 4) << r.describe() << r.err;
    EXPECT_NE(r.out.find("Gate: INCONCLUSIVE; nothing of B could be judged against A: B failed: "
                         "unreachable"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("Gate: passed"), std::string::npos) << r.out;
    EXPECT_EQ(r.err.rfind("bytebench: gate inconclusive: nothing of B could be judged against A: "
                          "B failed: unreachable",
                          0),
              0u)
        << r.err;
    const CliResult json = run_cli(
        {"--no-history", "compare", before, failed, "--fail-if-worse", "1", "--format", "json"});
    EXPECT_EQ(json.exit_code, 4);
    const nlohmann::json gate = nlohmann::json::parse(json.out)["gate"];
    EXPECT_EQ(gate["status"], "inconclusive");
    EXPECT_FALSE(gate["failed"].get<bool>());
    EXPECT_EQ(gate["compared"], 0);
    for (const char *format : {"markdown", "html"}) {
        const CliResult other = run_cli({"--no-history", "compare", before, failed,
                                         "--fail-if-worse", "1", "--format", format});
        EXPECT_EQ(other.exit_code, 4) << format;
        EXPECT_NE(other.out.find("nconclusive"), std::string::npos) << other.out;
    }
    // Only failed inputs: the gate-failure code of its own, not a verdict.
    EXPECT_EQ(run_cli({"--no-history", "compare", failed, failure_record(dir, "db-8"),
                       "--fail-if-worse", "1"})
                  .exit_code,
              4);
    // An input that is judged on some numbers decides the gate; one with every number too
    // short to tell (the imported report has no passes) does not.
    const CliResult imported =
        run_cli_in(kFixtures, {"--no-history", "compare", "before.json",
                               BYTEBENCH_SOURCE_DIR "/tests/fixtures/unixbench/v5.1.3-16cpu.txt",
                               "--fail-if-worse", "5"});
    EXPECT_EQ(imported.exit_code, 4) << imported.err;
    EXPECT_NE(imported.err.find("too few passes to tell on every number B shares with A"),
              std::string::npos)
        << imported.err;
}

// A failed input is never the default baseline: with it first, the measured input is the
// baseline and the failed one is what could not be judged. Chosen with --baseline, it is
// the baseline and nothing can be judged against it.
TEST(Compare, AFailedInputIsTheBaselineOnlyWhenChosen) {
    const std::string dir = fresh_dir("gate-failed-baseline");
    const std::string failed = failure_record(dir, "db-1");
    const std::string before = kFixtures + "/before.json", after = kFixtures + "/after.json";
    const CliResult r = run_cli({"--no-history", "compare", failed, before, after,
                                 "--fail-if-worse", "10", "--format", "json"});
    const nlohmann::json c = nlohmann::json::parse(r.out);
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(c["gate"].value("status", ""), "inconclusive") << c["gate"].dump();
    EXPECT_NE(c["gate"].value("reason", "").find("nothing of A could be judged against B"),
              std::string::npos);
    EXPECT_EQ(r.exit_code, 4);
    const CliResult chosen = run_cli({"--no-history", "compare", failed, before, "--baseline", "A",
                                      "--format", "json", "--fail-if-worse", "10"});
    EXPECT_EQ(chosen.exit_code, 4);
    EXPECT_EQ(nlohmann::json::parse(chosen.out)["baseline"], 0);
    EXPECT_NE(chosen.err.find("the baseline A failed"), std::string::npos) << chosen.err;
    // A worse number decides even when another input could not be judged.
    const CliResult worse =
        run_cli({"--no-history", "compare", before, after, failed, "--fail-if-worse", "5"});
    EXPECT_EQ(worse.exit_code, 1) << worse.err;
}

// --by host: the columns sort by host name, and the first host's failure record does not
// become the baseline (before, it did, and the gate passed on nothing).
TEST(Compare, APivotsFailedFirstHostIsNotItsBaseline) {
    const std::string dir = fresh_dir("gate-pivot-baseline");
    failure_record(dir, "aaa-down");
    nlohmann::json a = nlohmann::json::parse(read_file(kFixtures + "/before.json"));
    nlohmann::json b = nlohmann::json::parse(read_file(kFixtures + "/after.json"));
    a["labels"] = {{"host", "db-1"}};
    b["labels"] = {{"host", "db-2"}};
    std::ofstream(dir + "/db-1.json") << a.dump();
    std::ofstream(dir + "/db-2.json") << b.dump();
    const CliResult r = run_cli({"--no-history", "compare", dir, "--by", "host", "--fail-if-worse",
                                 "5", "--format", "json"});
    const nlohmann::json c = nlohmann::json::parse(r.out);
    EXPECT_EQ(c["inputs"][0]["label"], "aaa-down");
    EXPECT_EQ(c["pivot"]["baseline"], "db-1");
    EXPECT_EQ(c["gate"].value("status", ""), "failed");  // dhry2reg 8% worse on db-2
    EXPECT_EQ(r.exit_code, 1) << r.err;
}

// Any percentage of 0 or more (a latency can get 300% worse), and a threshold or an opt-out
// per test, metric or TEST.METRIC, recorded in the comparison.
TEST(Compare, TheGateTakesAThresholdPerNumber) {
    const auto gate = [](const std::vector<std::string> &thresholds) {
        std::vector<std::string> args = {"--no-history",       "compare",  "metrics-before.json",
                                         "metrics-after.json", "--format", "json"};
        for (const std::string &t : thresholds) args.insert(args.end(), {"--fail-if-worse", t});
        return run_cli_in(kFixtures, args);
    };
    // tcp_rr's p99 latency is 100% higher in B.
    EXPECT_EQ(gate({"150"}).exit_code, 0);  // refused before: "from 0 to 100 percent"
    EXPECT_EQ(gate({"99"}).exit_code, 1);
    const CliResult off = gate({"10", "p99_us=off"});
    EXPECT_EQ(off.exit_code, 0) << off.err;
    const nlohmann::json recorded = nlohmann::json::parse(off.out)["gate"];
    EXPECT_EQ(recorded["threshold_pct"], 10.0);
    EXPECT_EQ(recorded["thresholds"], (nlohmann::json{{"p99_us", "off"}}));
    EXPECT_EQ(recorded["status"], "passed");
    // The most specific name wins: TEST.METRIC over a metric key over a test id.
    EXPECT_EQ(gate({"10", "tcp_rr=off"}).exit_code, 0);
    EXPECT_EQ(gate({"tcp_rr=off", "p99_us=50"}).exit_code, 1);
    EXPECT_EQ(gate({"p99_us=off", "tcp_rr.p99_us=50"}).exit_code, 1);
    const CliResult one = gate({"tcp_rr.p99_us=120"});
    EXPECT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(nlohmann::json::parse(one.out)["gate"].count("threshold_pct"), 0u);
    const CliResult failed = gate({"tcp_rr.p99_us=20"});
    EXPECT_EQ(failed.exit_code, 1);
    EXPECT_EQ(nlohmann::json::parse(failed.out)["gate"]["failures"][0]["threshold_pct"], 20.0);
    // Everything off: nothing was judged.
    EXPECT_EQ(gate({"tcp_rr=off", "syscall=off", "connect=off"}).exit_code, 4);
    // A name that matches nothing is a typo, not a gate that passes: exit 2.
    const CliResult typo = gate({"10", "p99_usx=off"});
    EXPECT_EQ(typo.exit_code, 2);
    EXPECT_EQ(typo.err,
              "bytebench: error: --fail-if-worse p99_usx=...: no test or metric of the compared "
              "results is called p99_usx\n");
    EXPECT_EQ(gate({"10", "p99_us=5", "p99_us=off"}).err,
              "bytebench: error: --fail-if-worse p99_us=off: p99_us is given twice\n");
    EXPECT_EQ(gate({"10", "5"}).exit_code, 2);
    // The text report says which thresholds it used.
    const CliResult text = run_cli_in(
        kFixtures, {"--no-history", "compare", "metrics-before.json", "metrics-after.json",
                    "--fail-if-worse", "10", "--fail-if-worse", "p99_us=off"});
    EXPECT_NE(text.out.find("Gate: passed; nothing is significantly worse by more than 10.0% "
                            "(p99_us: off)"),
              std::string::npos)
        << text.out;
}

TEST(Compare, ImportsAUnixBenchReportOnTheFly) {
    const CliResult r = run_cli({"--no-history", "compare", kFixtures + "/before.json",
                                 std::string(BYTEBENCH_SOURCE_DIR) +
                                     "/tests/reporters/golden/unixbench-6.0-run-2core-vm.txt",
                                 "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json c = nlohmann::json::parse(r.out);
    EXPECT_TRUE(c["inputs"][1]["imported"].get<bool>());
    EXPECT_EQ(c["inputs"][1]["tool"], "UnixBench 6.0.0");
    EXPECT_EQ(c["sections"][0]["rows"][0]["cells"][1]["status"], "ok");
}

// Issue 20's must-show: two results of a real run, the second edited as if
// another kernel and governor had run it; compare names both differences,
// in the JSON and before the tables of every report, and nothing else.
TEST(Compare, NamesTheKernelAndTheGovernorThatDiffer) {
    const std::string run_dir = fresh_dir("compare-environment-run");
    const CliResult run =
        run_cli({"--no-history", "run", "syscall", "-i", "1", "--duration", "0.2", "--settle", "0",
                 "-c", "1", "-q", "-o", run_dir, "--format", "json"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const nlohmann::json a = only_result(run_dir);
    nlohmann::json b = a;
    const std::string kernel = a["system"]["kernel"];
    const std::string governor = a["system"]["frequency"]["governor"];  // "unknown" in a VM
    const std::string other_governor = governor == "powersave" ? "performance" : "powersave";
    b["system"]["kernel"] = "6.18.4-edited";
    b["system"]["frequency"]["governor"] = other_governor;
    const std::string dir = fresh_dir("compare-environment");
    std::ofstream(dir + "/a.json") << a.dump();
    std::ofstream(dir + "/b.json") << b.dump();

    const auto compare = [&](const std::string &second, const std::string &format) {
        const CliResult r =
            run_cli_in(dir, {"--no-history", "compare", "a.json", second, "--format", format});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return r.out;
    };
    const nlohmann::json c = nlohmann::json::parse(compare("b.json", "json"));
    EXPECT_EQ(c["environment_differences"],
              nlohmann::json::array(
                  {{{"what", "kernel"}, {"values", {{"A", kernel}, {"B", "6.18.4-edited"}}}},
                   {{"what", "governor"}, {"values", {{"A", governor}, {"B", other_governor}}}}}))
        << c["environment_differences"].dump(2);

    const std::string kernel_line = "kernel differs (A: " + kernel + "; B: 6.18.4-edited)";
    const std::string governor_line =
        "governor differs (A: " + governor + "; B: " + other_governor + ")";
    const std::string text = compare("b.json", "text");
    const size_t block = text.find("Environment differences:\n");
    ASSERT_NE(block, std::string::npos) << text;
    EXPECT_NE(text.find("  - " + kernel_line + "\n"), std::string::npos) << text;
    EXPECT_NE(text.find("  - " + governor_line + "\n"), std::string::npos) << text;
    EXPECT_LT(block, text.find("\n1 copy\n")) << "the block comes before the verdict table";
    for (const std::string format : {"markdown", "html"}) {
        const std::string report = compare("b.json", format);
        EXPECT_NE(report.find("Environment differences"), std::string::npos) << format;
        EXPECT_NE(report.find("kernel differs"), std::string::npos) << report;
        EXPECT_NE(report.find("governor differs"), std::string::npos) << report;
    }

    // The same run twice: nothing differs, and no block is shown.
    EXPECT_FALSE(
        nlohmann::json::parse(compare("a.json", "json")).contains("environment_differences"));
    EXPECT_EQ(compare("a.json", "text").find("Environment differences"), std::string::npos);
}

// A reporter that declares it renders results only (bb_reporter.documents,
// ABI 1.2) is never sent a comparison: refused before any worker starts,
// naming the formats that render comparisons; it still renders results.
TEST(Compare, AFormatThatRendersResultsOnlyIsRefused) {
    const std::string plugins = kTestPlugins + "/reporter";
    const CliResult r =
        run_cli_in(kFixtures, {"--plugin-path", plugins, "--no-history", "compare", "before.json",
                               "after.json", "--format", "test-lines"});
    EXPECT_EQ(r.exit_code, 2) << r.describe();
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("report format 'test-lines' (" + plugins +
                         "/test_reporter.so) does not render comparisons (formats that do: "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("markdown"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("test-lines,"), std::string::npos) << r.err;

    const CliResult report =
        run_cli_in(kFixtures, {"--plugin-path", plugins, "--no-history", "report", "before.json",
                               "--format", "test-lines"});
    EXPECT_EQ(report.exit_code, 0) << report.describe() << report.err;
    EXPECT_NE(report.out.find(" ok "), std::string::npos) << report.out;

    const CliResult listed = run_cli({"--plugin-path", plugins, "plugins"});
    EXPECT_NE(listed.out.find("test-lines (results only)"), std::string::npos) << listed.out;
}

TEST(Compare, BadInputIsOneLineAndExit2) {
    const CliResult one = run_cli_in(kFixtures, {"--no-history", "compare", "before.json"});
    EXPECT_EQ(one.exit_code, 2);
    const CliResult missing =
        run_cli_in(kFixtures, {"--no-history", "compare", "before.json", "nope.json"});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(missing.err, "bytebench: error: nope.json: cannot read: No such file or directory\n");
    const CliResult baseline = run_cli_in(
        kFixtures, {"--no-history", "compare", "before.json", "after.json", "--baseline", "Q"});
    EXPECT_EQ(baseline.exit_code, 2);
    EXPECT_NE(baseline.err.find("--baseline Q: not one of the compared inputs"), std::string::npos);
    const CliResult format = run_cli_in(
        kFixtures, {"--no-history", "compare", "before.json", "after.json", "--format", "nope"});
    EXPECT_EQ(format.exit_code, 2);
    EXPECT_NE(format.err.find("nope"), std::string::npos) << format.err;
    const CliResult no_history =
        run_cli_in(kFixtures, {"--no-history", "compare", "before.json", "@last"});
    EXPECT_EQ(no_history.exit_code, 2);
    EXPECT_NE(no_history.err.find("@last: history references cannot be used with --no-history"),
              std::string::npos);
}

}  // namespace
}  // namespace bytebench::test
