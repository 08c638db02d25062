// Measures a pass's environment (model/pass_environment.h): start() before
// the pass, stop() after its copies have been reaped. In between, a thread
// samples cpufreq every 100 ms when the clock must be read that way; the
// other readings are counters read at both ends:
//
//   steal, busy time   /proc/stat (the whole machine)
//   own CPU time       getrusage of this process and its reaped children (the
//                      workers and everything they ran and waited for), and
//                      /proc/PID/stat of the processes count_as_own() names
//   clock speed        APERF/MPERF/TSC perf events of the msr PMU on the
//                      copies' CPUs (root, or perf_event_paranoid <= 0); else
//                      cpufreq's scaling_cur_freq, sampled; else unknown
//   throttling         thermal_throttle/{core,package}_throttle_count
//   energy             powercap RAPL package domains' energy_uj (root only
//                      on kernels since 5.10)
//
// Nothing here throws or fails a run: a reading that cannot be made is left
// empty with its reason. Under a `root` other than "/" (fixture trees in the
// tests) the perf events are not opened: they are the live machine's.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/pass_environment.h"

namespace bytebench {

class EnvironmentProbe {
  public:
    // `cpus`: the CPUs the copies are pinned to; empty: every online CPU.
    explicit EnvironmentProbe(std::vector<int> cpus, std::string root = "/");
    ~EnvironmentProbe();
    EnvironmentProbe(const EnvironmentProbe &) = delete;
    EnvironmentProbe &operator=(const EnvironmentProbe &) = delete;

    // Processes outside bytebench's tree whose CPU time is part of what the
    // tests measure (the X server the graphics tests draw on): their CPU
    // time counts as own, not as other processes'. Before start().
    void count_as_own(std::vector<int> pids);

    void start();
    // The readings between start() and now; `disturbed` is left empty (the
    // caller judges with its limits).
    PassEnvironment stop();

  private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace bytebench
