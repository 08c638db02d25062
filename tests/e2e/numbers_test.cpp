// Numbers from outside, through the CLI: options, suite files and workloads'
// counts that are NaN, infinite, negative or out of range. Bad input is one
// line and exit 2 before anything runs; a workload's bad count is that
// test's error while the run goes on, and no result holds NaN or infinity.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_runner.h"
#include "json_checks.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// `bytebench <args>`, killed if it is still running after a minute: a
// refused option must not start a run.
CliResult run_refused(const std::vector<std::string> &args) {
    Command command(BYTEBENCH_CLI, args);
    command.timeout_s = 60;
    return run_process(command);
}

void expect_one_line_error(const CliResult &r, const std::string &line) {
    EXPECT_EQ(r.exit_code, 2) << r.describe() << "\n" << r.err;
    EXPECT_EQ(r.err, "bytebench: error: " + line + "\n");
}

TEST(Numbers, RunOptionsRefuseNanInfinityAndOutOfRange) {
    const std::string out = fresh_dir("numbers-options");
    const auto run = [&](const std::string &option, const std::string &value) {
        return run_refused({"--plugin-path", kTestPlugins + "/good", "run", "test.count", option,
                            value, "-o", out + "/results"});
    };
    for (const std::string value : {"nan", "inf", "-inf", "1e999"})
        expect_one_line_error(run("--duration", value), "--duration: " + value +
                                                            " is not a finite number (see "
                                                            "bytebench --help)");
    expect_one_line_error(
        run("--duration", "-1"),
        "--duration: must be from 0.001 to 86400 seconds, not -1 (see bytebench --help)");
    expect_one_line_error(
        run("--duration", "1e300"),
        "--duration: must be from 0.001 to 86400 seconds, not 1e300 (see bytebench --help)");
    expect_one_line_error(run("--duration", "ten"),
                          "--duration: 'ten' is not a number (see bytebench --help)");
    expect_one_line_error(run("--settle", "nan"),
                          "--settle: nan is not a finite number (see bytebench --help)");
    expect_one_line_error(
        run("--settle", "-0.5"),
        "--settle: must be from 0 to 600 seconds, not -0.5 (see bytebench --help)");
    for (const std::string option : {"--quick-target", "--quick-budget"}) {
        const CliResult r = run_refused({"--plugin-path", kTestPlugins + "/good", "run",
                                         "test.count", "--quick", option, "nan"});
        expect_one_line_error(r, option + ": nan is not a finite number (see bytebench --help)");
    }
    EXPECT_FALSE(fs::exists(out + "/results")) << "nothing ran";
}

TEST(Numbers, CompareNeverSilentlyDropsItsGate) {
    // The inputs are not read: the options are refused first.
    // --fail-if-slower is the same option under its old name: CLI11 names it by its first.
    for (const std::string option : {"--fail-if-worse", "--fail-if-slower"}) {
        for (const std::string value : {"nan", "inf", "-inf", "1e999"})
            expect_one_line_error(
                run_refused({"compare", "a.json", "b.json", option, value}),
                "--fail-if-worse: " + value + " is not a finite number (see bytebench --help)");
        expect_one_line_error(
            run_refused({"compare", "a.json", "b.json", option, "-5"}),
            "--fail-if-worse: must be at least 0 percent, not -5 (see bytebench --help)");
        expect_one_line_error(
            run_refused({"compare", "a.json", "b.json", option, "p99_us=nan"}),
            "--fail-if-worse: p99_us: nan is not a finite number (see bytebench --help)");
        expect_one_line_error(
            run_refused({"compare", "a.json", "b.json", option, "=5"}),
            "--fail-if-worse: '' is not a test id, a metric key or TEST.METRIC (see bytebench "
            "--help)");
    }
    expect_one_line_error(run_refused({"compare", "a.json", "b.json", "--alpha", "nan"}),
                          "--alpha: nan is not a finite number (see bytebench --help)");
    expect_one_line_error(run_refused({"compare", "a.json", "b.json", "--alpha", "0"}),
                          "--alpha: must be from 1e-6 to 0.5, not 0 (see bytebench --help)");
}

