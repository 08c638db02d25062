// A worker process seen from the CLI: spawned with fork+exec (the CLI never
// runs plugin code itself, and spdlog is not fork-safe without exec), in its
// own process group so that everything a workload starts can be killed
// together, and killed by the kernel if the CLI dies (PR_SET_PDEATHSIG).
//
// Its messages arrive on one pipe (fd 3 in the worker), its stdout and
// stderr on another; only the last few KiB of the latter are kept, so a
// workload that floods its output costs CPU but never memory.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

#include "protocol/worker_protocol.h"

namespace bytebench {

class WorkerProcess {
  public:
    // Fixed descriptor numbers inside the worker.
    static constexpr int kMessageFd = 3;
    static constexpr int kBarrierFd = 4;
    // `passed_fds` are at kFirstPassedFd, kFirstPassedFd + 1, ... (a report's
    // document: /dev/fd/5).
    static constexpr int kFirstPassedFd = 5;
    static constexpr int kMaxPassedFds = 4;

    // Starts `program args...`, adding --msg-fd (and --barrier-fd when
    // barrier_read_fd >= 0). The worker gets only its own descriptors: 0
    // (/dev/null), 1 and 2 (the output pipe), 3, 4 and the passed ones;
    // nothing else of the CLI's, so it starts under any RLIMIT_NOFILE the
    // CLI could open those under. Throws std::runtime_error when fork fails.
    WorkerProcess(const std::string &program, std::vector<std::string> args,
                  int barrier_read_fd = -1, const std::vector<int> &passed_fds = {});
    ~WorkerProcess();
    WorkerProcess(const WorkerProcess &) = delete;
    WorkerProcess &operator=(const WorkerProcess &) = delete;

    pid_t pid() const { return pid_; }
    int message_fd() const { return msg_fd_; }
    int output_fd() const { return out_fd_; }

    // Reads whatever is available without blocking; returns new messages.
    std::vector<WorkerMessage> read_messages();
    // Reads the worker's stdout and stderr likewise into the tail; returns
    // how many bytes it read, and appends all of them to `fresh` when given
    // (for -v, which shows every line).
    size_t read_output(std::string *fresh = nullptr);
    const std::string &output_tail() const { return output_tail_; }

    // Non-blocking waitpid; true once the process has been reaped.
    bool reap();
    bool exited() const { return reaped_; }
    int wait_status() const { return wait_status_; }

    // Signals the whole process group (the worker and what it started).
    void kill_group(int signal) const;

  private:
    pid_t pid_ = -1;
    int msg_fd_ = -1;
    int out_fd_ = -1;
    bool reaped_ = false;
    int wait_status_ = 0;
    MessageReader reader_;
    std::string output_tail_;
};

// Describes how a worker ended, e.g. "killed by signal 11 (Segmentation fault)".
std::string describe_wait_status(int wait_status);

// Runs a worker to completion (describe, report, a test's setup and
// teardown). Kills its process group after `timeout_s`. Returns its
// messages; `error` is set when it failed, with the reason (its own "fail"
// message, a signal, a timeout).
struct WorkerOutcome {
    std::vector<WorkerMessage> messages;
    std::string error;
    // The worker's own verdict: it exited (not killed, not timed out), so
    // `error`, if any, is what the worker said. Such answers may be cached.
    bool answered = false;
    bool timed_out = false;   // killed at `timeout_s`; `error` says so
    bool cancelled = false;   // killed because WorkerWatch::cancelled said so
    std::string output_tail;  // the last bytes of its stdout and stderr
};
// What a caller watches while the worker runs, beyond the messages it gets
// at the end: a setup's log lines and progress must show as they come, and
// an interrupted run must not wait for it.
struct WorkerWatch {
    // Each message as it arrives (they are in WorkerOutcome::messages too).
    std::function<void(const WorkerMessage &)> on_message;
    // Asked between polls; true kills the worker's process group.
    std::function<bool()> cancelled;
};
// `passed_fds`: as WorkerProcess's.
WorkerOutcome run_worker_to_end(const std::string &program, const std::vector<std::string> &args,
                                double timeout_s, const WorkerWatch &watch = {},
                                const std::vector<int> &passed_fds = {});

// The last line of a worker's output tail, without its line end ("" for
// none): what a failure's message quotes.
std::string last_output_line(std::string tail);

}  // namespace bytebench
