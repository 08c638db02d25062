// --quick through the CLI: a steady test stops at the minimum once its
// interval is narrow, a noisy one at the cap; the result says which and is
// labelled as not UnixBench's method.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

// The passes that count toward --quick's minimum and target: a pass judged
// disturbed (other processes' CPU time on a loaded machine: the other core
// running another test) is run again, so the total can be higher.
size_t undisturbed_passes(const nlohmann::json &test) {
    return std::count_if(test["passes"].begin(), test["passes"].end(), [](const nlohmann::json &p) {
        return !p["environment"].contains("disturbed");
    });
}

TEST(Quick, StopsAtTheTargetOrAtTheCapAndSaysWhich) {
    const std::string out = fresh_dir("quick");
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.rate",
                                 "test.noisy", "--quick", "--settle", "0", "-c", "1", "-q", "-o",
                                 out, "--max-steal", "100", "--max-foreign-cpu", "100"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json &run = doc["runs"][0];
    const nlohmann::json *steady = find_test(run, "test.rate");
    const nlohmann::json *noisy = find_test(run, "test.noisy");
    ASSERT_TRUE(steady && noisy);
    EXPECT_EQ((*steady)["quick"]["stopped_by"], "target") << *steady;
    EXPECT_EQ(undisturbed_passes(*steady), 3u) << *steady;  // the minimum
    EXPECT_DOUBLE_EQ((*steady)["quick"]["half_width"].get<double>(), 0.0);
    EXPECT_EQ((*noisy)["quick"]["stopped_by"], "cap") << *noisy;
    EXPECT_EQ(undisturbed_passes(*noisy), 15u) << *noisy;  // the cap
    EXPECT_GT((*noisy)["quick"]["half_width"].get<double>(), 0.01);
    EXPECT_EQ(doc["options"]["quick"]["target"], 0.01);
    EXPECT_EQ(doc["suite"]["index_comparable_with_unixbench"], false);
    EXPECT_NE(doc["suite"]["index_not_comparable_because"].get<std::string>().find("--quick"),
              std::string::npos);
}

// With no time to spare, a test that has not met its target stops at the
// minimum of 3 passes, and says it ran out of time.
TEST(Quick, StopsWhenItsTimeBudgetIsSpent) {
    const std::string out = fresh_dir("quick-budget");
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.noisy",
                                 "--quick", "--quick-budget", "0", "--settle", "0", "-c", "1", "-q",
                                 "-o", out, "--max-steal", "100", "--max-foreign-cpu", "100"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *noisy = find_test(doc["runs"][0], "test.noisy");
    ASSERT_NE(noisy, nullptr);
    EXPECT_EQ((*noisy)["quick"]["stopped_by"], "time") << *noisy;
    EXPECT_EQ(undisturbed_passes(*noisy), 3u) << *noisy;
    EXPECT_EQ(doc["options"]["quick"]["budget_s"], 0.0);
}

TEST(Quick, PassesAreShort) {
    const std::string out = fresh_dir("quick-short");
    const CliResult r =
        run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.count", "--quick",
                 "--quick-target", "50", "--settle", "0", "-c", "1", "-q", "-o", out, "--max-steal",
                 "100", "--max-foreign-cpu", "100"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "test.count");
    ASSERT_NE(t, nullptr);
    EXPECT_LE((*t)["duration_s"].get<double>(), 2.0);
    EXPECT_GE((*t)["passes"].size(), 3u);
}

// Its settings alone would change nothing, so they are refused, naming --quick.
TEST(Quick, ItsSettingsNeedQuick) {
    for (const char *option : {"--quick-budget", "--quick-target"}) {
        const CliResult r = run_cli({"run", "syscall", option, "5"});
        EXPECT_EQ(r.exit_code, 2) << option;
        EXPECT_NE(r.err.find("--quick"), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}

TEST(Quick, ChoosesThePassCountItself) {
    const CliResult r = run_cli({"run", "syscall", "--quick", "-i", "3"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--quick chooses the pass counts itself"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bytebench::test
