#include "process/orphans.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// The parent pid in /proc/<pid>/stat, or 0 when the process is gone.
pid_t parent_of(const fs::path &proc_dir) {
    std::ifstream in(proc_dir / "stat");
    std::string stat;
    std::getline(in, stat);
    const auto paren = stat.rfind(')');  // the name may hold blanks and parentheses
    char state = 0;
    int ppid = 0;
    if (paren == std::string::npos ||
        std::sscanf(stat.c_str() + paren + 1, " %c %d", &state, &ppid) != 2)
        return 0;
    return pid_t(ppid);
}

bool g_adopting = false;    // adopt_orphans() succeeded
std::vector<pid_t> g_kept;  // keep_child()

bool is_number(const std::string &name) {
    return !name.empty() &&
           std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool adopt_orphans() {
    g_adopting = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
    return g_adopting;
}

std::vector<pid_t> child_processes() {
    std::vector<pid_t> children;
    const pid_t self = getpid();
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (is_number(name) && parent_of(entry.path()) == self)
            children.push_back(pid_t(std::strtol(name.c_str(), nullptr, 10)));
    }
    return children;
}

void keep_child(pid_t pid) { g_kept.push_back(pid); }

void forget_child(pid_t pid) {
    g_kept.erase(std::remove(g_kept.begin(), g_kept.end(), pid), g_kept.end());
}

int kill_orphans(const std::vector<pid_t> &keep) {
    if (!g_adopting) return 0;  // every child is then this program's own
    int killed = 0;
    // Each round kills what is there; the children of what it killed are
    // handed over at once, so a chain of n generations takes n rounds.
    for (int round = 0; round < 64; ++round) {
        std::vector<pid_t> orphans = child_processes();
        orphans.erase(
            std::remove_if(orphans.begin(), orphans.end(),
                           [&](pid_t p) {
                               return std::find(keep.begin(), keep.end(), p) != keep.end() ||
                                      std::find(g_kept.begin(), g_kept.end(), p) != g_kept.end();
                           }),
            orphans.end());
        if (orphans.empty()) break;
        for (const pid_t p : orphans) {
            if (getpgid(p) == p) ::kill(-p, SIGKILL);  // it leads a group: the group too
            ::kill(p, SIGKILL);
        }
        for (const pid_t p : orphans) {
            while (waitpid(p, nullptr, 0) < 0 && errno == EINTR) {
            }
            ++killed;
        }
    }
    return killed;
}

}  // namespace bytebench