TEST(Numbers, ASuiteWithAnAbsurdDurationIsRefused) {
    const std::string dir = fresh_dir("numbers-suite");
    for (const std::string duration : {"1e300", "1e-300"}) {
        const std::string suite = dir + "/s.toml";
        std::ofstream(suite) << "name = \"s\"\n[test.t]\nworkload = \"test.count\"\nduration = "
                             << duration << "\n";
        expect_one_line_error(
            run_refused({"--plugin-path", kTestPlugins + "/good", "--suite", suite, "run", "t",
                         "-o", dir + "/results"}),
            suite + ":4:12: test 't': duration must be from 0.001 to 86400 seconds, not " +
                duration);
    }
    EXPECT_FALSE(fs::exists(dir + "/results"));
}

TEST(Numbers, ASuiteWhoseGroupsAreWrongIsRefused) {
    const std::string dir = fresh_dir("numbers-groups");
    const std::string suite = dir + "/s.toml";
    std::ofstream(suite) << "name = \"s\"\n[test.t]\n[groups]\nall = [\"t\", \"u\"]\n";
    expect_one_line_error(run_refused({"--suite", suite, "list"}),
                          suite +
                              ":4:13: group 'all': 'u' is neither a test nor a group of this "
                              "suite; did you mean 't'?");
    std::ofstream(suite) << "name = \"s\"\n[test.t]\n[groups]\na = [\"b\"]\nb = [\"t\", \"a\"]\n";
    expect_one_line_error(run_refused({"--suite", suite, "list"}),
                          suite + ":5:11: group 'b' contains itself: a -> b -> a");
}

TEST(Numbers, GroupsOfGroupsRunTheirTests) {
    const std::string dir = fresh_dir("numbers-nested");
    const std::string suite = dir + "/s.toml";
    std::ofstream(suite) << "name = \"s\"\n[test.one]\nworkload = \"test.rate\"\n"
                            "[test.two]\nworkload = \"test.count\"\n"
                            "[groups]\ninner = [\"one\"]\nouter = [\"inner\", \"two\", \"one\"]\n";
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "--suite", suite,
                                 "--no-history", "run", "outer", "-i", "1", "--duration", "0.1",
                                 "--settle", "0", "-c", "1", "-q", "-o", dir + "/results"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(dir + "/results");
    const nlohmann::json &tests = doc["runs"][0]["tests"];
    ASSERT_EQ(tests.size(), 2u) << tests.dump();
    EXPECT_EQ(tests[0]["id"], "one");
    EXPECT_EQ(tests[1]["id"], "two");
}

TEST(Numbers, HugeFiniteValuesInEveryPassHaveFiniteMeans) {
    // 1.7e308 in each of three passes: a main value (test.nan's count) and a
    // metric (test.metric_huge's lat_us). Their plain sums are infinite, and
    // each test was an error ("its mean is inf"); the mean is 1.7e308 (to the
    // rounding of a sum of three and a division, as any mean).
    const std::vector<std::pair<std::string, std::vector<std::string>>> runs = {
        {kTestPlugins + "/good", {"test.nan", "--param", "value=1.7e308"}},
        {kTestPlugins + "/metrics", {"test.metric_huge"}}};
    for (const auto &[plugins, test] : runs) {
        const std::string out = fresh_dir("numbers-huge");
        std::vector<std::string> args = {"--plugin-path", plugins, "run", "-o", out};
        args.insert(args.end(), test.begin(), test.end());
        for (const char *a : {"-i", "3", "--duration", "0.05", "--settle", "0", "-c", "1", "-q"})
            args.push_back(a);
        const CliResult r = run_cli(args);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        const nlohmann::json doc = only_result(out);
        EXPECT_FALSE(has_null(doc["runs"])) << doc["runs"].dump();
        const nlohmann::json *t = find_test(doc["runs"][0], test[0]);
        ASSERT_NE(t, nullptr);
        EXPECT_EQ((*t)["status"], "ok") << (*t).value("error", "");
        if (test[0] == "test.nan") {
            EXPECT_DOUBLE_EQ((*t)["stats"]["mean"].get<double>(), 1.7e308) << (*t)["stats"];
        } else {
            ASSERT_EQ((*t)["metrics"].size(), 1u) << (*t)["metrics"];
            EXPECT_DOUBLE_EQ((*t)["metrics"][0]["stats"]["mean"].get<double>(), 1.7e308)
                << (*t)["metrics"];
        }
    }
}

