// Runs one pass of one test: N worker processes, one per copy, that set up,
// meet at a start barrier, run the timed interval together and report.
//
// The barrier is one pipe: every worker blocks reading it, and the CLI
// releases them all at once by closing the write end once every copy has
// reported "ready".
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/pass_outcome.h"
#include "model/planned_test.h"

namespace bytebench {

struct PassRequest {
    const PlannedTest *test = nullptr;
    int copies = 1;
    int pass_index = 0;
    std::string worker_program;
    std::string temp_root;         // per-copy temp dirs are made inside it
    std::string test_dir;          // the test's directory (exec/test_phases.h)
    double setup_timeout_s = 120;  // plus crowding_seconds()
    std::vector<int> cpus;         // copy i is pinned to cpus[i % size]; empty: not pinned
};

// Extra time a pass may take beyond its duration before it is a timeout.
double grace_seconds(double duration_s);

// Extra time for setup and for the run when the copies outnumber the CPUs:
// they start one after another as the scheduler gets to them (the start
// spread: seconds at 1024 copies on 2 CPUs), and each must finish the
// iteration it is in when its time is up. Half a second per copy per CPU,
// 0 when every copy has a CPU of its own.
double crowding_seconds(int copies, int cpus);

PassOutcome run_pass(const PassRequest &request);

}  // namespace bytebench
