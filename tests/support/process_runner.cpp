#include "process_runner.h"

#include <fcntl.h>
#include <grp.h>
#include <linux/close_range.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>
#include <utility>

namespace bytebench::test {
namespace {

using Clock = std::chrono::steady_clock;

// The steps the child takes between fork and exec, as reported when one fails.
enum Step { kSetpgid, kDup2, kChdir, kSetrlimit, kSetgroups, kSetgid, kSetuid, kExecve };
const char *const kStepNames[] = {"setpgid",   "dup2",   "chdir",  "setrlimit",
                                  "setgroups", "setgid", "setuid", "execve"};

// What the child writes to the report pipe when a step fails (nothing when
// execve succeeds: the pipe closes with it).
struct Failure {
    int step;
    int error;
};

[[noreturn]] void throw_errno(const char *what) {
    throw std::system_error(errno, std::generic_category(), what);
}

std::string read_all(int fd) {
    std::string text;
    if (fd < 0) return text;
    char buf[65536];
    for (off_t at = 0;;) {
        const ssize_t n = ::pread(fd, buf, sizeof buf, at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buf, size_t(n));
        at += n;
    }
    return text;
}

std::vector<char *> pointers(std::vector<std::string> &strings) {
    std::vector<char *> out;
    for (std::string &s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

// The test's environment with `overrides` set over it.
std::vector<std::string> environment(const std::map<std::string, std::string> &overrides) {
    std::vector<std::string> out;
    for (char **e = environ; *e != nullptr; ++e) {
        const std::string entry = *e;
        if (overrides.count(entry.substr(0, entry.find('='))) == 0) out.push_back(entry);
    }
    for (const auto &[name, value] : overrides) out.push_back(name + "=" + value);
    return out;
}

}  // namespace

std::string ProcessResult::describe() const {
    std::ostringstream s;
    if (!started())
        s << "never ran: " << failed_step << ": " << std::strerror(failed_errno);
    else if (timed_out)
        s << "timed out and killed (signal " << signal << ")";
    else if (signal != 0)
        s << "killed by signal " << signal << " (" << strsignal(signal) << ")";
    else
        s << "exit " << exit_code;
    return s.str();
}

Process::Process(const Command &command) {
    if (command.argv.empty()) throw std::invalid_argument("Process: empty argv");
    std::vector<std::string> argv_strings = command.argv;
    std::vector<std::string> env_strings = environment(command.env);
    const std::vector<char *> argv = pointers(argv_strings), envp = pointers(env_strings);
    const char *cwd = command.cwd.empty() ? nullptr : command.cwd.c_str();

    out_fd_ = ::memfd_create("stdout", MFD_CLOEXEC);
    if (!command.err_to_out) err_fd_ = ::memfd_create("stderr", MFD_CLOEXEC);
    const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    int report[2] = {-1, -1};
    if (out_fd_ < 0 || (!command.err_to_out && err_fd_ < 0) || null_fd < 0 ||
        ::pipe2(report, O_CLOEXEC) != 0) {
        const int error = errno;
        close_all();
        if (null_fd >= 0) ::close(null_fd);
        errno = error;
        throw_errno("Process: memfd_create, open /dev/null or pipe2");
    }
    const int err_fd = command.err_to_out ? out_fd_ : err_fd_;

    pid_ = ::fork();
    if (pid_ == 0) {
        // The child: async-signal-safe calls only, until execve.
        const auto fail = [&](int step) {
            const Failure f{step, errno};
            (void)!::write(report[1], &f, sizeof f);
            _exit(127);
        };
        if (::setpgid(0, 0) != 0) fail(kSetpgid);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (::dup2(null_fd, 0) < 0 || ::dup2(out_fd_, 1) < 0 || ::dup2(err_fd, 2) < 0) fail(kDup2);
        // Nothing else of the test's reaches the program (the report pipe
        // stays open until execve).
        ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
        if (cwd != nullptr && ::chdir(cwd) != 0) fail(kChdir);
        if (command.nproc && ::setrlimit(RLIMIT_NPROC, &*command.nproc) != 0) fail(kSetrlimit);
        if (command.user) {
            if (::setgroups(0, nullptr) != 0) fail(kSetgroups);
            if (::setgid(command.user->gid) != 0) fail(kSetgid);
            if (::setuid(command.user->uid) != 0) fail(kSetuid);
        }
        ::execve(argv[0], argv.data(), envp.data());
        fail(kExecve);
    }
    const int fork_error = errno;
    ::close(report[1]);
    ::close(null_fd);
    if (pid_ < 0) {
        ::close(report[0]);
        close_all();
        errno = fork_error;
        throw_errno("Process: fork");
    }
    ::setpgid(pid_, pid_);  // as the child does, whichever comes first
    Failure failure{};
    ssize_t n;
    do n = ::read(report[0], &failure, sizeof failure);
    while (n < 0 && errno == EINTR);
    ::close(report[0]);
    if (n == ssize_t(sizeof failure)) {
        reap();
        result_.failed_step = kStepNames[failure.step];
        result_.failed_errno = failure.error;
        result_.exit_code = -1;
        return;
    }
    // (glibc 2.36's <sys/pidfd.h> lacks extern "C": the system call itself.)
    pidfd_ = int(::syscall(SYS_pidfd_open, pid_, 0));
    if (pidfd_ < 0) {
        const int error = errno;
        signal_group(SIGKILL);
        reap();
        errno = error;
        throw_errno("Process: pidfd_open");
    }
}

Process::~Process() {
    if (pid_ > 0 && !ended_) {
        signal_group(SIGKILL);
        reap();
    }
    close_all();
}

Process::Process(Process &&other) noexcept { *this = std::move(other); }

Process &Process::operator=(Process &&other) noexcept {
    if (this != &other) {
        std::swap(pid_, other.pid_);
        std::swap(pidfd_, other.pidfd_);
        std::swap(out_fd_, other.out_fd_);
        std::swap(err_fd_, other.err_fd_);
        std::swap(ended_, other.ended_);
        std::swap(result_, other.result_);
    }
    return *this;
}

bool Process::signal(int sig) const { return pid_ > 0 && !ended_ && ::kill(pid_, sig) == 0; }

bool Process::signal_group(int sig) const { return pid_ > 0 && !ended_ && ::kill(-pid_, sig) == 0; }

bool Process::wait_for(double seconds) {
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    while (!ended_) {
        const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
        pollfd p{pidfd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, left > 0 ? int(std::min(std::ceil(left * 1000), 1e9)) : 0);
        if (ready > 0)
            reap();
        else if (ready == 0 && left <= 0)
            return false;
        else if (ready < 0 && errno != EINTR)
            throw_errno("Process: poll");
    }
    return true;
}

const ProcessResult &Process::wait() {
    while (!ended_) {
        pollfd p{pidfd_, POLLIN, 0};
        const int ready = ::poll(&p, 1, -1);
        if (ready > 0)
            reap();
        else if (ready < 0 && errno != EINTR)
            throw_errno("Process: poll");
    }
    return result_;
}

void Process::reap() {
    int status = 0;
    rusage usage{};
    pid_t got;
    do got = ::wait4(pid_, &status, 0, &usage);
    while (got < 0 && errno == EINTR);
    ended_ = true;
    if (pidfd_ >= 0) ::close(pidfd_);
    pidfd_ = -1;
    if (got != pid_) return;  // reaped by someone else: how it ended is not known
    result_.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    result_.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + result_.signal;
    result_.max_rss_kib = usage.ru_maxrss;
    result_.out = out();
    result_.err = err();
}

void Process::close_all() {
    for (int *fd : {&pidfd_, &out_fd_, &err_fd_})
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
}

std::string Process::out() const { return read_all(out_fd_); }

std::string Process::err() const { return read_all(err_fd_); }

ProcessResult run_process(const Command &command) {
    Process process(command);
    if (command.timeout_s <= 0 || process.wait_for(command.timeout_s)) return process.wait();
    process.signal_group(SIGKILL);
    ProcessResult result = process.wait();
    result.timed_out = true;
    return result;
}

std::string find_program(const std::string &name) {
    const auto runnable = [](const std::string &path) {
        struct stat st {};
        return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
               ::access(path.c_str(), X_OK) == 0;
    };
    if (name.find('/') != std::string::npos) return runnable(name) ? name : "";
    const char *path = std::getenv("PATH");
    std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (runnable(candidate)) return candidate;
    }
    return "";
}

bool wait_until(const std::function<bool()> &done, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < end) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return done();
}

std::vector<pid_t> workers_of(pid_t cli, const std::string &mode) {
    std::vector<pid_t> out;
    std::error_code ec;
    for (const auto &e : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = e.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(e.path() / "stat");
        std::string line;
        std::getline(stat, line);
        const auto paren = line.rfind(')');  // the name may hold blanks and parentheses
        char state = 0;
        int ppid = 0;
        if (paren == std::string::npos ||
            std::sscanf(line.c_str() + paren + 1, " %c %d", &state, &ppid) != 2 || ppid != cli)
            continue;
        std::ifstream cmd(e.path() / "cmdline");
        const std::string cmdline((std::istreambuf_iterator<char>(cmd)), {});
        if (cmdline.find("bytebench-worker") != std::string::npos &&
            cmdline.find('\0' + mode + '\0') != std::string::npos)
            out.push_back(pid_t(std::stoi(name)));
    }
    return out;
}

}  // namespace bytebench::test
