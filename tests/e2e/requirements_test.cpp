// Declared requirements (bb_requirements, ABI 1.2) through the real CLI: a
// test this machine cannot run is skipped with the reason before any worker
// of it starts, `run --fail-on-skip` exits 3 once the result is written, and
// `list` marks the test and shows every test's parameters.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kNeedsPlugin = kTestPlugins + "/needs";
const std::string kCpuReason = "needs CPU feature zz_no_such_feature (not in /proc/cpuinfo flags)";
const std::vector<std::string> kShortestPass = {"-i", "1",  "--duration", "0.01", "--settle",
                                                "0",  "-c", "1",          "-q"};

// `run` of `tests` from the needs plugin (and `more_plugins`), results in
// `out`, the ids of the workloads whose create() ran in `out`/marker.
CliResult run_needs(const std::string &out, const std::vector<std::string> &tests,
                    const std::vector<std::string> &extra = {},
                    const std::vector<std::string> &more_plugins = {}) {
    std::vector<std::string> args = {"--plugin-path", kNeedsPlugin};
    for (const std::string &dir : more_plugins) args.insert(args.end(), {"--plugin-path", dir});
    args.insert(args.end(), {"run", "-o", out + "/results", "--format", "json"});
    args.insert(args.end(), tests.begin(), tests.end());
    args.insert(args.end(), kShortestPass.begin(), kShortestPass.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args, {{"BYTEBENCH_TEST_NEEDS_MARKER", out + "/marker"}});
}

std::string started_workers(const std::string &out) {
    return fs::exists(out + "/marker") ? read_file(out + "/marker") : "";
}

TEST(Requirements, AnUnmetRequirementSkipsTheTestBeforeAnyWorkerStarts) {
    const std::string out = fresh_dir("needs-skip");
    const CliResult r = run_needs(out, {"test.needs_cpu", "test.needs_sh"});
    ASSERT_EQ(r.exit_code, 0) << r.err;  // a skip is no failure without --fail-on-skip
    const nlohmann::json doc = only_result(out + "/results");
    const nlohmann::json *cpu = find_test(doc["runs"][0], "test.needs_cpu");
    const nlohmann::json *sh = find_test(doc["runs"][0], "test.needs_sh");
    ASSERT_NE(cpu, nullptr);
    ASSERT_NE(sh, nullptr);
    EXPECT_EQ((*cpu)["status"], "skipped") << cpu->dump();
    EXPECT_EQ((*cpu)["error"], kCpuReason);
    EXPECT_EQ((*sh)["status"], "ok") << sh->dump();  // the run went on
    // Only test.needs_sh's worker ever ran its create().
    EXPECT_EQ(started_workers(out), "test.needs_sh\n");
    EXPECT_NE(r.err.find("test.needs_cpu: skipped: " + kCpuReason), std::string::npos) << r.err;
}

TEST(Requirements, EverythingMissingIsNamedInOneReason) {
    const std::string out = fresh_dir("needs-many");
    const CliResult r = run_needs(out, {"test.needs_many"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out + "/results");
    const nlohmann::json *t = find_test(doc["runs"][0], "test.needs_many");
    ASSERT_NE(t, nullptr);
    const std::string why = (*t)["error"];
    EXPECT_EQ(why.rfind("needs CPU features zz_no_such_feature, zz_other_feature (not in "
                        "/proc/cpuinfo flags); needs 1024 PiB free in the temp folder",
                        0),
              0u)
        << why;
    EXPECT_NE(why.find("; needs 1024 PiB of available memory (MemAvailable "), std::string::npos)
        << why;
    EXPECT_NE(why.find("; needs tool zz-no-such-tool on PATH"), std::string::npos) << why;
    EXPECT_EQ(why.find("needs tool sh"), std::string::npos) << why;  // sh is there
    EXPECT_EQ(std::count(why.begin(), why.end(), '\n'), 0) << why;
    EXPECT_EQ(started_workers(out), "");
}

TEST(Requirements, FailOnSkipExitsThreeOnceTheResultIsWritten) {
    const std::string out = fresh_dir("needs-fail-on-skip");
    const CliResult r = run_needs(out, {"test.needs_cpu", "test.needs_sh"}, {"--fail-on-skip"});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("bytebench: error: --fail-on-skip: skipped: test.needs_cpu [" +
                         kCpuReason + "]\n"),
              std::string::npos)
        << r.err;
    const nlohmann::json doc = only_result(out + "/results");  // nothing measured is lost
    EXPECT_EQ((*find_test(doc["runs"][0], "test.needs_sh"))["status"], "ok");
}

