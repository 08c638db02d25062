#include "janitor.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "base/made_folder.h"
#include "base/monotonic_clock.h"
#include "base/text.h"
#include "protocol/worker_protocol.h"

namespace fs = std::filesystem;

namespace bytebench::worker {

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
            const std::optional<JanitorCommand> command =
                decode_janitor_command(std::string_view(pending).substr(0, nl));
            if (!command) continue;
            if (command->kind == JanitorCommand::Kind::end) ended = true;
            if (command->kind == JanitorCommand::Kind::track) groups.insert(command->pgid);
            if (command->kind == JanitorCommand::Kind::untrack) groups.erase(command->pgid);
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

// The run's temporary folder as the CLI made it (base/made_folder.h),
// taken while the CLI is alive: removed later through a descriptor of its
// parent, and only while it is still that folder.
struct TempRoot {
    FolderFd parent;
    MadeFolder folder;
};

std::optional<TempRoot> find_temp_root(const std::string &path) {
    const fs::path p(path);
    if (path.empty() || p.filename().empty()) return std::nullopt;
    try {
        TempRoot root{FolderFd(p.parent_path().empty() ? "." : p.parent_path().string()), {}};
        const std::string name = p.filename().string();
        struct stat st {};
        if (fstatat(root.parent.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISDIR(st.st_mode))
            return std::nullopt;
        root.folder = {path, name, st.st_dev, st.st_ino};
        return root;
    } catch (const FolderError &) {
        return std::nullopt;
    }
}

bool still_there(const TempRoot &root) {
    struct stat st {};
    return fstatat(root.parent.get(), root.folder.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
           st.st_dev == root.folder.dev && st.st_ino == root.folder.ino;
}

// Removes the folder, retrying briefly: a dying process may still be
// closing files in it.
bool remove_tree(const std::optional<TempRoot> &root) {
    if (!root || !still_there(*root)) return false;
    for (int attempt = 0; attempt < 20; ++attempt) {
        if (remove_folder(root->parent, root->folder).empty()) return true;
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
    const std::optional<TempRoot> temp_root = find_temp_root(o.temp_root);
    std::set<pid_t> groups;
    const bool ended = read_until_closed(o.fd, groups);
    kill_groups(groups);
    const bool removed_tree = remove_tree(temp_root);
    const int removed_files = remove_unfinished_results(o.results_base, o.cli_pid);
    if (ended || (groups.empty() && !removed_tree && removed_files == 0)) return 0;
    std::string done;
    if (!groups.empty())
        done +=
            "stopped " + count_text(groups.size(), "worker process group", "worker process groups");
    if (removed_tree) done += (done.empty() ? "removed " : ", removed ") + o.temp_root;
    if (removed_files > 0)
        done += (done.empty() ? "removed " : ", removed ") + count_text(uint64_t(removed_files),
                                                                        "unfinished result file",
                                                                        "unfinished result files");
    const std::string line = "bytebench: the run ended abruptly (pid " + std::to_string(o.cli_pid) +
                             "); the janitor " + done + "\n";
    (void)!::write(STDERR_FILENO, line.data(), line.size());
    return 0;
}

}  // namespace bytebench::worker
