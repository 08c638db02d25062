// The scheduler: for every copy count (1, then N by default), runs every
// test's passes one after another, with UnixBench's sync-and-settle before
// each pass, scores each test as it completes and the copy-pass's indexes at
// its end. A failing test is recorded with its reason and the run goes on.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "exec/console.h"
#include "exec/quick_mode.h"
#include "model/run_record.h"
#include "model/suite.h"

namespace bytebench {

struct ScheduleOptions {
    std::vector<int> copies;
    double settle_s = 3;  // UnixBench: sync; sleep 1; sync; sleep 2
    std::string worker_program;
    std::string temp_root;
    std::vector<int> cpus;  // placement order: copy i pinned to cpus[i % size]; empty: none
    // The CPUs the copies may use (system/cpu_quota.h's count: the cpuset and
    // the CPU quota); 0: the online CPUs.
    int usable_cpus = 0;
    std::optional<QuickOptions> quick;  // --quick: passes until the interval is narrow enough
    DisturbanceLimits disturbance;      // when a pass's environment makes it suspect
    // Processes outside bytebench whose CPU time the tests measure (the X
    // server of the graphics tests): not "other processes" in a pass's
    // environment.
    std::vector<int> measured_server_pids;
};

// The run as the ETA sees it (model/run_estimate.h): a step per test per
// copy count, in the order run_schedule takes them.
std::vector<EtaStep> eta_plan(const std::vector<PlannedTest> &tests,
                              const ScheduleOptions &options);

// Runs everything into `record.copy_passes`. `checkpoint` is called after every
// test, so that what was measured is saved as the run goes. Returns false
// when it stopped early because of SIGINT/SIGTERM.
bool run_schedule(const std::vector<PlannedTest> &tests, const Suite &suite,
                  const ScheduleOptions &options, Progress &progress, RunRecord &record,
                  const std::function<void()> &checkpoint);

}  // namespace bytebench
