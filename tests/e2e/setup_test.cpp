// Per-test set-up and tear-down (ABI 1.2) through the real CLI: setup() once
// before a test's passes, every pass seeing what it left in the test's
// folder, teardown() once after them (also after a failed set-up and an
// interrupted run), the folder gone afterwards. The test plugin setup.so
// (tests/plugins/setup.cpp) notes each call in a marker file outside the
// folder. Short passes and tiny limits: the whole file takes seconds.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <string>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kSetupPlugin = kTestPlugins + "/setup";

struct SetupRun {
    std::string tmp, out, marker;
};

SetupRun fresh_setup_run(const std::string &name) {
    SetupRun r{fresh_dir(name + "-tmp"), fresh_dir(name + "-out"), ""};
    r.marker = fresh_dir(name + "-marker") + "/marker";
    return r;
}

std::vector<std::string> run_args(const SetupRun &r, const std::vector<std::string> &tests,
                                  const std::string &duration = "0.05") {
    std::vector<std::string> args = {"--plugin-path", kSetupPlugin, "run"};
    args.insert(args.end(), tests.begin(), tests.end());
    for (const std::string &a :
         {std::string("--param"), "marker=" + r.marker, std::string("-i"), std::string("2"),
          std::string("--duration"), duration, std::string("--settle"), std::string("0"),
          std::string("-c"), std::string("1"), std::string("--tmpdir"), r.tmp, std::string("-o"),
          r.out, std::string("--no-history")})
        args.push_back(a);
    return args;
}

// A copy: the document is often a temporary.
nlohmann::json only_test(const nlohmann::json &doc) { return doc["runs"][0]["tests"][0]; }

TEST(Setup, OnceBeforeEveryPassAndTeardownOnceAfter) {
    const SetupRun r = fresh_setup_run("setup-normal");
    const CliResult cli = run_cli(run_args(r, {"test.setup"}));
    ASSERT_EQ(cli.exit_code, 0) << cli.err;
    const nlohmann::json doc = only_result(r.out);
    const nlohmann::json &t = only_test(doc);
    EXPECT_EQ(t["status"], "ok");
    EXPECT_EQ(t["details"]["saw_data"], "yes") << t.dump();  // every pass agreed
    EXPECT_EQ(t["details"]["test_dir_mode"], "0700");
    const std::string test_dir = t["details"]["test_dir"];
    EXPECT_EQ(read_file(r.marker), "setup " + test_dir + "\npass\npass\nteardown data\n");
    EXPECT_FALSE(fs::exists(test_dir));
    EXPECT_TRUE(fs::is_empty(r.tmp));
    // The set-up's progress on the status line, and its log line.
    EXPECT_NE(cli.err.find("test.setup (1 copy): set-up 50%"), std::string::npos) << cli.err;
    EXPECT_NE(cli.err.find("test.setup (set-up): data set ready for 2 passes"), std::string::npos)
        << cli.err;
}

TEST(Setup, FailedSetupRunsNoPassButTheTeardown) {
    const SetupRun r = fresh_setup_run("setup-error");
    std::vector<std::string> args = run_args(r, {"test.setup"});
    args.insert(args.end(), {"--param", "mode=error"});
    const CliResult cli = run_cli(args);
    EXPECT_NE(cli.exit_code, 0) << cli.err;
    const nlohmann::json t = only_test(only_result(r.out));
    EXPECT_EQ(t["status"], "error");
    EXPECT_EQ(t["error"], "set-up failed: no device to precondition");
    EXPECT_EQ(read_file(r.marker), "teardown no-data\n");
    EXPECT_TRUE(fs::is_empty(r.tmp));
}

TEST(Setup, SkippedSetupSkipsTheTest) {
    const SetupRun r = fresh_setup_run("setup-skip");
    std::vector<std::string> args = run_args(r, {"test.setup"});
    args.insert(args.end(), {"--param", "mode=skip"});
    const CliResult cli = run_cli(args);
    const nlohmann::json t = only_test(only_result(r.out));
    EXPECT_EQ(t["status"], "skipped") << cli.err;
    EXPECT_EQ(t["error"], "needs a device");
    EXPECT_EQ(read_file(r.marker), "teardown no-data\n");
}

TEST(Setup, SetupPastItsLimitIsKilledAndAnError) {
    const SetupRun r = fresh_setup_run("setup-hang");
    const CliResult cli = run_cli(run_args(r, {"test.setup_hang"}));
    const nlohmann::json t = only_test(only_result(r.out));
    EXPECT_EQ(t["status"], "error") << cli.err;
    EXPECT_EQ(t["error"], "set-up did not finish within 500 ms");
    EXPECT_EQ(read_file(r.marker), "teardown no-data\n");
    EXPECT_TRUE(fs::is_empty(r.tmp));
}

TEST(Setup, SigintDuringAPassStillTearsDown) {
    const SetupRun r = fresh_setup_run("setup-sigint");
    Process cli(Command(BYTEBENCH_CLI, run_args(r, {"test.setup"}, "30")));
    const bool passing = wait_until(
        [&] {
            return fs::exists(r.marker) && read_file(r.marker).find("pass") != std::string::npos;
        },
        10);
    ASSERT_TRUE(passing) << cli.err();
    ASSERT_TRUE(cli.signal(SIGINT));
    ASSERT_TRUE(cli.wait_for(10)) << "the CLI did not end";
    EXPECT_EQ(cli.result().exit_code, 130) << cli.err();
    const std::string marker = read_file(r.marker);
    EXPECT_NE(marker.find("\npass\nteardown data\n"), std::string::npos) << marker;
    EXPECT_TRUE(fs::is_empty(r.tmp));
    EXPECT_EQ(only_test(only_result(r.out))["error"], "interrupted");
}

}  // namespace
}  // namespace bytebench::test
