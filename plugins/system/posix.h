// Small POSIX helpers shared by the system plugin's workloads: errors with
// errno text, EINTR-safe reads and writes, wait statuses in words, and RAII
// owners for file descriptors, child processes and the SIGPIPE disposition.
//
// read_retry() and write_retry() are async-signal-safe (plain system calls
// and errno), so a forked child may use them; everything else here is for the
// worker's side of a fork only.
#ifndef BYTEBENCH_PLUGINS_SYSTEM_POSIX_H
#define BYTEBENCH_PLUGINS_SYSTEM_POSIX_H

#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace bytebench::plugins::system {

// Throws std::runtime_error("<what>: <strerror(errno)>").
[[noreturn]] inline void throw_errno(const std::string &what) {
    const int saved = errno;
    throw std::runtime_error(what + ": " + std::strerror(saved));
}

// Throws "<what>: fork: <strerror(errno)>"; EAGAIN from fork means a process
// limit (RLIMIT_NPROC, the cgroup's pids.max, kernel.threads-max), so it says
// so.
[[noreturn]] inline void throw_fork_error(const std::string &what) {
    const int saved = errno;
    std::string text = what + ": fork: " + std::strerror(saved);
    if (saved == EAGAIN) text += " (EAGAIN): the process limit was reached";
    throw std::runtime_error(text);
}

// read(2) and write(2), retried while they fail with EINTR. The host's timer
// is a signal installed with SA_RESTART today, which is not promised.
inline ssize_t read_retry(int fd, void *buf, size_t len) noexcept {
    ssize_t n;
    do n = ::read(fd, buf, len);
    while (n < 0 && errno == EINTR);
    return n;
}

inline ssize_t write_retry(int fd, const void *buf, size_t len) noexcept {
    ssize_t n;
    do n = ::write(fd, buf, len);
    while (n < 0 && errno == EINTR);
    return n;
}

// A wait status in words: "exit status 3", "killed by signal 9 (Killed)".
inline std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        const char *name = strsignal(WTERMSIG(status));
        return "killed by signal " + std::to_string(WTERMSIG(status)) +
               (name != nullptr ? std::string(" (") + name + ")" : std::string());
    }
    return "wait status " + std::to_string(status);
}

// How a process ended, as a predicate: "exited with status 3",
// "was killed by signal 9 (Killed)".
inline std::string how_it_ended(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "was " + describe_status(status);
    return "ended with " + describe_status(status);
}

// waitpid(pid, &status, 0), retried on EINTR; throws "<what>: <errno text>".
inline int wait_for(pid_t pid, const char *what) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) throw_errno(what);
    }
    return status;
}

// Owns one file descriptor.
class Fd {
  public:
    Fd() = default;
    explicit Fd(int fd) noexcept : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;

    int get() const noexcept { return fd_; }
    void reset(int fd = -1) noexcept {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }

  private:
    int fd_ = -1;
};

// Owns a forked child until it is reaped. If the owner is destroyed first
// (an exception on the way out of run()), the child is killed and reaped, so
// run() never leaves a process behind.
class Child {
  public:
    explicit Child(pid_t pid) noexcept : pid_(pid) {}
    ~Child() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        int status;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;

    // Waits for the child to end and returns its wait status.
    int wait(const char *what) {
        const int status = wait_for(pid_, what);
        pid_ = -1;
        return status;
    }

  private:
    pid_t pid_;
};

// Ignores SIGPIPE while it lives and restores the previous disposition: a
// write into a pipe whose reader died then fails with EPIPE instead of
// killing the worker. A child forked meanwhile inherits "ignored".
class IgnoreSigpipe {
  public:
    IgnoreSigpipe() {
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        if (::sigaction(SIGPIPE, &ignore, &saved_) != 0) throw_errno("sigaction(SIGPIPE)");
    }
    ~IgnoreSigpipe() { ::sigaction(SIGPIPE, &saved_, nullptr); }
    IgnoreSigpipe(const IgnoreSigpipe &) = delete;
    IgnoreSigpipe &operator=(const IgnoreSigpipe &) = delete;

  private:
    struct sigaction saved_ {};
};

}  // namespace bytebench::plugins::system

#endif  // BYTEBENCH_PLUGINS_SYSTEM_POSIX_H
