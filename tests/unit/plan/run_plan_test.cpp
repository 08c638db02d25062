#include "plan/run_plan.h"

#include <gtest/gtest.h>

#include <functional>

#include "base/names.h"
#include "plan/suite_file.h"

namespace bytebench {
namespace {

std::string selection_error(const std::function<void()> &fn);

TEST(RunPlan, IterationsFollowUnixBench) {
    EXPECT_EQ(passes_for(true, std::nullopt), 10);
    EXPECT_EQ(passes_for(false, std::nullopt), 3);
    EXPECT_EQ(passes_for(true, 1), 1);
    EXPECT_EQ(passes_for(false, 1), 1);
    EXPECT_EQ(passes_for(false, 5), 2);
    EXPECT_EQ(passes_for(false, 8), 3);
}

TEST(RunPlan, GroupsExpandInOrderWithoutRepeats) {
    const Suite s = load_suite(BYTEBENCH_SOURCE_DIR "/suites/index.toml");
    const PluginCatalog none = PluginCatalog::scan({}, "/bin/false");
    const auto ids = expand_names({"dhry", "index", "syscall"}, s, none);
    ASSERT_EQ(ids.size(), 12u);
    EXPECT_EQ(ids.front(), "dhry2reg");
    EXPECT_EQ(ids[1], "whetstone-double");
}

TEST(RunPlan, GroupsOfGroupsExpandInPlace) {
    const Suite s = parse_suite(R"(name = "x"
[test.a]
[test.b]
[test.c]
[groups]
ab = ["a", "b"]
outer = ["c", "ab", "a"]
)",
                                "s.toml");
    const PluginCatalog none = PluginCatalog::scan({}, "/bin/false");
    EXPECT_EQ(expand_names({"outer"}, s, none), (std::vector<std::string>{"c", "a", "b"}));
    EXPECT_EQ(expand_names({"b", "outer", "ab"}, s, none),
              (std::vector<std::string>{"b", "c", "a"}));
}

TEST(RunPlan, GroupsBuiltInCodeEndEvenWithCyclesOrManyPaths) {
    Suite s;
    s.name = "x";
    s.tests = {TestDef{}, TestDef{}};
    s.tests[0].id = "a";
    s.tests[1].id = "b";
    s.groups = {{"loop", {"a", "loop", "other"}}, {"other", {"loop", "b"}}};
    const PluginCatalog none = PluginCatalog::scan({}, "/bin/false");
    EXPECT_EQ(expand_names({"loop"}, s, none), (std::vector<std::string>{"a", "b"}));
    // g1 names g0 twice, g2 names g1 twice, ...: 2^60 paths to "a", one expansion each.
    s.groups = {{"g0", {"a"}}};
    for (int i = 1; i <= 60; ++i) {
        const std::string lower = "g" + std::to_string(i - 1);
        s.groups.push_back({"g" + std::to_string(i), {lower, lower}});
    }
    EXPECT_EQ(expand_names({"g60"}, s, none), (std::vector<std::string>{"a"}));
}

TEST(RunPlan, UnknownNamesSuggestTheNearest) {
    const Suite s = load_suite(BYTEBENCH_SOURCE_DIR "/suites/index.toml");
    const PluginCatalog none = PluginCatalog::scan({}, "/bin/false");
    try {
        expand_names({"sycall"}, s, none);
        FAIL();
    } catch (const SelectionError &e) {
        EXPECT_NE(std::string(e.what()).find("did you mean 'syscall'"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(nearest_name("zzzzzzzz", {"syscall", "pipe"}), "");
}

TEST(RunPlan, ANameTypedOrMadeInCodeFollowsTheRule) {
    Suite s;
    s.name = "x";
    s.tests = {TestDef{}};
    s.tests[0].id = "../../victim";
    s.tests[0].workload = "null";
    const PluginCatalog none = PluginCatalog::scan({}, "/bin/false");
    const std::string rule = std::string(" is not a name: ") + kNameRule;
    EXPECT_EQ(selection_error([&] { expand_names({"../../victim"}, s, none); }),
              "test or group '../../victim'" + rule);
    EXPECT_EQ(selection_error([&] { plan_test("../../victim", s, none, {}); }),
              "test '../../victim'" + rule);
    s.tests[0].id = "ok";
    s.tests[0].workload = "../w";
    EXPECT_EQ(selection_error([&] { plan_test("ok", s, none, {}); }), "workload '../w'" + rule);
}

TEST(RunPlan, TestsWithoutAPluginAreUnavailable) {
    const Suite s = load_suite(BYTEBENCH_SOURCE_DIR "/suites/index.toml");
    const PluginCatalog none = PluginCatalog::scan({}, "/bin/false");
    const PlannedTest t = plan_test("fsdisk", s, none, {});
    EXPECT_NE(t.unavailable.find("fstime"), std::string::npos);
    EXPECT_EQ(t.passes, 3);
    EXPECT_EQ(t.duration_s, 30);
    EXPECT_EQ(*t.baseline, 5800);
    const PlannedTest quick = plan_test("syscall", s, none, {1, 0.5});
    EXPECT_EQ(quick.passes, 1);
    EXPECT_EQ(quick.duration_s, 0.5);
}

// --- parameters: suite values, --param, choices and ranges ----------------------

// test.params (mode fast|slow, level 1..9, ratio 0..1, flag) and
// test.raw_params (size 1..100), described by the real worker.
const PluginCatalog &params_catalog() {
    static const PluginCatalog c =
        PluginCatalog::scan({std::string(BYTEBENCH_TEST_PLUGIN_DIR) + "/params"}, BYTEBENCH_WORKER);
    return c;
}

const Suite &params_suite() {
    static const Suite s = parse_suite(R"(name = "p"
[test.slow]
workload = "test.params"
params = { mode = "slow", level = 2 }
)",
                                       "p.toml");
    return s;
}

std::string selection_error(const std::function<void()> &fn) {
    try {
        fn();
    } catch (const SelectionError &e) {
        return e.what();
    }
    return "(no error)";
}

PlanOptions with_params(const std::vector<std::string> &texts) {
    PlanOptions o;
    for (const std::string &t : texts) o.overrides.push_back(parse_param_override(t));
    return o;
}

TEST(RunPlan, ParamOverridesParseWithAnOptionalTest) {
    const ParamOverride bare = parse_param_override("queue_depth=2");
    EXPECT_EQ(bare.test, "");
    EXPECT_EQ(bare.key, "queue_depth");
    EXPECT_EQ(bare.value, "2");
    const ParamOverride dotted = parse_param_override("test.raw_params.size=a=b");
    EXPECT_EQ(dotted.test, "test.raw_params");
    EXPECT_EQ(dotted.key, "size");
    EXPECT_EQ(dotted.value, "a=b");
    EXPECT_EQ(dotted.text(), "test.raw_params.size=a=b");
    for (const char *bad : {"size", "=1", "t.=1", ".size=1"})
        EXPECT_NE(selection_error([&] { parse_param_override(bad); }).find("expected KEY=VALUE"),
                  std::string::npos)
            << bad;
}

TEST(RunPlan, ParamOverridesWinOverTheSuiteAndApplyWhereDeclared) {
    const PlanOptions o = with_params({"level=7", "test.raw_params.size=20"});
    const PlannedTest slow = plan_test("slow", params_suite(), params_catalog(), o);
    EXPECT_EQ(
        slow.params,
        (std::vector<std::pair<std::string, std::string>>{
            {"mode", "slow"}, {"level", "7"}, {"ratio", "0.5"}, {"flag", "false"}, {"text", ""}}));
    const PlannedTest raw = plan_test("test.raw_params", params_suite(), params_catalog(), o);
    EXPECT_EQ(raw.params, (std::vector<std::pair<std::string, std::string>>{{"size", "20"}}));
    EXPECT_NO_THROW(check_param_overrides(o.overrides, {slow, raw}));
}

TEST(RunPlan, BadParamValuesNameTheTestKeyValueAndWhatIsAllowed) {
    EXPECT_EQ(selection_error([] {
                  plan_test("slow", params_suite(), params_catalog(), with_params({"mode=medium"}));
              }),
              "--param mode=medium: test 'slow': parameter 'mode' of workload 'test.params' must "
              "be one of fast, slow, not 'medium'");
    EXPECT_EQ(selection_error([] {
                  plan_test("slow", params_suite(), params_catalog(), with_params({"level=10"}));
              }),
              "--param level=10: test 'slow': parameter 'level' of workload 'test.params' must be "
              "an int from 1 to 9, not '10'");
    const Suite bad = parse_suite(R"(name = "p"
[test.high]
workload = "test.params"
params = { level = 0 }
)",
                                  "p.toml");
    // A suite's value is named by its place in the file, as a flag is by the flag.
    EXPECT_EQ(selection_error([&] { plan_test("high", bad, params_catalog(), {}); }),
              "p.toml:4:20: test 'high': parameter 'level' of workload 'test.params' must be an "
              "int from 1 to 9, not '0'");
    const Suite quick = parse_suite(R"(name = "p"
[test.high]
workload = "test.params"
quick_params = { ratio = 2.0 }
)",
                                    "p.toml");
    EXPECT_EQ(selection_error([&] { plan_test("high", quick, params_catalog(), {}); }),
              "p.toml:4:26: test 'high': quick_params: parameter 'ratio' of workload "
              "'test.params' must be a number from 0 to 1, not '2.0'");
}

TEST(RunPlan, AnIntWrittenAsAFloatIsRefusedInTheSuiteAsAfterParam) {
    const Suite floats = parse_suite(R"(name = "p"
[test.five]
workload = "test.params"
params = { level = 5.0 }
)",
                                     "p.toml");
    EXPECT_EQ(selection_error([&] { plan_test("five", floats, params_catalog(), {}); }),
              "p.toml:4:20: test 'five': parameter 'level' of workload 'test.params' must be an "
              "int from 1 to 9, not '5.0'");
    EXPECT_EQ(selection_error([] {
                  plan_test("slow", params_suite(), params_catalog(), with_params({"level=5.0"}));
              }),
              "--param level=5.0: test 'slow': parameter 'level' of workload 'test.params' must "
              "be an int from 1 to 9, not '5.0'");
}

TEST(RunPlan, AParamNoSelectedTestHasIsRefusedListingTheKeysThatExist) {
    const PlanOptions o = with_params({"depth=1"});
    const PlannedTest slow = plan_test("slow", params_suite(), params_catalog(), o);
    EXPECT_EQ(selection_error([&] { check_param_overrides(o.overrides, {slow}); }),
              "--param depth=1: no selected test has a parameter 'depth' (their parameters: flag, "
              "level, mode, ratio, text)");
    const PlanOptions other = with_params({"test.raw_params.size=1"});
    EXPECT_EQ(selection_error([&] { check_param_overrides(other.overrides, {slow}); }),
              "--param test.raw_params.size=1: 'test.raw_params' is not a selected test "
              "(selected: slow)");
    EXPECT_EQ(
        selection_error([] {
            plan_test("slow", params_suite(), params_catalog(), with_params({"slow.size=1"}));
        }),
        "--param slow.size=1: test 'slow': workload 'test.params' has no parameter 'size' (it "
        "has: mode, level, ratio, flag, text)");
}

}  // namespace
}  // namespace bytebench
