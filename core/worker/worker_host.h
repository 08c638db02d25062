// The bb_host a worker process hands to plugins: logging and progress go to
// the CLI over the message channel, the stop flag is set by the pass timer.
#pragma once

#include <bytebench/plugin.h>

#include <csignal>
#include <map>
#include <string>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench::worker {

struct HostState {
    int msg_fd = -1;
    std::string temp_dir;    // empty: none
    std::string plugin_dir;  // directory of the plugin file
    uint64_t last_progress_ns = 0;
    std::map<std::string, std::string> details;  // record_detail(), sent with the result

    // record_metric() (ABI 1.2): accepted only while run() runs, for the
    // keys the workload declared; the values and the first bad call (which
    // makes the copy's result an error) go out with the result.
    std::string workload_id;
    std::vector<std::string> metric_keys;  // declared, in order
    bool in_run = false;
    std::map<std::string, double> metrics;
    std::string metric_error;  // "" when every call was valid
};

// The longest log line a worker sends, in bytes. A longer one (a 2 MB
// line once vanished: the CLI drops a message line over 1 MiB) is cut.
inline constexpr size_t kMaxLogLine = 4096;

// `utf8` as bb_host.log sends it: whole up to kMaxLogLine bytes, else its
// first kMaxLogLine bytes (at a character boundary) and "… [truncated: the
// line had N bytes]".
std::string truncated_log_line(const char *utf8);

// Makes record_metric() accept the metrics `workload` declares.
void expect_metrics(HostState &state, const WorkloadInfo &workload);

// Returns the host table; `state` must outlive every plugin call.
const bb_host *make_host(HostState *state);

// Arms a one-shot timer that sets the stop flag (stop_flag.h) after `duration_ns`.
void arm_stop_timer(uint64_t duration_ns);
void disarm_stop_timer();

}  // namespace bytebench::worker
