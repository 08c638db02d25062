// The CPU time counters of /proc/stat and /proc/PID/stat: how the machine's CPUs spent their
// time since boot (user, system, idle, steal, ...), for the whole machine and
// per CPU. Two readings a pass apart give that pass's steal and busy time
// (system/environment_probe.h); two readings a second apart, the steal of
// that second (`bytebench doctor`).
#pragma once

#include <map>
#include <optional>
#include <string>

namespace bytebench {

// One "cpu" line, in seconds (the kernel counts in USER_HZ ticks, 1/100 s on
// Linux: a reading is that coarse per CPU).
struct CpuTimes {
    double user = 0;  // includes guest time: the kernel counts it in both
    double nice = 0;
    double system = 0;
    double idle = 0;
    double iowait = 0;
    double irq = 0;
    double softirq = 0;
    double steal = 0;  // the hypervisor ran something else on this virtual CPU

    // Time spent running code: user, nice, system, irq, softirq.
    double busy() const;
    // Everything, steal included.
    double total() const;
};

// The counters of `b` minus those of `a` (a later reading minus an earlier).
CpuTimes operator-(const CpuTimes &b, const CpuTimes &a);

struct ProcStat {
    std::optional<CpuTimes> all;      // the "cpu" line: every CPU summed
    std::map<int, CpuTimes> per_cpu;  // "cpuN" lines, by N
};

// Parses the text of /proc/stat. Lines it cannot read are left out; `all` is
// empty when the "cpu" line is missing or malformed. Fields a kernel does not
// give (steal before 2.6.11) count as 0.
ProcStat parse_proc_stat(const std::string &text, long ticks_per_second);

// root + /proc/stat, with this kernel's USER_HZ. When there is no usable
// "cpu" line, `all` is empty and `*why` (when given) says why.
ProcStat read_proc_stat(const std::string &root, std::string *why = nullptr);

// One process's CPU time (user + system, its threads included) from
// /proc/PID/stat.
struct ProcessCpu {
    std::string comm;  // the kernel's name of it (at most 15 characters)
    double cpu_s = 0;
};

// The text of /proc/PID/stat -> comm and CPU seconds; nullopt when malformed.
// The comm may hold spaces and parentheses: it ends at the last ')'.
std::optional<ProcessCpu> parse_process_stat(const std::string &text, long ticks_per_second);

// root + /proc/PID/stat; nullopt when the process is gone or the file is
// malformed.
std::optional<ProcessCpu> read_process_cpu(const std::string &root, int pid);

}  // namespace bytebench
