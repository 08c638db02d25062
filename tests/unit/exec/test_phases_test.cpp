// A test's folder, set-up and teardown (ABI 1.2), run for real: workers of
// the test plugin setup.so (tests/plugins/setup.cpp), which notes each call
// in a marker file outside the test's folder.
#include "exec/test_phases.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "plugins/plugin_catalog.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// A test of `workload` from the plugin folder `dir`, with `params`.
PlannedTest phases_test_of(const std::string &dir, const std::string &workload,
                           std::vector<std::pair<std::string, std::string>> params = {}) {
    const PluginCatalog catalog =
        PluginCatalog::scan({std::string(BYTEBENCH_TEST_PLUGIN_DIR) + "/" + dir}, BYTEBENCH_WORKER);
    const auto ref = catalog.find_workload(workload);
    EXPECT_TRUE(ref.has_value()) << workload;
    PlannedTest t;
    t.id = t.name = workload;
    if (!ref) return t;
    t.workload = *ref->workload;
    t.plugin_path = ref->plugin->path;
    t.passes = 2;
    t.params = std::move(params);
    return t;
}

std::string text_of(const std::string &path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

unsigned mode_of(const std::string &path) {
    struct stat st {};
    stat(path.c_str(), &st);
    return st.st_mode & 07777;
}

class Phases : public ::testing::Test {
  protected:
    void SetUp() override {
        temp_ =
            (fs::temp_directory_path() / ("bytebench-phases-" + std::to_string(getpid()))).string();
        fs::create_directories(temp_);
        marker_ = temp_ + "/marker";
    }
    void TearDown() override { fs::remove_all(temp_); }
    PlannedTest setup_test(const std::string &mode) {
        return phases_test_of("setup", "test.setup", {{"mode", mode}, {"marker", marker_}});
    }
    std::string temp_, marker_;
    Progress progress_{{}, {}, false};
};

TEST(TestDirPath, NamedByTestAndCopiesAwayFromThePasses) {
    EXPECT_EQ(test_folder_name("dhry2reg", 4), "dhry2reg-n4-test");
    EXPECT_EQ(test_folder_name("../../victim", 1), "_._.._victim-n1-test");
}

// A suite's id that would lead out of the temporary folder (load_suite
// refuses it; a suite made in code does not): the folder is made inside,
// and a folder of that name outside, with a file in it, is left alone.
TEST_F(Phases, AnIdThatLeadsOutMakesAndRemovesOnlyItsOwnFolder) {
    PlannedTest t = phases_test_of("good", "test.count");
    const std::string run = temp_ + "/run", victim = temp_ + "/victim-n1-test";
    fs::create_directories(run);
    fs::create_directories(victim);
    std::ofstream(victim + "/keep") << "x";
    t.id = "../victim";
    TestPhases phases(t, 1, "/nonexistent/bytebench-worker", run);
    const PhaseOutcome out = phases.set_up(progress_);
    EXPECT_EQ(out.status, Status::ok) << out.error;
    EXPECT_EQ(phases.test_dir(), run + "/_._victim-n1-test");
    EXPECT_TRUE(fs::is_directory(phases.test_dir()));
    phases.tear_down();
    EXPECT_FALSE(fs::exists(phases.test_dir()));
    EXPECT_TRUE(fs::exists(victim + "/keep"));
}

TEST_F(Phases, AFolderAlreadyThereIsTheTestsErrorAndIsKept) {
    const PlannedTest t = phases_test_of("good", "test.count");
    const std::string taken = temp_ + "/" + test_folder_name(t.id, 1);
    fs::create_directories(taken);
    std::ofstream(taken + "/theirs") << "x";
    {
        TestPhases phases(t, 1, "/nonexistent/bytebench-worker", temp_);
        const PhaseOutcome out = phases.set_up(progress_);
        EXPECT_EQ(out.status, Status::error);
        EXPECT_EQ(out.error, "cannot create " + taken + ": File exists");
    }
    EXPECT_TRUE(fs::exists(taken + "/theirs"));
}

TEST_F(Phases, WithoutSetupOnlyTheFolderAndNoWorker) {
    const PlannedTest t = phases_test_of("good", "test.count");
    ASSERT_FALSE(t.workload.has_setup);
    // A worker that cannot start would fail the set-up: none is started.
    TestPhases phases(t, 1, "/nonexistent/bytebench-worker", temp_);
    const PhaseOutcome out = phases.set_up(progress_);
    EXPECT_EQ(out.status, Status::ok) << out.error;
    EXPECT_TRUE(fs::is_directory(phases.test_dir()));
    EXPECT_EQ(mode_of(phases.test_dir()), 0700u);
    phases.tear_down();
    EXPECT_FALSE(fs::exists(phases.test_dir()));
}

TEST_F(Phases, SetupFillsTheFolderAndTeardownRunsBeforeItGoes) {
    const PlannedTest t = setup_test("ok");
    TestPhases phases(t, 1, BYTEBENCH_WORKER, temp_);
    const PhaseOutcome out = phases.set_up(progress_);
    ASSERT_EQ(out.status, Status::ok) << out.error;
    EXPECT_EQ(text_of(phases.test_dir() + "/data.txt"), "ready\n");
    phases.tear_down();
    phases.tear_down();  // once only
    EXPECT_EQ(text_of(marker_), "setup " + phases.test_dir() + "\nteardown data\n");
    EXPECT_FALSE(fs::exists(phases.test_dir()));
}

TEST_F(Phases, FailedSetupIsTheTestsErrorAndStillTearsDown) {
    const PlannedTest t = setup_test("error");
    {
        TestPhases phases(t, 1, BYTEBENCH_WORKER, temp_);
        const PhaseOutcome out = phases.set_up(progress_);
        EXPECT_EQ(out.status, Status::error);
        EXPECT_EQ(out.error, "set-up failed: no device to precondition");
    }  // the destructor tears down
    EXPECT_EQ(text_of(marker_), "teardown no-data\n");
}

TEST_F(Phases, SkippingSetupSkipsWithItsReason) {
    const PlannedTest t = setup_test("skip");
    TestPhases phases(t, 1, BYTEBENCH_WORKER, temp_);
    const PhaseOutcome out = phases.set_up(progress_);
    EXPECT_EQ(out.status, Status::skipped);
    EXPECT_EQ(out.error, "needs a device");
}

TEST_F(Phases, SetupPastItsLimitIsKilled) {
    const PlannedTest t = phases_test_of("setup", "test.setup_hang", {{"marker", marker_}});
    ASSERT_DOUBLE_EQ(t.workload.setup_timeout_s, 0.5);
    TestPhases phases(t, 1, BYTEBENCH_WORKER, temp_);
    const PhaseOutcome out = phases.set_up(progress_);
    EXPECT_EQ(out.status, Status::error);
    EXPECT_EQ(out.error, "set-up did not finish within 500 ms");
    phases.tear_down();
    EXPECT_EQ(text_of(marker_), "teardown no-data\n");
}

TEST_F(Phases, SetupProgressIsShown) {
    const PlannedTest t = setup_test("ok");
    TestPhases phases(t, 2, BYTEBENCH_WORKER, temp_);
    Progress shown({}, {}, true);
    ::testing::internal::CaptureStderr();
    const PhaseOutcome out = phases.set_up(shown);
    const std::string err = ::testing::internal::GetCapturedStderr();
    ASSERT_EQ(out.status, Status::ok) << out.error;
    EXPECT_NE(err.find("test.setup (2 copies): set-up\n"), std::string::npos) << err;
    EXPECT_NE(err.find("test.setup (2 copies): set-up 50%\n"), std::string::npos) << err;
}

}  // namespace
}  // namespace bytebench
