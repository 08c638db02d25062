// One pass of a test, run for real: workers of the test plugins (tests/plugins)
// started, released together at the barrier, supervised and collected.
#include "exec/pass_runner.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <linux/userfaultfd.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "plugins/plugin_catalog.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// Whether this kernel lets a worker watch its stop flag (userfaultfd, as
// worker/stop_flag.cpp opens it); where it does not (an old kernel, seccomp,
// vm.unprivileged_userfaultfd=0 before Linux 5.11), a timeout cannot say
// whether the flag was read, and the tests of that message skip.
bool stop_flag_watch_available() {
    int fd = -1;
#ifdef UFFD_USER_MODE_ONLY
    fd = int(syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY));
#endif
    if (fd < 0) fd = int(syscall(SYS_userfaultfd, O_CLOEXEC));
    if (fd < 0) return false;
    close(fd);
    return true;
}

#define SKIP_WITHOUT_STOP_FLAG_WATCH()                                                 \
    if (!stop_flag_watch_available())                                                  \
    GTEST_SKIP() << "userfaultfd is not available here: a timeout cannot say whether " \
                    "the stop flag was read"

TEST(Crowding, NothingWhileEveryCopyHasACpu) {
    EXPECT_EQ(crowding_seconds(1, 2), 0.0);
    EXPECT_EQ(crowding_seconds(2, 2), 0.0);
}

TEST(Crowding, HalfASecondPerCopyPerCpu) {
    EXPECT_DOUBLE_EQ(crowding_seconds(1024, 2), 256.0);
    EXPECT_DOUBLE_EQ(crowding_seconds(64, 4), 8.0);
    EXPECT_DOUBLE_EQ(crowding_seconds(8, 0), 4.0);  // an unknown CPU count is one CPU
}

TEST(Grace, GrowsWithThePass) {
    EXPECT_GT(grace_seconds(1), 0);
    EXPECT_GT(grace_seconds(30), grace_seconds(1));
}

// A test of `workload` from the plugin folder `dir`, planned by hand.
PlannedTest planned(const std::string &dir, const std::string &workload, double duration_s) {
    const PluginCatalog catalog =
        PluginCatalog::scan({std::string(BYTEBENCH_TEST_PLUGIN_DIR) + "/" + dir}, BYTEBENCH_WORKER);
    const auto ref = catalog.find_workload(workload);
    EXPECT_TRUE(ref.has_value()) << workload;
    PlannedTest t;
    t.id = t.name = workload;
    if (!ref) return t;
    t.workload = *ref->workload;
    t.plugin_path = ref->plugin->path;
    t.plugin_id = ref->plugin->id;
    t.duration_s = duration_s;
    for (const ParamInfo &p : t.workload.params) t.params.emplace_back(p.key, p.default_value);
    return t;
}

class PassRunner : public ::testing::Test {
  protected:
    void SetUp() override {
        temp_ =
            (fs::temp_directory_path() / ("bytebench-pass-" + std::to_string(getpid()))).string();
        fs::create_directories(temp_);
    }
    void TearDown() override { fs::remove_all(temp_); }
    PassOutcome run(const PlannedTest &test, int copies, double grace_s = -1) {
        PassRequest r;
        r.grace_s = grace_s;
        r.test = &test;
        r.copies = copies;
        r.worker_program = BYTEBENCH_WORKER;
        r.temp_root = temp_;
        return run_pass(r);
    }
    std::string temp_;
};

TEST_F(PassRunner, EveryCopyCountsAndTheirSumIsThePass) {
    const PlannedTest test = planned("good", "test.count", 0.2);
    const PassOutcome p = run(test, 2);
    ASSERT_EQ(p.status, Status::ok) << p.error;
    ASSERT_EQ(p.copies.size(), 2u);
    for (const CopyOutcome &c : p.copies) {
        EXPECT_GT(c.count, 0);
        EXPECT_GE(c.seconds, 0.2);
        EXPECT_GT(c.start_ns, 0u);
    }
    EXPECT_DOUBLE_EQ(p.count, p.copies[0].count + p.copies[1].count);
    EXPECT_DOUBLE_EQ(p.seconds, (p.copies[0].seconds + p.copies[1].seconds) / 2);
    EXPECT_GE(p.start_spread_ms, 0);
    EXPECT_TRUE(fs::is_empty(temp_));  // the copies' folders are gone
}