TEST(Requirements, FailOnSkipCountsASkipByTheWorkloadToo) {
    const std::string out = fresh_dir("needs-fail-on-skip-workload");
    const CliResult r = run_needs(out, {"test.skip", "test.needs_sh"}, {"--fail-on-skip"},
                                  {kTestPlugins + "/good"});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("--fail-on-skip: skipped: test.skip [needs a unicorn]"), std::string::npos)
        << r.err;
}

TEST(Requirements, FailOnSkipWithoutSkipsExitsZero) {
    const std::string out = fresh_dir("needs-fail-on-skip-none");
    const CliResult r = run_needs(out, {"test.needs_sh"}, {"--fail-on-skip"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("--fail-on-skip"), std::string::npos) << r.err;
}

// The line of `list`'s output that lists `id`, or "".
std::string list_line(const std::string &out, const std::string &id) {
    const size_t at = out.find("\n  " + id + " ");
    if (at == std::string::npos) return "";
    return out.substr(at + 1, out.find('\n', at + 1) - at - 1);
}

TEST(Requirements, ListMarksWhatCannotRunHere) {
    const CliResult r = run_cli({"--plugin-path", kNeedsPlugin, "list"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string cpu = list_line(r.out, "test.needs_cpu");
    EXPECT_NE(cpu.find("  (cannot run here)"), std::string::npos) << r.out;
    const std::string sh = list_line(r.out, "test.needs_sh");
    ASSERT_NE(sh, "") << r.out;
    EXPECT_EQ(sh.find("cannot run here"), std::string::npos) << sh;
    // Why, below the table (wrapped at 100 columns) and whole in the JSON form.
    EXPECT_NE(r.out.find("\nCannot run here:\n"), std::string::npos) << r.out;
    const CliResult j = run_cli({"--plugin-path", kNeedsPlugin, "list", "--format", "json"});
    ASSERT_EQ(j.exit_code, 0) << j.err;
    const nlohmann::json listed = nlohmann::json::parse(j.out);
    for (const auto &t : listed["tests"]) {
        if (t["id"] == "test.needs_cpu") {
            EXPECT_EQ(t["cannot_run_because"], kCpuReason);
        }
        if (t["id"] == "test.needs_sh") {
            EXPECT_EQ(t["runs_here"], true);
        }
    }
}

TEST(Requirements, ListShowsParametersAndListVerboseWhatTheyAllow) {
    const std::vector<std::string> args = {"--plugin-path", kTestPlugins + "/params", "list"};
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The row counts them (the values would not fit 100 columns); the JSON
    // form has the values.
    const std::string row = list_line(r.out, "test.params");
    EXPECT_NE(row.find(" 5  "), std::string::npos) << r.out;  // mode level ratio flag text
    EXPECT_NE(r.out.find("PARAMS"), std::string::npos) << r.out;
    std::vector<std::string> json = args;
    json.insert(json.end(), {"--format", "json"});
    const CliResult j = run_cli(json);
    ASSERT_EQ(j.exit_code, 0) << j.err;
    const nlohmann::json listed = nlohmann::json::parse(j.out);
    bool found = false;
    for (const auto &t : listed["tests"]) {
        if (t["id"] != "test.params") continue;
        found = true;
        EXPECT_EQ(t["params"], nlohmann::json({{"mode", "fast"},
                                               {"level", "3"},
                                               {"ratio", "0.5"},
                                               {"flag", "false"},
                                               {"text", ""}}));
    }
    EXPECT_TRUE(found) << j.out;
    EXPECT_EQ(r.out.find("one of fast, slow"), std::string::npos) << r.out;  // one line a test

    std::vector<std::string> verbose = args;
    verbose.push_back("-v");
    const CliResult v = run_cli(verbose);
    ASSERT_EQ(v.exit_code, 0) << v.err;
    EXPECT_NE(v.out.find("      mode   string  default fast     one of fast, slow\n"),
              std::string::npos)
        << v.out;
    EXPECT_NE(v.out.find("      level  int     default 3        from 1 to 9\n"), std::string::npos)
        << v.out;
}

TEST(Requirements, PluginsShowsParametersWithWhatTheyAllow) {
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/params", "plugins"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("    parameters of test.params:\n"
                         "      mode   string  default fast     one of fast, slow\n"
                         "             how\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("      ratio  float   default 0.5      from 0 to 1\n"), std::string::npos)
        << r.out;
}

}  // namespace
}  // namespace bytebench::test
