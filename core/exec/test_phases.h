// What surrounds a test's passes in one copy-pass (ABI 1.2, plugin.h
// section 1): its directory (bb_run_context.test_dir), made before the
// first pass and removed after the last, and, for a workload that has them,
// its setup() and teardown(), each once, in a worker of its own.
//
// The directory lives in the run's temporary folder, so what removes that
// folder however the CLI ends (the janitor, process/janitor_client.h)
// removes it too. It is made and removed through a descriptor of that
// folder (base/made_folder.h) under a name that is one path component
// whatever the test is called: it cannot be outside the temporary folder,
// and only the folder made here is ever removed. A workload without setup() or teardown() costs no
// worker: only the directory is made and removed.
#pragma once

#include <string>

#include "base/made_folder.h"
#include "exec/console.h"
#include "model/planned_test.h"
#include "model/status.h"

namespace bytebench {

struct PhaseOutcome {
    Status status = Status::ok;
    std::string error;  // with a status other than ok
};

class TestPhases {
  public:
    TestPhases(const PlannedTest &test, int copies, std::string worker_program,
               const std::string &temp_root);
    // Tears down (when set_up() was called and tear_down() was not) and
    // removes the directory.
    ~TestPhases();
    TestPhases(const TestPhases &) = delete;
    TestPhases &operator=(const TestPhases &) = delete;

    // Makes the directory (mode 0700) and calls setup() when the workload
    // has one, within its setup_timeout_s; its progress goes to `progress`.
    // Not ok: none of the test's passes may run, and the outcome is the
    // test's ("set-up failed: ...", "set-up did not finish within 600 s",
    // setup()'s own reason for a skip, "interrupted").
    PhaseOutcome set_up(Progress &progress);
    // Calls teardown() when the workload has one (within setup_timeout_s,
    // also on an interrupted run; a failure is a warning), then removes the
    // directory. Once; later calls do nothing.
    void tear_down();

    // The folder's path once set_up() made it, else "".
    const std::string &test_dir() const { return folder_.path; }

  private:
    const PlannedTest &test_;
    int copies_;
    std::string worker_program_;
    std::string temp_root_;
    FolderFd root_;  // the run's temporary folder, open while the folder is ours
    MadeFolder folder_;
    bool set_up_called_ = false;
    bool torn_down_ = false;
};

// The name of the folder of test `test_id` at `copies` copies inside the
// run's temporary folder: "<test id>-n<copies>-test" (never a pass's
// "-p<K>-c<I>"), the id as a file name part (base/names.h).
std::string test_folder_name(const std::string &test_id, int copies);

}  // namespace bytebench
