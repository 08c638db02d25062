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
