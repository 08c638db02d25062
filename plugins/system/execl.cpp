// execl: Execl Throughput (UnixBench 6.0 `execl`).
//
// run() forks a child that execs the helper program system.d/execl-helper
// (installed beside system.so) with three arguments: the deadline in
// CLOCK_MONOTONIC nanoseconds, the count so far (0) and the descriptor to
// report on. Each image of the helper increments the count and, while the
// deadline has not passed, execs itself again with the new count; when time
// is up it writes the count to the descriptor and exits. The parent reads the
// count until end-of-file, reaps the child and returns the count.
//
// The helper is a small dynamically linked C program with some ballast code
// and data (see execl-helper.c), like UnixBench's execl binary: what is
// measured is the cost of exec'ing such a program.
#include <bytebench/plugin.hpp>
#include <string>

#include "helper.h"

namespace bytebench::plugins::system {

struct Execl {
    explicit Execl(const bytebench::Context &ctx)
        : path_(find_helper(ctx, "execl", "execl-helper")) {}

    double run(bytebench::Context &ctx) {
        const unsigned long long count =
            run_helper("execl", path_, {std::to_string(helper_deadline(ctx)), "0"});
        return static_cast<double>(count);
    }

  private:
    std::string path_;
};

extern const bytebench::Workload<Execl> kExecl;
const bytebench::Workload<Execl> kExecl =
    bytebench::Workload<Execl>("execl")
        .name("Execl Throughput")
        .description(
            "A small dynamically linked program execs itself over and over; counts "
            "the execs (UnixBench 6.0 execl).")
        .category("system")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_short()
        .duration(30)
        .baseline(43.0)
        // The worker and the helper's exec chain.
        .processes_per_copy(2);

}  // namespace bytebench::plugins::system
