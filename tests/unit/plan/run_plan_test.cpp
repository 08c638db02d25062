#include "plan/run_plan.h"

#include <gtest/gtest.h>

#include "plan/suite_file.h"

namespace bytebench {
namespace {

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

}  // namespace
}  // namespace bytebench
