// hang.so (test.hang): ignores the stop flag and SIGTERM and sleeps forever,
// so the host has to escalate to SIGKILL. when=create hangs before the start
// barrier instead.
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <csignal>

namespace {
[[noreturn]] void hang() {
    std::signal(SIGTERM, SIG_IGN);
    for (;;) sleep(1000);
}

struct Hang {
    explicit Hang(const bytebench::Context &ctx) {
        if (ctx.param("when") == "create") hang();
    }
    double run(bytebench::Context &) { hang(); }
};
const auto kHang = bytebench::Workload<Hang>("test.hang")
                       .name("Test: hanging")
                       .description("Ignores the stop flag and SIGTERM; never returns.")
                       .category("test")
                       .duration(1)
                       .param("when", "string", "run", "create or run");
}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.hang").name("bytebench test plugin: hang").add(kHang))
