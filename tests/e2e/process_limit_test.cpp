// Process limits, for real: the CLI and the worker run as a user to whom
// RLIMIT_NPROC applies (a user id of no account when the tests run as root,
// who is exempt; else the user running them), with the limit set just above what that user
// already runs.
//   - the CLI skips a test whose processes do not fit, with one line naming
//     the limit and how to raise it, and runs the next one;
//   - it raises the soft limit when the hard one allows the pass;
//   - a fork that fails inside a workload (EAGAIN) is the test's error and
//     says that the process limit was reached: for each plugin's fork path,
//     run through bytebench-worker directly, and once through the CLI with
//     the limit lowered (prlimit) under a running helper.
// These tests count the user's processes, so they hold a ctest resource lock.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pwd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// Whom the limited processes run as.
struct Account {
    uid_t uid;
    gid_t gid;
    std::string name;
    bool switch_user;  // we are root and become this user
};

std::optional<Account> limited_account() {
    if (getuid() != 0) {
        const passwd *pw = getpwuid(getuid());
        return Account{getuid(), getgid(), pw != nullptr ? pw->pw_name : "", false};
    }
    // As root: a user id of no account, which no other test runs as (other
    // tests run as nobody at the same time, and their processes would count
    // against this user's limit, then end and leave room for a fork that
    // should have failed). Its group is nobody's.
    const passwd *nobody = getpwnam("nobody");
    if (nobody == nullptr) return std::nullopt;
    for (uid_t uid = 64000; uid < 65000; ++uid)
        if (getpwuid(uid) == nullptr)
            return Account{uid, nobody->pw_gid, "uid " + std::to_string(uid), true};
    return std::nullopt;
}

// Tasks (threads included) whose real uid is `uid`: what RLIMIT_NPROC counts.
uint64_t tasks_of(uid_t uid) {
    uint64_t n = 0;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator("/proc", ec)) {
        std::ifstream in(e.path() / "status");
        std::string line;
        long real = -1;
        uint64_t threads = 0;
        while (std::getline(in, line)) {
            if (line.rfind("Uid:", 0) == 0) real = std::strtol(line.c_str() + 4, nullptr, 10);
            if (line.rfind("Threads:", 0) == 0)
                threads = std::strtoull(line.c_str() + 8, nullptr, 10);
        }
        if (real >= 0 && uid_t(real) == uid) n += threads;
    }
    return n;
}

// A folder the account can write.
std::string account_dir(const Account &a, const std::string &name) {
    const std::string dir = fresh_dir(name);
    if (chown(dir.c_str(), a.uid, a.gid) != 0) return "";
    return dir;
}

// `argv` as the account with RLIMIT_NPROC soft/hard set, HOME and the XDG
// folders in `home`.
Command limited(const Account &a, rlim_t soft, rlim_t hard, const std::vector<std::string> &argv,
                const std::string &home) {
    Command command(argv);
    command.nproc = rlimit{soft, hard};
    if (a.switch_user) command.user = RunAs{a.uid, a.gid};
    for (const char *var : {"HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"})
        command.env[var] = home;
    return command;
}

// Whether it never ran because it could not be limited or become the account.
bool cannot_switch(const ProcessResult &r) { return !r.started() && r.failed_step != "execve"; }

