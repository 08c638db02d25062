// The first-party "cpu" plugin (org.bytebench.cpu): UnixBench's CPU-bound
// tests. The kernels live in the bytebench_cpu_kernels library (kernels.h,
// dhrystone.h); this file adapts them to the plugin ABI.
//   dhry2reg          Dhrystone 2.1 loops per second
//   whetstone-double  Double-precision Whetstone, MWIPS (self-timed)
//   arith             UnixBench arith.c loops per second (param type)
//   hanoi             recursive Tower of Hanoi solves per second (param disks)
#include <bytebench/plugin.hpp>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "dhrystone.h"
#include "kernels.h"

namespace bytebench::plugins::cpu {
namespace {

struct Dhrystone {
    explicit Dhrystone(const bytebench::Context &) { dhry::reset(); }

    double run(bytebench::Context &ctx) {
        dhry::Locals locals;
        const unsigned long runs = dhry::run(ctx.stop_flag(), locals);
        const std::string error = dhry::check(locals, runs);
        if (!error.empty()) throw std::runtime_error("Dhrystone self-check failed: " + error);
        return static_cast<double>(runs);
    }
};

struct Whetstone {
    explicit Whetstone(const bytebench::Context &ctx) : duration_s_(ctx.duration_s()) {
        if (!(duration_s_ > 0.0)) throw std::invalid_argument("whetstone: duration must be > 0");
    }

    // Self-timed, like UnixBench's: it calibrates, then runs one pass sized
    // to the duration, and does not poll the stop flag.
    double run(bytebench::Context &ctx) {
        const whetstone::Outcome out = whetstone::run(duration_s_);
        log(ctx, out);
        std::string error = whetstone::check_reference(out.first);
        if (error.empty()) error = whetstone::check_measured(out.measured);
        if (!error.empty()) throw std::runtime_error("Whetstone self-check failed: " + error);
        ctx.set_elapsed_ns(static_cast<uint64_t>(std::llround(out.measured.time_used * 1e9)));
        return out.mwips;
    }

  private:
    static void log(const bytebench::Context &ctx, const whetstone::Outcome &out) {
        char line[160];
        std::snprintf(line, sizeof line,
                      "whetstone: %d calibration passes, then %ld passes (x 100): %.3f s, "
                      "%.3f MWIPS",
                      out.calibrations, out.measured.xtra, out.measured.time_used, out.mwips);
        ctx.debug(line);
        for (int s = 1; s <= 8; ++s) {
            std::snprintf(line, sizeof line, "whetstone: %-18s %24.17f %9.3f s",
                          whetstone::section_name(s), out.first.result[s], out.measured.seconds[s]);
            ctx.debug(line);
        }
    }

    double duration_s_;
};

struct Arith {
    explicit Arith(const bytebench::Context &ctx) : type_(arith::parse_type(ctx.param("type"))) {}

    double run(bytebench::Context &ctx) {
        return static_cast<double>(arith::run(type_, ctx.stop_flag()));
    }

    arith::Type type_;
};

struct Hanoi {
    explicit Hanoi(const bytebench::Context &ctx) : disks_(ctx.param_int("disks")) {
        if (disks_ < 1 || disks_ > 30) throw std::invalid_argument("hanoi: disks must be in 1..30");
    }

    double run(bytebench::Context &ctx) {
        return static_cast<double>(hanoi::run(static_cast<int>(disks_), ctx.stop_flag()));
    }

    long long disks_;
};

const auto kDhrystone =
    bytebench::Workload<Dhrystone>("dhry2reg")
        .name("Dhrystone 2 using register variables")
        .description(
            "Dhrystone 2.1 (Weicker) loops per second, in two translation units "
            "as UnixBench's dhry2reg; the final state is checked after the run.")
        .category("system")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_long()
        .duration(10)
        .baseline(116700.0);

const auto kWhetstone =
    bytebench::Workload<Whetstone>("whetstone-double")
        .name("Double-Precision Whetstone")
        .description(
            "Longbottom's C Whetstone in double precision as UnixBench runs it: "
            "calibrates, then one self-timed pass of about the duration; MWIPS.")
        .category("system")
        .unit("MWIPS")
        .version("1")
        .time_base(0)
        .repeat_long()
        .duration(10)
        .baseline(55.0);

const auto kArith =
    bytebench::Workload<Arith>("arith")
        .name("Arithmetic Test")
        .description(
            "UnixBench arith: loops of 100 x = i; y = x*x; z += y/(y-1) steps in "
            "the given type (none = the empty loop, Arithoh).")
        .category("misc")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_short()
        .duration(10)
        .param_choices("type", "string", "int", {"none", "short", "int", "long", "float", "double"},
                       "the type of the loop's arithmetic");

const auto kHanoi = bytebench::Workload<Hanoi>("hanoi")
                        .name("Recursion Test -- Tower of Hanoi")
                        .description("Complete recursive Tower of Hanoi solves per second.")
                        .category("misc")
                        .unit("lps")
                        .version("1")
                        .time_base(1)
                        .repeat_short()
                        .duration(20)
                        .param_range("disks", "int", "10", "1", "30", "disks in the tower");

}  // namespace
}  // namespace bytebench::plugins::cpu

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.cpu")
                     .name("bytebench CPU workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench::plugins::cpu::kDhrystone)
                     .add(bytebench::plugins::cpu::kWhetstone)
                     .add(bytebench::plugins::cpu::kArith)
                     .add(bytebench::plugins::cpu::kHanoi))
