// crash.so (test.crash): the worker dies of SIGSEGV in run() (or in create(),
// with when=create); with when=terminate, run() calls std::terminate (as an
// exception out of a noexcept function or a destructor would).
#include <bytebench/plugin.hpp>
#include <csignal>
#include <cstdlib>
#include <exception>

namespace {
[[noreturn]] void crash() {
    std::raise(SIGSEGV);
    // Still alive: a handler caught it and returned. Die for real.
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
    std::abort();
}

struct Crash {
    explicit Crash(const bytebench::Context &ctx) {
        if (ctx.param("when") == "create") crash();
    }
    double run(bytebench::Context &ctx) {
        if (ctx.param("when") == "terminate") std::terminate();
        crash();
    }
};
const auto kCrash = bytebench::Workload<Crash>("test.crash")
                        .name("Test: crashing")
                        .description("Raises SIGSEGV.")
                        .category("test")
                        .duration(1)
                        .param("when", "string", "run", "create, run or terminate");
}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.crash").name("bytebench test plugin: crash").add(kCrash))
