// null: the harness's own cost, with no work in the way (docs/performance.md).
//
// Each loop only reads the stop flag, so what a pass records is what the
// harness adds around any workload: how far apart the copies start (the
// pass's start_spread_ms), how long after the deadline a copy sees the stop
// (each copy's seconds minus the duration), and, from outside, what a pass
// costs beyond its duration (bench/overhead.py). The count is loops, so the
// value is the rate at which a copy can poll the flag.
#include <bytebench/plugin.hpp>

namespace bytebench::plugins::harness {

struct Null {
    explicit Null(const bytebench::Context &) {}
    double run(bytebench::Context &ctx) {
        unsigned long long loops = 0;
        while (!ctx.stopped()) ++loops;
        return static_cast<double>(loops);
    }
};

const bytebench::Workload<Null> kNull =
    bytebench::Workload<Null>("null")
        .name("Harness overhead: null loop")
        .description(
            "Only polls the stop flag; measures the harness (start spread, stop latency, "
            "per-pass cost), not the machine.")
        .category("harness")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_short()
        .duration(10);

}  // namespace bytebench::plugins::harness

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.harness")
                     .name("bytebench harness workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench::plugins::harness::kNull))
