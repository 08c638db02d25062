// Plugin discovery and ABI negotiation against the test plugins built in
// tests/plugins, described by the real worker process.
#include "plugins/plugin_catalog.h"

#include <bytebench/plugin.h>
#include <gtest/gtest.h>
#include <stddef.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

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
    EXPECT_EQ(w->plugin->abi,
              std::to_string(BYTEBENCH_ABI_MAJOR) + "." + std::to_string(BYTEBENCH_ABI_MINOR));
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
    EXPECT_NE(why.find("provides ABI " + std::to_string(BYTEBENCH_ABI_MAJOR) + "."),
              std::string::npos)
        << why;
}

TEST(Catalog, RefusesAPluginThatNeedsANewerHost) {
    const std::string why = only_problem(scan({"newer-minor"}));
    EXPECT_NE(why.find("needs host ABI 1.7"), std::string::npos) << why;
}

TEST(Catalog, ReportsALibraryWithoutTheEntrySymbol) {
    const PluginCatalog c = scan({"no-entry"});
    const std::string why = only_problem(c);
    EXPECT_NE(why.find("does not export bytebench_plugin_entry"), std::string::npos) << why;
    // A helper library beside the plugins is not a plugin that failed.
    EXPECT_EQ(c.problems()[0].kind, PluginProblem::Kind::ignored);
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

TEST(Catalog, TheFirstFoundWinsAndTheOtherPluginIsRefusedWhole) {
    const PluginCatalog c = scan({"dup", "good"});
    ASSERT_EQ(c.plugins().size(), 1u);
    EXPECT_EQ(c.plugins()[0].id, "test.dup");
    ASSERT_EQ(c.problems().size(), 1u);
    const PluginProblem &p = c.problems()[0];
    EXPECT_EQ(p.kind, PluginProblem::Kind::duplicate);
    EXPECT_NE(p.path.find("good.so"), std::string::npos) << p.path;
    EXPECT_NE(p.reason.find("dup.so, found first in the search path, which wins"),
              std::string::npos)
        << p.reason;
    // good.so's other workloads went with it, and say why.
    EXPECT_FALSE(c.find_workload("test.rate"));
    const std::string why = c.refusal_of_workload("test.rate");
    EXPECT_NE(why.find("good.so was refused: duplicate workload id 'test.count'"),
              std::string::npos)
        << why;
    EXPECT_EQ(c.refusal_of_workload("test.count"), "");  // dup.so serves it
    EXPECT_EQ(c.refusal_of_workload("nope"), "");
}

TEST(Catalog, AFirstPartyPluginWinsWhereverItIsInTheSearchPath) {
    ScanOptions options;
    options.worker_program = BYTEBENCH_WORKER;
    options.first_party_dir = kPlugins + "/dup";
    const PluginCatalog c = PluginCatalog::scan({kPlugins + "/good", kPlugins + "/dup"}, options);
    ASSERT_EQ(c.plugins().size(), 1u);
    EXPECT_EQ(c.plugins()[0].id, "test.dup");
    const std::string why = only_problem(c);
    EXPECT_NE(why.find("dup.so, a first-party plugin, which wins"), std::string::npos) << why;
    EXPECT_NE(c.problems()[0].path.find("good.so"), std::string::npos);
}

TEST(Catalog, AFolderGivenTwiceIsScannedOnce) {
    const PluginCatalog c = scan({"good", "good"});
    EXPECT_EQ(c.plugins().size(), 1u);
    EXPECT_TRUE(c.problems().empty());
}

TEST(Catalog, AnIdThatBreaksTheRuleIsRefusedQuotingIt) {
    const std::string why = only_problem(scan({"bad-id"}));
    EXPECT_EQ(why,
              "workload #0 id 'Acme.Vendor-Test' breaks the rule [a-z0-9][a-z0-9._-]* of "
              "plugin.h");
}

TEST(Catalog, AParameterKeyThatBreaksTheRuleIsRefusedQuotingIt) {
    const std::string why = only_problem(scan({"bad-key"}));
    EXPECT_EQ(why,
              "workload 'test.descriptor' parameter #0 key 'Block-Size' breaks the rule "
              "[a-z0-9_]+ of plugin.h");
}

// A plugin refused for a rule says so for the ids it offers, as a plugin
// refused for a duplicate id does; one that offers nothing we could read
// (another major) leaves its ids unknown.
TEST(Catalog, ARuleBreakersWorkloadsAreRefusedWithTheReason) {
    const PluginCatalog c = scan({"bad-key"});
    EXPECT_FALSE(c.find_workload("test.descriptor"));
    const std::string why = c.refusal_of_workload("test.descriptor");
    EXPECT_NE(why.find("/bad-key/bad_key.so was refused: workload 'test.descriptor' parameter #0 "
                       "key 'Block-Size' breaks the rule"),
              std::string::npos)
        << why;
    EXPECT_EQ(scan({"wrong-major"}).refusal_of_workload("test.wrong"), "");
}

TEST(Catalog, ATooSmallDescriptorNamesTheWorkloadAndTheFieldItLacks) {
    const std::string why = only_problem(scan({"small-struct"}));
    const size_t size = offsetof(bb_workload, destroy);
    EXPECT_EQ(why, "workload 'test.descriptor': its descriptor is " + std::to_string(size) +
                       " bytes, too small for `destroy` (ABI 1.0 needs " +
                       std::to_string(size + sizeof(void (*)(void *))) + ")");
}

TEST(Catalog, ExtraExportedSymbolsAreListed) {
    const PluginCatalog c = scan({"extra-export", "good"});
    ASSERT_EQ(c.plugins().size(), 2u);
    EXPECT_EQ(c.plugins()[0].extra_exports, std::vector<std::string>{"test_descriptor_helper"});
    EXPECT_TRUE(c.plugins()[1].extra_exports.empty());  // bytebench_add_plugin() hides them
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

// A plugin that crashes or hangs before it has said anything is reported
// and skipped; the describe worker is reaped or killed (a 1-s timeout here).
std::string hostile_problem(const std::string &folder) {
    ScanOptions options;
    options.worker_program = BYTEBENCH_WORKER;
    options.describe_timeout_s = 1;
    const PluginCatalog c = PluginCatalog::scan({kPlugins + "/" + folder}, options);
    EXPECT_TRUE(c.plugins().empty());
    return only_problem(c);
}

TEST(Catalog, APluginThatCrashesWhileLoadingIsSkipped) {
    const std::string why = hostile_problem("load-crash");
    EXPECT_NE(why.find("killed by signal 11"), std::string::npos) << why;
}

TEST(Catalog, APluginThatHangsWhileLoadingIsSkipped) {
    EXPECT_EQ(hostile_problem("load-hang"), "did not finish within 1 s");
}

TEST(Catalog, APluginThatCrashesInItsEntryIsSkipped) {
    const std::string why = hostile_problem("entry-crash");
    EXPECT_NE(why.find("killed by signal 11"), std::string::npos) << why;
}

TEST(Catalog, APluginThatHangsInItsEntryIsSkipped) {
    EXPECT_EQ(hostile_problem("entry-hang"), "did not finish within 1 s");
}

// The descriptor cache, seen through the marker plugin, whose entry leaves
// a line in $BYTEBENCH_TEST_MARKER each time it is loaded.
class CatalogCache : public ::testing::Test {
  protected:
    void SetUp() override {
        char pattern[] = "/tmp/bytebench-catalog-XXXXXX";
        ASSERT_NE(mkdtemp(pattern), nullptr);
        root_ = pattern;
        folder_ = root_ + "/plugins";
        fs::create_directory(folder_);
        plugin_ = folder_ + "/marker.so";
        fs::copy_file(kPlugins + "/marker/marker.so", plugin_);
        marks_ = root_ + "/marks";
        setenv("BYTEBENCH_TEST_MARKER", marks_.c_str(), 1);
        options_.worker_program = BYTEBENCH_WORKER;
        options_.cache_file = root_ + "/cache/descriptors.json";
        options_.describe_timeout_s = 5;
    }
    void TearDown() override {
        unsetenv("BYTEBENCH_TEST_MARKER");
        unsetenv("BYTEBENCH_TEST_MARKER_REFUSE");
        fs::remove_all(root_);
    }
    PluginCatalog scan_with(const std::string &folder) {
        return PluginCatalog::scan({folder}, options_);
    }
    PluginCatalog scan_folder() { return scan_with(folder_); }
    int loads() const {
        std::ifstream in(marks_);
        int lines = 0;
        for (std::string line; std::getline(in, line);) ++lines;
        return lines;
    }
    std::string root_, folder_, plugin_, marks_;
    ScanOptions options_;
};

TEST_F(CatalogCache, TheSecondScanDoesNotDescribeAgain) {
    const PluginCatalog first = scan_folder();
    EXPECT_EQ(first.describe_runs(), 1);
    EXPECT_TRUE(first.find_workload("test.marker"));
    const PluginCatalog second = scan_folder();
    EXPECT_EQ(second.describe_runs(), 0);
    EXPECT_EQ(loads(), 1);
    const auto w = second.find_workload("test.marker");
    ASSERT_TRUE(w);
    EXPECT_EQ(w->plugin->path, plugin_);
    EXPECT_EQ(w->workload->name, "Test: marker");
}

TEST_F(CatalogCache, ATouchedPluginIsDescribedAgain) {
    scan_folder();
    const auto later = fs::last_write_time(plugin_) + std::chrono::seconds(2);
    fs::last_write_time(plugin_, later);
    EXPECT_EQ(scan_folder().describe_runs(), 1);
    EXPECT_EQ(loads(), 2);
    EXPECT_EQ(scan_folder().describe_runs(), 0);
}

TEST_F(CatalogCache, AReplacedPluginIsDescribedAgain) {
    scan_folder();
    fs::remove(plugin_);
    fs::copy_file(kPlugins + "/marker/marker.so", plugin_);  // a new inode
    EXPECT_EQ(scan_folder().describe_runs(), 1);
    EXPECT_EQ(loads(), 2);
}

TEST_F(CatalogCache, ACorruptCacheIsIgnoredAndRebuilt) {
    scan_folder();
    std::ofstream(options_.cache_file) << "{\"schema\": ";
    const PluginCatalog c = scan_folder();
    EXPECT_EQ(c.describe_runs(), 1);
    EXPECT_TRUE(c.find_workload("test.marker"));
    EXPECT_EQ(loads(), 2);
    EXPECT_EQ(scan_folder().describe_runs(), 0);  // rebuilt
}

TEST_F(CatalogCache, TheWorkersOwnVerdictIsCachedToo) {
    setenv("BYTEBENCH_TEST_MARKER_REFUSE", "1", 1);
    const std::string why = only_problem(scan_folder());
    EXPECT_NE(why.find("refused by the test"), std::string::npos) << why;
    const PluginCatalog again = scan_folder();
    EXPECT_EQ(again.describe_runs(), 0);
    EXPECT_EQ(only_problem(again), why);
    EXPECT_EQ(loads(), 1);
}

TEST_F(CatalogCache, CrashesAreNotCached) {
    options_.describe_timeout_s = 1;
    const std::string crash = kPlugins + "/load-crash";
    EXPECT_EQ(scan_with(crash).describe_runs(), 1);
    EXPECT_EQ(scan_with(crash).describe_runs(), 1);
}

TEST_F(CatalogCache, InsecureFilesAreRefusedBeforeAnythingRuns) {
    chmod(plugin_.c_str(), 0666);
    const PluginCatalog c = scan_folder();
    ASSERT_EQ(c.problems().size(), 1u);
    EXPECT_EQ(c.problems()[0].kind, PluginProblem::Kind::refused);
    EXPECT_EQ(c.describe_runs(), 0);
    EXPECT_EQ(loads(), 0);
    options_.allow_insecure = true;
    EXPECT_TRUE(scan_folder().find_workload("test.marker"));
}

}  // namespace
}  // namespace bytebench
