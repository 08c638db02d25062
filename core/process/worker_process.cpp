#include "process/worker_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "base/decimal.h"
#include "base/monotonic_clock.h"
#include "base/text.h"
#include "process/cleanup_on_signal.h"
#include "process/file_budget.h"
#include "process/janitor_client.h"
#include "process/orphans.h"
#include "process/process_budget.h"

namespace bytebench {
namespace {

constexpr size_t kOutputTailBytes = 4096;

void make_pipe(int fds[2]) {
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("cannot create a pipe: ") + std::strerror(errno));
}

// Closes every descriptor but the `keep` ones (sorted, distinct).
void close_all_but(const int *keep, int count) {
    unsigned first = 0;
    for (int i = 0; i < count; ++i) {
        if (unsigned(keep[i]) > first) ::close_range(first, unsigned(keep[i]) - 1, 0);
        first = unsigned(keep[i]) + 1;
    }
    ::close_range(first, ~0U, 0);
}

// In the child between fork and exec: only async-signal-safe calls.
// `passed` (`passed_count` of them) go to fds kFirstPassedFd, ... in order.
[[noreturn]] void exec_child(const std::vector<char *> &argv, int msg_w, int out_w, int barrier_r,
                             const int *passed, int passed_count, pid_t parent) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // The CLI may have died before prctl: then no signal will ever come.
    if (getppid() != parent) _exit(126);
    // What the worker keeps, and where each goes.
    constexpr int kMaxSources = 3 + WorkerProcess::kMaxPassedFds;
    int from[kMaxSources], to[kMaxSources], n = 0;
    const auto place = [&](int fd, int target) {
        from[n] = fd;
        to[n++] = target;
    };
    place(out_w, 1);
    place(msg_w, WorkerProcess::kMessageFd);
    if (barrier_r >= 0) place(barrier_r, WorkerProcess::kBarrierFd);
    for (int i = 0; i < passed_count; ++i) place(passed[i], WorkerProcess::kFirstPassedFd + i);
    const int top = WorkerProcess::kFirstPassedFd + passed_count - 1;  // highest target
    // Everything else the CLI holds goes first (its log, the janitor's pipe,
    // the CLI's ends of these pipes: close-on-exec all the same), so that
    // placing these needs no descriptor beyond the ones the worker keeps:
    // it works under any RLIMIT_NOFILE the CLI itself got this far with.
    int keep[kMaxSources];
    for (int i = 0; i < n; ++i) keep[i] = from[i];
    for (int i = 1; i < n; ++i)  // insertion sort: a handful, and no allocation here
        for (int j = i; j > 0 && keep[j - 1] > keep[j]; --j) std::swap(keep[j - 1], keep[j]);
    int distinct = 0;
    for (int i = 0; i < n; ++i)
        if (distinct == 0 || keep[distinct - 1] != keep[i]) keep[distinct++] = keep[i];
    close_all_but(keep, distinct);
    // Out of the way of the targets first, then into place.
    for (int i = 0; i < n; ++i) {
        if (from[i] > top) continue;
        const int moved = fcntl(from[i], F_DUPFD_CLOEXEC, top + 1);
        if (moved < 0) _exit(126);
        for (int j = i + 1; j < n; ++j)
            if (from[j] == from[i]) from[j] = moved;
        ::close(from[i]);
        from[i] = moved;
    }
    // Not close-on-exec: it usually lands on 0 itself (the lowest free fd),
    // and must stay open there.
    const int devnull = open("/dev/null", O_RDONLY);
    if (devnull < 0) _exit(126);
    if (devnull != 0) {
        dup2(devnull, 0);
        ::close(devnull);
    }
    for (int i = 0; i < n; ++i) dup2(from[i], to[i]);
    dup2(from[0], 2);  // stderr with stdout (from[0] is out_w)
    // Workers start with default signal dispositions and an empty mask.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    restore_file_limit();
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    execv(argv[0], argv.data());
    _exit(127);
}

size_t read_available(int fd, std::string &into, size_t limit, std::string *all = nullptr) {
    char buf[8192];
    size_t total = 0;
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        // Keep the last `limit` bytes without growing past them: a copy that
        // floods its output costs the CLI `limit` bytes, not a read buffer more.
        const size_t got = static_cast<size_t>(n);
        if (all != nullptr) all->append(buf, got);
        const size_t keep = std::min(got, limit);
        const size_t overflow = into.size() + keep > limit ? into.size() + keep - limit : 0;
        into.erase(0, overflow);
        into.append(buf + (got - keep), keep);
        total += got;
    }
    return total;
}

}  // namespace

