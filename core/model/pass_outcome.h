// What one pass of a test measured: each copy's count, time, start, details,
// metrics and CPU, and the pass's status (exec/pass_runner.h runs a pass).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/metric_values.h"
#include "model/pass_environment.h"
#include "model/status.h"

namespace bytebench {

struct CopyOutcome {
    double count = 0;
    double seconds = 0;
    uint64_t start_ns = 0;                       // CLOCK_MONOTONIC when the copy started its run
    std::map<std::string, std::string> details;  // what the workload recorded (ABI 1.1)
    MetricValues metrics;                        // record_metric() (ABI 1.2), finite
    int pu = -1;         // the PU the copy was pinned to (--placement), -1: not pinned
    int cpu_start = -1;  // the CPU it was on when run() began, and when it ended
    int cpu_end = -1;
};

struct PassOutcome {
    Status status = Status::ok;
    std::string error;
    std::vector<CopyOutcome> copies;
    double count = 0;            // combined over copies (WorkloadInfo::combine)
    MetricValues metrics;        // per declared metric some copy recorded: combine_copies()
    double seconds = 0;          // mean over copies
    double start_spread_ms = 0;  // last copy's start minus the first's
    // What the copies wrote to stdout and stderr between their release at
    // the start barrier and their result: output inside the timed pass.
    uint64_t timed_output_bytes = 0;
    // Steal, other processes, clock, throttling and energy over the pass;
    // empty for passes read back from results that predate it.
    std::optional<PassEnvironment> environment;
};

}  // namespace bytebench
