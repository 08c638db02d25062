// Scratch folders of a command, and those a killed command left behind.
//
// A command that needs scratch space on disk (a report rendered where the
// document cannot go through memory: plugins/report_rendering.h) makes a
// private folder (mode 0700) named for its process:
// <base>/bytebench-<kind>-<pid>-XXXXXX. It removes it when done, and on
// SIGINT, SIGTERM and SIGHUP (process/cleanup_on_signal.h); SIGKILL, the
// OOM killer or a crash leave it. So the next command that makes one first
// collects the abandoned ones: those of its own user (the folder's owner)
// whose process is gone. A pid that now belongs to another process counts
// as gone when that process started after the folder last changed; when
// that cannot be told (no /proc), the folder is kept. Other users' folders,
// links and files are never touched.
#pragma once

#include <string>

namespace bytebench {

class ScratchFolder {
  public:
    // Makes <base>/bytebench-<kind>-<pid>-XXXXXX. Throws std::runtime_error:
    // "cannot create a temporary folder in BASE: why".
    ScratchFolder(const std::string &base, const std::string &kind);
    // Removes it and what is in it.
    ~ScratchFolder();
    ScratchFolder(const ScratchFolder &) = delete;
    ScratchFolder &operator=(const ScratchFolder &) = delete;

    const std::string &path() const { return path_; }

  private:
    std::string path_;
};

// The name a scratch folder of `kind` of process `pid` starts with:
// "bytebench-<kind>-<pid>-".
std::string scratch_folder_prefix(const std::string &kind, long pid);

// Whether a scratch folder named for `pid`, last changed at
// `folder_changed` (seconds since the epoch), may still be in use: its
// process runs and started before then, or that cannot be told.
bool scratch_owner_runs(long pid, double folder_changed);

// Removes the scratch folders of `kind` in `base` that their process
// abandoned (above). Returns how many. Never throws.
int collect_abandoned_scratch(const std::string &base, const std::string &kind);

}  // namespace bytebench
