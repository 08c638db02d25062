#include "plan/suite_file.h"

#include <gtest/gtest.h>

#include <map>

#include "base/names.h"

namespace bytebench {
namespace {

std::string error_of(const std::string &text) {
    try {
        parse_suite(text, "s.toml");
    } catch (const SuiteError &e) {
        return e.what();
    }
    return "";
}

TEST(Suite, ParsesTestsCategoriesAndGroups) {
    const Suite s = parse_suite(R"(
schema = "bytebench.suite/1"
name = "mini"
tests = ["a", "b"]
[categories.system]
title = "System Benchmarks"
[test.a]
name = "Test A"
category = "system"
baseline = 10.5
duration = 2
repeat = "short"
params = { mode = "x", size = 4, on = true }
quick_params = { size = 1 }
[test.b]
workload = "wb"
passes = 4
[groups]
both = ["a", "b"]
)",
                                "s.toml");
    EXPECT_EQ(s.name, "mini");
    ASSERT_EQ(s.default_tests.size(), 2u);
    const TestDef *a = s.find_test("a");
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->workload, "a");
    EXPECT_EQ(*a->baseline, 10.5);
    EXPECT_EQ(*a->duration_s, 2);
    EXPECT_FALSE(*a->repeat_long);
    ASSERT_EQ(a->params.size(), 3u);
    ASSERT_EQ(a->quick_params.size(), 1u);
    EXPECT_EQ(a->quick_params[0], std::make_pair(std::string("size"), std::string("1")));
    EXPECT_TRUE(s.find_test("b")->quick_params.empty());
    EXPECT_EQ(s.find_test("b")->workload, "wb");
    EXPECT_EQ(*s.find_test("b")->passes, 4);
    EXPECT_EQ(s.find_group("both")->size(), 2u);
    EXPECT_EQ(s.category_title("system"), "System Benchmarks");
    EXPECT_EQ(s.category_title("other"), "other");
    EXPECT_EQ(s.sha256.size(), 64u);
}

// Reports show the index blocks in this order: System, then 2D and 3D.
TEST(Suite, KeepsTheCategoriesInTheOrderOfTheFile) {
    const Suite s = parse_suite(R"(
name = "order"
[categories.system]
title = "System Benchmarks"
[categories.2d]
title = "2D Graphics Benchmarks"
[categories.3d]
title = "3D Graphics Benchmarks"
[categories.misc]
title = "Non-Index Benchmarks"
)",
                                "s.toml");
    ASSERT_EQ(s.categories.size(), 4u);
    EXPECT_EQ(s.categories[0].id, "system");
    EXPECT_EQ(s.categories[1].id, "2d");
    EXPECT_EQ(s.categories[2].id, "3d");
    EXPECT_EQ(s.categories[3].id, "misc");
}

TEST(Suite, SyntaxErrorsNameFileLineAndColumn) {
    const std::string e = error_of("name = \"x\"\n[test.a\nbaseline = 1\n");
    EXPECT_EQ(e.rfind("s.toml:2:", 0), 0u) << e;
}

TEST(Suite, SemanticErrorsNameTheKeyAndItsPlace) {
    EXPECT_NE(error_of("name = \"x\"\n[test.a]\nbaseline = \"high\"\n").find("s.toml:3:"),
              std::string::npos);
    EXPECT_NE(error_of("name = \"x\"\n[test.a]\nbaseline = -1\n").find("greater than 0"),
              std::string::npos);
    EXPECT_NE(
        error_of("name = \"x\"\n[test.a]\nrepeat = \"often\"\n").find("\"long\" or \"short\""),
        std::string::npos);
    EXPECT_NE(error_of("name = \"x\"\n[test.a]\nbasline = 1\n").find("unknown key 'basline'"),
              std::string::npos);
    EXPECT_NE(error_of("name = \"x\"\n[test.a]\nquick_params = 1\n")
                  .find("s.toml:3:16: test 'a': quick_params must be a table"),
              std::string::npos);
    EXPECT_NE(error_of("name = \"x\"\nschema = \"bytebench.suite/2\"\n").find("unsupported schema"),
              std::string::npos);
    EXPECT_NE(error_of("tests = []\n").find("no name"), std::string::npos);
}

