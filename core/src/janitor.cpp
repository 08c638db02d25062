#include "janitor.h"

#include <fcntl.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <vector>

#include "monotonic_clock.h"

namespace fs = std::filesystem;

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

void janitor_track_group(pid_t pgid) { say("+" + std::to_string(pgid)); }

void janitor_untrack_group(pid_t pgid) { say("-" + std::to_string(pgid)); }

void stop_janitor() {
    if (g_pipe < 0) return;
    say("end");
    ::close(g_pipe);
    g_pipe = -1;
    const double deadline = monotonic_seconds() + 5;
    int status = 0;
    while (waitpid(g_janitor, &status, WNOHANG) == 0 && monotonic_seconds() < deadline)
        usleep(5000);
    g_janitor = -1;
}

// --- the janitor process ------------------------------------------------------

namespace {

// Reads "+PGID", "-PGID" and "end" lines until the pipe closes.
bool read_until_closed(int fd, std::set<pid_t> &groups) {
    bool ended = false;
    std::string pending;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        pending.append(buf, size_t(n));
        for (size_t nl; (nl = pending.find('\n')) != std::string::npos; pending.erase(0, nl + 1)) {
            const std::string line = pending.substr(0, nl);
            if (line == "end") ended = true;
            if (line.size() < 2) continue;
            const pid_t pgid = pid_t(std::strtol(line.c_str() + 1, nullptr, 10));
            if (pgid <= 1) continue;  // never kill(-1) or our own group by mistake
            if (line[0] == '+') groups.insert(pgid);
            if (line[0] == '-') groups.erase(pgid);
        }
    }
    return ended;
}

// Whether a process of group `pgid` still runs. Zombies do not count: they
// write nothing, and whoever inherited them may be slow to reap them.
bool group_runs(pid_t pgid) {
    if (::kill(-pgid, 0) != 0) return false;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator("/proc", ec)) {
        std::ifstream in(e.path() / "stat");
        std::string stat;
        std::getline(in, stat);
        const auto paren = stat.rfind(')');
        char state = 0;
        int ppid = 0, pgrp = 0;
        if (paren != std::string::npos &&
            std::sscanf(stat.c_str() + paren + 1, " %c %d %d", &state, &ppid, &pgrp) == 3 &&
            pgrp == pgid && state != 'Z' && state != 'X')
            return true;
    }
    return false;
}

// SIGKILLs the groups and waits up to 2 s for them to be gone, so that
// nothing writes into the temporary folder while it is removed.
void kill_groups(const std::set<pid_t> &groups) {
    for (pid_t g : groups) ::kill(-g, SIGKILL);
    const double deadline = monotonic_seconds() + 2;
    for (pid_t g : groups)
        while (group_runs(g) && monotonic_seconds() < deadline) usleep(10000);
}

// The CLI's unfinished atomic writes: <base>.<ext>.tmp-<cli pid>.
int remove_unfinished_results(const std::string &base, pid_t cli_pid) {
    if (base.empty()) return 0;
    const fs::path b(base);
    const std::string stem = b.filename().string() + ".";
    const std::string tail = ".tmp-" + std::to_string(cli_pid);
    int removed = 0;
    std::error_code ec;
    for (const auto &e :
         fs::directory_iterator(b.parent_path().empty() ? "." : b.parent_path(), ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind(stem, 0) == 0 && name.size() > tail.size() &&
            name.compare(name.size() - tail.size(), tail.size(), tail) == 0)
            removed += fs::remove(e.path(), ec) ? 1 : 0;
    }
    return removed;
}

// Removes the folder, retrying briefly: a dying process may still be
// closing files in it.
bool remove_tree(const std::string &dir) {
    std::error_code ec;
    if (dir.empty() || !fs::exists(dir, ec)) return false;
    for (int attempt = 0; attempt < 20; ++attempt) {
        fs::remove_all(dir, ec);
        if (!fs::exists(dir, ec)) return true;
        usleep(50000);
    }
    return true;
}

}  // namespace

int run_janitor(const JanitorOptions &o) {
    // Its life is bounded by the pipe; terminal signals must not end it early.
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) signal(sig, SIG_IGN);
    // Nothing else of the CLI's (its .log is not close-on-exec) stays open here.
    if (o.fd <= STDERR_FILENO) close_range(STDERR_FILENO + 1, ~0U, 0);
    std::set<pid_t> groups;
    const bool ended = read_until_closed(o.fd, groups);
    kill_groups(groups);
    const bool removed_tree = remove_tree(o.temp_root);
    const int removed_files = remove_unfinished_results(o.results_base, o.cli_pid);
    if (ended || (groups.empty() && !removed_tree && removed_files == 0)) return 0;
    std::string done;
    if (!groups.empty())
        done += "stopped " + std::to_string(groups.size()) + " worker process group" +
                (groups.size() == 1 ? "" : "s");
    if (removed_tree) done += (done.empty() ? "removed " : ", removed ") + o.temp_root;
    if (removed_files > 0)
        done += (done.empty() ? "removed " : ", removed ") + std::to_string(removed_files) +
                " unfinished result file" + (removed_files == 1 ? "" : "s");
    const std::string line = "bytebench: the run ended abruptly (pid " + std::to_string(o.cli_pid) +
                             "); the janitor " + done + "\n";
    (void)!::write(STDERR_FILENO, line.data(), line.size());
    return 0;
}

}  // namespace bytebench
