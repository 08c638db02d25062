// Tests of the system plugin's process workloads through the plugin boundary:
// system.so is opened with dlopen() and its C entry points are called with a
// small fake host, and a SIGALRM timer sets the stop flag, as in a worker.
#include <bytebench/plugin.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "fake_host.h"

namespace bytebench::test {
namespace {

void on_alarm(int) { g_stop_flag = 1; }

const bb_workload *find_workload(const std::string &id) {
    return &bytebench::test::find_workload(SYSTEM_PLUGIN, id);
}

struct Outcome {
    bb_status status = BB_ERROR;
    double count = 0;
    double seconds = 0;
    std::string error;
};

// One pass of `id`, timed like a worker: create(), then a SIGALRM timer of
// `seconds` (with or without SA_RESTART) that sets the stop flag, run(),
// destroy(). `plugin_dir` is what the host says the plugin's folder is.
Outcome run_pass(const std::string &id, double seconds, bool sa_restart = true,
                 const std::string &plugin_dir = SYSTEM_PLUGIN_PACKAGE_DIR) {
    const bb_workload *w = find_workload(id);
    fake_host_state().plugin_dir = plugin_dir;
    fake_host_state().temp_dir = ::testing::TempDir();
    g_stop_flag = 0;

    const auto duration_ns = static_cast<uint64_t>(seconds * 1e9);
    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = 1;
    ctx.duration_ns = duration_ns;
    ctx.stop_flag = &g_stop_flag;

    Outcome out;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    out.status = w->create(fake_host(), &ctx, &instance, result.error, sizeof result.error);
    if (out.status != BB_OK) {
        out.error = result.error;
        return out;
    }

    struct sigaction sa = {}, saved = {};
    sa.sa_handler = &on_alarm;
    sa.sa_flags = sa_restart ? SA_RESTART : 0;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, &saved);
    itimerval timer{};
    timer.it_value.tv_sec = static_cast<time_t>(duration_ns / 1000000000u);
    timer.it_value.tv_usec = static_cast<suseconds_t>(duration_ns % 1000000000u / 1000u);

    const uint64_t start = monotonic_ns();
    ctx.deadline_ns = start + duration_ns;
    setitimer(ITIMER_REAL, &timer, nullptr);
    out.status = w->run(instance, fake_host(), &ctx, &result);
    out.seconds = static_cast<double>(monotonic_ns() - start) / 1e9;
    const itimerval off{};
    setitimer(ITIMER_REAL, &off, nullptr);
    g_stop_flag = 1;
    sigaction(SIGALRM, &saved, nullptr);

