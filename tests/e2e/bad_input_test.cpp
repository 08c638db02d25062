// Bad input gets one clear line on stderr and a non-zero exit, and leaves no
// half-written result behind.
#include <bytebench/plugin.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

void expect_one_line_error(const CliResult &r, const std::string &needle) {
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("bytebench: error: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(BadInput, UnknownTestSuggestsTheNearest) {
    expect_one_line_error(run_cli({"run", "sycall"}), "did you mean 'syscall'");
}

// As test names do: a mistyped command names the nearest one.
TEST(BadInput, UnknownCommandSuggestsTheNearest) {
    expect_one_line_error(
        run_cli({"compre", "a.json", "b.json"}),
        "unknown command 'compre'; did you mean 'compare'? (see bytebench --help)");
    expect_one_line_error(run_cli({"--db", "/nowhere/h.db", "histroy"}),
                          "unknown command 'histroy'; did you mean 'history'?");
    expect_one_line_error(run_cli({"zzzzzzzz"}), "unknown command 'zzzzzzzz' (see");
    expect_one_line_error(run_cli({}), "A subcommand is required");
}

TEST(BadInput, BadFlagValues) {
    expect_one_line_error(run_cli({"run", "syscall", "-c", "0"}), "--copies");
    expect_one_line_error(run_cli({"run", "syscall", "-c", "x"}), "--copies");
    expect_one_line_error(run_cli({"run", "syscall", "-i", "-3"}), "--iterations");
    expect_one_line_error(run_cli({"run", "syscall", "--duration", "0"}), "--duration");
    expect_one_line_error(run_cli({"run", "--no-such-flag"}), "--no-such-flag");
}

TEST(BadInput, MalformedSuiteNamesFileLineAndColumn) {
    const std::string dir = fresh_dir("bad-suite");
    std::ofstream(dir + "/s.toml") << "name = \"x\"\n[test.a\n";
    expect_one_line_error(run_cli({"--suite", dir + "/s.toml", "list"}), dir + "/s.toml:2:");
}

TEST(BadInput, MissingPluginFolder) {
    expect_one_line_error(run_cli({"--plugin-path", "/no/such/folder", "list"}),
                          "/no/such/folder: plugin folder does not exist");
}

// The first found wins (plugin_conflicts_test.cpp: a first-party one
// wherever it is); the other is one warning, not an error.
TEST(BadInput, DuplicateWorkloadIdIsOneWarningNamingBothFiles) {
    const CliResult r = run_cli(
        {"--plugin-path", kTestPlugins + "/good", "--plugin-path", kTestPlugins + "/dup", "list"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "warning: plugin " + kTestPlugins +
                         "/dup/dup.so refused: duplicate workload id 'test.count': also provided "
                         "by " +
                         kTestPlugins +
                         "/good/good.so, found first in the search path, which wins\n");
}

TEST(BadInput, WrongAbiIsRefusedAndTheRestStillRuns) {
    const std::string out = fresh_dir("wrong-abi");
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/wrong-major", "--plugin-path",
                                 kTestPlugins + "/good", "run", "test.count", "-i", "1",
                                 "--duration", "0.1", "--settle", "0", "-c", "1", "-o", out});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(
        r.err.find("wrong_major.so skipped: plugin was built for ABI 2.0, this bytebench "
                   "provides ABI " +
                   std::to_string(BYTEBENCH_ABI_MAJOR) + "." + std::to_string(BYTEBENCH_ABI_MINOR)),
        std::string::npos)
        << r.err;
    const CliResult plugins = run_cli({"--plugin-path", kTestPlugins + "/wrong-major", "plugins"});
    EXPECT_NE(plugins.out.find("ABI 2.0"), std::string::npos) << plugins.out;
}

TEST(BadInput, UnwritableResultsFolder) {
    const std::string dir = fresh_dir("unwritable");
    std::ofstream(dir + "/file") << "x";
    expect_one_line_error(run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.count",
                                   "-o", dir + "/file/sub"}),
                          "cannot create results folder");
}

TEST(BadInput, UnknownFormatIsRefusedBeforeRunning) {
    const std::string out = fresh_dir("bad-format");
    expect_one_line_error(run_cli({"run", "syscall", "--format", "pdf", "-o", out}),
                          "unknown report format 'pdf'");
    EXPECT_TRUE(fs::is_empty(out));
}

TEST(BadInput, CorruptOrForeignResultForReport) {
    const std::string dir = fresh_dir("bad-result");
    std::ofstream(dir + "/corrupt.json") << "{\"schema\": \"bytebench.result/1\", ";
    std::ofstream(dir + "/foreign.json") << "{\"schema\": \"other/1\"}";
    std::ofstream(dir + "/future.json") << "{\"schema\": \"bytebench.result/10\"}";
    expect_one_line_error(run_cli({"report", dir + "/corrupt.json"}), "corrupt result");
    expect_one_line_error(run_cli({"report", dir + "/foreign.json"}), "not a bytebench result");
    expect_one_line_error(run_cli({"report", dir + "/future.json"}), "not a bytebench result");
    expect_one_line_error(run_cli({"report", dir + "/missing.json"}), "cannot read");
}

TEST(BadInput, CorruptInputsForCompareAndImport) {
    const std::string dir = fresh_dir("bad-compare-import");
    std::ofstream(dir + "/corrupt.json") << "{\"schema\": \"bytebench.result/1\", ";
    std::ofstream(dir + "/empty.txt") << "";
    std::ofstream(dir + "/binary.txt") << std::string(
        "\x7f"
        "ELF\0\0\x01\xff\xfe",
        10);
    std::ofstream(dir + "/prose.txt") << "Dear diary,\nno benchmark here.\n";
    const std::string db = dir + "/history.db";
    expect_one_line_error(run_cli({"--db", db, "compare", dir + "/corrupt.json", dir + "/x.json"}),
                          "corrupt result");
    expect_one_line_error(run_cli({"--db", db, "compare", dir + "/prose.txt", dir + "/prose.txt"}),
                          "neither a bytebench result nor a UnixBench report");
    for (const char *name : {"empty.txt", "binary.txt", "prose.txt"}) {
        const CliResult r = run_cli({"--db", db, "import", dir + "/" + name, "-o", dir + "/out"});
        expect_one_line_error(r, std::string(name) + ":");
    }
    EXPECT_FALSE(fs::exists(dir + "/out") && !fs::is_empty(dir + "/out"));
    // A folder of results only has no reports.
    const std::string results = fresh_dir("bad-compare-import-results");
    std::ofstream(results + "/corrupt.json") << "{\"schema\": \"bytebench.result/1\", ";
    expect_one_line_error(run_cli({"--db", db, "import", results}), "no UnixBench reports");
}

}  // namespace
}  // namespace bytebench::test
