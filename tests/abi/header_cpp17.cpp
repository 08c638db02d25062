// plugin.h and plugin.hpp must compile as C++17 with -pedantic -Werror.
#include <bytebench/plugin.h>

#include <bytebench/plugin.hpp>

static_assert(sizeof(bb_host) > 0 && BYTEBENCH_ABI_MAJOR == 1);

namespace {
struct Probe {
    explicit Probe(const bytebench::Context &) {}
    double run(bytebench::Context &ctx) { return ctx.stopped() ? 1.0 : 0.0; }
};
void write_probe(std::string_view, std::ostream &out) { out << "probe\n"; }
}  // namespace

const bb_workload *bytebench_abi_cpp17_probe() {
    static const auto w = bytebench::Workload<Probe>("probe").param("n", "int", "1");
    static const auto r = bytebench::Reporter<&write_probe>("probe");
    (void)r.descriptor();
    return w.descriptor();
}
