// needs.so: workloads that declare requirements (bb_requirements, ABI 1.2).
// Each one's create() appends its id to the file $BYTEBENCH_TEST_NEEDS_MARKER
// (when set), so a test can tell which of them a worker ever started.
//   test.needs_cpu   a CPU feature no CPU has (zz_no_such_feature)
//   test.needs_many  two such features, a tool that is nowhere, 1 EiB of temp
//                    space and of memory per copy: every reason at once
//   test.needs_sh    the tool sh, which every machine has: it runs
#include <bytebench/plugin.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void leave_marker(const char *id) {
    const char *path = std::getenv("BYTEBENCH_TEST_NEEDS_MARKER");
    if (path == nullptr) return;
    if (std::FILE *f = std::fopen(path, "a")) {
        std::fprintf(f, "%s\n", id);
        std::fclose(f);
    }
}

// Counts loops until the stop flag, after leaving its marker.
template <const char *Id>
struct Marked {
    explicit Marked(const bytebench::Context &) { leave_marker(Id); }
    double run(bytebench::Context &ctx) {
        volatile unsigned long loops = 0;
        while (!ctx.stopped()) loops = loops + 1;
        return double(loops);
    }
};

constexpr char kCpu[] = "test.needs_cpu";
constexpr char kMany[] = "test.needs_many";
constexpr char kSh[] = "test.needs_sh";
constexpr uint64_t kOneEiB = uint64_t(1) << 60;

template <const char *Id>
bytebench::Workload<Marked<Id>> needs_workload(const char *name) {
    return bytebench::Workload<Marked<Id>>(Id).name(name).unit("lps").duration(1);
}

const auto kNeedsCpu =
    needs_workload<kCpu>("Test: needs a CPU feature").requires_cpu({"zz_no_such_feature"});
const auto kNeedsMany = needs_workload<kMany>("Test: needs everything")
                            .requires_cpu({"zz_no_such_feature", "zz_other_feature"})
                            .requires_tools({"zz-no-such-tool", "sh"})
                            .requires_temp_space(kOneEiB)
                            .requires_memory(kOneEiB);
const auto kNeedsSh = needs_workload<kSh>("Test: needs sh").requires_tools({"sh"});

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.needs")
                     .name("bytebench test plugin: requirements")
                     .vendor("bytebench tests")
                     .version("1")
                     .add(kNeedsCpu)
                     .add(kNeedsMany)
                     .add(kNeedsSh))
