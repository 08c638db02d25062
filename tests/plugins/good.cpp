// good.so (test.good): well-behaved and deliberately failing workloads for the
// loader, scheduler and scoring tests.
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace {

// Throws when the `when` parameter names the current phase ("create" or "run").
void maybe_fail(const bytebench::Context &ctx, const char *phase, bool skip) {
    if (ctx.param("when") != phase) return;
    if (skip) throw bytebench::Skip("needs a unicorn");
    throw std::runtime_error("deliberate failure");
}

// test.count: a trivial volatile loop until the stop flag; adds `step` a loop.
struct Count {
    explicit Count(const bytebench::Context &ctx) : step_(ctx.param_int("step")) {}
    double run(bytebench::Context &ctx) {
        volatile unsigned long long count = 0;
        while (!ctx.stopped()) count = count + step_;
        return static_cast<double>(count);
    }
    unsigned long long step_;
};

// test.rate: time_base 0; the count is already a rate and is returned at once.
struct Rate {
    explicit Rate(const bytebench::Context &ctx) : rate_(ctx.param_double("rate")) {}
    double run(bytebench::Context &ctx) {
        ctx.set_elapsed_ns(1000000000ull);
        return rate_;
    }
    double rate_;
};

// test.noisy: time_base 0, alternating 100 and 150 by pass: its interval
// never narrows to a few percent (--quick must stop at its cap).
struct Noisy {
    explicit Noisy(const bytebench::Context &) {}
    double run(bytebench::Context &ctx) {
        ctx.set_elapsed_ns(1000000000ull);
        return ctx.pass_index() % 2 == 0 ? 100.0 : 150.0;
    }
};

// test.skip: skipped in create() (or run(), with when=run).
struct SkipMe {
    explicit SkipMe(const bytebench::Context &ctx) { maybe_fail(ctx, "create", true); }
    double run(bytebench::Context &ctx) {
        maybe_fail(ctx, "run", true);
        return 0;
    }
};

// test.error: fails in run() (or create(), with when=create).
struct Error {
    explicit Error(const bytebench::Context &ctx) { maybe_fail(ctx, "create", false); }
    double run(bytebench::Context &ctx) {
        maybe_fail(ctx, "run", false);
        return 0;
    }
};

// test.exit: the worker exits with status 3 in the middle of run().
struct Exit {
    explicit Exit(const bytebench::Context &) {}
    double run(bytebench::Context &) { _exit(3); }
};

// test.details: records details (ABI 1.1): one every copy agrees on, one
// that differs between copies, and two the host must refuse.
struct Details {
    explicit Details(const bytebench::Context &ctx) {
        ctx.detail("same", "for every copy");
        ctx.detail("copy", std::to_string(ctx.copy_index()));
        ctx.detail("Not A Key", "refused: the key has capitals and spaces");
        ctx.detail("too_long", std::string(2000, 'x'));
    }
    double run(bytebench::Context &ctx) {
        ctx.detail("phase", "run");
        return 1;
    }
};

// test.nan: returns `value` as its count, read with strtod: "nan", "inf",
// "-inf", "-1e300" (what a buggy workload's arithmetic returns).
struct Value {
    explicit Value(const bytebench::Context &ctx)
        : value_(std::strtod(ctx.param("value").c_str(), nullptr)) {}
    double run(bytebench::Context &ctx) {
        ctx.set_elapsed_ns(1000000000ull);
        return value_;
    }
    double value_;
};

template <class T>
bytebench::Workload<T> test_workload(const char *id, const char *name) {
    return bytebench::Workload<T>(id)
        .name(name)
        .category("test")
        .unit("lps")
        .duration(1)
        .repeat_long();
}

const auto kCount = test_workload<Count>("test.count", "Test: counting loop")
                        .description("Counts a volatile increment until stopped.")
                        .param("step", "int", "1", "added to the count each loop");
const auto kRate = test_workload<Rate>("test.rate", "Test: fixed rate")
                       .description("Returns `rate` at once as an already-computed rate.")
                       .unit("rate")
                       .time_base(0)
                       .param("rate", "float", "100", "the value returned");
const auto kNoisy = test_workload<Noisy>("test.noisy", "Test: noisy rate")
                        .description("Returns 100 or 150, alternating by pass.")
                        .unit("rate")
                        .time_base(0);
const auto kSkip = test_workload<SkipMe>("test.skip", "Test: skipped")
                       .description("Always skipped: needs a unicorn.")
                       .param("when", "string", "create", "create or run");
const auto kError = test_workload<Error>("test.error", "Test: failing")
                        .description("Always fails with 'deliberate failure'.")
                        .param("when", "string", "run", "create or run");
const auto kExit =
    test_workload<Exit>("test.exit", "Test: exiting").description("Calls _exit(3) inside run().");
const auto kValue = test_workload<Value>("test.nan", "Test: any count")
                        .description("Returns `value` (nan, inf, -1e300, ...) as its count.")
                        .param("value", "string", "nan", "the count returned, as strtod reads it");
const auto kDetails = test_workload<Details>("test.details", "Test: details")
                          .description("Records details for the result (ABI 1.1).");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.good")
                     .name("bytebench test plugin: good")
                     .vendor("bytebench tests")
                     .version("1.0")
                     .add(kCount)
                     .add(kRate)
                     .add(kNoisy)
                     .add(kSkip)
                     .add(kError)
                     .add(kExit)
                     .add(kDetails)
                     .add(kValue))
