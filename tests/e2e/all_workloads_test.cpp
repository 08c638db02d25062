// Every test of the standard suite runs through the real CLI at a short
// duration and gives a count above zero (or is skipped because a tool it
// needs, like dc or a C compiler, is not installed).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

// The standard suite with every File test's UnixBench set-up (2-s warm-ups,
// 4 to 15 s a pass: 87 of this test's 97 s) cut to none: the workloads and
// their other parameters are the suite's. The warm-ups have tests of their
// own (Fstime.WarmUpsTakeUnixBenchsTimeInCreate).
std::string standard_suite_without_warm_ups() {
    const std::string text = read_file(BYTEBENCH_SOURCE_DIR "/suites/index.toml");
    const std::regex file_test_params(R"re(params = \{ mode = "(copy|read|write)")re");
    const std::string edited =
        std::regex_replace(text, file_test_params, R"re(params = { warmup_s = 0, mode = "$1")re");
    size_t edits = 0;
    for (size_t at = edited.find("warmup_s = 0"); at != std::string::npos;
         at = edited.find("warmup_s = 0", at + 1))
        ++edits;
    EXPECT_EQ(edits, 9u) << "every File test of the suite";
    const std::string path = fresh_dir("all-workloads-suite") + "/index.toml";
    std::ofstream(path) << edited;
    return path;
}

// The graphics tests (11 of the 41) have e2e tests of their own under an
// Xvfb (graphics_e2e_test.cpp, display_test.cpp): here they get no display
// (--display none) and are skipped for it. The 2D groups' x11perf
// parameters are given anyway, so that they fit --duration wherever they run.
TEST(AllWorkloads, EveryStandardTestRunsAndCounts) {
    const std::string out = fresh_dir("all-workloads");
    const CliResult r = run_cli({"--suite",    standard_suite_without_warm_ups(),
                                 "run",        "all",
                                 "-i",         "1",
                                 "--duration", "0.3",
                                 "--settle",   "0",
                                 "-c",         "1",
                                 "-q",         "--param",
                                 "reps=1",     "--param",
                                 "repeat=2",   "--param",
                                 "time=1",     "--display",
                                 "none",       "-o",
                                 out});
    const nlohmann::json doc = only_result(out);
    ASSERT_EQ(doc["runs"].size(), 1u) << r.err;
    const auto &tests = doc["runs"][0]["tests"];
    EXPECT_EQ(tests.size(), 41u);
    for (const auto &t : tests) {
        const std::string id = t["id"];
        if (t["status"] == "skipped") {
            // Only a missing tool or display is an acceptable reason here.
            const std::string why = t["error"];
            const bool graphics = t["category"] == "2d" || t["category"] == "3d";
            EXPECT_TRUE(why.find("not installed") != std::string::npos ||
                        (graphics && why.find("X display") != std::string::npos))
                << id << ": " << why;
            continue;
        }
        EXPECT_EQ(t["status"], "ok") << id << ": " << t.value("error", "");
        EXPECT_GT(t.value("value", 0.0), 0.0) << id;
    }
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace bytebench::test