TEST(Suite, ASuiteMaySetTheSettleTime) {
    EXPECT_FALSE(parse_suite("name = \"x\"\n", "s.toml").settle_s);
    EXPECT_EQ(parse_suite("name = \"x\"\nsettle = 0\n", "s.toml").settle_s, 0.0);
    EXPECT_EQ(parse_suite("name = \"x\"\nsettle = 1.5\n", "s.toml").settle_s, 1.5);
    EXPECT_NE(error_of("name = \"x\"\nsettle = -1\n").find("s.toml:2:"), std::string::npos);
    EXPECT_NE(error_of("name = \"x\"\nsettle = \"long\"\n").find("settle"), std::string::npos);
}

// One line, from the file's name: "s.toml:3:12: ...".
bool one_line_at(const std::string &error, const std::string &place) {
    return error.rfind(place, 0) == 0 && error.find('\n') == std::string::npos;
}

TEST(Suite, DurationsAreFromAMillisecondToADay) {
    const auto duration = [](const std::string &value) {
        return "name = \"x\"\n[test.a]\nduration = " + value + "\n";
    };
    EXPECT_EQ(*parse_suite(duration("0.001"), "s.toml").find_test("a")->duration_s, 0.001);
    EXPECT_EQ(*parse_suite(duration("86400"), "s.toml").find_test("a")->duration_s, 86400);
    EXPECT_EQ(error_of(duration("1e300")),
              "s.toml:3:12: test 'a': duration must be from 0.001 to 86400 seconds, not 1e300");
    EXPECT_EQ(error_of(duration("1e-300")),
              "s.toml:3:12: test 'a': duration must be from 0.001 to 86400 seconds, not 1e-300");
    EXPECT_EQ(error_of(duration("0")),
              "s.toml:3:12: test 'a': duration must be from 0.001 to 86400 seconds, not 0");
    EXPECT_EQ(error_of(duration("-5")),
              "s.toml:3:12: test 'a': duration must be from 0.001 to 86400 seconds, not -5");
    EXPECT_EQ(error_of(duration("86401")),
              "s.toml:3:12: test 'a': duration must be from 0.001 to 86400 seconds, not 86401");
    EXPECT_EQ(error_of(duration("nan")),
              "s.toml:3:12: test 'a': duration: nan is not a finite number");
    EXPECT_EQ(error_of(duration("inf")),
              "s.toml:3:12: test 'a': duration: inf is not a finite number");
    EXPECT_EQ(error_of(duration("-inf")),
              "s.toml:3:12: test 'a': duration: -inf is not a finite number");
    // Too large for a double: toml++'s own error, or ours; one line either way.
    EXPECT_TRUE(one_line_at(error_of(duration("1e999")), "s.toml:3:"))
        << error_of(duration("1e999"));
}

TEST(Suite, BaselinesAreFinitePositiveNumbers) {
    const auto baseline = [](const std::string &value) {
        return "name = \"x\"\n[test.a]\nbaseline = " + value + "\n";
    };
    EXPECT_EQ(*parse_suite(baseline("1e-300"), "s.toml").find_test("a")->baseline, 1e-300);
    EXPECT_EQ(*parse_suite(baseline("1e300"), "s.toml").find_test("a")->baseline, 1e300);
    EXPECT_EQ(error_of(baseline("0")),
              "s.toml:3:12: test 'a': baseline must be greater than 0, not 0");
    EXPECT_EQ(error_of(baseline("-0.0")),
              "s.toml:3:12: test 'a': baseline must be greater than 0, not -0");
    EXPECT_EQ(error_of(baseline("nan")),
              "s.toml:3:12: test 'a': baseline: nan is not a finite number");
    EXPECT_EQ(error_of(baseline("+inf")),
              "s.toml:3:12: test 'a': baseline: inf is not a finite number");
}

TEST(Suite, SettleAndPassesStayWithinTheirBounds) {
    EXPECT_EQ(error_of("name = \"x\"\nsettle = nan\n"),
              "s.toml:2:10: settle: nan is not a finite number");
    EXPECT_EQ(error_of("name = \"x\"\nsettle = 601\n"),
              "s.toml:2:10: settle must be from 0 to 600 seconds, not 601");
    EXPECT_EQ(error_of("name = \"x\"\nsettle = 1e300\n"),
              "s.toml:2:10: settle must be from 0 to 600 seconds, not 1e300");
    EXPECT_EQ(error_of("name = \"x\"\n[test.a]\npasses = 0\n"),
              "s.toml:3:10: test 'a': passes must be an integer from 1 to 1000000");
    EXPECT_EQ(error_of("name = \"x\"\n[test.a]\npasses = 1000001\n"),
              "s.toml:3:10: test 'a': passes must be an integer from 1 to 1000000");
    EXPECT_EQ(error_of("name = \"x\"\n[test.a]\npasses = 2.0\n"),
              "s.toml:3:10: test 'a': passes must be an integer from 1 to 1000000");
}

