// Runs a program found on PATH to its end and keeps what it printed. Used by
// the 2D workloads for x11perf.
#ifndef BYTEBENCH_PLUGINS_GRAPHICS_PROGRAM_RUN_H
#define BYTEBENCH_PLUGINS_GRAPHICS_PROGRAM_RUN_H

#include <string>
#include <vector>

namespace bytebench::plugins::graphics {

struct ProgramRun {
    int wait_status = 0;  // as waitpid() gave it
    std::string out;      // its standard output
    std::string err;      // its standard error
};

// Forks, execs args[0] (looked up on PATH) with `args`, waits for it and
// returns its wait status and output. The outputs go to anonymous memory
// files, not pipes, so nothing is read while it runs and no pipe can fill.
// The child stays in the worker's process group, so the host's SIGKILL of
// the group ends it with a killed pass. Throws std::runtime_error when it
// cannot be started; an exec failure is exit status 127 with the reason on
// its standard error.
ProgramRun run_program(const std::vector<std::string> &args);

// "exited with status 3", "was killed by signal 11 (Segmentation fault)".
std::string how_it_ended(int wait_status);

}  // namespace bytebench::plugins::graphics

#endif  // BYTEBENCH_PLUGINS_GRAPHICS_PROGRAM_RUN_H