// An id that would lead out of the temporary folder (load_suite refuses
// it; a suite made in code does not): the copies' folders are made inside
// it, and folders of their names outside, with files in them, are left.
TEST_F(PassRunner, AnIdThatLeadsOutMakesAndRemovesOnlyTheCopiesOwnFolders) {
    PlannedTest test = planned("good", "test.count", 0.1);
    test.id = "../victim";
    const std::string run_root = temp_ + "/run";
    fs::create_directories(run_root);
    for (const char *name : {"/victim-p0-c0", "/victim-p0-c1"}) {
        fs::create_directories(temp_ + name);
        std::ofstream(temp_ + name + "/keep") << "x";
    }
    PassRequest r;
    r.test = &test;
    r.copies = 2;
    r.worker_program = BYTEBENCH_WORKER;
    r.temp_root = run_root;
    const PassOutcome p = run_pass(r);
    ASSERT_EQ(p.status, Status::ok) << p.error;
    EXPECT_TRUE(fs::is_empty(run_root));
    EXPECT_TRUE(fs::exists(temp_ + "/victim-p0-c0/keep"));
    EXPECT_TRUE(fs::exists(temp_ + "/victim-p0-c1/keep"));
    EXPECT_EQ(copy_folder_name("../victim", 0, 1), "_._victim-p0-c1");
}

TEST_F(PassRunner, ACopysFolderAlreadyThereFailsThePassAndIsKept) {
    const PlannedTest test = planned("good", "test.count", 0.1);
    const std::string taken = temp_ + "/" + copy_folder_name(test.id, 0, 0);
    fs::create_directories(taken);
    std::ofstream(taken + "/theirs") << "x";
    const PassOutcome p = run(test, 1);
    EXPECT_EQ(p.status, Status::error);
    EXPECT_EQ(p.error, "cannot create " + taken + ": File exists");
    EXPECT_TRUE(fs::exists(taken + "/theirs"));
}

TEST_F(PassRunner, AWorkloadsErrorIsThePasssError) {
    const PassOutcome p = run(planned("good", "test.error", 0.2), 1);
    EXPECT_EQ(p.status, Status::error);
    EXPECT_NE(p.error.find("deliberate failure"), std::string::npos) << p.error;
}

TEST_F(PassRunner, ASkipInCreateSkipsThePass) {
    const PassOutcome p = run(planned("good", "test.skip", 0.2), 2);
    EXPECT_EQ(p.status, Status::skipped);
    EXPECT_NE(p.error.find("needs a unicorn"), std::string::npos) << p.error;
}

TEST_F(PassRunner, AWorkerThatExitsIsAnErrorWithItsStatus) {
    const PassOutcome p = run(planned("good", "test.exit", 0.2), 1);
    EXPECT_EQ(p.status, Status::error);
    EXPECT_NE(p.error.find("exited with status 3"), std::string::npos) << p.error;
}

TEST_F(PassRunner, ACrashIsRecordedWithItsSignal) {
    const PassOutcome p = run(planned("crash", "test.crash", 0.2), 1);
    EXPECT_EQ(p.status, Status::crashed);
    EXPECT_NE(p.error.find("Segmentation fault"), std::string::npos) << p.error;
}

TEST_F(PassRunner, DetailsComeBackPerCopy) {
    const PassOutcome p = run(planned("good", "test.details", 0.1), 2);
    ASSERT_EQ(p.status, Status::ok) << p.error;
    EXPECT_EQ(p.copies[0].details.at("same"), "for every copy");
    EXPECT_EQ(p.copies[1].details.at("copy"), "1");
    EXPECT_EQ(p.copies[0].details.count("Not A Key"), 0u);
}

// A planned test.nan that returns `value` as its count.
PlannedTest returning(const std::string &value) {
    PlannedTest test = planned("good", "test.nan", 0.1);
    test.params = {{"value", value}};
    return test;
}

TEST_F(PassRunner, ACountThatIsNotAFiniteNumberIsTheCopysError) {
    for (const std::string value : {"nan", "inf", "-inf"}) {
        const PassOutcome p = run(returning(value), 1);
        EXPECT_EQ(p.status, Status::error) << value;
        EXPECT_EQ(p.error, "the count the workload returned: " + value + " is not a finite number");
        ASSERT_EQ(p.copies.size(), 1u);
        EXPECT_EQ(p.copies[0].count, 0) << "never NaN in a result";
        EXPECT_EQ(p.count, 0);
    }
}

TEST_F(PassRunner, ANegativeCountIsTheCopysErrorAndStopsTheOthers) {
    const PassOutcome p = run(returning("-1e300"), 2);
    EXPECT_EQ(p.status, Status::error);
    EXPECT_EQ(p.error, "the count the workload returned must be at least 0, not -1e300");
    EXPECT_EQ(p.count, 0);
}

