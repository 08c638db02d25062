#include "process/private_display.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "base/monotonic_clock.h"
#include "base/text.h"
#include "process/janitor_client.h"
#include "process/orphans.h"

namespace bytebench {
namespace {

constexpr size_t kMaxOutput = 64 * 1024;

std::runtime_error failure(const std::string &what) { return std::runtime_error(what); }

// In the child between fork and exec: async-signal-safe calls only. `keep`
// is the one fd (besides 0-2) the program is given, -1 for none.
[[noreturn]] void exec_in_own_group(const std::vector<char *> &argv, int out, int err, int keep,
                                    pid_t parent, int death_signal) {
    setpgid(0, 0);  // away from the terminal's Ctrl-C; the janitor kills the group
    prctl(PR_SET_PDEATHSIG, death_signal);
    if (getppid() != parent) _exit(126);  // the CLI died before prctl
    const int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (devnull < 0) _exit(126);
    dup2(devnull, 0);
    dup2(out >= 0 ? out : devnull, 1);
    dup2(err >= 0 ? err : devnull, 2);
    if (keep >= 0) fcntl(keep, F_SETFD, 0);  // survives exec
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    execv(argv[0], argv.data());
    _exit(127);
}

std::vector<char *> argv_of(std::vector<std::string> &args) {
    std::vector<char *> argv;
    for (std::string &a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    return argv;
}

// "exited with status 1", "was killed by signal 9".
std::string status_text(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
    return "ended";
}

// The last non-empty line of `text`.
std::string last_line(const std::string &text) {
    const auto end = text.find_last_not_of("\r\n \t");
    if (end == std::string::npos) return "";
    const auto start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1,
                       end + 1 - (start == std::string::npos ? 0 : start + 1));
}

std::string file_text(const std::string &path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Reads `fd` until a new line, EOF or `deadline`: true on a new line.
bool read_line(int fd, std::string &line, double deadline) {
    for (;;) {
        if (line.find('\n') != std::string::npos) return true;
        const double left = deadline - monotonic_seconds();
        if (left <= 0) return false;
        pollfd p{fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, int(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return false;
        char buf[64];
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        line.append(buf, size_t(n));
    }
}

// Waits for `pid` until `deadline`; true (and `status`) once it has ended.
bool wait_until(pid_t pid, int &status, double deadline) {
    for (;;) {
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid || (r < 0 && errno == ECHILD)) return true;
        if (monotonic_seconds() >= deadline) return false;
        ::usleep(20 * 1000);
    }
}

void kill_group_and_reap(pid_t pid) {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
}

// Forks `args` into its own group, the janitor told; -1 (errno set) on failure.
pid_t spawn(std::vector<std::string> args, int out, int err, int keep, int death_signal) {
    std::vector<char *> argv = argv_of(args);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) exec_in_own_group(argv, out, err, keep, parent, death_signal);
    if (pid > 0) {
        setpgid(pid, pid);  // also here: the group exists before anyone kills it
        janitor_track_group(pid);
        keep_child(pid);
    }
    return pid;
}

void forget(pid_t pid) {
    forget_child(pid);
    janitor_untrack_group(pid);
}

}  // namespace

std::unique_ptr<PrivateDisplay> PrivateDisplay::start(const std::string &xvfb_program,
                                                      const std::string &log_path,
                                                      double timeout_s) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw failure(std::string("cannot create a pipe for Xvfb: ") + std::strerror(errno));
    const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    const pid_t pid = spawn({xvfb_program, "-displayfd", std::to_string(fds[1]), "-screen", "0",
                             "1280x1024x24", "-nolisten", "tcp", "-noreset"},
                            log, log, fds[1], SIGTERM);
    const int fork_errno = errno;
    ::close(fds[1]);
    if (log >= 0) ::close(log);
    if (pid < 0) {
        ::close(fds[0]);
        throw failure(std::string("cannot start Xvfb (fork: ") + std::strerror(fork_errno) + ")");
    }
    std::string line;
    const bool ready = read_line(fds[0], line, monotonic_seconds() + timeout_s);
    ::close(fds[0]);
    const std::string number = ready ? line.substr(0, line.find('\n')) : "";
    if (ready && !number.empty() && number.find_first_not_of("0123456789") == std::string::npos) {
        spdlog::debug("private Xvfb: pid {}, display :{}", pid, number);
        return std::unique_ptr<PrivateDisplay>(new PrivateDisplay(pid, ":" + number));
    }
    int status = 0;
    std::string why;
    if (wait_until(pid, status, monotonic_seconds() + 0.5)) {
        why = xvfb_program + " " + status_text(status) + " before it was ready";
    } else {
        why = xvfb_program + " did not say its display within " + duration_text(timeout_s);
        kill_group_and_reap(pid);
    }
    forget(pid);
    const std::string said = last_line(file_text(log_path));
    throw failure(said.empty() ? why : why + ": " + said);
}

void PrivateDisplay::stop(double grace_s) {
    if (pid_ < 0) return;
    ::kill(-pid_, SIGTERM);
    int status = 0;
    if (!wait_until(pid_, status, monotonic_seconds() + grace_s)) {
        spdlog::debug("private Xvfb {} ignored SIGTERM for {} s: SIGKILL", display_, grace_s);
        kill_group_and_reap(pid_);
    } else {
        ::kill(-pid_, SIGKILL);  // anything it started in its group
    }
    forget(pid_);
    spdlog::debug("private Xvfb {} stopped", display_);
    pid_ = -1;
}

PrivateDisplay::~PrivateDisplay() { stop(); }

std::string program_output(const std::vector<std::string> &argv, double timeout_s) {
    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0) throw failure(std::strerror(errno));
    if (::pipe2(err, O_CLOEXEC) != 0) {
        ::close(out[0]);
        ::close(out[1]);
        throw failure(std::strerror(errno));
    }
    const pid_t pid = spawn(argv, out[1], err[1], -1, SIGKILL);
    const int fork_errno = errno;
    ::close(out[1]);
    ::close(err[1]);
    if (pid < 0) {
        ::close(out[0]);
        ::close(err[0]);
        throw failure(std::string("cannot start ") + argv[0] +
                      " (fork: " + std::strerror(fork_errno) + ")");
    }
    std::string text[2];
    const int fd[2] = {out[0], err[0]};
    bool open[2] = {true, true};
    const double deadline = monotonic_seconds() + timeout_s;
    while ((open[0] || open[1]) && monotonic_seconds() < deadline) {
        pollfd p[2] = {{fd[0], short(open[0] ? POLLIN : 0), 0},
                       {fd[1], short(open[1] ? POLLIN : 0), 0}};
        const int ready = ::poll(p, 2, int((deadline - monotonic_seconds()) * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) break;
        for (int i = 0; i < 2; ++i) {
            if (!open[i] || p[i].revents == 0) continue;
            char buf[4096];
            const ssize_t n = ::read(fd[i], buf, sizeof buf);
            if (n <= 0) {
                if (n < 0 && errno == EINTR) continue;
                open[i] = false;
            } else if (text[i].size() < kMaxOutput) {
                text[i].append(buf, size_t(n));
            }
        }
    }
    ::close(out[0]);
    ::close(err[0]);
    int status = 0;
    const bool ended = !(open[0] || open[1]) && wait_until(pid, status, deadline + 1);
    if (!ended) kill_group_and_reap(pid);
    forget(pid);
    if (!ended) throw failure(argv[0] + " gave no answer within " + duration_text(timeout_s));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        const std::string said = last_line(text[1]);
        throw failure(argv[0] + " " + status_text(status) + (said.empty() ? "" : ": " + said));
    }
    return text[0];
}

}  // namespace bytebench