WorkerProcess::WorkerProcess(const std::string &program, std::vector<std::string> args,
                             int barrier_read_fd, const std::vector<int> &passed_fds) {
    if (passed_fds.size() > size_t(kMaxPassedFds))
        throw std::runtime_error("cannot start a worker process: more than " +
                                 std::to_string(kMaxPassedFds) + " descriptors to pass");
    args.insert(args.begin(), program);
    args.push_back("--msg-fd");
    args.push_back(std::to_string(kMessageFd));
    if (barrier_read_fd >= 0) {
        args.push_back("--barrier-fd");
        args.push_back(std::to_string(kBarrierFd));
    }
    std::vector<char *> argv;
    for (std::string &a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    int msg[2], out[2];
    make_pipe(msg);
    try {
        make_pipe(out);
    } catch (...) {
        close(msg[0]);
        close(msg[1]);
        throw;
    }
    const pid_t parent = getpid();
    pid_ = fork();
    if (pid_ == 0)
        exec_child(argv, msg[1], out[1], barrier_read_fd, passed_fds.data(), int(passed_fds.size()),
                   parent);
    const int fork_errno = errno;
    close(msg[1]);
    close(out[1]);
    msg_fd_ = msg[0];
    out_fd_ = out[0];
    if (pid_ < 0) {
        close(msg_fd_);
        close(out_fd_);
        msg_fd_ = out_fd_ = -1;
        throw std::runtime_error("cannot start a worker process: " +
                                 describe_fork_error(fork_errno));
    }
    // Also set in the child, but the parent must not race ahead of it.
    setpgid(pid_, pid_);
    janitor_track_group(pid_);
    note_worker_group(pid_);  // what stays in it is not a process the workload moved out
    kill_on_signal(pid_);
    fcntl(msg_fd_, F_SETFL, O_NONBLOCK);
    fcntl(out_fd_, F_SETFL, O_NONBLOCK);
}

WorkerProcess::~WorkerProcess() {
    if (!reaped_ && pid_ > 0) {
        kill_group(SIGKILL);
        int status;
        while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
        janitor_untrack_group(pid_);
        forget_group_on_signal(pid_);
    }
    if (msg_fd_ >= 0) close(msg_fd_);
    if (out_fd_ >= 0) close(out_fd_);
}

std::vector<WorkerMessage> WorkerProcess::read_messages() {
    std::string data;
    read_available(msg_fd_, data, 1 << 20);
    return reader_.feed(data.data(), data.size());
}

size_t WorkerProcess::read_output(std::string *fresh) {
    return read_available(out_fd_, output_tail_, kOutputTailBytes, fresh);
}

bool WorkerProcess::reap() {
    if (reaped_) return true;
    int status = 0;
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
        reaped_ = true;
        wait_status_ = status;
        // Whatever the workload left behind in the group goes too.
        kill_group(SIGKILL);
        janitor_untrack_group(pid_);
        forget_group_on_signal(pid_);
    }
    return reaped_;
}

void WorkerProcess::kill_group(int signal) const {
    if (pid_ > 0) ::kill(-pid_, signal);
}

std::string describe_wait_status(int status) {
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return "killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    return "ended with wait status " + std::to_string(status);
}

namespace {

void take_messages(WorkerProcess &worker, WorkerOutcome &outcome, const WorkerWatch &watch) {
    for (auto &m : worker.read_messages()) {
        if (watch.on_message) watch.on_message(m);
        outcome.messages.push_back(std::move(m));
    }
}

}  // namespace

WorkerOutcome run_worker_to_end(const std::string &program, const std::vector<std::string> &args,
                                double timeout_s, const WorkerWatch &watch,
                                const std::vector<int> &passed_fds) {
    WorkerOutcome outcome;
    WorkerProcess worker(program, args, -1, passed_fds);
    const double deadline = monotonic_seconds() + timeout_s;
    while (!worker.reap()) {
        pollfd fds[2] = {{worker.message_fd(), POLLIN, 0}, {worker.output_fd(), POLLIN, 0}};
        poll(fds, 2, 20);
        take_messages(worker, outcome, watch);
        worker.read_output();
        if (outcome.timed_out || outcome.cancelled) continue;  // killed: reaped soon
        if (monotonic_seconds() > deadline)
            outcome.timed_out = true;
        else if (watch.cancelled && watch.cancelled())
            outcome.cancelled = true;
        if (outcome.timed_out || outcome.cancelled) worker.kill_group(SIGKILL);
    }
    take_messages(worker, outcome, watch);
    worker.read_output();
    outcome.output_tail = worker.output_tail();
    for (const WorkerMessage &m : outcome.messages)
        if (const auto *fail = std::get_if<FailMessage>(&m))
            outcome.error = fail->error.empty() ? "failed" : fail->error;
    outcome.answered = !outcome.timed_out && !outcome.cancelled && WIFEXITED(worker.wait_status());
    if (outcome.timed_out) {
        outcome.error = "did not finish within " + duration_text(timeout_s);
    } else if (outcome.cancelled) {
        outcome.error = "stopped";
    } else if (outcome.error.empty() &&
               (!WIFEXITED(worker.wait_status()) || WEXITSTATUS(worker.wait_status()) != 0)) {
        outcome.error = "worker " + describe_wait_status(worker.wait_status());
    }
    return outcome;
}

std::string last_output_line(std::string tail) {
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
    const auto nl = tail.rfind('\n');
    return tail.substr(nl == std::string::npos ? 0 : nl + 1);
}

}  // namespace bytebench
