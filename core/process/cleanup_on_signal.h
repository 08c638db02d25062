// Temporary files that must not outlive a command ended by a signal.
//
// `report`, `show` and `compare` keep no janitor (process/janitor_client.h is
// `run`'s) and stop at once on SIGINT, SIGTERM or SIGHUP, as any short
// command does. Their temporary files (the temporary name of the report
// beside its real one; the reporter's input and output in a scratch folder,
// where the document cannot go through memory: plugins/report_rendering.h)
// would stay behind. (What SIGKILL leaves in a scratch folder, the next
// command collects: process/scratch_folder.h.) So such a command calls install_cleanup_on_signal(),
// and registers each temporary path, and the worker process that may write
// one, for as long as they exist. The handler then, with async-signal-safe
// calls only:
//   1. SIGKILLs each registered process group and reaps its leader, so that
//      nothing writes a file again once it is removed;
//   2. unlink()s every registered path, then rmdir()s them (a folder goes
//      once the files in it have);
//   3. ends the process by the same signal (default action), so the exit
//      status says what ended it (128 + N in a shell).
// Registering works whether or not the handler is installed (a registry with
// no handler is never read), so code below the CLI registers unconditionally.
// `run` does not install it: its own handlers (process/interrupt.h) stop
// cleanly, and its janitor cleans up after a second signal.
#pragma once

#include <sys/types.h>

#include <string>

namespace bytebench {

// Installs the handler for SIGINT, SIGTERM and SIGHUP, each unless it is
// ignored (nohup, a background job) or already handled. Idempotent.
void install_cleanup_on_signal();

// Registers `path` (a file, or a folder that is empty once the registered
// files are gone) for removal. False when it could not be (a full table of
// 32 paths, or a path longer than PATH_MAX): the caller goes on without the
// guarantee.
bool remove_on_signal(const std::string &path);
// Forgets `path` (does not remove it).
void forget_on_signal(const std::string &path);

// Registers the process group `pgid` (a worker: its id is the group's) to
// SIGKILL and reap first; forget it once it has been reaped.
bool kill_on_signal(pid_t pgid);
void forget_group_on_signal(pid_t pgid);

// Removed on a signal while this object lives: forgets the path when it
// goes out of scope, whatever became of the file.
class RemovedOnSignal {
  public:
    explicit RemovedOnSignal(std::string path);
    ~RemovedOnSignal();
    RemovedOnSignal(const RemovedOnSignal &) = delete;
    RemovedOnSignal &operator=(const RemovedOnSignal &) = delete;

  private:
    std::string path_;
    bool registered_;
};

}  // namespace bytebench
