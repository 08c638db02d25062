#include "process/janitor_client.h"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "base/monotonic_clock.h"
#include "protocol/worker_protocol.h"

namespace bytebench {
namespace {

// CLI side: the pipe's write end and the janitor's pid.
int g_pipe = -1;
pid_t g_janitor = -1;

void say(const std::string &line) {
    if (g_pipe < 0) return;
    const std::string text = line + "\n";  // shorter than PIPE_BUF: one atomic write
    while (::write(g_pipe, text.data(), text.size()) < 0 && errno == EINTR) {
    }
}

// In the child between fork and exec: async-signal-safe calls only.
[[noreturn]] void exec_janitor(const std::vector<char *> &argv, int read_fd, int devnull) {
    setpgid(0, 0);  // away from the terminal's Ctrl-C, and from kill(-CLI group)
    dup2(read_fd, STDIN_FILENO);
    dup2(devnull, STDOUT_FILENO);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execv(argv[0], argv.data());
    _exit(127);
}

}  // namespace

bool start_janitor(const std::string &worker_program, const std::string &temp_root,
                   const std::string &results_base) {
    std::vector<std::string> args = {
        worker_program,   "janitor",    "--temp-root", temp_root,
        "--results-base", results_base, "--cli-pid",   std::to_string(getpid())};
    std::vector<char *> argv;
    for (std::string &a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    int fds[2];
    const int devnull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (devnull < 0 || pipe2(fds, O_CLOEXEC) != 0) {
        spdlog::warn("cannot start the janitor: {}", std::strerror(errno));
        if (devnull >= 0) ::close(devnull);
        return false;
    }
    const pid_t pid = fork();
    if (pid == 0) exec_janitor(argv, fds[0], devnull);
    const int fork_errno = errno;
    ::close(fds[0]);
    ::close(devnull);
    if (pid < 0) {
        ::close(fds[1]);
        spdlog::warn("cannot start the janitor (fork: {}): if bytebench is killed, {} stays behind",
                     std::strerror(fork_errno), temp_root);
        return false;
    }
    g_pipe = fds[1];
    g_janitor = pid;
    spdlog::debug("janitor: pid {}", pid);
    return true;
}

void janitor_track_group(pid_t pgid) {
    say(encode_janitor_command({JanitorCommand::Kind::track, pgid}));
}

void janitor_untrack_group(pid_t pgid) {
    say(encode_janitor_command({JanitorCommand::Kind::untrack, pgid}));
}

pid_t janitor_pid() { return g_janitor; }

void stop_janitor() {
    if (g_pipe < 0) return;
    say(encode_janitor_command({JanitorCommand::Kind::end, 0}));
    ::close(g_pipe);
    g_pipe = -1;
    const double deadline = monotonic_seconds() + 5;
    int status = 0;
    while (waitpid(g_janitor, &status, WNOHANG) == 0 && monotonic_seconds() < deadline)
        usleep(5000);
    g_janitor = -1;
}

}  // namespace bytebench
