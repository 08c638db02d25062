// Workload parameters through the real CLI and worker (ABI 1.2): `run
// --param`, choices and ranges checked before any worker starts, `describe`,
// descriptors that break the rules refused at load, and the worker filling
// in defaults when it is run by hand.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kParamsPlugin = kTestPlugins + "/params";
const std::vector<std::string> kParamsQuickPass = {"-i", "1",  "--duration", "0.05", "--settle",
                                                   "0",  "-c", "1",          "-q"};

CliResult run_with_params(const std::string &out,
                          const std::vector<std::string> &tests_and_params) {
    std::vector<std::string> args = {"--plugin-path", kParamsPlugin, "run", "-o", out};
    args.insert(args.end(), tests_and_params.begin(), tests_and_params.end());
    args.insert(args.end(), kParamsQuickPass.begin(), kParamsQuickPass.end());
    return run_cli(args);
}

bool nothing_in(const std::string &dir) { return fs::is_empty(dir); }

TEST(Params, RunParamReachesTheWorkloadAndIsRecorded) {
    const std::string out = fresh_dir("params-run");
    const CliResult r =
        run_with_params(out, {"test.params", "test.raw_params", "--param", "level=5", "--param",
                              "mode=slow", "--param", "test.raw_params.size=20"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "test.params");
    const nlohmann::json *raw = find_test(doc["runs"][0], "test.raw_params");
    ASSERT_NE(t, nullptr);
    ASSERT_NE(raw, nullptr);
    EXPECT_EQ((*t)["status"], "ok") << t->dump();
    EXPECT_EQ((*t)["params"]["level"], "5");
    EXPECT_EQ((*t)["params"]["mode"], "slow");
    EXPECT_EQ((*t)["params"]["ratio"], "0.5");  // the default
    EXPECT_EQ((*t)["details"]["level"], "5");   // what the workload saw
    EXPECT_EQ((*raw)["status"], "ok") << raw->dump();
    EXPECT_EQ((*raw)["params"]["size"], "20");
    EXPECT_EQ((*raw)["details"]["size"], "20");  // read with <bytebench/params.h>
    EXPECT_EQ(doc["options"]["params"],
              nlohmann::json::array({"level=5", "mode=slow", "test.raw_params.size=20"}));
}

TEST(Params, AValueOutsideTheChoicesIsRefusedBeforeAnyWorkerStarts) {
    const std::string out = fresh_dir("params-choice");
    const CliResult r = run_with_params(out, {"test.params", "--param", "mode=medium"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "bytebench: error: --param mode=medium: test 'test.params': parameter 'mode' of "
              "workload 'test.params' must be one of fast, slow, not 'medium'\n");
    EXPECT_TRUE(nothing_in(out));  // no result: nothing ran
}

TEST(Params, AValueOutsideTheRangeIsRefusedBeforeAnyWorkerStarts) {
    const std::string out = fresh_dir("params-range");
    const CliResult r = run_with_params(out, {"test.params", "--param", "level=10"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("parameter 'level' of workload 'test.params' must be an int from 1 to 9, "
                         "not '10'"),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(nothing_in(out));
}

TEST(Params, AnUnknownKeyNamesTheKeysThatExist) {
    const std::string out = fresh_dir("params-unknown");
    const CliResult r = run_with_params(out, {"test.params", "--param", "depth=4"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err,
              "bytebench: error: --param depth=4: no selected test has a parameter 'depth' (their "
              "parameters: flag, level, mode, ratio)\n");
    EXPECT_TRUE(nothing_in(out));
}

TEST(Params, DescribeShowsParametersWithTheirChoicesRangesAndPluginFile) {
    // Twice: the second answer comes from the descriptor cache.
    for (int round = 0; round < 2; ++round) {
        const CliResult r = run_cli({"--plugin-path", kParamsPlugin, "describe", "test.params"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        for (const char *expected :
             {"test.params: Test: parameters with choices and ranges", "plugin file",
              "/params/params.so", "lps (count per second)", "mode", "default fast",
              "one of fast, slow", "level", "from 1 to 9", "how much", "ratio", "from 0 to 1",
              "flag", "bool"})
            EXPECT_NE(r.out.find(expected), std::string::npos) << expected << "\n" << r.out;
    }
}

TEST(Params, DescribeOfAnUnknownNameSuggestsTheNearest) {
    const CliResult r = run_cli({"--plugin-path", kParamsPlugin, "describe", "test.param"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("unknown test or workload 'test.param'; did you mean 'test.params'?"),
              std::string::npos)
        << r.err;
}

TEST(Params, DescribeShowsWhatTheSuiteSets) {
    const CliResult r = run_cli({"describe", "fsdisk"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("baseline     5800"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(this test: "), std::string::npos) << r.out;
}

TEST(Params, DescriptorsThatBreakTheRulesAreRefusedAtLoadInOneLineEach) {
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/bad-params", "plugins"});
    ASSERT_TRUE(r.exited()) << r.describe();
    const std::string prefix = "workload 'test.bad-params' parameter ";
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"choice_type.so", prefix + "'count': choice 'many' is not an int"},
        {"min_above_max.so", prefix + "'level': min_value 9 is above max_value 1"},
        {"default_choice.so", prefix + "'mode': default_value 'medium' is not one of fast, slow"},
        {"bool_choices.so", prefix + "'flag': a bool parameter may not have choices"},
        {"bound_parse.so", prefix + "'level': min_value 'low' is not an int"},
        {"default_range.so",
         prefix + "'level': default_value '0.25' is not a number from 0.5 to 1"}};
    for (const auto &[file, reason] : expected) {
        const size_t at = r.out.find("/bad-params/" + file + "\n");
        ASSERT_NE(at, std::string::npos) << file << "\n" << r.out;
        const size_t next = r.out.find('\n', at) + 1;
        EXPECT_EQ(r.out.substr(next, r.out.find('\n', next) - next), "    " + reason) << r.out;
    }
}

// The worker by hand, as plugin-guide.md's gdb recipe runs it: the result
// message on stdout (--msg-fd 1).
CliResult run_worker_by_hand(const std::vector<std::string> &params) {
    std::vector<std::string> args = {"run",
                                     "--plugin",
                                     kTestPlugins + "/frozen-1.1/frozen_1_1.so",
                                     "--workload",
                                     "test.frozen11",
                                     "--duration-ns",
                                     "10000000",
                                     "--temp-dir",
                                     fresh_dir("params-worker"),
                                     "--msg-fd",
                                     "1"};
    for (const std::string &p : params) {
        args.push_back("--param");
        args.push_back(p);
    }
    return run_process(Command(BYTEBENCH_WORKER, args));
}

TEST(Params, TheWorkerFillsInTheDefaultsOfKeysNotGiven) {
    const CliResult none = run_worker_by_hand({});
    EXPECT_EQ(none.exit_code, 0) << none.out << none.err;
    EXPECT_NE(none.out.find(R"("details":{"label":"frozen","loops":"7"})"), std::string::npos)
        << none.out;
    EXPECT_NE(none.out.find(R"("status":"ok")"), std::string::npos) << none.out;
    const CliResult one = run_worker_by_hand({"loops=9"});
    EXPECT_NE(one.out.find(R"("details":{"label":"frozen","loops":"9"})"), std::string::npos)
        << one.out;
}

TEST(Params, TheWorkerChecksValuesAndKeysItself) {
    const CliResult bad = run_worker_by_hand({"loops=many"});
    EXPECT_EQ(bad.exit_code, 3);
    EXPECT_NE(bad.out.find("parameter 'loops' of workload 'test.frozen11' must be an int, not "
                           "'many'"),
              std::string::npos)
        << bad.out;
    const CliResult unknown = run_worker_by_hand({"depth=1"});
    EXPECT_EQ(unknown.exit_code, 3);
    EXPECT_NE(unknown.out.find("workload 'test.frozen11' has no parameter 'depth' (it has: label, "
                               "loops)"),
              std::string::npos)
        << unknown.out;
}

}  // namespace
}  // namespace bytebench::test
