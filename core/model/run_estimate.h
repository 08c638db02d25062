// The run's ETA: what is left of the plan, priced by what the run has
// measured so far. Pure: the console's progress line (exec/console.h) calls
// it with the times it took, and the tests with made-up ones.
//
// A step is one test at one copy count, in the order the run takes them. A
// pass of it costs its settle, its duration and an overhead the plan does
// not name: the copies' workers started and stopped, the workload's untimed
// create() (fstime's UnixBench warm-ups: 4 to 15 s a pass), the settle's
// syncs. A step also costs what surrounds its passes: its folder, its
// set-up and teardown workers. Each is priced, best first, by
//   - a pass's overhead: the mean over this step's finished passes; else
//     over the latest step of the same test (another copy count); else what
//     an earlier run on this machine measured for the test
//     (EtaPriors::remembered_overhead_s); else the least mean overhead of
//     the tests measured so far, which every test pays (the syncs, the
//     workers); else EtaPriors::pass_overhead_s;
//   - a step's fixed cost: the latest finished step of the same test; else
//     EtaPriors::phase_s for each set-up and teardown worker.
// Before any pass the estimate is therefore the plan's settles and
// durations plus the core's own costs (and what a previous run remembered);
// from the first finished pass on it corrects itself.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bytebench {

// --quick: a test stops once it has spent `budget_s` of wall time and made
// `min_passes` (or earlier, at its target: the estimate is an upper bound).
struct EtaQuickBound {
    int min_passes = 3;
    double budget_s = 15;
};

struct EtaStep {
    std::string test;  // the test's id: what its measured costs are known by
    int copies = 1;
    int passes = 0;  // planned (--quick: the cap); 0 for a test known not to run
    double settle_s = 0;
    double duration_s = 0;
    bool has_setup = false;     // a set-up worker before the passes
    bool has_teardown = false;  // a teardown worker after them
    std::optional<EtaQuickBound> quick;
};

struct EtaPriors {
    // A pass's cost beyond its settle and duration in the core's own
    // machinery: the workers' fork+exec, plugin load, barrier, stop and
    // reaping (docs/performance.md, "The ETA": about 0.1 s a pass under load).
    double pass_overhead_s = 0.1;
    // One set-up or teardown worker, beyond what the workload does in it.
    double phase_s = 0.1;
    // Per test id: the mean pass overhead an earlier run on this machine
    // measured (results/pass_costs.h reads it from the history).
    std::map<std::string, double> remembered_overhead_s;
};

// What the run measured of a step it has started.
struct EtaStepTimes {
    std::vector<double> passes_s;   // each finished pass, settle included
    std::optional<double> fixed_s;  // the step's time outside its passes, once it ended
};

// Seconds still to go. `measured` holds the steps started so far, in plan
// order: the last is the one running (its passes so far in passes_s, no
// fixed_s yet), or the last one finished. Steps beyond the plan, and
// numbers that are not finite, give NaN (clock_text shows "unknown").
double eta_seconds(const std::vector<EtaStep> &plan, const std::vector<EtaStepTimes> &measured,
                   const EtaPriors &priors);

// Seconds of the plan's settles and of its timed passes.
struct PlanShares {
    double settle_s = 0;
    double timed_s = 0;
};
PlanShares plan_shares(const std::vector<EtaStep> &plan);

}  // namespace bytebench
