// The janitor, seen from the CLI. The janitor is a small process started at the beginning of a run
// that cleans up after the CLI however the CLI ends. The CLI cleans up itself on a normal end and
// on a first SIGINT/SIGTERM; but a second Ctrl-C ends it at once, and a SIGKILL (or a crash, or the
// OOM killer) gives it no chance at all. Workers die with the CLI (PR_SET_PDEATHSIG), but what they
// started (shell scripts, spawn's children) does not, and the run's temporary folder stays behind.
//
// So the CLI starts `bytebench-worker janitor` (fork+exec, in its own process
// group so that a Ctrl-C at the terminal does not reach it, and WITHOUT
// PR_SET_PDEATHSIG) and keeps the write end of a pipe to it. Over the pipe it
// says "+PGID" when a worker process group starts and "-PGID" when it has
// been reaped and killed, and "end" before a normal exit. When the pipe
// closes, which the kernel does however the CLI dies, the janitor:
//   - kills every process group still listed (SIGKILL), waiting up to 2 s
//     for them to go;
//   - removes the run's temporary folder;
//   - removes the CLI's unfinished result and report files
//     (<results base>.*.tmp-<CLI pid>, see result_store.cpp);
//   - without an "end", says in one line on stderr what it cleaned up
//     (worker/janitor.h: the janitor's side).
#pragma once

#include <sys/types.h>

#include <string>

namespace bytebench {

// CLI side. Starts the janitor for a run; on failure (fork: EAGAIN under a
// tight process limit) warns and returns false: the run goes on without it.
bool start_janitor(const std::string &worker_program, const std::string &temp_root,
                   const std::string &results_base);
// Tells the janitor about a worker's process group. No-ops without a janitor.
void janitor_track_group(pid_t pgid);
void janitor_untrack_group(pid_t pgid);
// The janitor's pid; -1 without a janitor.
pid_t janitor_pid();
// A normal end: "end", close the pipe, wait (briefly) for the janitor to exit.
void stop_janitor();

}  // namespace bytebench
