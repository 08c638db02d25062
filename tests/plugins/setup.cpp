// setup.so: per-test set-up and tear-down (ABI 1.2).
//   test.setup       setup() writes "ready" into <test_dir>/data.txt (and
//                    "setup <test_dir>" into $marker), reports progress
//                    0, 0.5 and 1 a quarter second apart and logs a line;
//                    with `mode` error or skip it fails or skips instead.
//                    Each pass records whether it saw data.txt ("saw_data"),
//                    its test_dir and that folder's mode as details, and
//                    appends "pass" to $marker. teardown() appends
//                    "teardown" and whether data.txt was still there.
//                    Time limit 10 s.
//   test.setup_hang  setup() never returns; time limit 0.5 s. teardown()
//                    appends "teardown" to $marker.
// `marker`: a file outside the test's folder, so the tests can see what ran
// after the folder is gone ("" writes nothing).
#include <sys/stat.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

namespace {

void mark(const std::string &marker, const std::string &line) {
    if (marker.empty()) return;
    std::ofstream(marker, std::ios::app) << line << "\n";  // O_APPEND: one write per line
}

std::string mode_of(const std::string &path) {
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) return "none";
    char text[8];
    std::snprintf(text, sizeof text, "%04o", unsigned(st.st_mode & 07777));
    return text;
}

void quarter_second() { usleep(250'000); }

void prepare(const bytebench::SetupContext &ctx) {
    const std::string mode = ctx.param("mode");
    if (mode == "error") throw std::runtime_error("no device to precondition");
    if (mode == "skip") throw bytebench::Skip("needs a device");
    ctx.progress(0);
    quarter_second();
    ctx.progress(0.5);
    quarter_second();
    ctx.progress(1);
    std::ofstream(ctx.test_dir() + "/data.txt") << "ready\n";
    ctx.log(BB_LOG_INFO, "data set ready for " + std::to_string(ctx.pass_count()) + " passes");
    mark(ctx.param("marker"), "setup " + ctx.test_dir());
}

void clean_up(const bytebench::SetupContext &ctx) {
    const bool data = access((ctx.test_dir() + "/data.txt").c_str(), F_OK) == 0;
    mark(ctx.param("marker"), std::string("teardown") + (data ? " data" : " no-data"));
}

struct UsesData {
    explicit UsesData(const bytebench::Context &ctx) {
        const std::string dir = ctx.test_dir();
        ctx.detail("saw_data", access((dir + "/data.txt").c_str(), F_OK) == 0 ? "yes" : "no");
        ctx.detail("test_dir", dir);
        ctx.detail("test_dir_mode", mode_of(dir));
        mark(ctx.param("marker"), "pass");
    }
    double run(bytebench::Context &ctx) {
        volatile unsigned long loops = 0;
        while (!ctx.stopped()) loops = loops + 1;
        return double(loops);
    }
};

void hang(const bytebench::SetupContext &) {
    for (;;) pause();
}

const auto kSetup =
    bytebench::Workload<UsesData>("test.setup")
        .name("Test: set-up and tear-down")
        .unit("lps")
        .duration(0.05)
        .param_choices("mode", "string", "ok", {"ok", "error", "skip"}, "what setup() does")
        .param("marker", "string", "", "a file to note each call in")
        .setup<&prepare>(10)
        .teardown<&clean_up>();

const auto kSetupHang = bytebench::Workload<UsesData>("test.setup_hang")
                            .name("Test: a set-up that never ends")
                            .unit("lps")
                            .duration(0.05)
                            .param("marker", "string", "", "a file to note each call in")
                            .setup<&hang>(0.5)
                            .teardown<&clean_up>();

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.setup")
                     .name("bytebench test plugin: set-up and tear-down")
                     .vendor("bytebench tests")
                     .version("1")
                     .add(kSetup)
                     .add(kSetupHang))
