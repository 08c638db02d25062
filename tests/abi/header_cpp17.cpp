// plugin.h, plugin.hpp and params.h must compile as C++17 with -pedantic -Werror.
#include <bytebench/params.h>
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

int64_t bytebench_params_cpp17_probe(const bb_run_context *ctx) {
    char err[BB_ERROR_CAP];
    int64_t n = 0;
    return bb_param_int(ctx, "n", 1, 8, &n, err, sizeof err) == BB_OK ? n : -1;
}

const bb_workload *bytebench_abi_cpp17_probe() {
    static const auto w = bytebench::Workload<Probe>("probe")
                              .param("n", "int", "1")
                              .param_choices("mode", "string", "a", {"a", "b"})
                              .param_range("rate", "float", "1", "0.5", nullptr)
                              .lower_is_better()
                              .combine(bytebench::Combine::max)
                              .metric("p99_us", "p99 latency", "us", bytebench::Better::lower,
                                      bytebench::Combine::max)
                              .requires_display({"probe.d/describe", "-info"});
    static const auto r = bytebench::Reporter<&write_probe>("probe");
    (void)r.descriptor();
    return w.descriptor();
}
