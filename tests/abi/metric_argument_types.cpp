// Compiled three times by compile_fail.cmake: as it is (the right order,
// which must compile), with -DSWAPPED (combine before direction) and with
// -DPLAIN_CONSTANTS (plugin.h's int32_t constants), which must not.
#include <bytebench/plugin.hpp>

namespace {
struct Probe {
    explicit Probe(const bytebench::Context &) {}
    double run(bytebench::Context &) { return 0; }
};
}  // namespace

const bb_workload *bytebench_metric_argument_probe() {
    static const auto w =
        bytebench::Workload<Probe>("probe")
#if defined(SWAPPED)
            .metric("p99_us", "p99", "us", bytebench::Combine::max, bytebench::Better::lower);
#elif defined(PLAIN_CONSTANTS)
            .metric("p99_us", "p99", "us", BB_LOWER_IS_BETTER, BB_COMBINE_MAX);
#else
            .metric("p99_us", "p99", "us", bytebench::Better::lower, bytebench::Combine::max);
#endif
    return w.descriptor();
}
