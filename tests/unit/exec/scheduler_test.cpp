// The scheduler over real passes of the test plugins: copy-passes x tests x
// passes, a failing test recorded and the run going on, a checkpoint after
// every test, scores and indexes as the run goes.
#include "exec/scheduler.h"

#include <bytebench/plugin.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "plugins/plugin_catalog.h"
#include "system/storage_info.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class Scheduler : public ::testing::Test {
  protected:
    void SetUp() override {
        temp_ = (fs::temp_directory_path() / ("bytebench-schedule-" + std::to_string(getpid())))
                    .string();
        fs::create_directories(temp_);
        catalog_ = PluginCatalog::scan({std::string(BYTEBENCH_TEST_PLUGIN_DIR) + "/good"},
                                       BYTEBENCH_WORKER);
        suite_.name = "s";
        suite_.categories = {{"test", "Test Benchmarks"}};
    }
    void TearDown() override { fs::remove_all(temp_); }

    // `workload` as a test with `passes` passes of 0.1 s and a baseline.
    PlannedTest test(const std::string &workload, int passes) {
        const auto ref = catalog_.find_workload(workload);
        EXPECT_TRUE(ref.has_value()) << workload;
        PlannedTest t;
        t.id = t.name = workload;
        t.category = "test";
        t.workload = *ref->workload;
        t.plugin_path = ref->plugin->path;
        t.duration_s = 0.1;
        t.passes = passes;
        t.baseline = 10;
        for (const ParamInfo &p : t.workload.params) t.params.emplace_back(p.key, p.default_value);
        TestDef &def = suite_.tests.emplace_back();
        def.id = def.workload = workload;
        def.category = "test";
        def.baseline = 10;
        return t;
    }

    ScheduleOptions options(std::vector<int> copies) const {
        ScheduleOptions o;
        o.copies = std::move(copies);
        o.settle_s = 0;
        o.worker_program = BYTEBENCH_WORKER;
        o.temp_root = temp_;
        return o;
    }

    std::string temp_;
    PluginCatalog catalog_;
    Suite suite_;
};

TEST_F(Scheduler, RunsEveryTestAtEveryCopyCountAndGoesOnAfterAFailure) {
    const std::vector<PlannedTest> tests = {test("test.rate", 3), test("test.error", 3),
                                            test("test.count", 2)};
    const ScheduleOptions o = options({1, 2});
    Progress progress(eta_plan(tests, o), {}, false);
    RunRecord record;
    int checkpoints = 0;
    ASSERT_TRUE(run_schedule(tests, suite_, o, progress, record, [&] { ++checkpoints; }));
    EXPECT_EQ(checkpoints, 6);  // after every test of every copy-pass
    ASSERT_EQ(record.copy_passes.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
        const CopyPassRecord &run = record.copy_passes[i];
        EXPECT_EQ(run.copies, int(i) + 1);
        ASSERT_EQ(run.tests.size(), 3u);
        const TestRecord &rate = run.tests[0];
        EXPECT_EQ(rate.status, Status::ok);
        EXPECT_EQ(rate.passes.size(), 3u);
        // test.rate returns 100 per copy: the pass value is the sum over copies.
        ASSERT_TRUE(rate.score.has_value());
        EXPECT_DOUBLE_EQ(rate.score->value, 100.0 * run.copies);
        EXPECT_DOUBLE_EQ(*rate.index, 100.0 * run.copies / 10 * 10);
        const TestRecord &error = run.tests[1];
        EXPECT_EQ(error.status, Status::error);
        EXPECT_EQ(error.passes.size(), 1u);  // no further passes after a failure
        EXPECT_NE(error.error.find("deliberate failure"), std::string::npos) << error.error;
        EXPECT_EQ(run.tests[2].status, Status::ok);  // the run went on
        EXPECT_EQ(run.tests[2].passes.size(), 2u);
        ASSERT_EQ(run.indexes.size(), 1u);
        EXPECT_TRUE(run.indexes[0].score.partial);  // test.error has no value
        EXPECT_EQ(run.indexes[0].score.tests_indexed, 2);
        EXPECT_FALSE(run.start.empty());
        EXPECT_FALSE(run.end.empty());
    }
}

TEST_F(Scheduler, AnUnavailableTestIsSkippedWithItsReason) {
    PlannedTest missing;
    missing.id = "gone";
    missing.unavailable = "no plugin provides workload 'gone'";
    const ScheduleOptions o = options({1});
    Progress progress({}, {}, false);
    RunRecord record;
    ASSERT_TRUE(run_schedule({missing}, suite_, o, progress, record, [] {}));
    const TestRecord &r = record.copy_passes.at(0).tests.at(0);
    EXPECT_EQ(r.status, Status::skipped);
    EXPECT_EQ(r.error, missing.unavailable);
    EXPECT_TRUE(r.passes.empty());
}

TEST_F(Scheduler, ATestThisMachineCannotRunIsSkippedBeforeAnyPass) {
    PlannedTest needy = test("test.count", 2);
    needy.workload.requirements.cpu_features = {"zz_no_such_feature"};
    const ScheduleOptions o = options({1});
    Progress progress({}, {}, false);
    RunRecord record;
    ASSERT_TRUE(run_schedule({needy, test("test.rate", 1)}, suite_, o, progress, record, [] {}));
    const TestRecord &r = record.copy_passes.at(0).tests.at(0);
    EXPECT_EQ(r.status, Status::skipped);
    EXPECT_EQ(r.error, "needs CPU feature zz_no_such_feature (not in /proc/cpuinfo flags)");
    EXPECT_TRUE(r.passes.empty());                                       // no worker started
    EXPECT_EQ(record.copy_passes.at(0).tests.at(1).status, Status::ok);  // the run went on
}

