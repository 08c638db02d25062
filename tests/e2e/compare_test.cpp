// `bytebench compare` through the real CLI and reporters: golden output in
// every format, the --fail-if-slower gate and bad input.
#include <gtest/gtest.h>

#include <filesystem>

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
    EXPECT_EQ(dhry["cells"][1]["significance"]["verdict"], "slower");
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
    EXPECT_EQ(c["sections"][0]["rows"][0]["cells"][0]["significance"]["verdict"], "faster");
}

TEST(Compare, GateFailsOnASignificantSlowdown) {
    const CliResult r = run_cli_in(kFixtures, {"--no-history", "compare", "before.json",
                                               "after.json", "--fail-if-slower", "5"});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("bytebench: slower: 1 copy, dhry2reg: B is 8.0% slower"),
              std::string::npos)
        << r.err;
    // 8% is within a 10% allowance, and a faster run never fails the gate.
    EXPECT_EQ(run_cli_in(kFixtures, {"--no-history", "compare", "before.json", "after.json",
                                     "--fail-if-slower", "10"})
                  .exit_code,
              0);
    EXPECT_EQ(run_cli_in(kFixtures, {"--no-history", "compare", "after.json", "before.json",
                                     "--fail-if-slower", "1"})
                  .exit_code,
              1);  // pipe is 6% slower the other way round
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
