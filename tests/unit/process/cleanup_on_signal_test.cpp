// Removing temporary files when SIGINT, SIGTERM or SIGHUP ends a command
// (report, show, compare). Each test forks: the child installs the handler,
// registers what it made and is signalled; the parent looks at what is left.
#include "process/cleanup_on_signal.h"

#include <gtest/gtest.h>
#include <limits.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class CleanupOnSignal : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("bytebench-cleanup-" + std::to_string(getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string &name) const { return (dir_ / name).string(); }

    // Runs `child` in a child process, which then waits to be ended by
    // `sig`; returns its wait status.
    int run_child_and_signal(const std::function<void()> &child, int sig) {
        int ready[2];
        EXPECT_EQ(pipe(ready), 0);
        const pid_t pid = fork();
        if (pid == 0) {
            close(ready[0]);
            // Whatever the test runner's dispositions (a background job
            // ignores SIGINT), and never forever.
            for (int s : {SIGINT, SIGTERM, SIGHUP}) signal(s, SIG_DFL);
            alarm(20);
            child();
            (void)!write(ready[1], "x", 1);
            for (;;) pause();
        }
        close(ready[1]);
        char c;
        EXPECT_EQ(read(ready[0], &c, 1), 1);
        close(ready[0]);
        kill(pid, sig);
        int status = 0;
        waitpid(pid, &status, 0);
        return status;
    }
    fs::path dir_;
};

TEST_F(CleanupOnSignal, RemovesTheRegisteredFilesAndTheirFolderThenDiesOfTheSignal) {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
        const std::string scratch = path("scratch");
        const int status = run_child_and_signal(
            [&] {
                install_cleanup_on_signal();
                fs::create_directory(scratch);
                remove_on_signal(scratch);  // the folder first, as report does
                std::ofstream(scratch + "/input.json") << "{}";
                remove_on_signal(scratch + "/input.json");
                std::ofstream(path("kept")) << "not registered";
                std::ofstream(path("forgotten")) << "registered, then forgotten";
                remove_on_signal(path("forgotten"));
                forget_on_signal(path("forgotten"));
            },
            sig);
        EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << status;
        EXPECT_FALSE(fs::exists(scratch)) << sig;
        EXPECT_TRUE(fs::exists(path("kept")));
        EXPECT_TRUE(fs::exists(path("forgotten")));
    }
}

TEST_F(CleanupOnSignal, AGuardForgetsItsPathWhenItGoes) {
    const int status = run_child_and_signal(
        [&] {
            install_cleanup_on_signal();
            std::ofstream(path("done")) << "renamed into place, say";
            { const RemovedOnSignal guard(path("done")); }
            std::ofstream(path("pending")) << "still temporary";
            static RemovedOnSignal pending(path("pending"));
        },
        SIGTERM);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
    EXPECT_TRUE(fs::exists(path("done")));
    EXPECT_FALSE(fs::exists(path("pending")));
}

TEST_F(CleanupOnSignal, KillsTheRegisteredWorkerBeforeRemovingItsFiles) {
    // The "worker" writes its file again every 10 ms: it is gone only if the
    // worker died before the file was removed.
    const std::string written = path("written-by-the-worker");
    const int status = run_child_and_signal(
        [&] {
            install_cleanup_on_signal();
            const pid_t worker = fork();
            if (worker == 0) {
                setpgid(0, 0);
                for (int i = 0; i < 1000; ++i) {  // 10 s at most, should the test fail
                    std::ofstream(written) << "again";
                    usleep(10000);
                }
                _exit(0);
            }
            setpgid(worker, worker);
            kill_on_signal(worker);
            remove_on_signal(written);
            while (!fs::exists(written)) usleep(1000);
        },
        SIGTERM);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
    usleep(100000);  // a worker still alive would have written it again by now
    EXPECT_FALSE(fs::exists(written));
}

TEST_F(CleanupOnSignal, AnIgnoredSignalStaysIgnored) {
    const int status = run_child_and_signal(
        [&] {
            signal(SIGHUP, SIG_IGN);  // nohup
            install_cleanup_on_signal();
            std::ofstream(path("file")) << "x";
            remove_on_signal(path("file"));
            raise(SIGHUP);
            std::ofstream(path("survived-sighup")) << "x";
        },
        SIGTERM);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
    EXPECT_TRUE(fs::exists(path("survived-sighup")));
    EXPECT_FALSE(fs::exists(path("file")));
}

TEST(CleanupOnSignalTable, RefusesWhatItCannotHold) {
    EXPECT_FALSE(remove_on_signal(""));
    EXPECT_FALSE(remove_on_signal(std::string(PATH_MAX, 'x')));
    std::vector<std::string> added;
    for (int i = 0; i < 100 && remove_on_signal("/nonexistent/" + std::to_string(i)); ++i)
        added.push_back("/nonexistent/" + std::to_string(i));
    EXPECT_EQ(added.size(), 32u);
    for (const std::string &p : added) forget_on_signal(p);
    EXPECT_TRUE(remove_on_signal("/nonexistent/again"));
    forget_on_signal("/nonexistent/again");
}

}  // namespace
}  // namespace bytebench