TEST(Numbers, AWorkloadsBadCountIsItsTestsErrorAndTheRunGoesOn) {
    const std::string dir = fresh_dir("numbers-workload");
    const std::string suite = dir + "/s.toml";
    std::ofstream(suite) << R"(name = "counts"
[categories.test]
title = "Test"
[test.nan]
workload = "test.nan"
baseline = 10
params = { value = "nan" }
[test.inf]
workload = "test.nan"
baseline = 10
params = { value = "inf" }
[test.negative]
workload = "test.nan"
baseline = 10
params = { value = "-1e300" }
[test.fine]
workload = "test.rate"
baseline = 10
)";
    const std::string db = dir + "/history.db";
    const CliResult r = run_cli({"--plugin-path",
                                 kTestPlugins + "/good",
                                 "--suite",
                                 suite,
                                 "--db",
                                 db,
                                 "run",
                                 "nan",
                                 "inf",
                                 "negative",
                                 "fine",
                                 "-i",
                                 "1",
                                 "--duration",
                                 "0.1",
                                 "--settle",
                                 "0",
                                 "-c",
                                 "1,2",
                                 "-o",
                                 dir + "/results"});
    EXPECT_EQ(r.exit_code, 1) << r.describe() << "\n" << r.err;  // some test failed
    const nlohmann::json doc = only_result(dir + "/results");
    EXPECT_EQ(doc["status"], "complete");
    EXPECT_FALSE(has_null(doc["runs"])) << doc["runs"].dump();
    ASSERT_EQ(doc["runs"].size(), 2u);
    for (const nlohmann::json &run : doc["runs"]) {
        const std::map<std::string, std::string> errors = {
            {"nan", "the count the workload returned: nan is not a finite number"},
            {"inf", "the count the workload returned: inf is not a finite number"},
            {"negative", "the count the workload returned must be at least 0, not -1e300"}};
        for (const auto &[id, error] : errors) {
            const nlohmann::json *t = find_test(run, id);
            ASSERT_NE(t, nullptr) << id;
            EXPECT_EQ((*t)["status"], "error") << id;
            EXPECT_EQ((*t)["error"], error) << id;
            EXPECT_FALSE(t->contains("value")) << id;
            EXPECT_FALSE(t->contains("index")) << id;
        }
        const nlohmann::json *fine = find_test(run, "fine");
        ASSERT_NE(fine, nullptr);
        EXPECT_EQ((*fine)["status"], "ok");
        // The index is partial: three of its four tests gave no result.
        ASSERT_EQ(run["indexes"].size(), 1u);
        EXPECT_EQ(run["indexes"][0]["tests_indexed"], 1);
        EXPECT_TRUE(run["indexes"][0]["partial"].get<bool>());
    }
    // The text report, on stdout, and the run in the history.
    EXPECT_NE(r.out.find("Test Index Score"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("Recorded in the history as @1"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("negative (1 copy): error: the count the workload returned must be at "
                         "least 0, not -1e300"),
              std::string::npos)
        << r.err;
    const CliResult history = run_cli({"--db", db, "history"});
    EXPECT_EQ(history.exit_code, 0) << history.err;
    EXPECT_NE(history.out.find("counts"), std::string::npos) << history.out;
    const CliResult show = run_cli({"--db", db, "show", "@last"});
    EXPECT_EQ(show.exit_code, 0) << show.err;
}

}  // namespace
}  // namespace bytebench::test