TEST(Suite, NumericParametersAreFiniteAndKeepTheirDigits) {
    const Suite s = parse_suite(
        "name = \"x\"\n[test.a]\nparams = { rate = 123456789.5, small = 1e-7, n = 3 }\n", "s.toml");
    const auto &params = s.find_test("a")->params;
    ASSERT_EQ(params.size(), 3u);
    // toml++ keeps a table's keys in order.
    EXPECT_EQ(params[0], std::make_pair(std::string("n"), std::string("3")));
    EXPECT_EQ(params[1], std::make_pair(std::string("rate"), std::string("123456789.5")));
    EXPECT_EQ(params[2], std::make_pair(std::string("small"), std::string("1e-7")));
    // Where each was written, for the plan's messages.
    EXPECT_EQ(s.find_test("a")->param_places.at("rate"), "s.toml:3:19");
    EXPECT_EQ(error_of("name = \"x\"\n[test.a]\nparams = { rate = nan }\n"),
              "s.toml:3:19: parameter 'rate': nan is not a finite number");
    EXPECT_EQ(error_of("name = \"x\"\n[test.a]\nquick_params = { rate = -inf }\n"),
              "s.toml:3:25: parameter 'rate': -inf is not a finite number");
}

TEST(Suite, AFloatStaysAFloatAsItWouldBeTyped) {
    // 5.0 is "5.0", not "5": an int parameter then refuses it, as it refuses
    // --param i=5.0 (run_plan_test.cpp). Integers are decimal whatever their
    // TOML form; booleans are true and false.
    const Suite s = parse_suite(
        "name = \"x\"\n[test.a]\nparams = { f = 5.0, g = -0.0, h = 1e300, i = 0x10, j = 1_000, "
        "k = false }\nquick_params = { f = 2.5 }\n",
        "s.toml");
    const TestDef &a = *s.find_test("a");
    const std::map<std::string, std::string> params(a.params.begin(), a.params.end());
    EXPECT_EQ(params.at("f"), "5.0");
    EXPECT_EQ(params.at("g"), "-0.0");
    EXPECT_EQ(params.at("h"), "1e300");
    EXPECT_EQ(params.at("i"), "16");
    EXPECT_EQ(params.at("j"), "1000");
    EXPECT_EQ(params.at("k"), "false");
    EXPECT_EQ(a.quick_param_places.at("f"), "s.toml:4:22");
}

TEST(Suite, GroupsHoldTestsAndGroupsOfTheSuite) {
    const Suite s = parse_suite(R"(name = "x"
[test.a]
[test.b]
[groups]
one = ["a"]
both = ["one", "b"]
)",
                                "s.toml");
    EXPECT_EQ(*s.find_group("both"), (std::vector<std::string>{"one", "b"}));
    EXPECT_EQ(error_of(R"(name = "x"
[test.alpha]
[groups]
g = ["alpha", "alpah"]
)"),
              "s.toml:4:15: group 'g': 'alpah' is neither a test nor a group of this suite; did "
              "you mean 'alpha'?");
    EXPECT_EQ(error_of("name = \"x\"\n[groups]\ng = [\"nothing-like-it\"]\n"),
              "s.toml:3:6: group 'g': 'nothing-like-it' is neither a test nor a group of this "
              "suite");
    // Groups may come before the tests they name.
    EXPECT_NO_THROW(parse_suite("name = \"x\"\n[groups]\ng = [\"a\"]\n[test.a]\n", "s.toml"));
}

TEST(Suite, AGroupMayNotContainItself) {
    EXPECT_EQ(error_of("name = \"x\"\n[groups]\nself = [\"self\"]\n"),
              "s.toml:3:9: group 'self' contains itself: self -> self");
    EXPECT_EQ(error_of(R"(name = "x"
[test.t]
[groups]
a = ["t", "b"]
b = ["c"]
c = ["t", "a"]
)"),
              "s.toml:6:11: group 'c' contains itself: a -> b -> c -> a");
    // The same group twice, or reached two ways, is no cycle.
    EXPECT_NO_THROW(parse_suite(R"(name = "x"
[test.t]
[groups]
base = ["t"]
left = ["base"]
right = ["base", "base"]
top = ["left", "right", "base"]
)",
                                "s.toml"));
}

