// Interrupting a run: whatever ends the CLI, no temporary file and no process
// of the run is left behind.
//   - one SIGINT: the workers are stopped, the result is written as
//     incomplete and the CLI exits 130;
//   - a second SIGINT more than a second after the first (a person): the CLI
//     dies at once, and the janitor kills what is left and removes the
//     temporary folder;
//   - two signals at once (`timeout -s INT` signals the CLI and then its
//     group): the same clean stop as one, with the text report and the
//     history entry;
//   - SIGKILL: the same, within a second or two.
// The run is mostly spawn at 2 copies: each worker has a helper (a grandchild
// of the CLI, without PR_SET_PDEATHSIG) forking children, so an orphan would
// show.
// Every process of the run carries an environment marker, which is how the
// test finds them all.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

constexpr const char *kMarkName = "BYTEBENCH_E2E_MARK";

// A /proc file with read(2): the process may end while it is read, which
// makes istreambuf_iterator throw.
std::string proc_file(const fs::path &dir, const char *name) {
    std::string text;
    const int fd = ::open((dir / name).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return text;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
    ::close(fd);
    return text;
}

// Live (not zombie) processes whose environment holds the marker, as
// "pid cmdline" lines.
std::vector<std::string> marked_processes(const std::string &mark) {
    const std::string entry = std::string(kMarkName) + "=" + mark;
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator("/proc", ec)) {
        const std::string pid = e.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        const std::string env = proc_file(e.path(), "environ");
        if (env.find(entry + '\0') == std::string::npos) continue;
        const std::string stat = proc_file(e.path(), "stat");
        const auto paren = stat.rfind(')');
        if (paren == std::string::npos || stat.compare(paren + 2, 1, "Z") == 0) continue;
        std::string cmd = proc_file(e.path(), "cmdline");
        for (char &c : cmd)
            if (c == '\0') c = ' ';
        found.push_back(pid + " " + cmd);
    }
    return found;
}

// Whether process `pid` ignores SIGTERM (its SigIgn mask in /proc).
bool ignores_sigterm(const std::string &pid) {
    const std::string status = proc_file(fs::path("/proc") / pid, "status");
    const auto at = status.find("SigIgn:");
    if (at == std::string::npos) return false;
    return (std::strtoull(status.c_str() + at + 7, nullptr, 16) >> (SIGTERM - 1)) & 1u;
}

std::string joined(const std::vector<std::string> &lines) {
    std::string out;
    for (const std::string &l : lines) out += l + "\n";
    return out;
}

