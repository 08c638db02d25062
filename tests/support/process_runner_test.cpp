// The launcher itself: what each option does, how a process that was
// signalled, timed out or never ran is reported. Stopped processes (SIGSTOP)
// stand in for ones that run too long.
#include "process_runner.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <regex>
#include <string>

namespace bytebench::test {
namespace {

Command sh(const std::string &script) { return Command({"/bin/sh", "-c", script}); }

TEST(ProcessRunner, CapturesOutputExitCodeEnvironmentAndFolder) {
    Command c = sh("echo out; echo err >&2; echo \"$BB_RUNNER_X\"; pwd; cat; exit 3");
    c.env["BB_RUNNER_X"] = "y z";
    c.cwd = "/";
    const ProcessResult r = run_process(c);
    ASSERT_TRUE(r.exited()) << r.describe();
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "out\ny z\n/\n");  // cat: standard input is /dev/null
    EXPECT_EQ(r.err, "err\n");
    EXPECT_EQ(r.describe(), "exit 3");
}

TEST(ProcessRunner, ArgumentsNeedNoQuoting) {
    const ProcessResult r =
        run_process(Command("/bin/sh", {"-c", "printf '%s|' \"$@\"", "sh", "a b", "'", "$HOME"}));
    EXPECT_EQ(r.out, "a b|'|$HOME|");
}

TEST(ProcessRunner, ErrorsCanGoWithTheOutput) {
    Command c = sh("echo one; echo two >&2; echo three");
    c.err_to_out = true;
    const ProcessResult r = run_process(c);
    EXPECT_EQ(r.out, "one\ntwo\nthree\n");
    EXPECT_EQ(r.err, "");
}

TEST(ProcessRunner, ASignalIsReportedAsSuch) {
    const ProcessResult r = run_process(sh("kill -TERM $$"));
    EXPECT_FALSE(r.exited());
    EXPECT_EQ(r.signal, SIGTERM);
    EXPECT_EQ(r.exit_code, 128 + SIGTERM);
    EXPECT_FALSE(r.timed_out);
}

TEST(ProcessRunner, ATimeoutKillsTheProcessGroup) {
    Command c = sh("kill -STOP $$");
    c.timeout_s = 0.2;
    const ProcessResult r = run_process(c);
    EXPECT_TRUE(r.timed_out);
    EXPECT_EQ(r.signal, SIGKILL);
    EXPECT_EQ(r.describe(), "timed out and killed (signal 9)");
}

TEST(ProcessRunner, AProgramThatCannotStartSaysWhy) {
    const ProcessResult missing = run_process(Command({"/nonexistent/bytebench"}));
    EXPECT_FALSE(missing.started());
    EXPECT_EQ(missing.failed_step, "execve");
    EXPECT_EQ(missing.failed_errno, ENOENT);
    EXPECT_EQ(missing.exit_code, -1);
    Command c = sh("true");
    c.cwd = "/nonexistent";
    const ProcessResult r = run_process(c);
    EXPECT_EQ(r.failed_step, "chdir");
    EXPECT_EQ(r.describe(), "never ran: chdir: No such file or directory");
}

TEST(ProcessRunner, AStartedProcessCanBeWatchedAndSignalled) {
    Process p(sh("kill -STOP $$; echo after"));
    ASSERT_TRUE(p.result().started());
    EXPECT_EQ(getpgid(p.pid()), p.pid());
    EXPECT_FALSE(p.wait_for(0));
    ASSERT_TRUE(p.signal_group(SIGKILL));
    ASSERT_TRUE(p.wait_for(10));
    EXPECT_EQ(p.result().signal, SIGKILL);
    EXPECT_EQ(p.result().out, "");
    EXPECT_FALSE(p.signal(SIGTERM)) << "it has ended";
}

TEST(ProcessRunner, ProcessLimitAndUserAreSetBeforeExec) {
    Command c = sh("grep 'Max processes' /proc/self/limits; id -u");
    c.nproc = rlimit{4000, 4000};
    if (geteuid() == 0) c.user = RunAs{65534, 65534};
    const ProcessResult r = run_process(c);
    ASSERT_TRUE(r.exited()) << r.describe() << r.err;
    EXPECT_TRUE(std::regex_search(r.out, std::regex("Max processes +4000 +4000 "))) << r.out;
    EXPECT_NE(r.out.find(geteuid() == 0 ? "\n65534\n" : "\n" + std::to_string(geteuid()) + "\n"),
              std::string::npos)
        << r.out;
}

TEST(ProcessRunner, FindsProgramsInPath) {
    EXPECT_EQ(find_program("sh").empty(), false);
    EXPECT_EQ(find_program("/bin/sh"), "/bin/sh");
    EXPECT_EQ(find_program("bytebench-no-such-program"), "");
}

}  // namespace
}  // namespace bytebench::test
