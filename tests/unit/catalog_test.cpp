// Plugin discovery and ABI negotiation against the test plugins built in
// tests/plugins, described by the real worker process.
#include <gtest/gtest.h>

#include <string>

#include "plugin_catalog.h"

namespace bytebench {
namespace {

const std::string kPlugins = BYTEBENCH_TEST_PLUGIN_DIR;

PluginCatalog scan(const std::vector<std::string> &names) {
    std::vector<std::string> dirs;
    for (const std::string &n : names) dirs.push_back(kPlugins + "/" + n);
    return PluginCatalog::scan(dirs, BYTEBENCH_WORKER);
}

std::string only_problem(const PluginCatalog &c) {
    EXPECT_EQ(c.problems().size(), 1u);
    return c.problems().empty() ? "" : c.problems()[0].reason;
}

TEST(Catalog, LoadsAGoodPluginAndItsDescriptors) {
    const PluginCatalog c = scan({"good"});
    ASSERT_EQ(c.plugins().size(), 1u);
    EXPECT_TRUE(c.problems().empty());
    const auto w = c.find_workload("test.count");
    ASSERT_TRUE(w);
    EXPECT_EQ(w->plugin->id, "test.good");
    EXPECT_EQ(w->plugin->abi, "1.0");
    ASSERT_FALSE(w->workload->params.empty());
    EXPECT_EQ(w->workload->params[0].key, "step");
    EXPECT_FALSE(c.find_workload("nope"));
}

TEST(Catalog, LoadsAPluginWrittenInC) {
    const PluginCatalog c = scan({"c-plugin"});
    EXPECT_TRUE(c.find_workload("test.c_loop"));
}

TEST(Catalog, RefusesAnotherAbiMajorNamingBothVersions) {
    const std::string why = only_problem(scan({"wrong-major"}));
    EXPECT_NE(why.find("ABI 2."), std::string::npos) << why;
    EXPECT_NE(why.find("ABI 1.0"), std::string::npos) << why;
}

TEST(Catalog, RefusesAPluginThatNeedsANewerHost) {
    const std::string why = only_problem(scan({"newer-minor"}));
    EXPECT_NE(why.find("needs host ABI 1.7"), std::string::npos) << why;
}

TEST(Catalog, ReportsALibraryWithoutTheEntrySymbol) {
    const std::string why = only_problem(scan({"no-entry"}));
    EXPECT_NE(why.find("does not export bytebench_plugin_entry"), std::string::npos) << why;
}

TEST(Catalog, ReportsAFileThatIsNotALibrary) {
    const PluginCatalog c = scan({"not-a-plugin"});
    EXPECT_TRUE(c.plugins().empty());
    const std::string why = only_problem(c);
    EXPECT_NE(why.find("cannot load shared library"), std::string::npos) << why;
}

TEST(Catalog, DuplicateWorkloadIdsNameBothFiles) {
    const PluginCatalog c = scan({"good", "dup"});
    ASSERT_EQ(c.plugins().size(), 1u);
    ASSERT_EQ(c.problems().size(), 1u);
    const PluginProblem &p = c.problems()[0];
    EXPECT_EQ(p.kind, PluginProblem::Kind::duplicate);
    EXPECT_NE(p.path.find("dup"), std::string::npos);
    EXPECT_NE(p.reason.find("good"), std::string::npos) << p.reason;
    EXPECT_NE(p.reason.find("test.count"), std::string::npos) << p.reason;
}

TEST(Catalog, AMissingFolderIsReported) {
    const PluginCatalog c = scan({"no-such-folder"});
    ASSERT_EQ(c.problems().size(), 1u);
    EXPECT_EQ(c.problems()[0].kind, PluginProblem::Kind::missing_folder);
}

TEST(Catalog, FindsReporters) {
    const PluginCatalog c = scan({"reporter"});
    EXPECT_TRUE(c.find_reporter("test-lines"));
}

}  // namespace
}  // namespace bytebench
