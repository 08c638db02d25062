// A minimal bytebench workload: getppid() calls per second, like lmbench's
// "null syscall". The whole plugin is this file.
#include <unistd.h>

#include <bytebench/plugin.hpp>

namespace {

struct Getppid {
    explicit Getppid(const bytebench::Context &) {}  // untimed setup
    double run(bytebench::Context &ctx) {            // the timed pass
        volatile unsigned long calls = 0;
        while (!ctx.stopped()) {
            getppid();
            calls = calls + 1;
        }
        return double(calls);
    }
};

// Prefixed with something of ours, as every vendor's id should be: ids are
// unique across every plugin loaded, and a first-party plugin wins a clash.
const auto kGetppid = bytebench::Workload<Getppid>("example.getppid")
                          .name("getppid() calls")
                          .description("A system call that does almost nothing.")
                          .category("example")
                          .unit("lps")
                          .duration(10)
                          .repeat_long();

}  // namespace

BYTEBENCH_PLUGIN(
    bytebench::Plugin("org.example.getppid").vendor("example").version("1.0").add(kGetppid))
