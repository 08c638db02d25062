// Custom suites end to end: `run --suite FILE` with tests from any plugin,
// their parameters, pass lengths, pass counts and baselines; the result's
// suite record and the "not UnixBench's index" label; the example suites.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

const std::string kExamples = std::string(BYTEBENCH_SOURCE_DIR) + "/examples/suites";

std::string write_suite(const std::string &dir, const std::string &text) {
    const std::string path = dir + "/custom.toml";
    std::ofstream(path) << text;
    return path;
}

const char *const kCustom = R"(name = "custom"
tests = ["fast", "rated", "plain"]
[categories.mine]
title = "Mine"
[test.fast]
workload = "test.count"
name = "Counting by threes"
category = "mine"
baseline = 1000.0
duration = 0.1
passes = 2
params = { step = 3 }
[test.rated]
workload = "test.rate"
category = "mine"
baseline = 50.0
duration = 0.1
passes = 1
params = { rate = 25 }
[test.plain]
workload = "test.count"
duration = 0.1
passes = 1
)";

TEST(CustomSuite, RunsTestsWithTheirParametersPassesAndBaselines) {
    const std::string dir = fresh_dir("custom-suite");
    const std::string suite = write_suite(dir, kCustom);
    const CliResult r =
        run_cli({"--plugin-path", kTestPlugins + "/good", "run", "--suite", suite, "--settle", "0",
                 "-c", "1", "-o", dir, "--format", "json", "--format", "text"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(dir);
    const nlohmann::json &run = doc["runs"][0];
    const nlohmann::json *fast = find_test(run, "fast");
    const nlohmann::json *rated = find_test(run, "rated");
    const nlohmann::json *plain = find_test(run, "plain");
    ASSERT_TRUE(fast && rated && plain);
    EXPECT_EQ((*fast)["name"], "Counting by threes");
    EXPECT_EQ((*fast)["params"]["step"], "3");
    EXPECT_EQ((*fast)["passes"].size(), 2u);
    EXPECT_DOUBLE_EQ((*fast)["duration_s"].get<double>(), 0.1);
    EXPECT_DOUBLE_EQ((*rated)["value"].get<double>(), 25.0);
    EXPECT_DOUBLE_EQ((*rated)["index"].get<double>(), 5.0);  // 25 / 50 * 10
    EXPECT_FALSE(plain->contains("index"));
    ASSERT_EQ(run["indexes"].size(), 1u);
    EXPECT_EQ(run["indexes"][0]["title"], "Mine");

    // The suite is recorded by name, file and content hash, and its index is
    // labelled as not UnixBench's, with the reason, in the JSON and the text.
    const nlohmann::json &s = doc["suite"];
    EXPECT_EQ(s["name"], "custom");
    EXPECT_EQ(s["file"], suite);
    EXPECT_EQ(s["sha256"].get<std::string>().size(), 64u);
    EXPECT_EQ(s["index_comparable_with_unixbench"], false);
    EXPECT_NE(s["index_not_comparable_because"].get<std::string>().find("does not index"),
              std::string::npos)
        << s;
    std::string text;
    for (const auto &e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".txt") text = read_file(e.path().string());
    EXPECT_NE(text.find("Mine Index Score"), std::string::npos) << text;
    EXPECT_NE(text.find("(not comparable with UnixBench's index: suite 'custom' does not index"),
              std::string::npos)
        << text;
}

// quick_params replace a test's parameters under --quick only; they are
// checked on every run, so a typo in them is an error before any --quick.
TEST(CustomSuite, QuickParamsApplyUnderQuickOnly) {
    const std::string dir = fresh_dir("quick-params");
    const std::string suite = write_suite(dir, R"(name = "custom"
[test.rated]
workload = "test.rate"
duration = 0.1
params = { rate = 25 }
quick_params = { rate = 40 }
)");
    for (const bool quick : {false, true}) {
        const std::string out = fresh_dir(quick ? "quick-params-q" : "quick-params-f");
        std::vector<std::string> args = {"--plugin-path", kTestPlugins + "/good", "run"};
        for (const char *arg : {"--suite", suite.c_str(), "rated", "--settle", "0", "-c", "1", "-q",
                                "-o", out.c_str()})
            args.push_back(arg);
        if (quick) args.push_back("--quick");
        const CliResult r = run_cli(args);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const nlohmann::json doc = only_result(out);
        const nlohmann::json *rated = find_test(doc["runs"][0], "rated");
        ASSERT_NE(rated, nullptr);
        EXPECT_EQ((*rated)["params"]["rate"], quick ? "40" : "25") << quick;
        EXPECT_DOUBLE_EQ((*rated)["value"].get<double>(), quick ? 40.0 : 25.0) << quick;
    }

    const std::string bad = write_suite(dir, R"(name = "custom"
[test.rated]
workload = "test.rate"
quick_params = { rat = 40 }
)");
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "run", "--suite", bad,
                                 "rated", "--settle", "0", "-c", "1", "-q", "-o", dir});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("test 'rated': quick_params: workload 'test.rate' has no parameter 'rat'"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CustomSuite, TheStandardSuiteIsMarkedComparable) {
    const std::string dir = fresh_dir("standard-suite");
    const CliResult r = run_cli({"run", "syscall", "-i", "1", "--settle", "0", "-c", "1", "-q",
                                 "-o", dir, "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(dir);
    EXPECT_EQ(doc["suite"]["name"], "index");
    EXPECT_EQ(doc["suite"]["index_comparable_with_unixbench"], true) << doc["suite"];
    EXPECT_FALSE(doc["suite"].contains("index_not_comparable_because"));
}

TEST(CustomSuite, ADurationOverrideIsLabelled) {
    const std::string dir = fresh_dir("duration-override");
    const CliResult r = run_cli({"run", "syscall", "-i", "1", "--duration", "0.1", "--settle", "0",
                                 "-c", "1", "-q", "-o", dir, "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(only_result(dir)["suite"]["index_not_comparable_because"],
              "--duration 0.1 replaces the suite's pass lengths");
}

TEST(CustomSuite, AnInstalledSuiteIsFoundByName) {
    const CliResult r = run_cli({"--suite", "quick-cpu", "list"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Tests of suite 'quick-cpu'"), std::string::npos) << r.out;
    // Every test of the quick suite comes with bytebench.
    EXPECT_EQ(r.out.find("[unavailable]"), std::string::npos) << r.out;
}

TEST(CustomSuite, AnUnknownSuiteNameIsOneLine) {
    const CliResult r = run_cli({"--suite", "no-such-suite", "list"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--suite no-such-suite: no such file, and no installed suite"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CustomSuite, TheVendorExampleNamesWhatItLacks) {
    // Without the vendor plugin its vector test is unavailable, the rest is not.
    const CliResult r = run_cli({"--suite", kExamples + "/vendor.toml", "list"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("example.fma-throughput"), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '['), 1) << r.out;  // one [unavailable]
}

}  // namespace
}  // namespace bytebench::test
