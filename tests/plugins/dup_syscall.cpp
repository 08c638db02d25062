// dup_syscall.so (test.dup_syscall): a vendor's plugin that declares
// `syscall`, which the first-party system.so provides, and test.dup_other,
// which nobody else does. The first-party plugin wins; this one is refused
// as a whole, so test.dup_other is unavailable, saying why.
#include <bytebench/plugin.hpp>

namespace {
struct Count {
    explicit Count(const bytebench::Context &) {}
    double run(bytebench::Context &ctx) {
        volatile unsigned long count = 0;
        while (!ctx.stopped()) count = count + 1;
        return static_cast<double>(count);
    }
};
const auto kSyscall = bytebench::Workload<Count>("syscall")
                          .name("Test: a vendor's syscall")
                          .category("test")
                          .duration(1);
const auto kOther = bytebench::Workload<Count>("test.dup_other")
                        .name("Test: the duplicate plugin's other workload")
                        .category("test")
                        .duration(1);
}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.dup_syscall")
                     .name("bytebench test plugin: duplicates a first-party id")
                     .add(kSyscall)
                     .add(kOther))
