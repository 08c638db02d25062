// File descriptors, checked before every pass: the CLI holds two pipes per
// worker (messages and output) for the whole pass, so N copies need 2 × N
// descriptors at once. A pipe2() that fails with EMFILE half way through
// starting the copies says little; so, as with processes
// (process_budget.h), the pass asks first and is skipped with one line
// naming the limit when the copies do not fit.
#pragma once

#include <cstdint>
#include <string>

namespace bytebench {

// Descriptors the CLI holds for each running worker.
inline constexpr uint64_t kDescriptorsPerWorker = 2;
// Beyond the workers' own: the barrier, the log file, a reporter's pipes.
inline constexpr uint64_t kDescriptorMargin = 16;

struct FileSnapshot {
    uint64_t open_now = 0;  // descriptors the CLI has open
    uint64_t soft = 1024;   // RLIMIT_NOFILE
    uint64_t hard = 1024;
};

struct FileVerdict {
    bool fits = true;
    bool raise_soft = false;  // fits only once the soft limit is raised to the hard one
    std::string reason;       // when !fits: one line, the limit and how to raise it
};

// Pure: whether `copies` workers fit under the limits of `snapshot`.
FileVerdict judge_file_budget(uint64_t copies, const FileSnapshot &snapshot);

// Counts /proc/self/fd and reads RLIMIT_NOFILE.
FileSnapshot take_file_snapshot();

// The check before a pass: raises the soft limit when that is enough.
// Returns "" when the copies fit, else the reason to skip the pass.
std::string ensure_file_budget(uint64_t copies);

// Raises the soft RLIMIT_NOFILE to the hard one (every worker costs the CLI
// two descriptors) and remembers the limit the user gave us, which
// restore_file_limit() puts back in a child before it execs a worker: the
// workloads run under the user's limit, as under UnixBench (a program that
// closes every descriptor up to the limit would be slower under a raised one).
void raise_file_limit();
// Async-signal-safe: for the child between fork and exec.
void restore_file_limit();

}  // namespace bytebench