TEST_F(PassRunner, AZeroCountIsACount) {
    const PassOutcome p = run(returning("0"), 1);
    EXPECT_EQ(p.status, Status::ok) << p.error;
    EXPECT_EQ(p.count, 0);
}

TEST(LateRunMessage, SaysWhatTheCopyDidWithTheStopFlag) {
    LateCopies never;
    never.never_read = 1;
    EXPECT_EQ(late_run_message(1, 10.5, never),
              "run() did not return within 10.5 s after the end of its 1 s pass: the stop flag "
              "was set at the deadline but never read afterwards; poll *ctx->stop_flag (or "
              "host->should_stop()) in the timed loop");
    LateCopies read;
    read.read = 1;
    EXPECT_NE(late_run_message(60, 40, read)
                  .find("within 40 s after the end of its 1 min pass: the stop flag was read "
                        "after the deadline, but run() kept going"),
              std::string::npos);
}

TEST(LateRunMessage, CountsEachKindWhenThePassHasSeveralCopies) {
    LateCopies late;
    late.copies = 4;
    late.never_read = 2;
    late.unwatched = 1;
    const std::string text = late_run_message(0.5, 10.25, late);
    EXPECT_NE(text.find("pass: 2 copies: the stop flag was set at the deadline but never read"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("; 1 copy: whether the stop flag was read cannot be told here"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("kept going"), std::string::npos) << text;
}

TEST(LateRunMessage, ACopyThatGaveItsResultHungAfterRun) {
    EXPECT_EQ(late_run_message(1, 10.5, LateCopies{}),
              "a copy did not exit within 10.5 s after the end of its 1 s pass, after its result "
              "(in destroy() or unloading)");
}

TEST(TimedOutputWarning, NamesTheTestThePassAndTheSize) {
    EXPECT_EQ(timed_output_warning("dhry2reg", 3, 4300),
              "dhry2reg wrote 4.2 KiB to stdout or stderr during timed pass 3: output inside the "
              "timed loop distorts the result");
}

// test.stubborn never returns; its pass ends at the time limit (a short
// grace here: through the CLI it is 10 s and more).
PlannedTest stubborn(const std::string &flag) {
    PlannedTest test = planned("diagnostics", "test.stubborn", 0.1);
    test.params = {{"flag", flag}};
    return test;
}

TEST_F(PassRunner, AHangThatNeverReadsTheStopFlagIsToldToPollIt) {
    SKIP_WITHOUT_STOP_FLAG_WATCH();
    const PassOutcome p = run(stubborn("never"), 1, 0.3);
    EXPECT_EQ(p.status, Status::timeout);
    EXPECT_NE(p.error.find("run() did not return within 300 ms after the end of its 100 ms pass: "
                           "the stop flag was set at the deadline but never read afterwards"),
              std::string::npos)
        << p.error;
}

TEST_F(PassRunner, AHangThatReadsTheStopFlagIsToldItKeptGoing) {
    SKIP_WITHOUT_STOP_FLAG_WATCH();
    const PassOutcome p = run(stubborn("read"), 2, 0.3);
    EXPECT_EQ(p.status, Status::timeout);
    EXPECT_NE(p.error.find("2 copies: the stop flag was read after the deadline, but run() kept "
                           "going"),
              std::string::npos)
        << p.error;
}

// Plugin threads start with every signal blocked (plugin.h): a watch that
// faulted them with SIGSEGV would kill the copy. It must stay a timeout.
TEST_F(PassRunner, AThreadWithEverySignalBlockedMayReadTheWatchedFlag) {
    SKIP_WITHOUT_STOP_FLAG_WATCH();
    const PassOutcome p = run(stubborn("thread"), 1, 0.3);
    EXPECT_EQ(p.status, Status::timeout) << p.error;
    EXPECT_NE(p.error.find("the stop flag was read after the deadline, but run() kept going"),
              std::string::npos)
        << p.error;
}

TEST_F(PassRunner, OutputOfRunIsCountedAndCreatesIsNot) {
    PlannedTest test = planned("diagnostics", "test.chatty", 0.1);
    const PassOutcome p = run(test, 2);
    ASSERT_EQ(p.status, Status::ok) << p.error;
    const std::string per_copy =
        "chatty: line 1 of run()\nchatty: line 2 of run()\nchatty: line 3 of run()\n"
        "chatty: on stderr \x1b[31mred\x1b[0m \xff\n";
    EXPECT_EQ(p.timed_output_bytes, 2 * per_copy.size());
    EXPECT_EQ(run(planned("good", "test.count", 0.1), 1).timed_output_bytes, 0u);
}

}  // namespace
}  // namespace bytebench
