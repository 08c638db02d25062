// Runs the fs plugin's fstime workload in the test process, through the C ABI,
// with a minimal host: the same calls bytebench-worker makes (create, run
// until a stop flag, destroy).
#pragma once

#include <bytebench/plugin.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "child_process.h"
#include "files.h"
#include "process_runner.h"

namespace bytebench::test {

// The loaded plugin's "fstime" workload (the plugin is loaded once).
const bb_plugin &fs_plugin();
const bb_workload &fstime();

struct Outcome {
    bb_status created = BB_ERROR;
    bb_status ran = BB_ERROR;  // BB_ERROR as well when run() was not reached
    double count = 0;
    uint64_t elapsed_ns = 0;                     // as run() set it
    uint64_t create_ns = 0;                      // how long create() took
    std::string error;                           // create()'s or run()'s message
    std::vector<std::string> files;              // in temp_dir after create(), "name mode"
    std::vector<std::string> files_left;         // in temp_dir after destroy()
    std::map<std::string, std::string> details;  // what create() and run() recorded
};

struct Exercise {
    std::map<std::string, std::string> params;  // over the declared defaults
    std::string temp_dir;                       // must exist
    double run_s = 0.3;                         // until the stop flag is set
    uint32_t copies = 1;                        // copy_count (they share the disk)
    std::function<void()> before_run;           // after create(), e.g. to fill the disk
};

// create(), run() for `run_s` seconds, destroy().
Outcome exercise(const Exercise &e);

// A fresh, empty folder under the build tree's test area.
std::string fresh_dir(const std::string &name);

// "name mode" (octal) of every entry of `dir`, sorted.
std::vector<std::string> list_dir(const std::string &dir);

// --- a small disk, in a child process (tests/support/child_process.h) --------

// In the child: a private tmpfs of `size` ("4m") at `dir`, in a mount
// namespace of its own (needs CAP_SYS_ADMIN). "" or "SKIP: why".
std::string mount_small_disk(const std::string &dir, const char *size = "4m");

// Fills the file system of `dir` up to its last byte (with `dir`/filler).
void fill_disk(const std::string &dir);

}  // namespace bytebench::test
