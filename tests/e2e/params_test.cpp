// Workload parameters through the real CLI and worker (ABI 1.2): `run
// --param`, choices and ranges checked before any worker starts, `describe`,
// descriptors that break the rules refused at load, and the worker filling
// in defaults when it is run by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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
              "parameters: flag, level, mode, ratio, text)\n");
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
    EXPECT_NE(
        r.err.find("unknown test, group or workload 'test.param'; did you mean 'test.params'?"),
        std::string::npos)
        << r.err;
    // Groups are among the names it knows.
    const CliResult group = run_cli({"describe", "graphic"});
    EXPECT_EQ(group.exit_code, 2);
    EXPECT_NE(group.err.find("did you mean 'graphics'?"), std::string::npos) << group.err;
}

TEST(Params, DescribeOfAGroupListsTheTestsRunRuns) {
    const CliResult r = run_cli({"describe", "graphics"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("graphics: a group of "), 0u) << r.out;
    EXPECT_NE(r.out.find("(bytebench run graphics runs them in this order)"), std::string::npos)
        << r.out;
    // The tests of its member groups (2d, 3d), each on a line with its name.
    for (const char *line : {"\n  2d-rects ", "2D graphics: rectangles", "\n  ubgears ",
                             "bytebench describe TEST shows one of them.\n"})
        EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
    // The same tests, in the same order, as `run` would take: `list` names the members.
    const CliResult list = run_cli({"describe", "fs"});
    ASSERT_EQ(list.exit_code, 0) << list.err;
    EXPECT_NE(list.out.find("  fstime "), std::string::npos) << list.out;
    EXPECT_LT(list.out.find("  fstime "), list.out.find("  fsbuffer ")) << list.out;
    // A group of groups names them, then lists their tests.
    const CliResult nested = run_cli({"describe", "gindex"});
    ASSERT_EQ(nested.exit_code, 0) << nested.err;
    EXPECT_NE(nested.out.find("\n  members: index, graphics\n"), std::string::npos) << nested.out;
    EXPECT_NE(nested.out.find("\n  dhry2reg "), std::string::npos) << nested.out;
    EXPECT_NE(nested.out.find("\n  ubgears "), std::string::npos) << nested.out;
}

TEST(Params, DescribeShowsWhatTheSuiteSets) {
    const CliResult r = run_cli({"describe", "fsdisk"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("baseline     5800"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(this test: "), std::string::npos) << r.out;
}

// `bytebench run` of one short pass of the suite `toml`, written to
// DIR/s.toml; the result goes to DIR/out.
CliResult run_suite(const std::string &dir, const std::string &toml) {
    std::ofstream(dir + "/s.toml") << toml;
    std::vector<std::string> args = {"--plugin-path", kParamsPlugin, "--suite",   dir + "/s.toml",
                                     "run",           "-o",          dir + "/out"};
    args.insert(args.end(), kParamsQuickPass.begin(), kParamsQuickPass.end());
    return run_cli(args);
}

TEST(Params, AFloatThatRoundsToZeroIsRefusedBeforeAnyWorkerStarts) {
    // fstime's warmup_s: the host took 1e-400 and the workload failed ("stod").
    const std::string out = fresh_dir("params-underflow");
    const CliResult r = run_cli({"run", "fstime", "--param", "warmup_s=1e-400", "-o", out, "-i",
                                 "1", "--duration", "0.05", "--settle", "0", "-c", "1", "-q"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err,
              "bytebench: error: --param warmup_s=1e-400: test 'fstime': parameter 'warmup_s' of "
              "workload 'fstime' must be a number from 0 to 60, not '1e-400' (not 0 but rounds to "
              "0 as a double)\n");
    EXPECT_TRUE(nothing_in(out));
    const CliResult huge = run_with_params(out, {"test.params", "--param", "ratio=1e400"});
    EXPECT_EQ(huge.exit_code, 2) << huge.err;
    EXPECT_NE(huge.err.find("not '1e400' (beyond the range of a double)"), std::string::npos)
        << huge.err;
    EXPECT_TRUE(nothing_in(out));
}

TEST(Params, FirstPartyChoicesAndRangesAreCheckedBeforeAnyWorkerStarts) {
    // Each was refused by the workload at run time, exit 1, with the run under way.
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"syscall", "--param", "mode=bogus"},
         "--param mode=bogus: test 'syscall': parameter 'mode' of workload 'syscall' must be one "
         "of mix, close, getpid, exec, not 'bogus'"},
        {{"fstime", "--param", "mode=bogus"},
         "--param mode=bogus: test 'fstime': parameter 'mode' of workload 'fstime' must be one of "
         "write, read, copy, not 'bogus'"},
        {{"fstime", "--param", "bufsize=100"},
         "--param bufsize=100: test 'fstime': parameter 'bufsize' of workload 'fstime' must be an "
         "int from 256 to 8192, not '100'"},
        {{"arithoh", "--param", "type=complex"},
         "--param type=complex: test 'arithoh': parameter 'type' of workload 'arith' must be one "
         "of none, short, int, long, float, double, not 'complex'"},
        {{"hanoi", "--param", "disks=31"},
         "--param disks=31: test 'hanoi': parameter 'disks' of workload 'hanoi' must be an int "
         "from 1 to 30, not '31'"}};
    for (const auto &[args, line] : cases) {
        const std::string out = fresh_dir("params-first-party");
        std::vector<std::string> all = {"run", "-o", out};
        all.insert(all.end(), args.begin(), args.end());
        all.insert(all.end(), kParamsQuickPass.begin(), kParamsQuickPass.end());
        const CliResult r = run_cli(all);
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_EQ(r.err, "bytebench: error: " + line + "\n");
        EXPECT_TRUE(nothing_in(out));
    }
}

TEST(Params, ASuitesFloatForAnIntIsRefusedAsTheCommandLinesIs) {
    // One rule: 5.0 is a float, in a suite file and after --param alike.
    const std::string suite =
        "name = \"p\"\ntests = [\"a\"]\n[test.a]\nworkload = "
        "\"test.params\"\nparams = { level = 5.0 }\n";
    const CliResult from_suite = run_suite(fresh_dir("params-suite-float"), suite);
    EXPECT_EQ(from_suite.exit_code, 2) << from_suite.err;
    const std::string words =
        "test 'a': parameter 'level' of workload 'test.params' must be an int from 1 to 9, not "
        "'5.0'\n";
    EXPECT_EQ(from_suite.err.find("bytebench: error: "), 0u) << from_suite.err;
    EXPECT_NE(from_suite.err.find("/s.toml:5:20: " + words), std::string::npos) << from_suite.err;
    const CliResult from_flag =
        run_with_params(fresh_dir("params-flag-float"), {"test.params", "--param", "level=5.0"});
    EXPECT_EQ(from_flag.exit_code, 2);
    EXPECT_EQ(from_flag.err, "bytebench: error: --param level=5.0: " + std::string("test ") +
                                 "'test.params': parameter 'level' of workload 'test.params' "
                                 "must be an int from 1 to 9, not '5.0'\n");
    // Written as an int, it runs; a float parameter takes the float as it was typed.
    const CliResult ok =
        run_suite(fresh_dir("params-suite-int"),
                  "name = \"p\"\ntests = [\"a\"]\n[test.a]\nworkload = \"test.params\"\nparams = "
                  "{ level = 5, ratio = 1.0, flag = true }\n");
    ASSERT_EQ(ok.exit_code, 0) << ok.err;
}

TEST(Params, BoolsOfAnySpellingReachTheWorkloadAsTrueOrFalse) {
    const std::string out = fresh_dir("params-bool");
    const CliResult r = run_with_params(out, {"test.params", "--param", "flag=yes"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "test.params");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["params"]["flag"], "true");
    EXPECT_EQ((*t)["details"]["flag"], "true");       // what the workload was handed
    EXPECT_EQ((*t)["details"]["flag_read"], "true");  // and read with plugin.hpp
    const CliResult bad =
        run_with_params(fresh_dir("params-bool-bad"), {"test.params", "--param", "flag=True"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("must be true or false, not 'True'"), std::string::npos) << bad.err;
}

TEST(Params, AValueOverTheKernelsArgumentLimitReachesTheWorkload) {
    // 300 KB in one value: over the 128 KiB the kernel allows one argument,
    // so on the worker's argv it gave "worker exited with status 127".
    const std::string text(300 * 1024 - 1, 'x');
    const std::string dir = fresh_dir("params-big");
    const CliResult r = run_suite(dir,
                                  "name = \"p\"\ntests = [\"a\"]\n[test.a]\nworkload = "
                                  "\"test.params\"\nparams = { text = \"" +
                                      text + "y\" }\n");
    ASSERT_EQ(r.exit_code, 0) << r.err.substr(0, 2000);
    const nlohmann::json doc = only_result(dir + "/out");
    const nlohmann::json *t = find_test(doc["runs"][0], "a");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "ok") << (*t)["error"];
    EXPECT_EQ((*t)["details"]["text_bytes"], std::to_string(300 * 1024));
    EXPECT_EQ((*t)["details"]["text_end"], "y");
}

TEST(Params, AValueOverTheStatedLimitIsRefusedWithTheLimit) {
    const std::string text((1 << 20) + 1, 'x');
    const CliResult r = run_suite(fresh_dir("params-too-big"),
                                  "name = \"p\"\ntests = [\"a\"]\n[test.a]\nworkload = "
                                  "\"test.params\"\nparams = { text = \"" +
                                      text + "\" }\n");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("/s.toml:5:19: test 'a': parameter 'text' of workload 'test.params' is "
                         "1048577 bytes long, more than the 1048576 bytes (1 MiB) a value may "
                         "have\n"),
              std::string::npos)
        << r.err.substr(0, 2000);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
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
