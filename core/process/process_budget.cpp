#include "process/process_budget.h"

#include <dirent.h>
#include <pwd.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>
#include <vector>

#include "base/text.h"

namespace bytebench {
namespace {

constexpr int kCapSysAdmin = 21;
constexpr int kCapSysResource = 24;
constexpr uint64_t kPidMaxLimit = 4194304;  // the kernel's ceiling for pid_max

std::string num(uint64_t n) { return n == kUnlimited ? "unlimited" : std::to_string(n); }

// Room left under `limit` with `used` taken.
uint64_t room(uint64_t limit, uint64_t used) {
    if (limit == kUnlimited) return kUnlimited;
    return limit > used ? limit - used : 0;
}

std::string demand_text(const ProcessDemand &d, uint64_t needed) {
    return "needs " + std::to_string(needed) + " processes (" +
           count_text(d.copies, "copy", "copies") + " of up to " +
           std::to_string(std::max<uint64_t>(1, d.per_copy)) + " and a watcher thread, and " +
           std::to_string(kProcessMargin) + " spare)";
}

std::string nproc_reason(const ProcessSnapshot &s, const std::string &need, uint64_t needed) {
    const std::string want = std::to_string(s.user_tasks + needed);
    return need + " but user " + s.user + " may start only " + num(room(s.hard, s.user_tasks)) +
           " more: the hard RLIMIT_NPROC is " + num(s.hard) + " (soft " + num(s.soft) +
           ") and the user already runs " + std::to_string(s.user_tasks) +
           " tasks; raise it to at least " + want + " with \"ulimit -u " + want +
           "\" (as root) or \"" + s.user + " hard nproc " + want +
           "\" in /etc/security/limits.conf";
}

std::string cgroup_reason(const CgroupPids &c, const std::string &need, uint64_t needed) {
    return need + " but the cgroup " + c.path + " allows only " + num(room(c.max, c.current)) +
           " more: its pids.max is " + num(c.max) + " with " + std::to_string(c.current) +
           " in use; raise pids.max to at least " + std::to_string(c.current + needed) +
           " (docker run --pids-limit, systemd TasksMax=)";
}

std::string sysctl_reason(const char *name, uint64_t limit, uint64_t tasks, const std::string &need,
                          uint64_t suggestion) {
    return need + " but the system allows only " + num(room(limit, tasks)) + " more: " + name +
           " is " + num(limit) + " and " + std::to_string(tasks) +
           " tasks exist; raise it with \"sysctl -w " + name + "=" + std::to_string(suggestion) +
           "\"";
}

}  // namespace

uint64_t processes_needed(const ProcessDemand &d) {
    return d.copies * (std::max<uint64_t>(1, d.per_copy) + kWorkerThreads) + kProcessMargin;
}

BudgetVerdict judge_process_budget(const ProcessDemand &demand, const ProcessSnapshot &s) {
    const uint64_t needed = processes_needed(demand);
    const std::string need = demand_text(demand, needed);
    BudgetVerdict v;
    if (s.nproc_exempt.empty() && room(s.soft, s.user_tasks) < needed) {
        if (room(s.hard, s.user_tasks) < needed) return {false, {}, nproc_reason(s, need, needed)};
        v.raise_soft_to = s.hard;
    }
    if (s.cgroup && room(s.cgroup->max, s.cgroup->current) < needed)
        return {false, {}, cgroup_reason(*s.cgroup, need, needed)};
    if (room(s.threads_max, s.system_tasks) < needed)
        return {false,
                {},
                sysctl_reason("kernel.threads-max", s.threads_max, s.system_tasks, need,
                              s.system_tasks + needed)};
    // pid_max bounds the pid numbers, so one of them (0) is never handed out.
    const uint64_t pids = s.pid_max == kUnlimited ? kUnlimited : s.pid_max - 1;
    if (room(pids, s.system_tasks) < needed)
        return {false,
                {},
                sysctl_reason("kernel.pid_max", s.pid_max, s.system_tasks, need,
                              std::max(kPidMaxLimit, s.system_tasks + needed + 1))};
    return v;
}

namespace {

uint64_t read_number(const std::string &path, uint64_t fallback) {
    std::ifstream in(path);
    std::string word;
    if (!(in >> word) || word == "max") return fallback;
    try {
        return std::stoull(word);
    } catch (const std::exception &) {
        return fallback;
    }
}

// The value after `key` in a /proc status file ("Uid:\t1000\t1000..." → 1000).
struct TaskStatus {
    long uid = -1;
    uint64_t threads = 1;
};

TaskStatus read_status(const std::string &path) {
    TaskStatus t;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("Uid:", 0) == 0) t.uid = std::strtol(line.c_str() + 4, nullptr, 10);
        if (line.rfind("Threads:", 0) == 0)
            t.threads = std::strtoull(line.c_str() + 8, nullptr, 10);
    }
    return t;
}