// A /proc file with read(2): the process may end while it is read, which
// makes istreambuf_iterator throw.
std::string proc_text(const std::string &pid, const char *file) {
    std::string text;
    const int fd = ::open(("/proc/" + pid + "/" + file).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return text;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
    ::close(fd);
    return text;
}

// The spawn helper of `uid` (not one of its short-lived children: its parent
// is the worker), or -1.
pid_t running_spawn_helper(uid_t uid) {
    std::error_code ec;
    for (const auto &e : fs::directory_iterator("/proc", ec)) {
        const std::string pid = e.path().filename().string();
        if (proc_text(pid, "cmdline").find("spawn-helper") == std::string::npos) continue;
        std::istringstream status(proc_text(pid, "status"));
        long real = -1;
        std::string ppid;
        for (std::string line; std::getline(status, line);) {
            if (line.rfind("Uid:", 0) == 0) real = std::strtol(line.c_str() + 4, nullptr, 10);
            if (line.rfind("PPid:", 0) == 0) ppid = std::to_string(std::atol(line.c_str() + 5));
        }
        if (real >= 0 && uid_t(real) == uid &&
            proc_text(ppid, "cmdline").find("bytebench-worker") != std::string::npos)
            return pid_t(std::stol(pid));
    }
    return -1;
}

// prlimit(target, RLIMIT_NPROC, 1:1) from a process of the account: root
// may lack CAP_SYS_RESOURCE (containers), the owner never does.
bool lower_nproc_to_one(const Account &a, pid_t target) {
    Command command({find_program("prlimit"), "--pid", std::to_string(target), "--nproc=1:1"});
    if (a.switch_user) command.user = RunAs{a.uid, a.gid};
    return run_process(command).exit_code == 0;
}

class ProcessLimit : public ::testing::Test {
  protected:
    void SetUp() override {
        const auto account = limited_account();
        if (!account) GTEST_SKIP() << "no user id to run as";
        account_ = *account;
        home_ = account_dir(account_,
                            std::string("nproc-") +
                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        if (home_.empty()) GTEST_SKIP() << "cannot give a folder to " << account_.name;
        if (account_.switch_user) {
            // The account must be able to run the build tree's programs (a
            // checkout in a private folder is out of its reach).
            Command probe(BYTEBENCH_CLI, {"--version"});
            probe.user = RunAs{account_.uid, account_.gid};
            probe.timeout_s = 30;
            const ProcessResult r = run_process(probe);
            if (!r.started())
                GTEST_SKIP() << BYTEBENCH_CLI << " cannot be run as " << account_.name << ": "
                             << r.describe();
        }
    }

    // The worker alone: one copy of `workload`, its messages on stdout.
    nlohmann::json run_worker(const std::string &plugin, const std::string &workload,
                              uint64_t extra_tasks, const std::vector<std::string> &params = {}) {
        const std::string temp = home_ + "/copy";
        fs::create_directories(temp);
        EXPECT_EQ(chown(temp.c_str(), account_.uid, account_.gid), 0);
        std::vector<std::string> argv = {BYTEBENCH_WORKER, "run",    "--plugin",      plugin,
                                         "--workload",     workload, "--duration-ns", "300000000",
                                         "--temp-dir",     temp,     "--msg-fd",      "1"};
        for (const std::string &p : params) {
            argv.push_back("--param");
            argv.push_back(p);
        }
        const rlim_t limit = rlim_t(tasks_of(account_.uid) + extra_tasks);
        const ProcessResult r = run_process(limited(account_, limit, limit, argv, home_));
        if (cannot_switch(r)) return {{"skip", "cannot become " + account_.name}};
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);) {
            const auto m = nlohmann::json::parse(line, nullptr, false);
            if (!m.is_discarded() && (m["type"] == "result" || m["type"] == "fail")) return m;
        }
        return {{"type", "none"}, {"how", r.describe()}, {"out", r.out}, {"err", r.err}};
    }

    Account account_{};
    std::string home_;
};

const std::string kEagain =
    "fork: Resource temporarily unavailable (EAGAIN): the process limit was reached";

#define SKIP_IF_CANNOT_SWITCH(m) \
    if ((m).contains("skip")) GTEST_SKIP() << (m)["skip"]

