// Pre-flight: is this machine ready for numbers that can be trusted?
// `bytebench doctor` runs every check below and prints one line each; `run`
// prints the warn and bad ones of the instant checks (summary_lines) before
// it starts. Each check is a function of the root folder it reads under ("/"
// on the machine, fixture trees in the tests) and of readings taken
// elsewhere (system.frequency, system.memory, ...), so that the tests can
// give it any machine. A check never throws: what it cannot read is
// "unknown" with the reason in `found`.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "system/cpu_times.h"

namespace bytebench {

// ok: nothing to do. warn: results can be trusted but depend on something
// worth knowing or fixing. bad: results taken now would not be trustworthy
// (`bytebench doctor` exits 1). unknown: the machine does not say.
enum class CheckStatus { ok, warn, bad, unknown };

const char *status_name(CheckStatus status);

struct CheckResult {
    std::string name;  // "governor", "boost", "load", ... (kCheckNames)
    CheckStatus status = CheckStatus::unknown;
    std::string found;   // what was found, for every status
    std::string advice;  // what to do, for warn and bad; "" otherwise
};

// {"name", "status", "found", "advice" (warn and bad only)}.
nlohmann::json to_json(const CheckResult &check);

// The names of doctor's checks, in the order it prints them.
const std::vector<std::string> &check_names();

// What the sampled checks (steal, busy processes, swap activity) compare:
// the machine at one moment.
struct MachineSample {
    ProcStat stat;                        // /proc/stat
    std::map<int, ProcessCpu> processes;  // /proc/[pid]/stat, by pid
    std::optional<double> swap_pages;     // pswpin + pswpout of /proc/vmstat
    std::string stat_why;                 // why stat.all is empty
};

// Reads root's /proc/stat, /proc/[0-9]*/stat and /proc/vmstat.
MachineSample take_sample(const std::string &root);

// Two samples `wall_s` seconds apart (doctor: one second).
struct SampledInterval {
    MachineSample before, after;
    double wall_s = 1;
    int self_pid = -1;  // the process doing the sampling: not "another" process
};

// The instant checks.
// system.frequency (read_frequency): performance is ok, any other governor warns.
CheckResult check_governor(const nlohmann::json &frequency);
// system.frequency: boost off is ok, on (or mixed) warns.
CheckResult check_boost(const nlohmann::json &frequency);
// root's /proc/loadavg against the CPUs bytebench uses (effective CPUs).
CheckResult check_load(const std::string &root, int cpus);
// root's /proc/meminfo SwapTotal - SwapFree; with an interval, also the
// pages swapped in and out during it (thrashing is bad).
CheckResult check_swap(const std::string &root, const SampledInterval *interval);
// system.memory (read_memory): THP "always" warns.
CheckResult check_thp(const nlohmann::json &memory);
// system.virtualization (detect_virtualization): says what it is; never warns.
CheckResult check_virtualization(const nlohmann::json &virtualization);
// system.effective_cpus (system/cpu_quota.h) against the online CPUs: fewer
// warn (bytebench honours the quota and cpuset, but the machine is not all
// there).
CheckResult check_cpu_quota(const nlohmann::json &effective_cpus);
// system.topology's cpu_kinds (hwloc): two kinds or more warn.
CheckResult check_hybrid(const nlohmann::json &topology);
// system.tmpdir (describe_storage): a memory or network file system warns,
// little free space warns, nearly none is bad.
CheckResult check_tmpdir(const nlohmann::json &tmpdir);

// The sampled checks.
// Steal as a share of all CPU time over the interval: over 2% warns (the
// per-pass threshold of the result's "disturbed"), over 10% is bad.
CheckResult check_steal(const SampledInterval &interval);
// CPU time the machine spent on other processes than self_pid over the
// interval, in CPUs, naming the top 3 processes that used more than 10% of
// a CPU: 0.1 CPU or more warns, half a CPU or more is bad.
CheckResult check_busy_processes(const SampledInterval &interval);

// What the checks need that is not under `root`.
struct PreflightReadings {
    // gather_system_info() with "tmpdir" (describe_storage): frequency,
    // memory, virtualization, effective_cpus, topology, tmpdir, cpus_online.
    nlohmann::json system;
    std::optional<SampledInterval> interval;  // none: the sampled checks are left out
};

// Every check, in check_names() order (steal and busy_processes only with
// an interval).
std::vector<CheckResult> run_checks(const std::string &root, const PreflightReadings &readings);

// Whether any check is bad: results taken now would not be trustworthy.
bool any_bad(const std::vector<CheckResult> &checks);

// The checks that tell whether something would disturb a run: what else
// runs, swaps or steals (load, swap, steal, busy_processes; all read /proc).
bool tells_of_disturbance(const CheckResult &check);

// Why nothing that would disturb a run could be checked, or "" when some
// check of it could be made (tells_of_disturbance, status not unknown):
// "/proc is not readable (/proc/stat: No such file or directory)" when
// root's /proc/stat cannot be opened, else "load, swap, ... are unknown".
std::string unchecked_reason(const std::string &root, const std::vector<CheckResult> &checks);

// At most three lines for `run`: the warn and bad checks, each with what
// was found; past three, two of them and a line naming the rest. The last
// line points to `bytebench doctor` for what to do. None when all is well.
std::vector<std::string> summary_lines(const std::vector<CheckResult> &checks);

}  // namespace bytebench
