// Vendor plugins beside the first-party ones: an id conflict refuses one
// plugin with one warning and fails only the commands that need it; ids and
// keys that break plugin.h's rules are refused quoting the rule; `plugins`
// warns about extra exported symbols, summarises non-plugin files and exits
// non-zero when a plugin did not load.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kDupSyscall = kTestPlugins + "/dup-syscall/dup_syscall.so";

int lines(const std::string &text) { return int(std::count(text.begin(), text.end(), '\n')); }

CliResult with_dup_syscall(std::vector<std::string> args) {
    args.insert(args.begin(), {"--plugin-path", kTestPlugins + "/dup-syscall"});
    return run_cli(args);
}

TEST(PluginConflicts, ADuplicateOfAFirstPartyIdLeavesRunWorkingWithOneWarning) {
    const std::string out = fresh_dir("conflict-run");
    const CliResult r =
        with_dup_syscall({"run", "dhry2reg", "-i", "1", "--duration", "0.1", "--settle", "0", "-c",
                          "1", "-q", "--no-history", "-o", out});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("warning: plugin " + kDupSyscall +
                              " refused: duplicate workload id 'syscall': also provided by ",
                          0),
              0u)
        << r.err;
    EXPECT_NE(r.err.find("/system.so, a first-party plugin, which wins\n"), std::string::npos)
        << r.err;
}

TEST(PluginConflicts, TheRefusedPluginsOtherWorkloadFailsSayingWhy) {
    const CliResult r = with_dup_syscall({"run", "test.dup_other", "--no-history"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("bytebench: error: test 'test.dup_other' is not available: plugin " +
                         kDupSyscall + " was refused: duplicate workload id 'syscall'"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("unknown test"), std::string::npos) << r.err;
}

TEST(PluginConflicts, ListWorksAndPluginsExitsNonZero) {
    const CliResult list = with_dup_syscall({"list"});
    EXPECT_EQ(list.exit_code, 0) << list.err;
    EXPECT_EQ(lines(list.err), 1) << list.err;
    const CliResult plugins = with_dup_syscall({"plugins"});
    EXPECT_EQ(plugins.exit_code, 1) << plugins.err;
    EXPECT_NE(plugins.out.find(kDupSyscall + "\n    refused: duplicate workload id 'syscall'"),
              std::string::npos)
        << plugins.out;
}

TEST(PluginConflicts, AnIdThatBreaksTheRuleIsRefusedQuotingTheRule) {
    const std::vector<std::string> folder = {"--plugin-path", kTestPlugins + "/bad-id"};
    std::vector<std::string> list = folder;
    list.push_back("list");
    const CliResult r = run_cli(list);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "warning: plugin " + kTestPlugins +
                         "/bad-id/bad_id.so skipped: workload #0 id 'Acme.Vendor-Test' breaks the "
                         "rule [a-z0-9][a-z0-9._-]* of plugin.h\n");
    std::vector<std::string> plugins = folder;
    plugins.push_back("plugins");
    EXPECT_EQ(run_cli(plugins).exit_code, 1);
}

// A plugin refused for a rule of plugin.h (here a parameter key) gives the
// same message as a duplicate's, on run and describe, not "unknown test".
TEST(PluginConflicts, AWorkloadOfAPluginRefusedForARuleIsNotAvailableSayingWhy) {
    const std::string file = kTestPlugins + "/bad-key/bad_key.so";
    const std::string expected =
        "bytebench: error: test 'test.descriptor' is not available: plugin " + file +
        " was refused: workload 'test.descriptor' parameter #0 key 'Block-Size' breaks the rule "
        "[a-z0-9_]+ of plugin.h\n";
    for (const char *command : {"run", "describe"}) {
        const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/bad-key", command,
                                     "test.descriptor", "--no-history"});
        EXPECT_EQ(r.exit_code, 2) << command << ": " << r.err;
        EXPECT_NE(r.err.find(expected), std::string::npos) << command << ": " << r.err;
        EXPECT_EQ(r.err.find("unknown test"), std::string::npos) << command << ": " << r.err;
    }
    // An id that breaks the rule itself is named as the plugin gave it.
    const CliResult bad_id =
        run_cli({"--plugin-path", kTestPlugins + "/bad-id", "run", "Acme.Vendor-Test"});
    EXPECT_EQ(bad_id.exit_code, 2) << bad_id.err;
    EXPECT_NE(bad_id.err.find("test 'Acme.Vendor-Test' is not available: plugin " + kTestPlugins +
                              "/bad-id/bad_id.so was refused: workload #0 id 'Acme.Vendor-Test' "
                              "breaks the rule"),
              std::string::npos)
        << bad_id.err;
}

TEST(PluginConflicts, PluginsWarnsAboutExtraExportedSymbols) {
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/extra-export", "plugins"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // The warning follows the plugin's file and workloads (and their
    // parameters), before the next plugin.
    const size_t file = r.out.find("extra_export.so\n    workloads: test.descriptor\n");
    const size_t warning = r.out.find(
        "\n    warning: exports 1 symbol besides bytebench_plugin_entry "
        "(test_descriptor_helper)");
    EXPECT_NE(file, std::string::npos) << r.out;
    EXPECT_NE(warning, std::string::npos) << r.out;
    EXPECT_LT(file, warning) << r.out;
}

TEST(PluginConflicts, TheFirstPartyPluginsExportOnlyTheirEntry) {
    const CliResult r = run_cli({"plugins"});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("org.bytebench.system"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("warning"), std::string::npos) << r.out;
}

TEST(PluginConflicts, FilesThatAreNotPluginsAreSummarisedInOneLine) {
    const std::string dir = fresh_dir("not-plugins") + "/plugins";
    fs::create_directory(dir);
    chmod(dir.c_str(), 0755);
    std::ofstream(dir + "/README.txt") << "not a plugin\n";
    std::ofstream(dir + "/notes.md") << "nor this\n";
    fs::copy_file(kTestPlugins + "/no-entry/no_entry.so", dir + "/no_entry.so");
    for (const char *name : {"/README.txt", "/notes.md", "/no_entry.so"})
        chmod((dir + name).c_str(), 0644);
    const CliResult plugins = run_cli({"--plugin-path", dir, "plugins"});
    EXPECT_EQ(plugins.exit_code, 0) << plugins.err;
    EXPECT_NE(plugins.out.find("Not loaded:\n  3 files in " + dir +
                               " are not plugins: README.txt, no_entry.so, notes.md\n"),
              std::string::npos)
        << plugins.out;
    const CliResult list = run_cli({"--plugin-path", dir, "list"});
    EXPECT_EQ(list.exit_code, 0) << list.err;
    EXPECT_EQ(list.err, "");
}

}  // namespace
}  // namespace bytebench::test
