// fma-throughput: floating-point FMA throughput of one core, in GFLOP/s per
// copy. The instruction set (AVX-512F or AVX2+FMA) is chosen when the test
// runs, so one build of this plugin serves every x86-64 machine.
#include <bytebench/plugin.hpp>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "fma_kernels.hpp"
#include "fsync_latency.h"
#include "isa.hpp"

namespace {

// Iterations between two reads of the stop flag: 4096 x 16 FMAs is about
// 10 us on a core with two 512-bit FMA ports, far below the timer's
// resolution and far above the cost of the read.
constexpr std::uint64_t kBlockIterations = 4096;

// acc = acc * kMultiplier + kAddend converges to kAddend / (1 - kMultiplier)
// = 1024 from below: every value stays a normal number (no denormal slow
// path, no overflow), whatever the run's length.
constexpr double kMultiplier = 1.0 - 1.0 / (1 << 20);
constexpr double kAddend = 1.0 / (1 << 10);

vendor::Precision parse_precision(const std::string &value) {
    if (value == "double") return vendor::Precision::double_precision;
    if (value == "single") return vendor::Precision::single_precision;
    throw std::invalid_argument("precision must be \"double\" or \"single\", not \"" + value +
                                "\"");
}

class FmaThroughput {
  public:
    // Untimed: pick the instruction set, or skip the test.
    explicit FmaThroughput(const bytebench::Context &ctx)
        : precision_(parse_precision(ctx.param("precision"))) {
#if !defined(__x86_64__)
        throw bytebench::Skip(
            "fma-throughput has AVX-512 and AVX2 kernels only; this build is not for x86-64");
#endif
        const vendor::IsaChoice choice =
            vendor::choose_isa(vendor::detect_cpu_features(), ctx.param("isa"));
        if (choice.isa == vendor::Isa::none) throw bytebench::Skip(choice.reason);
        isa_ = choice.isa;
        shape_ = vendor::kernel_shape(isa_, precision_);
        // Optional (ABI 1.1): an older host ignores them.
        ctx.detail("isa", vendor::isa_name(isa_));
        ctx.detail("vector_bits", std::to_string(shape_.vector_bits));
        ctx.detail("precision",
                   precision_ == vendor::Precision::single_precision ? "single" : "double");
        ctx.detail("accumulators", std::to_string(shape_.accumulators));
        ctx.debug(std::string("fma-throughput: ") + vendor::isa_name(isa_) + ", " +
                  std::to_string(shape_.accumulators) + " accumulators of " +
                  std::to_string(shape_.lanes) + " lanes");
    }

    // Timed: FMA blocks until the stop flag is set; the count is GFLOP.
    double run(bytebench::Context &ctx) {
        const vendor::KernelRun done = vendor::run_fma_kernel(
            isa_, precision_, ctx.stop_flag(), kBlockIterations, kMultiplier, kAddend);
        // The accumulators are positive and bounded by 1024 per lane; anything
        // else means a broken kernel, not a number to report.
        const double bound = 1024.0 * shape_.accumulators * shape_.lanes;
        if (done.blocks == 0 || !std::isfinite(done.checksum) || done.checksum <= 0.0 ||
            done.checksum > bound * 1.001)
            throw std::runtime_error("the FMA kernel returned an impossible checksum " +
                                     std::to_string(done.checksum));
        sink_ = sink_ + done.checksum;  // consumed: the loop cannot be dropped
        return vendor::kernel_flops(shape_, done.blocks, kBlockIterations) / 1e9;
    }

  private:
    vendor::Precision precision_;
    vendor::Isa isa_ = vendor::Isa::none;
    vendor::KernelShape shape_;
    volatile double sink_ = 0.0;
};

const auto kFmaThroughput =
    bytebench::Workload<FmaThroughput>("example.fma-throughput")
        .name("FMA throughput")
        .description(
            "Fused multiply-add throughput of one core on independent vector registers "
            "(AVX-512F or AVX2+FMA, chosen at run time); an FMA counts as 2 FLOP.")
        .category("cpu")
        .unit("GFLOP/s")
        .version("1")
        .time_base(1)  // count is GFLOP: the value is GFLOP per second
        .repeat_long()
        .duration(10)
        // Choices (ABI 1.2): the host refuses another value before any
        // worker starts; an ABI 1.0 or 1.1 host ignores them and
        // parse_precision() and choose_isa() still refuse it.
        .param_choices("isa", "string", "auto", {"auto", "avx512", "avx2"},
                       "auto (the widest the CPU has), avx512 or avx2; a forced one the CPU "
                       "lacks skips")
        .param_choices("precision", "string", "double", {"double", "single"}, "double or single");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("com.example.vector")
                     .name("Example vector workloads")
                     .vendor("Example Corp.")
                     .version("1.0")
                     .min_host_minor(0)  // details are optional: ABI 1.0 hosts will do
                     .add(kFmaThroughput)
                     .add(&fsync_latency_workload))  // plain C: fsync_latency.c