TEST_F(ProcessLimit, SpawnsHelperCannotFork) {
    // The worker (with its stop-flag watcher thread, core/worker/stop_flag.h)
    // and the helper fit; the helper's first child does not.
    const nlohmann::json m = run_worker(BYTEBENCH_SYSTEM_PLUGIN, "spawn", 3);
    SKIP_IF_CANNOT_SWITCH(m);
    EXPECT_EQ(m["status"], "error") << m.dump();
    const std::string error = m.value("error", "");
    EXPECT_EQ(error.rfind("spawn: ", 0), 0u) << error;
    EXPECT_NE(error.find("/spawn-helper exited with status 1: error: " + kEagain),
              std::string::npos)
        << error;
}

TEST_F(ProcessLimit, EveryWorkloadForkSaysTheLimitWasReached) {
    const struct {
        const char *plugin, *workload, *param, *expected;
    } cases[] = {
        {BYTEBENCH_SYSTEM_PLUGIN, "spawn", nullptr, "spawn: "},
        {BYTEBENCH_SYSTEM_PLUGIN, "execl", nullptr, "execl: "},
        {BYTEBENCH_SYSTEM_PLUGIN, "context1", nullptr, "context1: "},
        {BYTEBENCH_SYSTEM_PLUGIN, "syscall", "mode=exec", "syscall exec: "},
        {BYTEBENCH_SHELL_PLUGIN, "shell", "concurrency=1", "cannot start the shell scripts: "},
        {BYTEBENCH_SHELL_PLUGIN, "dc", "shared_input=true", "cannot start dc: "},
    };
    for (const auto &c : cases) {
        // Only the worker itself fits.
        const nlohmann::json m = run_worker(
            c.plugin, c.workload, 1,
            c.param != nullptr ? std::vector<std::string>{c.param} : std::vector<std::string>{});
        SKIP_IF_CANNOT_SWITCH(m);
        if (m["status"] == "skipped") continue;  // dc not installed
        EXPECT_EQ(m["status"], "error") << c.workload << ": " << m.dump();
        EXPECT_EQ(m.value("error", "").rfind(c.expected, 0), 0u) << c.workload << ": " << m.dump();
        EXPECT_NE(m.value("error", "").find(kEagain), std::string::npos)
            << c.workload << ": " << m.dump();
    }
}

TEST_F(ProcessLimit, AShellThatCannotForkSaysSo) {
    // The worker and the driver's shell fit; the script instance does not.
    const nlohmann::json m = run_worker(BYTEBENCH_SHELL_PLUGIN, "shell", 2, {"concurrency=1"});
    SKIP_IF_CANNOT_SWITCH(m);
    if (m["status"] == "skipped") GTEST_SKIP() << m["error"];
    EXPECT_EQ(m["status"], "error") << m.dump();
    EXPECT_NE(m.value("error", "").find("(a fork failed: the process limit was reached)"),
              std::string::npos)
        << m.dump();
}

TEST_F(ProcessLimit, TheCliSkipsATestThatDoesNotFitAndGoesOn) {
    const std::string out = home_ + "/results", tmp = home_ + "/tmp";
    for (const std::string &d : {out, tmp}) {
        fs::create_directories(d);
        ASSERT_EQ(chown(d.c_str(), account_.uid, account_.gid), 0);
    }
    // Room for 16 more: the CLI and its janitor take 2; syscall at 4 copies
    // needs 4 × (1 + 1) + 2, spawn 4 × (3 + 1) + 2 (each worker also runs
    // its stop-flag watcher thread).
    const rlim_t limit = rlim_t(tasks_of(account_.uid) + 18);
    const ProcessResult r = run_process(
        limited(account_, limit, limit,
                {BYTEBENCH_CLI, "--no-history", "run", "spawn", "syscall", "-c", "4", "-i", "1",
                 "--duration", "0.2", "--settle", "0", "--tmpdir", tmp, "-o", out, "-q"},
                home_));
    if (cannot_switch(r)) GTEST_SKIP() << "cannot become " << account_.name;
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *spawn = find_test(doc["runs"][0], "spawn");
    ASSERT_NE(spawn, nullptr) << doc.dump(2);
    EXPECT_EQ((*spawn)["status"], "skipped");
    const std::string u = account_.name;
    EXPECT_TRUE(std::regex_match(
        (*spawn)["error"].get<std::string>(),
        std::regex("needs 18 processes \\(4 copies of up to 3 and a watcher thread, and 2 "
                   "spare\\) but user " +
                   u + " may start only [0-9]+ more: the hard RLIMIT_NPROC is " +
                   std::to_string(limit) + " \\(soft " + std::to_string(limit) +
                   "\\) and the user already runs [0-9]+ tasks; raise it to at least ([0-9]+) "
                   "with \"ulimit -u \\1\" \\(as root\\) or \"" +
                   u + " hard nproc \\1\" in /etc/security/limits.conf")))
        << (*spawn)["error"];
    const nlohmann::json *syscall = find_test(doc["runs"][0], "syscall");
    ASSERT_NE(syscall, nullptr);
    EXPECT_EQ((*syscall)["status"], "ok") << syscall->dump();
    // One warning line says it.
    EXPECT_NE(r.err.find("warning: spawn (4 copies): skipped: needs 18 processes"),
              std::string::npos)
        << r.err;
}

