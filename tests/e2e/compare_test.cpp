// `bytebench compare` through the real CLI and reporters: golden output in
// every format, the --fail-if-worse gate (alias --fail-if-slower), metrics
// with a direction and bad input.
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
