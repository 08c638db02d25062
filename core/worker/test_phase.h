// The worker's setup and teardown modes (ABI 1.2): one call of a workload's
// setup() or teardown(), once per test in a copy-pass, in a worker of its
// own (plugin.h, section 1). The CLI's side is exec/test_phases.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "worker_host.h"

namespace bytebench::worker {

enum class TestPhase { setup, teardown };

struct TestPhaseOptions {
    std::string plugin;
    std::string workload;
    std::string test_dir;  // bb_setup_context.test_dir, and host->temp_dir()
    uint32_t copies = 1;
    uint32_t passes = 1;
    std::vector<std::string> params;  // "KEY=VALUE"; undeclared keys take their defaults
    int params_fd = -1;               // the CLI's ParamsFile (read before `params`)
    int msg_fd = 1;
};

// Loads the plugin and calls the workload's setup() or teardown(), then
// sends one ResultMessage: setup()'s status and message, or ok after
// teardown(). Returns the worker's exit code. Throws (a FailMessage for the
// caller to send) when the plugin has no such workload, the workload no such
// function, or a parameter is not allowed.
int run_test_phase(TestPhase phase, const TestPhaseOptions &options, HostState &state);

}  // namespace bytebench::worker