bool any_contains(const std::vector<std::string> &lines, const std::string &text) {
    for (const std::string &l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

struct CliRun {
    std::string tmp, out, mark;
    std::optional<Process> cli;
};

// Starts `bytebench run <tests>` at 2 copies, for long enough to be
// interrupted.
CliRun start_run(const std::string &name, const std::vector<std::string> &tests) {
    CliRun r;
    r.tmp = fresh_dir(name + "-tmp");
    r.out = fresh_dir(name + "-out");
    r.mark = name + "-" + std::to_string(getpid());
    std::vector<std::string> args = {"run"};
    args.insert(args.end(), tests.begin(), tests.end());
    for (const char *a : {"-c", "2", "-i", "1", "--duration", "30", "--settle", "0", "--tmpdir",
                          r.tmp.c_str(), "-o", r.out.c_str(), "-q", "--no-history"})
        args.push_back(a);
    Command command(BYTEBENCH_CLI, args);
    command.env[kMarkName] = r.mark;
    r.cli.emplace(command);
    return r;
}

// What every scenario must leave: no process of the run, an empty --tmpdir,
// a whole result and no unfinished file beside it.
void expect_clean(const CliRun &r) {
    std::vector<std::string> left;
    const bool gone = wait_until(
        [&] {
            left = marked_processes(r.mark);
            return left.empty();
        },
        3);
    EXPECT_TRUE(gone) << "left running:\n" << joined(left);
    const bool empty = wait_until([&] { return fs::is_empty(r.tmp); }, 3);
    EXPECT_TRUE(empty) << "left in " << r.tmp;
    int results = 0;
    for (const auto &e : fs::directory_iterator(r.out)) {
        const std::string name = e.path().filename().string();
        EXPECT_EQ(name.find(".tmp-"), std::string::npos) << name;
        if (e.path().extension() != ".json") continue;
        ++results;
        const auto doc = nlohmann::json::parse(read_file(e.path().string()), nullptr, false);
        ASSERT_FALSE(doc.is_discarded()) << name;
        EXPECT_EQ(doc["status"], "incomplete");
    }
    EXPECT_EQ(results, 1);
}

// A CLI still running at the end of a test is killed (~Process).
class Interrupt : public ::testing::Test {
  protected:
    // Starts the run and waits until two processes whose command line holds
    // `running` are there (spawn's helpers: both copies are forking).
    // With `sigterm_ignored`, they must also have set SIGTERM to SIG_IGN.
    void start(const std::string &name, const std::vector<std::string> &tests = {"spawn"},
               const std::string &running = "spawn-helper", bool sigterm_ignored = false) {
        run_ = start_run(name, tests);
        std::vector<std::string> seen;
        const bool ran = wait_until(
            [&] {
                seen = marked_processes(run_.mark);
                int found = 0;
                for (const std::string &l : seen)
                    found += l.find(running) != std::string::npos &&
                             (!sigterm_ignored || ignores_sigterm(l.substr(0, l.find(' '))));
                return found >= 2;
            },
            20);
        ASSERT_TRUE(ran) << running << " never ran:\n" << joined(seen) << run_.cli->err();
        ASSERT_TRUE(any_contains(seen, "bytebench-worker janitor")) << joined(seen);
    }

    CliRun run_;
};

TEST_F(Interrupt, OneSigintStopsCleanlyWithAnIncompleteResult) {
    ASSERT_NO_FATAL_FAILURE(start("sigint-once"));
    ASSERT_TRUE(run_.cli->signal(SIGINT));
    ASSERT_TRUE(run_.cli->wait_for(20)) << "the CLI did not end";
    const ProcessResult &r = run_.cli->result();
    ASSERT_TRUE(r.exited()) << r.describe();
    EXPECT_EQ(r.exit_code, 130) << run_.cli->err();
    expect_clean(run_);
    // A clean stop needs no janitor.
    EXPECT_EQ(run_.cli->err().find("ended abruptly"), std::string::npos) << run_.cli->err();
}

// The workers ignore SIGTERM (test.hang), so after the first SIGINT the CLI
// waits 2 s before SIGKILL: the impatient user's second Ctrl-C comes then,
// more than a second after the first (a kill() sooner is the same request
// again: TwoSignalsAtOnceAreOneCleanStop).
TEST_F(Interrupt, TwoSigintsKillAtOnceAndTheJanitorCleansUp) {
    ASSERT_NO_FATAL_FAILURE(
        start("sigint-twice",
              {"--plugin-path", std::string(BYTEBENCH_TEST_PLUGIN_DIR) + "/hang", "test.hang"},
              "--workload test.hang", true));
    ASSERT_TRUE(run_.cli->signal(SIGINT));
    std::this_thread::sleep_for(std::chrono::milliseconds(1300));
    ASSERT_TRUE(run_.cli->signal(SIGINT));
    ASSERT_TRUE(run_.cli->wait_for(5)) << "the second SIGINT did not end the CLI";
    const ProcessResult &r = run_.cli->result();
    ASSERT_NE(r.signal, 0) << r.describe();
    EXPECT_EQ(r.signal, SIGINT);
    expect_clean(run_);
    const std::string err = run_.cli->err();
    EXPECT_NE(err.find("bytebench: the run ended abruptly"), std::string::npos) << err;
    EXPECT_NE(err.find("stopped 2 worker process groups"), std::string::npos) << err;
}

// A run with a history and its text report, for the stops that must keep
// both: of test.count (the good plugin), or of test.hang, whose copies
// ignore SIGTERM, so that a stop takes 2 s (the CLI waits that long before
// SIGKILL).
Command reported_run(const std::string &dir, double duration_s, bool hang = false) {
    const std::string plugin = hang ? "/hang" : "/good";
    return Command(BYTEBENCH_CLI,
                   {"--db", dir + "/history.db", "--plugin-path",
                    std::string(BYTEBENCH_TEST_PLUGIN_DIR) + plugin, "run",
                    hang ? "test.hang" : "test.count", "-c", "1", "-i", "3", "--duration",
                    std::to_string(duration_s), "--settle", "0", "--tmpdir",
                    fresh_dir(fs::path(dir).filename().string() + "-tmp"), "-o", dir + "/results"});
}

// What a clean stop leaves: exit 130, an incomplete result, the text report
// on standard output and the run in the history.
void expect_clean_stop(const ProcessResult &r, const std::string &dir, const std::string &out) {
    EXPECT_EQ(r.exit_code, 130) << r.describe() << "\n" << r.err;
    EXPECT_NE(out.find("BYTE UNIX Benchmarks"), std::string::npos) << out;
    EXPECT_NE(r.err.find("interrupted: the result is marked incomplete"), std::string::npos)
        << r.err;
    const CliResult history = run_cli({"--db", dir + "/history.db", "history"});
    EXPECT_NE(history.out.find("[incomplete]"), std::string::npos) << history.out << history.err;
}

// Two kill()s 50 ms apart (the second after the first was handled, while
// the stop waits for copies that ignore SIGTERM): before, the second ended
// the CLI at once, without its report and history entry.
TEST(InterruptTwice, TwoSignalsAtOnceAreOneCleanStop) {
    const std::string dir = fresh_dir("interrupt-twice-at-once");
    Process run(reported_run(dir, 10, /*hang=*/true));
    ASSERT_TRUE(wait_until([&] { return !workers_of(run.pid()).empty(); }, 20));  // in a pass
    ASSERT_TRUE(run.signal(SIGINT));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_TRUE(run.signal_group(SIGINT));
    ASSERT_TRUE(run.wait_for(30)) << "the CLI did not end";
    expect_clean_stop(run.result(), dir, run.out());
}

// The case itself: timeout(1) signals its child, then its own
// process group (which the CLI is in).
TEST(InterruptTwice, TimeoutSigintStopsCleanly) {
    const std::string timeout = find_program("timeout");
    if (timeout.empty()) GTEST_SKIP() << "no timeout(1) (coreutils)";
    const std::string dir = fresh_dir("interrupt-timeout");
    Command command = reported_run(dir, 2);
    command.argv.insert(command.argv.begin(), {timeout, "--preserve-status", "-s", "INT", "3"});
    command.timeout_s = 60;
    const ProcessResult r = run_process(command);
    expect_clean_stop(r, dir, r.out);
}

// Two Ctrl-Cs at a terminal, 100 ms apart: the tty driver sends them (not a
// kill()), so a person is impatient and the second ends the CLI at once.
// The workers ignore SIGTERM (test.hang): the clean stop would take 2 s.
TEST(InterruptTwice, TwoCtrlCsAtATerminalEndAtOnce) {
    const std::string python = find_program("python3");
    if (python.empty()) GTEST_SKIP() << "python3 (its pty module is the terminal) is missing";
    const std::string dir = fresh_dir("interrupt-ctrl-c");
    // Prints how the CLI ended: "signal N" or "exit N".
    const std::string script =
        "import os, pty, sys, time\n"
        "pid, fd = pty.fork()\n"
        "if pid == 0:\n"
        "    os.execv(sys.argv[1], sys.argv[1:])\n"
        "seen = []\n"
        "def drain():\n"
        "    while True:\n"
        "        try:\n"
        "            seen.append(os.read(fd, 65536))\n"
        "        except OSError:\n"
        "            return\n"
        "import threading\n"
        "threading.Thread(target=drain, daemon=True).start()\n"
        "end = time.time() + 30\n"  // the progress line: the pass runs
        "while b'test.hang' not in b''.join(seen) and time.time() < end:\n"
        "    time.sleep(0.05)\n"
        "time.sleep(0.5)\n"
        "os.write(fd, b'\\x03')\n"
        "time.sleep(0.1)\n"
        "os.write(fd, b'\\x03')\n"
        "status = os.waitpid(pid, 0)[1]\n"
        "print('signal %d' % os.WTERMSIG(status) if os.WIFSIGNALED(status) else\n"
        "      'exit %d' % os.WEXITSTATUS(status))\n";
    Command command(python, {"-c",
                             script,
                             BYTEBENCH_CLI,
                             "--no-history",
                             "--plugin-path",
                             std::string(BYTEBENCH_TEST_PLUGIN_DIR) + "/hang",
                             "run",
                             "test.hang",
                             "-c",
                             "1",
                             "-i",
                             "1",
                             "--duration",
                             "30",
                             "--settle",
                             "0",
                             "-o",
                             dir + "/results",
                             "--tmpdir",
                             dir});
    command.timeout_s = 60;
    const ProcessResult r = run_process(command);
    EXPECT_EQ(r.out, "signal 2\n") << r.describe() << "\n" << r.err;
}

TEST_F(Interrupt, SigkillLeavesNothingBehind) {
    ASSERT_NO_FATAL_FAILURE(start("sigkill"));
    ASSERT_TRUE(run_.cli->signal(SIGKILL));
    ASSERT_TRUE(run_.cli->wait_for(5));
    const auto killed = std::chrono::steady_clock::now();
    expect_clean(run_);
    const double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - killed).count();
    EXPECT_LT(took, 2.5);
    const std::string err = run_.cli->err();
    EXPECT_NE(err.find("bytebench: the run ended abruptly"), std::string::npos) << err;
    EXPECT_NE(err.find("stopped 2 worker process groups"), std::string::npos) << err;
}

}  // namespace
}  // namespace bytebench::test
