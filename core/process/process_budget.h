// Process limits, checked before every pass: a pass of N copies of a
// workload that starts P processes per copy needs N × P processes at once,
// and a fork that fails half way through a pass (EAGAIN) is a test failure
// that says little. So the scheduler asks first whether the processes fit
// under every limit that applies, raises the soft RLIMIT_NPROC to the hard
// one when that is enough, and otherwise records the test as skipped with
// one line naming the limit and how to raise it.
//
// The limits:
//   - RLIMIT_NPROC counts ALL tasks (threads too) of the user's real uid,
//     whoever started them, so the room left is the limit minus what the
//     user already runs. The kernel exempts real uid 0 of the initial user
//     namespace and tasks with CAP_SYS_RESOURCE or CAP_SYS_ADMIN there.
//   - the cgroup's pids.max (containers, systemd slices) applies to root too;
//   - kernel.threads-max and kernel.pid_max, system-wide.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace bytebench {

// Spare processes beyond the copies' own: other processes of the user come
// and go while the pass runs (a shell prompt, the reporter after the run).
inline constexpr uint64_t kProcessMargin = 2;
// Tasks of a worker beside the workload's own processes during run(): the
// process that watches the stop flag (worker/stop_flag.h).
inline constexpr uint64_t kWorkerThreads = 1;
inline constexpr uint64_t kUnlimited = UINT64_MAX;

struct ProcessDemand {
    uint64_t copies = 1;
    uint64_t per_copy = 1;  // the workload's processes_per_copy (0 is taken as 1)
};

// copies × (per_copy + kWorkerThreads) + kProcessMargin.
uint64_t processes_needed(const ProcessDemand &demand);

struct CgroupPids {
    std::string path;  // e.g. /sys/fs/cgroup/system.slice/x.service
    uint64_t max = kUnlimited;
    uint64_t current = 0;
};

// What the machine looks like now; filled by take_process_snapshot(), or by
// hand in the tests.
struct ProcessSnapshot {
    std::string user;  // name (or uid) of the real uid
    // Why RLIMIT_NPROC does not apply ("" when it does): root, a capability.
    std::string nproc_exempt;
    uint64_t soft = kUnlimited, hard = kUnlimited;  // RLIMIT_NPROC
    uint64_t user_tasks = 0;                        // tasks of the real uid now
    uint64_t system_tasks = 0;                      // all tasks now
    uint64_t threads_max = kUnlimited;              // kernel.threads-max
    uint64_t pid_max = kUnlimited;                  // kernel.pid_max
    std::optional<CgroupPids> cgroup;               // the tightest pids.max above us
};

struct BudgetVerdict {
    bool fits = true;
    // Set when the processes fit only after raising the soft RLIMIT_NPROC.
    std::optional<uint64_t> raise_soft_to;
    std::string reason;  // when !fits: one line, the limit and how to raise it
};

// Pure: whether `demand` fits under the limits of `snapshot`.
BudgetVerdict judge_process_budget(const ProcessDemand &demand, const ProcessSnapshot &snapshot);

// Reads the limits and counts from getrlimit, /proc and /sys.
ProcessSnapshot take_process_snapshot();

// The check before a pass: snapshot, judge, raise the soft RLIMIT_NPROC when
// that is enough. Returns "" when the pass may run, else the reason to skip.
std::string ensure_process_budget(const ProcessDemand &demand);

// "fork: <strerror>", and for EAGAIN " (EAGAIN): the process limit was
// reached", which is what EAGAIN from fork means.
std::string describe_fork_error(int err);

}  // namespace bytebench
