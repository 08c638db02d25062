// environment.so (test.environment): records the locale variables a workload
// sees as details of its result (lang, lc_all, lc_ctype, language; "" when
// unset), for the tests of what the host gives workloads.
#include <bytebench/plugin.hpp>
#include <cstdlib>
#include <string>

namespace {

std::string variable(const char *name) {
    const char *value = std::getenv(name);
    return value != nullptr ? value : "";
}

struct Environment {
    explicit Environment(const bytebench::Context &ctx) {
        ctx.detail("lang", variable("LANG"));
        ctx.detail("lc_all", variable("LC_ALL"));
        ctx.detail("lc_ctype", variable("LC_CTYPE"));
        ctx.detail("language", variable("LANGUAGE"));
    }
    double run(bytebench::Context &ctx) {
        double loops = 0;
        while (!ctx.stopped()) loops += 1;
        return loops;
    }
};

const auto kEnvironment = bytebench::Workload<Environment>("test.environment")
                              .name("Test: environment")
                              .category("test")
                              .unit("lps")
                              .duration(1)
                              .description("Records the locale variables it sees.");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.environment")
                     .name("bytebench test plugin: environment")
                     .vendor("bytebench tests")
                     .version("1.0")
                     .add(kEnvironment));
