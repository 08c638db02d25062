// Processes a workload started that left its worker's process group: a
// child that called setsid() or setpgid() survives the SIGKILL the CLI
// sends to the group when the worker ends, and would run on, unseen, beside
// every later test.
//
// So the CLI makes itself their reaper (PR_SET_CHILD_SUBREAPER): when such a
// process's parent dies, the kernel hands it to the CLI instead of to init.
// After every pass, when the CLI's own workers are reaped, every other child
// of the CLI is such an orphan, and is killed (with its process group) and
// reaped; its own children come to the CLI in turn and go the same way.
//
// Not covered: an orphan of a CLI that is itself killed (it goes to init; the
// janitor kills only the worker groups it was told of).
#pragma once

#include <sys/types.h>

#include <vector>

namespace bytebench {

// Makes this process the reaper of its orphaned descendants. Returns false
// (and nothing changes) where the kernel refuses.
bool adopt_orphans();

// A worker's process group (WorkerProcess notes each one it starts). A
// process still in it when it is handed to this process did not leave it:
// the worker's own helper (the stop-flag watcher, a child of the worker in
// its group, worker/stop_flag.h) or a child the workload did not reap,
// orphaned when the worker was killed. kill_orphans() kills such processes
// too but does not count them as left outside the group.
void note_worker_group(pid_t pgid);

// After adopt_orphans(): SIGKILLs and reaps every child of this process
// except `keep` (the janitor), until none is left. Returns how many of them
// the workload had moved out of its worker's process group (setsid(),
// setpgid()): what the caller warns about. 0, and nothing killed, in a
// process that did not adopt orphans. Forgets the noted worker groups: the
// workers of the pass are gone.
int kill_orphans(const std::vector<pid_t> &keep);

// Children that kill_orphans() spares besides its `keep` list: helpers the
// CLI started for the whole run (the private Xvfb, process/private_display.h).
void keep_child(pid_t pid);
void forget_child(pid_t pid);

// The children of this process, from /proc (their parent pid).
std::vector<pid_t> child_processes();

}  // namespace bytebench