TEST(Suite, ALongChainOfGroupsIsChecked) {
    // toml++ keeps a table's keys in order: g0, g0x, g1, g10, ...
    std::string text = "name = \"x\"\n[test.t]\n[groups]\ng0 = [\"t\"]\n";
    for (int i = 1; i < 20000; ++i)
        text += "g" + std::to_string(i) + " = [\"g" + std::to_string(i - 1) + "\"]\n";
    EXPECT_NO_THROW(parse_suite(text, "s.toml"));
    text += "g0x = [\"g19999\"]\n";
    text.replace(text.find("g0 = [\"t\"]"), 10, "g0 = [\"g0x\"]");
    EXPECT_EQ(error_of(text),
              "s.toml:5:7: group 'g1' contains itself: g0 -> g0x -> g19999 -> g19998 -> ... -> "
              "g2 -> g1 -> g0 (20001 groups)");
}

// A suite comes from a vendor: its ids become folder names in the run's
// temporary folder (exec/test_phases.h) and are typed on the command line.
TEST(Suite, EveryNameThatBecomesAFolderIsCheckedWhereItIsWritten) {
    const std::string rule = std::string(" is not a name: ") + kNameRule;
    EXPECT_EQ(error_of("name = \"x\"\n[test.\"../../victim\"]\nworkload = \"null\"\n"),
              "s.toml:2:7: test '../../victim'" + rule);
    EXPECT_EQ(error_of("name = \"x\"\ntest = { \"a/b\" = {} }\n"),
              "s.toml:2:10: test 'a/b'" + rule);
    EXPECT_EQ(error_of("name = \"x\"\n[test.ok]\nworkload = \"../null\"\n"),
              "s.toml:3:12: test 'ok': workload '../null'" + rule);
    EXPECT_EQ(error_of("name = \"x\"\n[test.ok]\n[groups]\n\"../g\" = [\"ok\"]\n"),
              "s.toml:4:1: group '../g'" + rule);
    EXPECT_EQ(error_of("name = \"x\"\n[test.ok]\n[groups]\ng = [\"ok\", \"..\"]\n"),
              "s.toml:4:12: group 'g' entry '..'" + rule);
    EXPECT_EQ(error_of("name = \"x\"\ntests = [\"ok\", \"-rf\"]\n"),
              "s.toml:2:16: tests entry '-rf'" + rule);
    EXPECT_EQ(error_of("name = \"x\"\n[test.\".hidden\"]\n"), "s.toml:2:7: test '.hidden'" + rule);
}

TEST(Suite, ItsNameIsTextWithoutControlsOrBidiOverrides) {
    EXPECT_EQ(error_of("name = \"a\\u202Eb\"\n"),
              "s.toml:1:8: name holds the bidirectional control U+202E");
    EXPECT_EQ(error_of("name = \"a\\u001Bb\"\n"),
              "s.toml:1:8: name holds the control character U+001B");
    EXPECT_EQ(parse_suite("name = \"Caf\u00e9 suite (v2)\"\n", "s.toml").name,
              "Caf\xc3\xa9 suite (v2)");
}

TEST(Suite, EveryShippedSuiteFollowsTheNameRule) {
    for (const char *file :
         {"/suites/index.toml", "/examples/suites/quick-cpu.toml", "/examples/suites/vendor.toml"})
        EXPECT_NO_THROW(load_suite(std::string(BYTEBENCH_SOURCE_DIR) + file)) << file;
    // UnixBench's compiler test is "C": names keep upper case.
    EXPECT_NE(load_suite(BYTEBENCH_SOURCE_DIR "/suites/index.toml").find_test("C"), nullptr);
}

TEST(Suite, MissingFileIsAOneLineError) {
    try {
        load_suite("/nonexistent/suite.toml");
        FAIL();
    } catch (const SuiteError &e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/suite.toml: cannot read"),
                  std::string::npos);
    }
}

