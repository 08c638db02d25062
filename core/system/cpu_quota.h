// How many CPUs the copies of a test may really use: the CPUs this process is
// allowed to run on (sched_getaffinity, which the cgroup's cpuset narrows),
// and the CPU time its cgroups' quotas grant (cgroup v1 cpu.cfs_quota_us /
// cpu.cfs_period_us, cgroup v2 cpu.max). A container with a 1-CPU quota on a
// 64-CPU host would otherwise run 64 copies that take turns on one CPU. The
// result's system.effective_cpus (docs/result-schema.md); the default copy
// counts and --scaling use `count`.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace bytebench {

struct EffectiveCpus {
    int count = 1;       // what the copies may use: min(allowed, cpuset, ceil(quota)), at least 1
    std::string reason;  // one line: the file and numbers that set `count`
    int online = 1;      // online CPUs (sysconf)
    int allowed = 1;     // CPUs in this process's affinity mask (sched_getaffinity)
    std::optional<double> quota_cpus;  // the tightest quota / period on the way to the root
    std::optional<int> cpuset_cpus;    // CPUs in the cgroup's cpuset (a cross-check of `allowed`)
    // Why a member above is missing: "quota_cpus" (no quota, or a file that
    // could not be read or made no sense), "cpuset_cpus".
    std::map<std::string, std::string> why;
};

// The effective CPUs of this process as the files under `root` ("/" on the
// machine, a fixture tree in the tests) describe its cgroups:
// /proc/self/cgroup names them, /proc/self/mountinfo says where their
// hierarchies are mounted. `online` and `allowed` are the machine's (the
// fixtures set them). Never throws: a file that is missing or malformed
// gives no quota, and says so in `why`.
EffectiveCpus read_effective_cpus(const std::string &root, int online, int allowed);

// The same for this process on this machine: online CPUs from sysconf,
// allowed ones from sched_getaffinity.
EffectiveCpus read_effective_cpus(const std::string &root = "/");

// The CPUs a list as cpuset.cpus writes them names ("0-3,8,10-11" is 7);
// nothing when the text is not such a list (an empty cpuset is one too).
std::optional<int> count_cpu_list(const std::string &text);

// system.effective_cpus: {"count", "reason", "online", "allowed",
// "quota_cpus" (a number or "unknown"), "cpuset_cpus" (a number or
// "unknown"), "why" (when a member is "unknown")}.
nlohmann::json effective_cpus_json(const EffectiveCpus &cpus);

}  // namespace bytebench