// Tasks (threads included, as RLIMIT_NPROC counts them) of real uid `uid`,
// and of everyone.
std::pair<uint64_t, uint64_t> count_tasks(uid_t uid) {
    uint64_t mine = 0, all = 0;
    DIR *proc = opendir("/proc");
    if (proc == nullptr) return {0, 0};
    while (const dirent *e = readdir(proc)) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
        const TaskStatus t = read_status(std::string("/proc/") + e->d_name + "/status");
        if (t.uid < 0) continue;  // it ended meanwhile
        all += t.threads;
        if (uid_t(t.uid) == uid) mine += t.threads;
    }
    closedir(proc);
    return {mine, all};
}

// All tasks of the system: /proc/loadavg's "running/total" field.
uint64_t system_tasks(uint64_t fallback) {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c, ratio;
    if (!(in >> a >> b >> c >> ratio)) return fallback;
    const auto slash = ratio.find('/');
    if (slash == std::string::npos) return fallback;
    return std::strtoull(ratio.c_str() + slash + 1, nullptr, 10);
}

bool in_initial_user_namespace() {
    std::ifstream in("/proc/self/uid_map");
    std::string inside, outside, count, more;
    return (in >> inside >> outside >> count) && inside == "0" && outside == "0" &&
           count == "4294967295" && !(in >> more);
}

bool has_capability(int cap) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("CapEff:", 0) == 0)
            return (std::strtoull(line.c_str() + 7, nullptr, 16) >> cap) & 1u;
    return false;
}

std::string nproc_exemption() {
    if (!in_initial_user_namespace()) return "";
    if (getuid() == 0) return "running as root";
    if (has_capability(kCapSysResource)) return "CAP_SYS_RESOURCE";
    if (has_capability(kCapSysAdmin)) return "CAP_SYS_ADMIN";
    return "";
}

std::string user_name(uid_t uid) {
    passwd pw{}, *found = nullptr;
    std::vector<char> buf(4096);
    if (getpwuid_r(uid, &pw, buf.data(), buf.size(), &found) == 0 && found != nullptr)
        return pw.pw_name;
    return "uid " + std::to_string(uid);
}

// Folders of our cgroup that may hold pids.max, from ours up to the root.
std::vector<std::string> cgroup_dirs() {
    std::ifstream in("/proc/self/cgroup");
    std::string line, base, rel;
    while (std::getline(in, line)) {
        const auto a = line.find(':'), b = line.find(':', a + 1);
        if (a == std::string::npos || b == std::string::npos) continue;
        const std::string controllers = line.substr(a + 1, b - a - 1);
        if (("," + controllers + ",").find(",pids,") != std::string::npos) {
            base = "/sys/fs/cgroup/pids";  // v1: the pids hierarchy decides
            rel = line.substr(b + 1);
            break;
        }
        if (line.compare(0, 3, "0::") == 0) {
            base = access("/sys/fs/cgroup/cgroup.controllers", F_OK) == 0
                       ? "/sys/fs/cgroup"
                       : "/sys/fs/cgroup/unified";
            rel = line.substr(3);
        }
    }
    std::vector<std::string> dirs;
    if (base.empty()) return dirs;
    while (!rel.empty() && rel != "/") {
        dirs.push_back(base + rel);
        rel = rel.substr(0, rel.rfind('/'));
    }
    dirs.push_back(base);
    return dirs;
}

