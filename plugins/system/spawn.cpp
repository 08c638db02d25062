// spawn: Process Creation (UnixBench 6.0 `spawn`).
//
// Counts children created and reaped until the end of the timed interval:
// each loop forks a child that exits at once with status 0, and the parent
// waits for it and checks the status.
//
// The loop runs in the helper program system.d/spawn-helper (installed beside
// system.so), which run() starts and reaps like execl's: a fork's cost depends
// on the process being copied and an exit's on what the child does on the way
// out, and UnixBench measures a small C program whose children end with
// exit(). A loop inside the worker, whose children may only _exit(), counted
// about 30% more (see spawn-helper.c). A fork failure (EAGAIN when
// RLIMIT_NPROC is reached) fails the pass with the errno text.
#include <bytebench/plugin.hpp>
#include <string>

#include "helper.h"

namespace bytebench::plugins::system {

struct Spawn {
    explicit Spawn(const bytebench::Context &ctx)
        : path_(find_helper(ctx, "spawn", "spawn-helper")) {}

    double run(bytebench::Context &ctx) {
        const unsigned long long count =
            run_helper("spawn", path_, {std::to_string(helper_deadline(ctx))});
        return static_cast<double>(count);
    }

  private:
    std::string path_;
};

extern const bytebench::Workload<Spawn> kSpawn;
const bytebench::Workload<Spawn> kSpawn =
    bytebench::Workload<Spawn>("spawn")
        .name("Process Creation")
        .description(
            "Forks a child that exits at once and waits for it, in a loop "
            "(UnixBench 6.0 spawn).")
        .category("system")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_short()
        .duration(30)
        .baseline(126.0)
        // The worker, the helper and the helper's child.
        .processes_per_copy(3);

}  // namespace bytebench::plugins::system
