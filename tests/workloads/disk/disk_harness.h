// Runs the disk plugin's workloads in the test process, through the C ABI,
// with the fake host: create(), run() until a stop flag, destroy(), as
// bytebench-worker does. Also: a child process with a private mount (tmpfs,
// ramfs) for the tests that need a particular file system.
#pragma once

#include <bytebench/plugin.h>

#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "child_process.h"
#include "files.h"
#include "process_runner.h"

namespace bytebench::test {

const bb_plugin &disk_plugin();
const bb_workload &workload(const std::string &id);

inline const char *const kWorkloads[] = {"disk-seq-read", "disk-seq-write", "disk-rand-read",
                                         "disk-rand-write"};
inline const char kFileName[] = "disk.dat";  // the copy's file in temp_dir

struct Exercise {
    std::string workload;
    std::map<std::string, std::string> params;  // over the declared defaults
    std::string temp_dir;                       // must exist
    double run_s = 0.2;                         // until the stop flag is set
    uint32_t copies = 1;                        // copy_count
    uint32_t copy_index = 0;
    uint32_t pass_index = 0;
    // After create() / after run(), before destroy(): given the file's path.
    std::function<void(const std::string &)> before_run, after_run;
};

struct Outcome {
    bb_status created = BB_ERROR;
    bb_status ran = BB_ERROR;  // BB_ERROR as well when run() was not reached
    double count = 0;
    std::string error;                    // create()'s or run()'s message
    uint64_t returned_after_stop_ns = 0;  // from setting the stop flag to run()'s return
    int extra_threads_while_running = 0;  // threads beyond the test's own, just before the stop
    int extra_threads_after = 0;          // threads beyond the test's own, after destroy()
    std::vector<std::string> files;       // in temp_dir after create(), "name mode size"
    std::vector<std::string> files_left;  // in temp_dir after destroy()
    std::map<std::string, std::string> details;  // what create() and run() recorded
    std::map<std::string, double> metrics;       // what run() recorded (ABI 1.2)
};

// `workload` on a 4 MiB file, with `params` over that, in `dir` (which exists).
Exercise small(const std::string &workload, const std::string &dir,
               const std::map<std::string, std::string> &params = {});

// create(), run() for `run_s` seconds, destroy().
Outcome exercise(const Exercise &e);

nlohmann::json to_json(const Outcome &o);
Outcome outcome_from_json(const std::string &text);

// A fresh, empty folder under the build tree's test area.
std::string fresh_dir(const std::string &name);

// "name mode size" of every entry of `dir`, sorted.
std::vector<std::string> list_dir(const std::string &dir);

// --- a file system of its own, in a child process ------------------------------

// In a forked child, and a private mount there: tests/support/child_process.h.

// 0 when `dir` accepts an O_DIRECT open, else the errno.
int probe_o_direct(const std::string &dir);

}  // namespace bytebench::test
