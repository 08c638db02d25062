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

// The parent pid and process group in /proc/<pid>/stat; {0, 0} when the
// process is gone.
struct Lineage {
    pid_t parent = 0;
    pid_t group = 0;
};
Lineage lineage_of(const fs::path &proc_dir) {
    std::ifstream in(proc_dir / "stat");
    std::string stat;
    std::getline(in, stat);
    const auto paren = stat.rfind(')');  // the name may hold blanks and parentheses
    char state = 0;
    int ppid = 0, pgrp = 0;
    if (paren == std::string::npos ||
        std::sscanf(stat.c_str() + paren + 1, " %c %d %d", &state, &ppid, &pgrp) != 3)
        return {};
    return {pid_t(ppid), pid_t(pgrp)};
}

bool g_adopting = false;             // adopt_orphans() succeeded
std::vector<pid_t> g_kept;           // keep_child()
std::vector<pid_t> g_worker_groups;  // note_worker_group(), until kill_orphans()

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
        if (is_number(name) && lineage_of(entry.path()).parent == self)
            children.push_back(pid_t(std::strtol(name.c_str(), nullptr, 10)));
    }
    return children;
}

void keep_child(pid_t pid) { g_kept.push_back(pid); }

void note_worker_group(pid_t pgid) { g_worker_groups.push_back(pgid); }

void forget_child(pid_t pid) {
    g_kept.erase(std::remove(g_kept.begin(), g_kept.end(), pid), g_kept.end());
}

int kill_orphans(const std::vector<pid_t> &keep) {
    if (!g_adopting) return 0;  // every child is then this program's own
    int escaped = 0;
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
            // Read before the kill: a reaped process has no group to read.
            const pid_t group = lineage_of("/proc/" + std::to_string(p)).group;
            const bool in_worker_group = std::find(g_worker_groups.begin(), g_worker_groups.end(),
                                                   group) != g_worker_groups.end();
            if (!in_worker_group) ++escaped;
            if (group == p) ::kill(-p, SIGKILL);  // it leads a group: the group too
            ::kill(p, SIGKILL);
        }
        for (const pid_t p : orphans) {
            while (waitpid(p, nullptr, 0) < 0 && errno == EINTR) {
            }
        }
    }
    g_worker_groups.clear();
    return escaped;
}

}  // namespace bytebench
