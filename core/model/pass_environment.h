// What else was going on while a pass ran, and whether that makes its number
// suspect: steal (the hypervisor gave the CPU to another guest), CPU time of
// other processes, the clock speed, thermal throttling and energy. Measured
// by system/environment_probe.h; `runs[].tests[].passes[].environment` in
// the result (docs/result-schema.md).
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace bytebench {

struct PassEnvironment {
    double wall_s = 0;  // the window the readings span: the whole pass
    int cpus = 0;       // online CPUs: the shares below are of wall_s * cpus
    // /proc/stat's unit (1/USER_HZ): each CPU's counters may be off by a tick
    // at either end of the window.
    double tick_s = 0.01;
    // Each reading is empty when it could not be made; `why` then says why,
    // by the result's member name ("steal_s", "frequency_mhz", ...).
    std::optional<double> steal_s;
    std::optional<double> own_cpu_s;      // bytebench: the CLI and every worker
    std::optional<double> foreign_cpu_s;  // busy CPU time that was not bytebench's
    std::optional<double> frequency_mhz;  // mean clock of the CPUs the copies ran on
    std::string frequency_source;         // "aperf/mperf" or "cpufreq"
    std::optional<uint64_t> throttle_events;
    std::optional<double> energy_j;  // every RAPL package domain
    std::map<std::string, std::string> why;
    // Why the pass is suspect, one line each; empty when it is not.
    std::vector<std::string> disturbed;

    std::optional<double> steal_share() const;    // of wall_s * cpus
    std::optional<double> foreign_share() const;  // of wall_s * cpus
    std::optional<double> average_w() const;      // energy_j / wall_s
    // How far off a share can be from the ticks alone: 2 ticks per CPU over
    // the window (4% of a 0.5 s pass, 200% of a 10 ms one).
    double share_resolution() const;
};

// When a pass counts as disturbed: steal above 2% of the machine's CPU time,
// or other processes above 10% of it (a tenth of a CPU per CPU), by more than
// the share's resolution (so a pass too short to tell is never flagged); or
// any thermal throttle event. run --max-steal and --max-foreign-cpu set them.
struct DisturbanceLimits {
    double steal_share = 0.02;
    double foreign_share = 0.10;
};

// Fills `env.disturbed` from its readings and `limits`.
void judge_disturbance(PassEnvironment &env, const DisturbanceLimits &limits);

// The limits as the result's options record them.
nlohmann::json to_json(const DisturbanceLimits &limits);

// The result's `environment` member of a pass.
nlohmann::json to_json(const PassEnvironment &env);

}  // namespace bytebench