std::optional<CgroupPids> tightest_cgroup() {
    std::optional<CgroupPids> best;
    for (const std::string &dir : cgroup_dirs()) {
        const uint64_t max = read_number(dir + "/pids.max", kUnlimited);
        if (max == kUnlimited) continue;
        const CgroupPids c{dir, max, read_number(dir + "/pids.current", 0)};
        if (!best || room(c.max, c.current) < room(best->max, best->current)) best = c;
    }
    return best;
}

// For the log: what the check saw.
std::string snapshot_text(const ProcessSnapshot &s) {
    std::string text = "user " + s.user;
    text += s.nproc_exempt.empty() ? " runs " + std::to_string(s.user_tasks) +
                                         " tasks, RLIMIT_NPROC " + num(s.soft) + "/" + num(s.hard)
                                   : ": RLIMIT_NPROC does not apply (" + s.nproc_exempt + ")";
    text += "; " + std::to_string(s.system_tasks) + " tasks of threads-max " + num(s.threads_max) +
            ", pid_max " + num(s.pid_max);
    if (s.cgroup)
        text += "; " + s.cgroup->path + " pids " + std::to_string(s.cgroup->current) + " of " +
                num(s.cgroup->max);
    return text;
}

uint64_t as_limit(rlim_t v) { return v == RLIM_INFINITY ? kUnlimited : uint64_t(v); }

}  // namespace

ProcessSnapshot take_process_snapshot() {
    ProcessSnapshot s;
    s.user = user_name(getuid());
    s.nproc_exempt = nproc_exemption();
    rlimit limit{};
    if (getrlimit(RLIMIT_NPROC, &limit) == 0) {
        s.soft = as_limit(limit.rlim_cur);
        s.hard = as_limit(limit.rlim_max);
    }
    // Reading every process's status costs milliseconds: only when
    // RLIMIT_NPROC applies and is not unlimited.
    uint64_t all = 0;
    if (s.nproc_exempt.empty() && s.soft != kUnlimited)
        std::tie(s.user_tasks, all) = count_tasks(getuid());
    s.system_tasks = system_tasks(all);
    s.threads_max = read_number("/proc/sys/kernel/threads-max", kUnlimited);
    s.pid_max = read_number("/proc/sys/kernel/pid_max", kUnlimited);
    s.cgroup = tightest_cgroup();
    return s;
}

std::string ensure_process_budget(const ProcessDemand &demand) {
    const ProcessSnapshot s = take_process_snapshot();
    const BudgetVerdict v = judge_process_budget(demand, s);
    spdlog::debug("processes: {} needed; {}", processes_needed(demand), snapshot_text(s));
    if (!v.fits) return v.reason;
    if (v.raise_soft_to) {
        spdlog::debug("raising the soft RLIMIT_NPROC from {} to {}", num(s.soft),
                      num(*v.raise_soft_to));
        rlimit limit{};
        getrlimit(RLIMIT_NPROC, &limit);
        limit.rlim_cur = *v.raise_soft_to == kUnlimited ? RLIM_INFINITY : rlim_t(*v.raise_soft_to);
        if (setrlimit(RLIMIT_NPROC, &limit) != 0)
            return "cannot raise the soft RLIMIT_NPROC to " + num(*v.raise_soft_to) + ": " +
                   std::strerror(errno);
    }
    return "";
}

std::string describe_fork_error(int err) {
    std::string text = std::string("fork: ") + std::strerror(err);
    if (err == EAGAIN) text += " (EAGAIN): the process limit was reached";
    return text;
}

}  // namespace bytebench