TEST(Suite, TheStandardIndexSuiteMatchesUnixBench) {
    const Suite s = load_suite(BYTEBENCH_SOURCE_DIR "/suites/index.toml");
    ASSERT_EQ(s.default_tests.size(), 12u);
    int with_baseline = 0;
    for (const std::string &id : s.default_tests) {
        const TestDef *t = s.find_test(id);
        ASSERT_NE(t, nullptr) << id;
        EXPECT_TRUE(t->baseline) << id;
        EXPECT_EQ(t->category, "system") << id;
        with_baseline += t->baseline ? 1 : 0;
    }
    EXPECT_EQ(with_baseline, 12);
    EXPECT_EQ(*s.find_test("dhry2reg")->baseline, 116700.0);
    EXPECT_EQ(*s.find_test("shell8")->baseline, 6.0);
    EXPECT_TRUE(*s.find_test("syscall")->repeat_long);
    EXPECT_FALSE(*s.find_test("execl")->repeat_long);
    EXPECT_EQ(*s.find_test("shell1")->duration_s, 60.0);
    EXPECT_EQ(s.find_test("fsdisk")->workload, "fstime");
    // Every group member is a test of the suite or another group.
    for (const auto &[group, members] : s.groups)
        for (const std::string &m : members)
            EXPECT_TRUE(s.find_test(m) != nullptr || s.find_group(m) != nullptr)
                << group << ": " << m;
    EXPECT_EQ(s.find_group("system")->size(), 11u);
    EXPECT_EQ(s.find_group("fs")->size(), 9u);
}

// UnixBench's graphics tests: never in the default run; `graphics` is its
// graphics index, `gindex` both indexes, `all` every test.
TEST(Suite, TheStandardSuitesGraphicsTestsAreUnixBenchs) {
    const Suite s = load_suite(BYTEBENCH_SOURCE_DIR "/suites/index.toml");
    const std::vector<std::string> index_2d = {"2d-rects", "2d-ellipse", "2d-aashapes",
                                               "2d-text",  "2d-blit",    "2d-window"};
    for (const std::string &id : index_2d) {
        const TestDef *t = s.find_test(id);
        ASSERT_NE(t, nullptr) << id;
        EXPECT_EQ(t->category, "2d") << id;
        EXPECT_EQ(*t->baseline, 15.0) << id;
        EXPECT_FALSE(*t->repeat_long) << id;
    }
    for (const std::string id : {"2d-lines", "2d-circle", "2d-shapes", "2d-polys"}) {
        ASSERT_NE(s.find_test(id), nullptr) << id;
        EXPECT_FALSE(s.find_test(id)->baseline) << id;
        EXPECT_EQ(s.find_test(id)->category, "2d") << id;
    }
    const TestDef *gears = s.find_test("ubgears");
    ASSERT_NE(gears, nullptr);
    EXPECT_EQ(gears->name, "3D graphics: gears");
    EXPECT_EQ(gears->category, "3d");
    EXPECT_EQ(*gears->baseline, 33.4);
    EXPECT_EQ(*gears->duration_s, 20.0);
    EXPECT_EQ(s.find_test("2d-aashapes")->name, "2D graphics: aa polygons");
    EXPECT_EQ(s.category_title("2d"), "2D Graphics Benchmarks");
    EXPECT_EQ(s.category_title("3d"), "3D Graphics Benchmarks");
    ASSERT_GE(s.categories.size(), 3u);
    EXPECT_EQ(s.categories[0].id, "system");
    EXPECT_EQ(s.categories[1].id, "2d");
    EXPECT_EQ(s.categories[2].id, "3d");

    std::vector<std::string> graphics = index_2d;
    graphics.push_back("ubgears");
    EXPECT_EQ(*s.find_group("graphics"), graphics);
    EXPECT_EQ(*s.find_group("gindex"), (std::vector<std::string>{"index", "graphics"}));
    for (const std::string &id : s.default_tests) EXPECT_EQ(id.rfind("2d-", 0), std::string::npos);
    for (const std::string &id : *s.find_group("index"))
        EXPECT_EQ(s.find_test(id)->category, "system");
    size_t graphics_in_all = 0;
    for (const std::string &id : *s.find_group("all"))
        if (s.find_test(id)->category == "2d" || s.find_test(id)->category == "3d")
            ++graphics_in_all;
    EXPECT_EQ(graphics_in_all, 11u);
}

}  // namespace
}  // namespace bytebench
