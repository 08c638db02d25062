// Starts a program for a test (the bytebench CLI, its worker, a shell script)
// the one way all tests do: argv as it is, no shell, no quoting; standard
// input from /dev/null; standard output and error captured; in a process
// group of its own, so that a timeout can kill it whole.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bytebench::test {

// The user the program runs as (the child needs root to become it).
struct RunAs {
    uid_t uid = 0;
    gid_t gid = 0;
};

// What to start, and how.
struct Command {
    explicit Command(std::vector<std::string> argv_) : argv(std::move(argv_)) {}
    // `program`, then `args`.
    Command(const std::string &program, const std::vector<std::string> &args) : argv{program} {
        argv.insert(argv.end(), args.begin(), args.end());
    }

    // The program's path (no PATH search: see find_program()), then its
    // arguments.
    std::vector<std::string> argv;
    // Set in its environment, over the test's own.
    std::map<std::string, std::string> env;
    // Its working folder; "" for the test's.
    std::string cwd;
    // Standard error goes where standard output goes, as `2>&1` (then
    // ProcessResult::err stays "").
    bool err_to_out = false;
    // run_process(): after this many seconds its process group is sent
    // SIGKILL and the result says timed_out. 0: no limit.
    double timeout_s = 0;
    // Set in the child before exec, in this order: RLIMIT_NPROC to `nproc`
    // (soft, hard), then the user (no supplementary groups, `user.gid`,
    // `user.uid`).
    std::optional<rlimit> nproc;
    std::optional<RunAs> user;
};

// How it ended.
struct ProcessResult {
    // Set when the program never ran: the step in the child that failed
    // ("setpgid", "dup2", "chdir", "setrlimit", "setgroups", "setgid",
    // "setuid" or "execve") and its errno.
    std::string failed_step;
    int failed_errno = 0;
    // Its exit status; when a signal ended it, 128 + that signal, as a
    // shell's $?. -1 when it never ran.
    int exit_code = -1;
    // The signal that ended it; 0 when it exited.
    int signal = 0;
    // Killed at Command::timeout_s.
    bool timed_out = false;
    // What it (and whatever inherited its standard output and error) had
    // written when it ended.
    std::string out, err;
    // The largest resident set of it and of its waited-for descendants
    // (wait4's ru_maxrss), in KiB.
    long max_rss_kib = 0;

    bool started() const { return failed_step.empty(); }
    bool exited() const { return started() && signal == 0; }
    // "exit 3", "killed by signal 9 (Killed)", "timed out and killed
    // (signal 9)", "never ran: setuid: Operation not permitted".
    std::string describe() const;
};

// A started program, for the tests that act on it while it runs: signal it,
// watch it, then wait for it with a deadline.
class Process {
  public:
    // Starts `command` (its timeout_s is not used: wait_for() takes the
    // deadline). A program that cannot be started has ended at once:
    // result().started() is false.
    explicit Process(const Command &command);
    // Still running: its process group is sent SIGKILL, and it is reaped.
    ~Process();
    Process(Process &&other) noexcept;
    Process &operator=(Process &&other) noexcept;
    Process(const Process &) = delete;
    Process &operator=(const Process &) = delete;

    // Its process id, which is also its process group's id.
    pid_t pid() const { return pid_; }
    // kill(pid, sig), or to its whole process group; true when sent.
    bool signal(int sig) const;
    bool signal_group(int sig) const;

    // Waits up to `seconds` (0: only looks) for it to end; true when it has.
    bool wait_for(double seconds);
    // Waits until it ends.
    const ProcessResult &wait();
    // How it ended (after wait_for() said so, or wait()).
    const ProcessResult &result() const { return result_; }

    // What it and its descendants wrote so far, read now: unlike result(),
    // this shows what they write after it ended.
    std::string out() const;
    std::string err() const;

  private:
    void reap();
    void close_all();

    pid_t pid_ = -1;
    int pidfd_ = -1;
    int out_fd_ = -1, err_fd_ = -1;  // memfds holding what it writes
    bool ended_ = false;
    ProcessResult result_;
};

// Starts `command` and waits for it to end, or kills its process group after
// command.timeout_s.
ProcessResult run_process(const Command &command);

// The path of the executable `name` in $PATH, as `command -v` finds it, or "".
std::string find_program(const std::string &name);

// Asks `done` every 10 ms until it answers true (true) or `seconds` have
// passed (false, after a last ask).
bool wait_until(const std::function<bool()> &done, double seconds);

// The `bytebench-worker <mode>` processes whose parent is `cli` now (from
// /proc): "run" (a pass's copies), "report" (a reporter)...
std::vector<pid_t> workers_of(pid_t cli, const std::string &mode = "run");

}  // namespace bytebench::test
