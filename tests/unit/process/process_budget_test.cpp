// The arithmetic of the process-limit check before a pass.
#include "process/process_budget.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

namespace bytebench {
namespace {

// A user with room for exactly `room` more tasks under both RLIMIT_NPROC
// limits, and nothing else in the way.
ProcessSnapshot user_with_room(uint64_t soft_room, uint64_t hard_room) {
    ProcessSnapshot s;
    s.user = "bob";
    s.user_tasks = 40;
    s.soft = 40 + soft_room;
    s.hard = 40 + hard_room;
    s.system_tasks = 300;
    s.threads_max = 100000;
    s.pid_max = 32768;
    return s;
}

// Each copy's worker also runs a thread that watches the stop flag.
TEST(ProcessBudget, NeedsCopiesTimesPerCopyAndTheWatcherPlusTheMargin) {
    EXPECT_EQ(processes_needed({1, 1}), 2 + kProcessMargin);
    EXPECT_EQ(processes_needed({8, 66}), 8 * 67 + kProcessMargin);
    EXPECT_EQ(processes_needed({4, 0}), 4 * 2 + kProcessMargin);  // 0: an old plugin, one process
}

TEST(ProcessBudget, FitsUnderTheSoftLimit) {
    const BudgetVerdict v = judge_process_budget({4, 3}, user_with_room(18, 18));
    EXPECT_TRUE(v.fits);
    EXPECT_FALSE(v.raise_soft_to);
}

TEST(ProcessBudget, RaisesTheSoftLimitWhenTheHardOneIsEnough) {
    const BudgetVerdict v = judge_process_budget({4, 3}, user_with_room(17, 500));
    EXPECT_TRUE(v.fits);
    ASSERT_TRUE(v.raise_soft_to);
    EXPECT_EQ(*v.raise_soft_to, 540u);
}

TEST(ProcessBudget, UnlimitedNeedsNoRaise) {
    ProcessSnapshot s = user_with_room(0, 0);
    s.soft = s.hard = kUnlimited;
    s.pid_max = 4194304;
    const BudgetVerdict v = judge_process_budget({1000, 66}, s);
    EXPECT_TRUE(v.fits);
    EXPECT_FALSE(v.raise_soft_to);
}

TEST(ProcessBudget, ShortOfTheHardLimitSaysWhichLimitAndHowToRaiseIt) {
    const BudgetVerdict v = judge_process_budget({4, 66}, user_with_room(10, 60));
    EXPECT_FALSE(v.fits);
    EXPECT_EQ(v.reason,
              "needs 270 processes (4 copies of up to 66 and a watcher thread, and 2 spare) but "
              "user bob may start only 60 more: the hard RLIMIT_NPROC is 100 (soft 50) and the "
              "user already runs 40 tasks; raise it to at least 310 with \"ulimit -u 310\" (as "
              "root) or \"bob hard nproc 310\" in /etc/security/limits.conf");
    EXPECT_EQ(v.reason.find('\n'), std::string::npos);
}

TEST(ProcessBudget, TheUsersOtherTasksCount) {
    ProcessSnapshot s = user_with_room(100, 100);
    s.user_tasks += 95;  // the limit stays; the user started 95 more meanwhile
    EXPECT_FALSE(judge_process_budget({1, 6}, s).fits);
    EXPECT_TRUE(judge_process_budget({1, 2}, s).fits);
}

TEST(ProcessBudget, OverTheLimitAlreadyLeavesNoRoom) {
    ProcessSnapshot s = user_with_room(0, 0);
    s.user_tasks = 500;  // e.g. the limit was lowered after they started
    const BudgetVerdict v = judge_process_budget({1, 1}, s);
    EXPECT_FALSE(v.fits);
    EXPECT_NE(v.reason.find("may start only 0 more"), std::string::npos) << v.reason;
}

TEST(ProcessBudget, RootIsExemptFromRlimitNprocButNotFromTheSystemLimits) {
    ProcessSnapshot s = user_with_room(0, 0);
    s.nproc_exempt = "running as root";
    EXPECT_TRUE(judge_process_budget({100, 66}, s).fits);
    s.threads_max = 1000;  // 300 tasks exist
    const BudgetVerdict v = judge_process_budget({100, 66}, s);
    EXPECT_FALSE(v.fits);
    EXPECT_EQ(v.reason,
              "needs 6702 processes (100 copies of up to 66 and a watcher thread, and 2 spare) but "
              "the system allows only 700 more: kernel.threads-max is 1000 and 300 tasks exist; "
              "raise it with \"sysctl -w kernel.threads-max=7002\"");
}

TEST(ProcessBudget, PidMaxCounts) {
    ProcessSnapshot s = user_with_room(kUnlimited - 40, kUnlimited - 40);
    s.soft = s.hard = kUnlimited;
    s.pid_max = 400;                                     // pids 1..399; 300 are in use
    EXPECT_TRUE(judge_process_budget({48, 1}, s).fits);  // 48 x 2 + 2 = 98
    const BudgetVerdict v = judge_process_budget({49, 1}, s);
    EXPECT_FALSE(v.fits);
    EXPECT_NE(v.reason.find("kernel.pid_max is 400 and 300 tasks exist"), std::string::npos)
        << v.reason;
    EXPECT_NE(v.reason.find("sysctl -w kernel.pid_max=4194304"), std::string::npos) << v.reason;
}

TEST(ProcessBudget, TheCgroupsPidsMaxCounts) {
    ProcessSnapshot s = user_with_room(1000, 1000);
    s.cgroup = CgroupPids{"/sys/fs/cgroup/box", 64, 60};
    const BudgetVerdict v = judge_process_budget({1, 3}, s);
    EXPECT_FALSE(v.fits);
    EXPECT_EQ(v.reason,
              "needs 6 processes (1 copy of up to 3 and a watcher thread, and 2 spare) but the "
              "cgroup /sys/fs/cgroup/box allows only 4 more: its pids.max is 64 with 60 in use; "
              "raise pids.max to at least 66 (docker run --pids-limit, systemd TasksMax=)");
}

TEST(ProcessBudget, TheRlimitIsJudgedBeforeTheSystemLimits) {
    ProcessSnapshot s = user_with_room(0, 0);
    s.threads_max = 1;
    EXPECT_NE(judge_process_budget({1, 1}, s).reason.find("RLIMIT_NPROC"), std::string::npos);
}

// The snapshot of this machine is plausible (whatever it is).
TEST(ProcessBudget, SnapshotCountsAtLeastThisProcess) {
    const ProcessSnapshot s = take_process_snapshot();
    // The user's tasks are counted only when RLIMIT_NPROC applies and is finite.
    if (s.nproc_exempt.empty() && s.soft != kUnlimited) {
        EXPECT_GE(s.user_tasks, 1u);
    }
    EXPECT_GE(s.system_tasks, std::max<uint64_t>(1, s.user_tasks));
    EXPECT_FALSE(s.user.empty());
    if (getuid() != 0) {
        EXPECT_NE(s.nproc_exempt, "running as root");
    }
}

}  // namespace
}  // namespace bytebench
