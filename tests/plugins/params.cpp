// params.so (test.params): parameters with choices and ranges (ABI 1.2), in a
// plugin that is part C++ and part C.
//   test.params      C++ (plugin.hpp): `mode` fast|slow, `level` int 1..9,
//                    `ratio` float 0..1, `flag` bool, `text` string; records
//                    each value as a detail (`text` by its length, as
//                    text_bytes, and its last byte, text_end) and counts loops.
//   test.raw_params  C (params_raw.c, a raw bb_workload added with
//                    Plugin::add): `size` int 1..100, read with
//                    <bytebench/params.h> and recorded as a detail.
#include <bytebench/plugin.hpp>

extern "C" const bb_workload test_raw_params_workload;  // params_raw.c

namespace {

struct Params {
    explicit Params(const bytebench::Context &ctx) {
        for (const char *key : {"mode", "level", "ratio", "flag"}) ctx.detail(key, ctx.param(key));
        const std::string text = ctx.param("text");
        ctx.detail("text_bytes", std::to_string(text.size()));
        ctx.detail("text_end", text.empty() ? "" : text.substr(text.size() - 1));
        // The helpers parse as the host did: these throw for nothing the host let through.
        (void)ctx.param_int("level", 1, 9);
        (void)ctx.param_double("ratio", 0, 1);
        ctx.detail("flag_read", ctx.param_bool("flag") ? "true" : "false");
    }
    double run(bytebench::Context &ctx) {
        volatile unsigned long loops = 0;
        while (!ctx.stopped()) loops = loops + 1;
        return double(loops);
    }
};

const auto kParams = bytebench::Workload<Params>("test.params")
                         .name("Test: parameters with choices and ranges")
                         .unit("lps")
                         .duration(1)
                         .param_choices("mode", "string", "fast", {"fast", "slow"}, "how")
                         .param_range("level", "int", "3", "1", "9", "how much")
                         .param_range("ratio", "float", "0.5", "0", "1", "a share")
                         .param("flag", "bool", "false", "on or off")
                         .param("text", "string", "", "any text");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.params")
                     .name("bytebench test plugin: parameters")
                     .vendor("bytebench tests")
                     .version("1")
                     .add(kParams)
                     .add(&test_raw_params_workload))
