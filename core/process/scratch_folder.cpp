#include "process/scratch_folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "process/cleanup_on_signal.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// When process `pid` started, in seconds since the epoch (/proc/PID/stat's
// start time after boot, and /proc/stat's boot time); nullopt when unknown.
std::optional<double> process_start(long pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return std::nullopt;
    const size_t paren = line.rfind(')');
    if (paren == std::string::npos) return std::nullopt;
    // Fields after the name: state is 3, starttime is 22.
    const char *p = line.c_str() + paren + 1;
    unsigned long long ticks = 0;
    for (int field = 3; field < 22; ++field) {
        p = std::strchr(p + 1, ' ');
        if (p == nullptr) return std::nullopt;
    }
    if (std::sscanf(p, " %llu", &ticks) != 1) return std::nullopt;
    std::ifstream proc_stat("/proc/stat");
    unsigned long long boot = 0;
    for (std::string l; std::getline(proc_stat, l);)
        if (std::sscanf(l.c_str(), "btime %llu", &boot) == 1) break;
    const long hz = sysconf(_SC_CLK_TCK);
    if (boot == 0 || hz <= 0) return std::nullopt;
    return double(boot) + double(ticks) / double(hz);
}

// The pid in "bytebench-<kind>-<pid>-XXXXXX", or nullopt for another name.
std::optional<long> pid_in(const std::string &name, const std::string &prefix) {
    if (name.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
    char *end = nullptr;
    errno = 0;
    const long pid = std::strtol(name.c_str() + prefix.size(), &end, 10);
    if (errno != 0 || end == name.c_str() + prefix.size() || *end != '-' || pid <= 0)
        return std::nullopt;
    return pid;
}

}  // namespace

bool scratch_owner_runs(long pid, double folder_changed) {
    if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH) return false;
    const std::optional<double> started = process_start(pid);
    // 2 s of slack: the boot time is in whole seconds, and clocks drift.
    return !started || *started <= folder_changed + 2;
}

std::string scratch_folder_prefix(const std::string &kind, long pid) {
    return "bytebench-" + kind + "-" + std::to_string(pid) + "-";
}

ScratchFolder::ScratchFolder(const std::string &base, const std::string &kind) {
    std::string pattern = base + "/" + scratch_folder_prefix(kind, long(getpid())) + "XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr)
        throw std::runtime_error("cannot create a temporary folder in " + base + ": " +
                                 std::strerror(errno));
    path_ = pattern;
    remove_on_signal(path_);
}

ScratchFolder::~ScratchFolder() {
    forget_on_signal(path_);
    std::error_code ec;
    fs::remove_all(path_, ec);
}

int collect_abandoned_scratch(const std::string &base, const std::string &kind) {
    const std::string prefix = "bytebench-" + kind + "-";
    DIR *dir = ::opendir(base.c_str());
    if (dir == nullptr) return 0;
    std::vector<std::string> abandoned;
    while (const dirent *e = ::readdir(dir)) {
        const std::string name = e->d_name;
        const std::optional<long> pid = pid_in(name, prefix);
        if (!pid || *pid == long(getpid())) continue;
        struct stat st {};
        if (::fstatat(::dirfd(dir), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (!S_ISDIR(st.st_mode) || st.st_uid != ::geteuid()) continue;  // not ours
        const double changed = double(st.st_ctim.tv_sec) + double(st.st_ctim.tv_nsec) / 1e9;
        if (!scratch_owner_runs(*pid, changed)) abandoned.push_back(base + "/" + name);
    }
    ::closedir(dir);
    int removed = 0;
    for (const std::string &path : abandoned) {
        std::error_code ec;
        removed += fs::remove_all(path, ec) > 0 ? 1 : 0;
    }
    return removed;
}

}  // namespace bytebench
