#include "looper.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

extern char **environ;

namespace bytebench::plugins::shell {
namespace {

[[noreturn]] void throw_errno(const std::string &what) {
    throw std::runtime_error(what + ": " + std::strerror(errno));
}

// EAGAIN from fork means a process limit (RLIMIT_NPROC, the cgroup's
// pids.max, kernel.threads-max): say so.
[[noreturn]] void throw_fork_error(const std::string &what) {
    const int saved = errno;
    std::string text = what + ": fork: " + std::strerror(saved);
    if (saved == EAGAIN) text += " (EAGAIN): the process limit was reached";
    throw std::runtime_error(text);
}

// Whether a command's stderr says that IT could not fork (dash: "Cannot
// fork", bash and gcc: "fork: Resource temporarily unavailable").
bool mentions_fork_failure(const std::string &text) {
    return text.find("Cannot fork") != std::string::npos ||
           text.find("fork: Resource temporarily unavailable") != std::string::npos ||
           text.find("fork: retry: Resource temporarily unavailable") != std::string::npos;
}

bool is_executable_file(const std::string &path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

int open_or_throw(const std::string &path, int flags, mode_t mode = 0) {
    const int fd = open(path.c_str(), flags | O_CLOEXEC, mode);
    if (fd < 0) throw_errno("cannot open " + path);
    return fd;
}

// write(2) of a NUL-terminated string; for the child, where only
// async-signal-safe calls are allowed.
void write_str(int fd, const char *s) {
    size_t n = 0;
    while (s[n] != '\0') ++n;
    while (n > 0) {
        const ssize_t w = write(fd, s, n);
        if (w <= 0) return;
        s += w;
        n -= static_cast<size_t>(w);
    }
}

// Reports why the child could not start the command, then exits 127.
[[noreturn]] void child_fail(const Command &cmd, const char *step) {
    char digits[16];
    int e = errno, i = sizeof digits - 1;
    digits[i] = '\0';
    do digits[--i] = static_cast<char>('0' + e % 10);
    while ((e /= 10) != 0 && i > 0);
    write_str(STDERR_FILENO, "bytebench: cannot start ");
    write_str(STDERR_FILENO, cmd.path().c_str());
    write_str(STDERR_FILENO, ": ");
    write_str(STDERR_FILENO, step);
    write_str(STDERR_FILENO, " failed, errno ");
    write_str(STDERR_FILENO, digits + i);
    write_str(STDERR_FILENO, "\n");
    _exit(127);
}

// The child between fork and exec: async-signal-safe calls only, no
// allocation.
[[noreturn]] void exec_child(const Command &cmd, const char *cwd, int stdin_fd,
                             const char *stdin_path, int stdout_fd, int stderr_fd) {
    dup2(stderr_fd, STDERR_FILENO);
    if (chdir(cwd) != 0) child_fail(cmd, "chdir");
    if (stdin_path != nullptr) {
        const int fd = open(stdin_path, O_RDONLY);
        if (fd < 0) child_fail(cmd, "open of its input");
        if (fd != STDIN_FILENO) {
            dup2(fd, STDIN_FILENO);
            close(fd);
        }
    } else if (stdin_fd >= 0) {
        dup2(stdin_fd, STDIN_FILENO);
    }
    dup2(stdout_fd, STDOUT_FILENO);
    execve(cmd.path().c_str(), cmd.argv(), environ);
    child_fail(cmd, "execve");
}

pid_t wait_for(pid_t pid, int &status) {
    for (;;) {
        const pid_t r = waitpid(pid, &status, 0);
        if (r >= 0 || errno != EINTR) return r;
    }
}

// "" for a clean exit, else what went wrong.
std::string describe_status(int status) {
    if (WIFEXITED(status)) {
        const int code = WEXITSTATUS(status);
        if (code == 0) return "";
        std::string text = "exited with status " + std::to_string(code);
        if (code == 127) text += " (could not be started)";
        return text;
    }
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return "was killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    return "ended with wait status " + std::to_string(status);
}

}  // namespace

std::string find_program(const std::string &name) {
    if (name.empty()) return "";
    if (name.find('/') != std::string::npos) return is_executable_file(name) ? name : "";
    const char *env = std::getenv("PATH");
    const std::string path = env != nullptr ? env : "/usr/local/bin:/usr/bin:/bin";
    size_t begin = 0;
    for (;;) {
        const size_t end = path.find(':', begin);
        std::string dir = path.substr(begin, end == std::string::npos ? end : end - begin);
        if (dir.empty()) dir = ".";
        const std::string candidate = dir + "/" + name;
        if (is_executable_file(candidate)) return candidate;
        if (end == std::string::npos) return "";
        begin = end + 1;
    }
}

void write_text_file(const std::string &path, const std::string &content) {
    const int fd = open_or_throw(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const char *p = content.data();
    size_t left = content.size();
    while (left > 0) {
        const ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int saved = errno;
            close(fd);
            errno = saved;
            throw_errno("cannot write " + path);
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    if (close(fd) != 0) throw_errno("cannot write " + path);
}

Command::Command(std::string label, std::string path, std::vector<std::string> argv)
    : label_(std::move(label)), path_(std::move(path)), argv_(std::move(argv)) {
    for (std::string &a : argv_) argv_ptrs_.push_back(a.data());
    argv_ptrs_.push_back(nullptr);
}

Looper::Looper(std::string work_dir)
    : work_dir_(std::move(work_dir)), stderr_path_(work_dir_ + "/stderr.log") {
    if (work_dir_.empty()) throw std::runtime_error("no temporary directory");
    devnull_fd_ = open_or_throw("/dev/null", O_WRONLY);
    stderr_fd_ = open(stderr_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (stderr_fd_ < 0) {
        const int saved = errno;
        close(devnull_fd_);
        errno = saved;
        throw_errno("cannot open " + stderr_path_);
    }
}

Looper::~Looper() {
    close(devnull_fd_);
    close(stderr_fd_);
}

void Looper::shared_stdin(int fd) {
    stdin_fd_ = fd;
    stdin_path_.clear();
}

void Looper::stdin_path(std::string path) {
    stdin_fd_ = -1;
    stdin_path_ = std::move(path);
}

pid_t Looper::spawn(const Command &cmd, int stdout_fd) {
    const char *cwd = work_dir_.c_str();
    const char *in_path = stdin_path_.empty() ? nullptr : stdin_path_.c_str();
    const pid_t pid = fork();
    if (pid == 0) exec_child(cmd, cwd, stdin_fd_, in_path, stdout_fd, stderr_fd_);
    return pid;
}

std::string Looper::stderr_tail() const {
    const int fd = open(stderr_path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "";
    constexpr off_t kTail = 300;
    const off_t size = lseek(fd, 0, SEEK_END);
    std::string text;
    if (size > 0) {
        const off_t from = size > kTail ? size - kTail : 0;
        text.resize(static_cast<size_t>(size - from));
        const ssize_t n = pread(fd, text.data(), text.size(), from);
        text.resize(n > 0 ? static_cast<size_t>(n) : 0);
    }
    close(fd);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    for (char &c : text)
        if (c == '\n') c = '|';
    return text;
}

void Looper::reap(const Command &cmd, pid_t pid) {
    int status = 0;
    if (wait_for(pid, status) < 0) throw_errno("waitpid for " + cmd.label());
    const std::string what = describe_status(status);
    if (what.empty()) return;
    std::string message = cmd.label() + " " + what;
    if (run_number_ > 0) message += " (run " + std::to_string(run_number_) + ")";
    const std::string tail = stderr_tail();
    if (!tail.empty()) message += "; stderr: " + tail;
    if (mentions_fork_failure(tail)) message += " (a fork failed: the process limit was reached)";
    throw std::runtime_error(message);
}

void Looper::run_once(const Command &cmd) {
    const pid_t pid = spawn(cmd, devnull_fd_);
    if (pid < 0) {
        std::string message = "cannot start " + cmd.label();
        if (run_number_ > 0) message += " (run " + std::to_string(run_number_) + ")";
        throw_fork_error(message);
    }
    reap(cmd, pid);
}

uint64_t Looper::loop(const Command &cmd, const volatile int32_t *stop) {
    volatile uint64_t completed = 0;
    while (*stop == 0) {
        run_number_ = completed + 1;
        run_once(cmd);
        // The run in flight when the flag rose is finished but not counted.
        if (*stop != 0) break;
        completed = completed + 1;
    }
    run_number_ = 0;
    return completed;
}

std::string Looper::capture(const Command &cmd) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw_errno("pipe2");
    const pid_t pid = spawn(cmd, fds[1]);
    const int fork_errno = errno;
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        errno = fork_errno;
        throw_fork_error("cannot start " + cmd.label());
    }
    std::string out;
    char buf[4096];
    for (;;) {
        const ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        out.append(buf, static_cast<size_t>(n));
    }
    close(fds[0]);
    reap(cmd, pid);
    return out;
}

}  // namespace bytebench::plugins::shell