    out.count = result.count;
    out.error = result.error;
    if (w->destroy != nullptr) w->destroy(instance);
    return out;
}

// True when this process has no child left, reaped or not.
bool no_children() {
    errno = 0;
    return waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

// A fresh directory under the test's temporary folder, removed when the
// test program exits.
std::string make_temp_dir() {
    struct Cleanup {
        std::vector<std::string> dirs;
        ~Cleanup() {
            std::error_code ignored;
            for (const std::string &d : dirs) std::filesystem::remove_all(d, ignored);
        }
    };
    static Cleanup cleanup;
    std::string path = ::testing::TempDir() + "bytebench-system-XXXXXX";
    if (mkdtemp(path.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    cleanup.dirs.push_back(path);
    return path;
}

// A fake plugin folder whose system.d/<name> is `script` with `mode`.
std::string fake_plugin_dir(const std::string &script, mode_t mode,
                            const std::string &name = "execl-helper") {
    const std::string dir = make_temp_dir();
    const std::string sub = dir + "/system.d";
    if (mkdir(sub.c_str(), 0700) != 0) throw std::runtime_error("mkdir failed");
    const std::string helper = sub + "/" + name;
    std::ofstream(helper) << script;
    chmod(helper.c_str(), mode);
    return dir;
}

// --- descriptors ------------------------------------------------------------

TEST(SystemPlugin, DescribesTheProcessWorkloads) {
    struct Expected {
        const char *id, *name;
        bb_repeat_class repeat;
        double duration, baseline;
        uint32_t processes;
    };
    const Expected expected[] = {
        {"context1", "Pipe-based Context Switching", BB_REPEAT_LONG, 10, 4000, 2},
        {"spawn", "Process Creation", BB_REPEAT_SHORT, 30, 126, 3},
        {"execl", "Execl Throughput", BB_REPEAT_SHORT, 30, 43, 2},
    };
    for (const Expected &e : expected) {
        SCOPED_TRACE(e.id);
        const bb_workload *w = find_workload(e.id);
        ASSERT_NE(w, nullptr);
        EXPECT_STREQ(w->name, e.name);
        EXPECT_STREQ(w->unit, "lps");
        EXPECT_STREQ(w->category, "system");
        EXPECT_EQ(w->time_base_s, 1u);
        EXPECT_EQ(w->repeat, e.repeat);
        EXPECT_EQ(w->default_duration_s, e.duration);
        EXPECT_EQ(w->baseline, e.baseline);
        EXPECT_EQ(w->processes_per_copy, e.processes);
    }
    EXPECT_NE(find_workload("syscall"), nullptr);
    EXPECT_NE(find_workload("pipe"), nullptr);
}

// --- context1 ---------------------------------------------------------------

TEST(Context1, CountsRoundTripsAndReapsItsChild) {
    const Outcome o = run_pass("context1", 0.3);
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_GT(o.count, 0);
    EXPECT_LT(o.seconds, 2.0);
    EXPECT_TRUE(no_children());
}

TEST(Context1, SurvivesATimerWithoutSaRestart) {
    const Outcome o = run_pass("context1", 0.3, /*sa_restart=*/false);
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_GT(o.count, 0);
    EXPECT_TRUE(no_children());
}

TEST(Context1, RestoresSigpipe) {
    struct sigaction before = {}, after = {};
    sigaction(SIGPIPE, nullptr, &before);
    const Outcome o = run_pass("context1", 0.1);
    ASSERT_EQ(o.status, BB_OK) << o.error;
    sigaction(SIGPIPE, nullptr, &after);
    EXPECT_EQ(after.sa_handler, before.sa_handler);
}

// --- spawn ------------------------------------------------------------------

TEST(Spawn, CountsChildrenAndLeavesNone) {
    const Outcome o = run_pass("spawn", 0.3);
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_GT(o.count, 0);
    EXPECT_LT(o.seconds, 2.0);
    EXPECT_TRUE(no_children());
}

TEST(Spawn, SkipsWhenTheHelperIsMissing) {
    const std::string dir = make_temp_dir();
    const Outcome o = run_pass("spawn", 0.1, true, dir);
    EXPECT_EQ(o.status, BB_SKIPPED);
    EXPECT_NE(o.error.find(dir + "/system.d/spawn-helper"), std::string::npos) << o.error;
}

TEST(Spawn, FailsWithTheHelpersReason) {
    // A stand-in helper that fails the way spawn-helper does when fork() does.
    const std::string dir = fake_plugin_dir(
        "#!/bin/sh\necho 'error: fork: Resource temporarily unavailable' >/dev/fd/$2\nexit 1\n",
        0755, "spawn-helper");
    const Outcome o = run_pass("spawn", 0.1, true, dir);
    EXPECT_EQ(o.status, BB_ERROR);
    EXPECT_NE(o.error.find("fork: Resource temporarily unavailable"), std::string::npos) << o.error;
    EXPECT_TRUE(no_children());
}

// --- execl ------------------------------------------------------------------

TEST(Execl, CountsExecsAndLeavesNoChild) {
    const Outcome o = run_pass("execl", 0.3);
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_GT(o.count, 0);
    EXPECT_GE(o.seconds, 0.29);  // the chain runs until the deadline
    EXPECT_LT(o.seconds, 2.0);
    EXPECT_TRUE(no_children());
}

TEST(Execl, SurvivesATimerWithoutSaRestart) {
    const Outcome o = run_pass("execl", 0.3, /*sa_restart=*/false);
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_GT(o.count, 0);
    EXPECT_TRUE(no_children());
}

TEST(Execl, SkipsWhenTheHelperIsMissing) {
    const std::string dir = make_temp_dir();
    const Outcome o = run_pass("execl", 0.1, true, dir);
    EXPECT_EQ(o.status, BB_SKIPPED);
    EXPECT_NE(o.error.find(dir + "/system.d/execl-helper"), std::string::npos) << o.error;
    EXPECT_NE(o.error.find("missing"), std::string::npos) << o.error;
}

TEST(Execl, SkipsWhenTheHelperIsNotExecutable) {
    const std::string dir = fake_plugin_dir("#!/bin/sh\nexit 0\n", 0644);
    const Outcome o = run_pass("execl", 0.1, true, dir);
    EXPECT_EQ(o.status, BB_SKIPPED);
    EXPECT_NE(o.error.find("not executable"), std::string::npos) << o.error;
}

TEST(Execl, FailsWhenTheHelperFails) {
    const std::string dir = fake_plugin_dir("#!/bin/sh\nexit 3\n", 0755);
    const Outcome o = run_pass("execl", 0.1, true, dir);
    EXPECT_EQ(o.status, BB_ERROR);
    EXPECT_NE(o.error.find("exited with status 3"), std::string::npos) << o.error;
    EXPECT_TRUE(no_children());
}

}  // namespace
}  // namespace bytebench::test
