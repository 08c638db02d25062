#include "plan/suite_file.h"

#include <gtest/gtest.h>

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

TEST(Suite, SyntaxErrorsNameFileLineAndColumn) {
    const std::string e = error_of("name = \"x\"\n[test.a\nbaseline = 1\n");
    EXPECT_EQ(e.rfind("s.toml:2:", 0), 0u) << e;
}

TEST(Suite, SemanticErrorsNameTheKeyAndItsPlace) {
    EXPECT_NE(error_of("name = \"x\"\n[test.a]\nbaseline = \"high\"\n").find("s.toml:3:"),
              std::string::npos);
    EXPECT_NE(error_of("name = \"x\"\n[test.a]\nbaseline = -1\n").find("positive"),
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
    // Every group member is a test of the suite.
    for (const auto &[group, members] : s.groups)
        for (const std::string &m : members)
            EXPECT_NE(s.find_test(m), nullptr) << group << ": " << m;
    EXPECT_EQ(s.find_group("system")->size(), 11u);
    EXPECT_EQ(s.find_group("fs")->size(), 9u);
}

}  // namespace
}  // namespace bytebench
