// The janitor's side (`bytebench-worker janitor`): process/janitor_client.h
// says why there is a janitor and what the CLI tells it.
#pragma once

#include <sys/types.h>

#include <string>

namespace bytebench::worker {

// Janitor side (`bytebench-worker janitor`): reads the pipe on `fd` until it
// closes, then cleans up as described above. Returns the exit status.
struct JanitorOptions {
    int fd = 0;
    std::string temp_root;
    std::string results_base;  // "" when there is no result yet
    pid_t cli_pid = 0;
};
int run_janitor(const JanitorOptions &options);

}  // namespace bytebench::worker
