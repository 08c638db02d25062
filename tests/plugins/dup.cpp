// dup.so (test.dup): declares a workload id that good.so declares too, so the
// host must report the duplicate.
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
const auto kCount = bytebench::Workload<Count>("test.count")
                        .name("Test: duplicate counting loop")
                        .category("test")
                        .duration(1);
}  // namespace

BYTEBENCH_PLUGIN(
    bytebench::Plugin("test.dup").name("bytebench test plugin: duplicate id").add(kCount))
