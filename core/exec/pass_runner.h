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
    std::string temp_root;         // per-copy temp dirs are made inside it (copy_folder_name)
    std::string test_dir;          // the test's directory (exec/test_phases.h)
    double setup_timeout_s = 120;  // plus crowding_seconds()
    std::vector<int> cpus;         // copy i is pinned to cpus[i % size]; empty: not pinned
    int usable_cpus = 0;           // what the copies may use (for crowding); 0: online CPUs
    double grace_s = -1;           // time allowed after the pass; < 0: grace_seconds()
    bool show_output = false;      // log the copies' output line by line (-v)
};

// What the copies still in run() at the time limit did with the stop flag
// after the deadline had set it.
struct LateCopies {
    int copies = 1;      // in the pass
    int never_read = 0;  // watched, and not read
    int read = 0;        // read, but run() went on
    int unwatched = 0;   // the worker could not tell (no userfaultfd)
};

// The timeout's message: "run() did not return within 10.5 s after the end
// of its 1 s pass: the stop flag was set at the deadline but never read
// afterwards; poll ..." (one part per kind of late copy, counted when the
// pass has several copies).
std::string late_run_message(double duration_s, double waited_s, const LateCopies &late);

// The warning for a test whose workload wrote `bytes` to stdout or stderr
// during its timed pass `pass` (1-based).
std::string timed_output_warning(const std::string &test, int pass, uint64_t bytes);

// The name of copy `copy`'s temporary folder in pass `pass_index` of test
// `test_id`, inside the run's temporary folder: "<test id>-p<pass>-c<copy>",
// the id as a file name part (base/names.h), so one path component whatever
// the id. The folder is made and removed through a descriptor of the
// temporary folder (base/made_folder.h): only what the pass made is removed.
std::string copy_folder_name(const std::string &test_id, int pass_index, int copy);

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