TEST_F(Scheduler, TempSpaceIsCheckedForTheCopiesOfEachCopyPass) {
    // Two thirds of the free space a copy: one copy fits, two do not (with
    // room for the free space to change by a third meanwhile).
    PlannedTest needy = test("test.rate", 1);
    needy.workload.requirements.temp_space_bytes = *free_bytes(temp_) / 3 * 2;
    const ScheduleOptions o = options({1, 2});
    Progress progress({}, {}, false);
    RunRecord record;
    ASSERT_TRUE(run_schedule({needy}, suite_, o, progress, record, [] {}));
    EXPECT_EQ(record.copy_passes.at(0).tests.at(0).status, Status::ok);
    const TestRecord &two = record.copy_passes.at(1).tests.at(0);
    EXPECT_EQ(two.status, Status::skipped);
    EXPECT_NE(two.error.find("free in the temp folder for 2 copies"), std::string::npos)
        << two.error;
}

TEST_F(Scheduler, QuickStopsAtTheTargetWhenThePassesAgree) {
    const std::vector<PlannedTest> tests = {test("test.rate", 15)};
    ScheduleOptions o = options({1});
    o.quick = QuickOptions{};
    o.disturbance = {1e9, 1e9};  // whatever else the machine runs meanwhile
    Progress progress({}, {}, false);
    RunRecord record;
    ASSERT_TRUE(run_schedule(tests, suite_, o, progress, record, [] {}));
    const TestRecord &r = record.copy_passes.at(0).tests.at(0);
    EXPECT_EQ(r.status, Status::ok);
    EXPECT_EQ(r.quick_stop, "target");
    EXPECT_EQ(r.passes.size(), 3u);  // identical passes: the minimum
}

// Disturbed passes are no evidence that the value has settled: with every
// pass disturbed, --quick runs to its cap.
TEST_F(Scheduler, QuickDoesNotStopOnDisturbedPasses) {
    const std::vector<PlannedTest> tests = {test("test.rate", 5)};
    ScheduleOptions o = options({1});
    o.quick = QuickOptions{};
    o.disturbance.steal_share = -1e9;  // no steal, at any resolution, is more than this
    Progress progress({}, {}, false);
    RunRecord record;
    ASSERT_TRUE(run_schedule(tests, suite_, o, progress, record, [] {}));
    const TestRecord &r = record.copy_passes.at(0).tests.at(0);
    EXPECT_EQ(r.status, Status::ok);
    EXPECT_TRUE(r.quick_stop.empty()) << r.quick_stop;
    ASSERT_EQ(r.passes.size(), 5u);
    EXPECT_EQ(disturbed_passes(r), 5);
    EXPECT_EQ(to_json(record)["runs"][0]["tests"][0]["disturbed_passes"], 5);
}

TEST_F(Scheduler, TheEtaPlanIsAStepPerTestPerCopyCountInRunOrder) {
    PlannedTest rate = test("test.rate", 3);
    rate.duration_s = 10;
    PlannedTest gone;
    gone.id = "gone";
    gone.passes = 3;
    gone.unavailable = "no plugin provides workload 'gone'";
    PlannedTest single = test("test.count", 2);
    single.workload.flags |= BB_WORKLOAD_SINGLE_COPY;
    ScheduleOptions o = options({1, 4});
    o.settle_s = 3;
    const std::vector<EtaStep> plan = eta_plan({rate, gone, single}, o);
    ASSERT_EQ(plan.size(), 6u);
    EXPECT_EQ(plan[0].test, "test.rate");
    EXPECT_EQ(plan[0].copies, 1);
    EXPECT_EQ(plan[0].passes, 3);
    EXPECT_DOUBLE_EQ(plan[0].settle_s, 3);
    EXPECT_DOUBLE_EQ(plan[0].duration_s, 10);
    EXPECT_EQ(plan[1].passes, 0);  // unavailable: skipped at once
    EXPECT_EQ(plan[2].passes, 2);  // a single-copy test runs at 1 copy...
    EXPECT_EQ(plan[3].test, "test.rate");
    EXPECT_EQ(plan[3].copies, 4);
    EXPECT_EQ(plan[5].passes, 0);  // ...and not at 4
    EXPECT_FALSE(plan[0].quick.has_value());
    o.quick = QuickOptions{};
    EXPECT_EQ(eta_plan({rate}, o).at(0).quick->min_passes, 3);
}

// The scheduler tells the progress line of every step and pass, skipped and
// failed ones too: at the end nothing is left of the plan.
TEST_F(Scheduler, TheProgressHasFollowedTheWholePlanWhenTheRunEnds) {
    PlannedTest gone;
    gone.id = "gone";
    gone.unavailable = "no plugin provides workload 'gone'";
    const std::vector<PlannedTest> tests = {test("test.rate", 2), gone, test("test.error", 3)};
    const ScheduleOptions o = options({1, 2});
    Progress progress(eta_plan(tests, o), {}, false);
    EXPECT_GT(progress.eta_seconds(), 0);
    RunRecord record;
    ASSERT_TRUE(run_schedule(tests, suite_, o, progress, record, [] {}));
    EXPECT_DOUBLE_EQ(progress.eta_seconds(), 0);
}

}  // namespace
}  // namespace bytebench
