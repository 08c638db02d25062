// How the CLI supervises a run beyond what one pass returns: a process the
// workload started outside its group, a CLI that is itself stopped while a
// pass runs, and the terminal hanging up.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

// The CLI with the test plugins, its results in `out` and a history of its
// own, as a process the test can signal.
Command cli_command(const std::string &out, const std::vector<std::string> &args) {
    Command c(BYTEBENCH_CLI, {"--plugin-path", kTestPlugins + "/good", "--plugin-path",
                              kTestPlugins + "/escape", "--db", out + "/history.db"});
    c.argv.insert(c.argv.end(), args.begin(), args.end());
    c.argv.insert(c.argv.end(), {"-o", out});
    return c;
}

bool alive(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

TEST(Supervision, AProcessThatLeftItsGroupIsKilledWhenThePassEnds) {
    const std::string out = fresh_dir("supervision-escape");
    const std::string pidfile = out + "/escaped.pid";
    std::ofstream(out + "/suite.toml") << "name = \"escape\"\n[test.escape]\nworkload = "
                                          "\"test.escape\"\nduration = 0.2\nparams = { pidfile = \""
                                       << pidfile << "\" }\n";
    const ProcessResult r =
        run_process(cli_command(out, {"--suite", out + "/suite.toml", "run", "escape", "-i", "1",
                                      "--settle", "0", "-c", "1", "-q"}));
    EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    std::ifstream in(pidfile);
    pid_t escaped = 0;
    ASSERT_TRUE(in >> escaped) << "the workload did not say what it started";
    const bool gone = wait_until([&] { return !alive(escaped); }, 5);
    if (!gone) ::kill(escaped, SIGKILL);  // do not leave it to the next test
    EXPECT_TRUE(gone) << "pid " << escaped << " (setsid) outlived the run";
    EXPECT_NE(r.err.find("escape: killed 1 process the workload left outside its process group"),
              std::string::npos)
        << r.err;
}

// A pass of 0.5 s may run 10.75 s (duration + grace); the CLI is stopped for
// 12 s right after the copy started, and the copy finishes meanwhile. When
// the CLI goes on, the copy's result is waiting in its pipe: the test is ok,
// not a timeout.
TEST(Supervision, ACliStoppedDuringAPassBlamesNoCopyThatFinished) {
    const std::string out = fresh_dir("supervision-stopped");
    Process cli(cli_command(out, {"run", "test.count", "--duration", "0.5", "-i", "1", "--settle",
                                  "0", "-c", "1", "-q", "--format", "json"}));
    ASSERT_TRUE(wait_until([&] { return !workers_of(cli.pid()).empty(); }, 30)) << cli.err();
    ::usleep(100 * 1000);  // the barrier opens at once: test.count has no set-up
    ASSERT_TRUE(cli.signal(SIGSTOP));
    ::sleep(12);
    ASSERT_TRUE(cli.signal(SIGCONT));
    ASSERT_TRUE(cli.wait_for(60));
    const ProcessResult &r = cli.result();
    EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *test = find_test(doc["runs"][0], "test.count");
    ASSERT_NE(test, nullptr);
    EXPECT_EQ((*test)["status"], "ok") << test->dump();
}

// SIGHUP (an ssh session closed) stops the run as SIGTERM does: the result
// is written as incomplete and recorded in the history, and the CLI exits
// 128 + 1 by itself rather than dying of the signal.
TEST(Supervision, AHangUpStopsTheRunCleanly) {
    const std::string out = fresh_dir("supervision-hangup");
    Process cli(cli_command(
        out, {"run", "test.count", "--duration", "30", "-i", "1", "--settle", "0", "-c", "1"}));
    ASSERT_TRUE(wait_until([&] { return !workers_of(cli.pid()).empty(); }, 30)) << cli.err();
    ASSERT_TRUE(cli.signal(SIGHUP));
    ASSERT_TRUE(cli.wait_for(30));
    const ProcessResult &r = cli.result();
    EXPECT_TRUE(r.exited()) << r.describe();
    EXPECT_EQ(r.exit_code, 128 + SIGHUP) << r.describe();
    EXPECT_EQ(only_result(out)["status"], "incomplete");
    const CliResult history = run_cli({"--db", out + "/history.db", "history"});
    EXPECT_NE(history.out.find("incomplete"), std::string::npos) << history.out << history.err;
}

// The workloads run under UnixBench's LANG whatever the user's locale
// variables say, and the result says what that locale is here.
TEST(Supervision, WorkloadsRunUnderTheBenchmarkLocale) {
    const std::string out = fresh_dir("supervision-locale");
    Command c =
        cli_command(out, {"--plugin-path", kTestPlugins + "/environment", "run", "test.environment",
                          "--duration", "0.1", "-i", "1", "--settle", "0", "-c", "1", "-q"});
    c.env = {{"LC_ALL", "C.UTF-8"}, {"LC_CTYPE", "POSIX"}, {"LANGUAGE", "fr"}, {"LANG", "C"}};
    const ProcessResult r = run_process(c);
    ASSERT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *test = find_test(doc["runs"][0], "test.environment");
    ASSERT_NE(test, nullptr);
    const nlohmann::json &details = (*test)["details"];
    EXPECT_EQ(details["lang"], "en_US.utf8") << details.dump();
    EXPECT_EQ(details["lc_all"], "") << details.dump();
    EXPECT_EQ(details["lc_ctype"], "") << details.dump();
    EXPECT_EQ(details["language"], "") << details.dump();
    // Standard input, output and error, and nothing else of the CLI's (its
    // .log was inherited): a program the workload starts gets these.
    EXPECT_EQ(details["descriptors"], "0 1 2") << details.dump();
    const nlohmann::json &language = doc["system"]["language"];
    EXPECT_EQ(language["lang"], "en_US.utf8");
    EXPECT_TRUE(language["resolved"].is_string()) << language.dump();
}

}  // namespace
}  // namespace bytebench::test