TEST_F(ProcessLimit, TheCliRaisesTheSoftLimitWhenTheHardOneAllows) {
    const std::string out = home_ + "/results";
    fs::create_directories(out);
    ASSERT_EQ(chown(out.c_str(), account_.uid, account_.gid), 0);
    const uint64_t now = tasks_of(account_.uid);
    const ProcessResult r =
        run_process(limited(account_, rlim_t(now + 4), rlim_t(now + 60),
                            {BYTEBENCH_CLI, "--no-history", "-v", "run", "spawn", "-c", "4", "-i",
                             "1", "--duration", "0.2", "--settle", "0", "-o", out},
                            home_));
    if (cannot_switch(r)) GTEST_SKIP() << "cannot become " << account_.name;
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(only_result(out)["runs"][0]["tests"][0]["status"], "ok");
    EXPECT_NE(r.err.find("raising the soft RLIMIT_NPROC from " + std::to_string(now + 4) + " to " +
                         std::to_string(now + 60)),
              std::string::npos)
        << r.err;
}

// The helper's limit is lowered while it runs: its next fork fails with
// EAGAIN, which becomes spawn's error; the next test runs.
TEST_F(ProcessLimit, AForkFailingMidRunIsTheTestsErrorAndTheRunGoesOn) {
    const std::string out = home_ + "/results";
    fs::create_directories(out);
    ASSERT_EQ(chown(out.c_str(), account_.uid, account_.gid), 0);
    const rlim_t limit = rlim_t(tasks_of(account_.uid) + 100);
    bool lowered = false;
    Process cli(limited(account_, limit, limit,
                        {BYTEBENCH_CLI, "--no-history", "run", "spawn", "syscall", "-c", "1", "-i",
                         "1", "--duration", "2", "--settle", "0", "-o", out, "-q"},
                        home_));
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (cli.result().started() && !lowered && std::chrono::steady_clock::now() < end) {
        const pid_t helper = running_spawn_helper(account_.uid);
        lowered = helper > 0 && lower_nproc_to_one(account_, helper);
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const ProcessResult &r = cli.wait();
    if (cannot_switch(r)) GTEST_SKIP() << "cannot become " << account_.name;
    ASSERT_TRUE(lowered) << "never saw spawn-helper run; exit " << r.exit_code << "; " << r.err
                         << r.out;
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *spawn = find_test(doc["runs"][0], "spawn");
    ASSERT_NE(spawn, nullptr);
    EXPECT_EQ((*spawn)["status"], "error");
    EXPECT_NE((*spawn)["error"].get<std::string>().find(kEagain), std::string::npos)
        << (*spawn)["error"];
    EXPECT_EQ((*find_test(doc["runs"][0], "syscall"))["status"], "ok");
}

}  // namespace
}  // namespace bytebench::test
