// crash.so (test.crash): the worker dies of SIGSEGV in run() (or in create(),
// with when=create), a real fault: a store to address 0x10; with
// when=terminate, run() calls std::terminate (as an exception out of a
// noexcept function or a destructor would).
#include <bytebench/plugin.hpp>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <exception>

namespace {
// Where the store goes: not mapped in any process (the first page never is).
// Read at run time, so the compiler neither warns nor folds the store away.
volatile uintptr_t g_unmapped = 0x10;

[[noreturn]] void crash() {
    *reinterpret_cast<volatile int *>(g_unmapped) = 1;
    // Still alive: a handler caught it and returned. Die anyway.
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
