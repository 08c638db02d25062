// context1: Pipe-based Context Switching (UnixBench 6.0 `context1`).
//
// Two pipes and a fork. The parent writes its unsigned long counter into the
// first pipe and waits for the echo on the second; the child reads the value,
// checks it against its own counter and writes it back; both increment. The
// count is the number of round trips the parent completed until the host's
// stop flag was set.
//
// Only the parent polls the stop flag. When it stops it closes its end of the
// first pipe: the child, blocked in read(), sees end-of-file and _exit()s,
// and the parent reaps it before run() returns. After fork() the child runs
// only async-signal-safe calls and never returns into the worker's code.
#include <fcntl.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cerrno>
#include <stdexcept>
#include <string>

#include "posix.h"

namespace bytebench::plugins::system {
namespace {

// Exit codes of the child, explained by describe_child().
constexpr int kChildReadFailed = 10;
constexpr int kChildShortRead = 11;
constexpr int kChildMismatch = 12;
constexpr int kChildWriteFailed = 13;

std::string describe_child(int status) {
    if (WIFEXITED(status)) {
        switch (WEXITSTATUS(status)) {
            case kChildReadFailed:
                return "the child's read failed";
            case kChildShortRead:
                return "the child read a short message";
            case kChildMismatch:
                return "the child received a counter that did not match its own";
            case kChildWriteFailed:
                return "the child's write failed";
            default:
                break;
        }
    }
    return "the child " + how_it_ended(status);
}

// The echoing child. `in` is the read end of the parent-to-child pipe, `out`
// the write end of the child-to-parent pipe; `other_a`/`other_b` are the
// parent's ends, closed here so that end-of-file reaches the child.
[[noreturn]] void echo_child(int in, int out, int other_a, int other_b) noexcept {
    ::close(other_a);
    ::close(other_b);
    volatile unsigned long iter = 0;
    for (;;) {
        unsigned long check;
        const ssize_t n = read_retry(in, &check, sizeof check);
        if (n == 0) _exit(0);  // the parent stopped
        if (n < 0) _exit(kChildReadFailed);
        if (static_cast<size_t>(n) != sizeof check) _exit(kChildShortRead);
        if (check != iter) _exit(kChildMismatch);
        if (write_retry(out, &check, sizeof check) != static_cast<ssize_t>(sizeof check))
            _exit(kChildWriteFailed);
        iter = iter + 1;
    }
}

}  // namespace

struct Context1 {
    explicit Context1(const bytebench::Context &) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) throw_errno("context1: pipe2");
        to_child_read_.reset(fds[0]);
        to_child_write_.reset(fds[1]);
        if (pipe2(fds, O_CLOEXEC) != 0) throw_errno("context1: pipe2");
        to_parent_read_.reset(fds[0]);
        to_parent_write_.reset(fds[1]);
    }

    double run(bytebench::Context &ctx) {
        // The child may die at any time; the parent's writes must then fail
        // with EPIPE, not kill the worker. The child inherits "ignored".
        const IgnoreSigpipe no_sigpipe;
        const pid_t pid = fork();
        if (pid < 0) throw_fork_error("context1");
        if (pid == 0)
            echo_child(to_child_read_.get(), to_parent_write_.get(), to_child_write_.get(),
                       to_parent_read_.get());
        Child child(pid);
        to_child_read_.reset();
        to_parent_write_.reset();
        const int out = to_child_write_.get();
        const int in = to_parent_read_.get();

        volatile unsigned long iter = 0;
        while (!ctx.stopped()) {
            const unsigned long sent = iter;
            ssize_t n = write_retry(out, &sent, sizeof sent);
            if (n < 0 && errno == EPIPE) child_died(child);
            if (n < 0) throw_errno("context1: write");
            if (static_cast<size_t>(n) != sizeof sent) throw short_message("write", n);

            unsigned long echo;
            n = read_retry(in, &echo, sizeof echo);
            if (n == 0) child_died(child);
            if (n < 0) throw_errno("context1: read");
            if (static_cast<size_t>(n) != sizeof echo) throw short_message("read", n);
            if (echo != sent)
                throw std::runtime_error("context1: the child echoed " + std::to_string(echo) +
                                         " for " + std::to_string(sent));
            iter = sent + 1;
        }

        // End-of-file tells the child to exit.
        to_child_write_.reset();
        const int status = child.wait("context1: waitpid");
        to_parent_read_.reset();
        if (status != 0) throw std::runtime_error("context1: " + describe_child(status));
        return static_cast<double>(iter);
    }

  private:
    [[noreturn]] void child_died(Child &child) {
        to_child_write_.reset();
        const int status = child.wait("context1: waitpid");
        throw std::runtime_error("context1: the child stopped echoing: " + describe_child(status));
    }

    static std::runtime_error short_message(const char *what, ssize_t n) {
        return std::runtime_error("context1: short " + std::string(what) + ": " +
                                  std::to_string(n) + " of " +
                                  std::to_string(sizeof(unsigned long)) + " bytes");
    }

    Fd to_child_read_, to_child_write_;    // parent -> child
    Fd to_parent_read_, to_parent_write_;  // child -> parent
};

extern const bytebench::Workload<Context1> kContext1;
const bytebench::Workload<Context1> kContext1 =
    bytebench::Workload<Context1>("context1")
        .name("Pipe-based Context Switching")
        .description(
            "Two processes pass an incrementing counter back and forth through two "
            "pipes; counts round trips (UnixBench 6.0 context1).")
        .category("system")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_long()
        .duration(10)
        .baseline(4000.0)
        .processes_per_copy(2);

}  // namespace bytebench::plugins::system
