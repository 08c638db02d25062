// kill_orphans(): what a dead worker leaves behind is killed and reaped; only
// a process the workload moved out of the worker's group (setsid) counts as
// one it left outside, not one still in the group (the worker's stop-flag
// watcher, a child the workload did not reap).
#include "process/orphans.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace bytebench {
namespace {

bool still_running(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

// A "worker" in a group of its own that starts one child in its group and
// one that calls setsid(), both sleeping; once both are settled in their
// groups it writes their pids to a pipe and exits: both become this
// process's orphans.
struct Left {
    pid_t worker = -1;
    pid_t in_group = -1;
    pid_t escaped = -1;
};

Left leave_two_orphans() {
    int pipe_fds[2];
    EXPECT_EQ(pipe(pipe_fds), 0);
    const pid_t worker = fork();
    if (worker == 0) {
        setpgid(0, 0);
        int ready[2];
        if (pipe(ready) != 0) _exit(1);
        pid_t kids[2];
        for (int i = 0; i < 2; ++i) {
            kids[i] = fork();
            if (kids[i] == 0) {
                if (i == 1) setsid();
                (void)!write(ready[1], "r", 1);  // in its group for good: report
                for (;;) pause();
            }
        }
        char byte;
        for (int i = 0; i < 2; ++i) (void)!read(ready[0], &byte, 1);
        (void)!write(pipe_fds[1], kids, sizeof kids);
        _exit(0);
    }
    setpgid(worker, worker);
    close(pipe_fds[1]);
    pid_t kids[2] = {-1, -1};
    EXPECT_EQ(read(pipe_fds[0], kids, sizeof kids), ssize_t(sizeof kids));
    close(pipe_fds[0]);
    int status = 0;
    waitpid(worker, &status, 0);
    return {worker, kids[0], kids[1]};
}

TEST(Orphans, OnlyAProcessThatLeftItsWorkersGroupIsCounted) {
    ASSERT_TRUE(adopt_orphans()) << "PR_SET_CHILD_SUBREAPER refused";
    const Left left = leave_two_orphans();
    note_worker_group(left.worker);
    EXPECT_EQ(kill_orphans({}), 1);  // the setsid() one; the other stayed in the group
    EXPECT_FALSE(still_running(left.in_group));
    EXPECT_FALSE(still_running(left.escaped));
}

TEST(Orphans, AGroupThatWasNotAWorkersCountsItsProcesses) {
    ASSERT_TRUE(adopt_orphans()) << "PR_SET_CHILD_SUBREAPER refused";
    const Left left = leave_two_orphans();  // its group not noted: both count
    EXPECT_EQ(kill_orphans({}), 2);
    EXPECT_FALSE(still_running(left.in_group));
    EXPECT_FALSE(still_running(left.escaped));
}

}  // namespace
}  // namespace bytebench
