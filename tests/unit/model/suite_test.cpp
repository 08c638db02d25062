#include "model/suite.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

Suite two_test_suite() {
    Suite suite;
    suite.categories = {{"system", "System Benchmarks Index Score"}};
    TestDef dhry;
    dhry.id = "dhry2reg";
    TestDef pipe;
    pipe.id = "pipe";
    suite.tests = {dhry, pipe};
    suite.groups = {{"cpu", {"dhry2reg"}}, {"all", {"dhry2reg", "pipe"}}};
    return suite;
}

TEST(Suite, FindsATestByIdOrNothing) {
    const Suite suite = two_test_suite();
    ASSERT_NE(suite.find_test("pipe"), nullptr);
    EXPECT_EQ(suite.find_test("pipe"), &suite.tests[1]);
    EXPECT_EQ(suite.find_test("Pipe"), nullptr);
    EXPECT_EQ(suite.find_test(""), nullptr);
}

TEST(Suite, FindsAGroupsMembersOrNothing) {
    const Suite suite = two_test_suite();
    const std::vector<std::string> *all = suite.find_group("all");
    ASSERT_NE(all, nullptr);
    EXPECT_EQ(*all, (std::vector<std::string>{"dhry2reg", "pipe"}));
    EXPECT_EQ(suite.find_group("dhry2reg"), nullptr);  // a test is not a group
}

TEST(Suite, ACategoryWithoutATitleIsShownByItsId) {
    const Suite suite = two_test_suite();
    EXPECT_EQ(suite.category_title("system"), "System Benchmarks Index Score");
    EXPECT_EQ(suite.category_title("graphics"), "graphics");
}

}  // namespace
}  // namespace bytebench
