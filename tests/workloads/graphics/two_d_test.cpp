// The 2D graphics workloads through the plugin boundary: graphics.so is
// opened with dlopen() and called with the fake host, and `x11perf` is a
// script on PATH that prints a fixture (fixtures/), fails or crashes, per
// test. What the real x11perf under Xvfb gives is the e2e test's
// (tests/e2e/graphics_e2e_test.cpp).
#include <bytebench/plugin.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>

#include "fake_host.h"

namespace bytebench::test {
namespace {

struct Outcome {
    bb_status status = BB_ERROR;
    double count = 0;
    std::string error;
};

// Sets an environment variable for the life of the object.
class ScopedEnv {
  public:
    ScopedEnv(const char *name, const char *value) : name_(name) {
        const char *old = getenv(name);
        had_ = old != nullptr;
        if (had_) old_ = old;
        if (value != nullptr)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (had_)
            setenv(name_, old_.c_str(), 1);
        else
            unsetenv(name_);
    }

  private:
    const char *name_;
    bool had_ = false;
    std::string old_;
};

// A folder with a fake `x11perf`: for its last argument -T it prints
// <folder>/T.out on stdout and T.err on stderr when they exist, then kills
// itself with SIGSEGV when T.crash exists, or exits with the status in
// T.exit (0 without one). It logs its arguments to <folder>/calls.
class FakeX11perf {
  public:
    FakeX11perf() {
        dir_ = ::testing::TempDir() + "bytebench-x11perf-XXXXXX";
        if (mkdtemp(dir_.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        const std::string script = dir_ + "/x11perf";
        std::ofstream(script) << "#!/bin/sh\n"
                                 "d='" +
                                     dir_ +
                                     "'\n"
                                     "echo \"$*\" >> \"$d/calls\"\n"
                                     "for a; do t=${a#-}; done\n"
                                     "[ -f \"$d/$t.out\" ] && cat \"$d/$t.out\"\n"
                                     "[ -f \"$d/$t.err\" ] && cat \"$d/$t.err\" >&2\n"
                                     "[ -f \"$d/$t.crash\" ] && kill -SEGV $$\n"
                                     "[ -f \"$d/$t.exit\" ] && exit $(cat \"$d/$t.exit\")\n"
                                     "exit 0\n";
        chmod(script.c_str(), 0755);
    }
    ~FakeX11perf() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    const std::string &dir() const { return dir_; }

    // `test` prints a line `<n> trep @ ... (<rate>/sec)` in x11perf's layout.
    void rate(const std::string &test, const std::string &rate) const {
        write(test + ".out",
              "x11perf - X11 performance program, version 1.2\n\n"
              "    1000 reps @   0.0010 msec (" +
                  rate + "/sec): " + test +
                  "\n"
                  "    3000 trep @   0.0010 msec (" +
                  rate + "/sec): " + test + "\n\n");
    }
    void output(const std::string &test, const std::string &fixture_name) const {
        std::ifstream in(std::string(GRAPHICS_FIXTURES) + "/" + fixture_name);
        std::ostringstream text;
        text << in.rdbuf();
        write(test + ".out", text.str());
    }
    void write(const std::string &name, const std::string &text) const {
        std::ofstream(dir_ + "/" + name) << text;
    }
    std::string calls() const {
        std::ifstream in(dir_ + "/calls");
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }

  private:
    std::string dir_;
};

Outcome run_pass(const std::string &id, const std::map<std::string, std::string> &params = {}) {
    const bb_workload &w = find_workload(GRAPHICS_PLUGIN, id);
    fake_host_state().details.clear();
    fake_host_state().temp_dir = ::testing::TempDir();
    g_stop_flag = 0;
    const ParamArrays param_arrays(w, params);
    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = 1;
    ctx.duration_ns = 60000000000ull;
    ctx.stop_flag = &g_stop_flag;
    param_arrays.apply(ctx);

    Outcome out;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    out.status = w.create(fake_host(), &ctx, &instance, result.error, sizeof result.error);
    if (out.status != BB_OK) {
        out.error = result.error;
        return out;
    }
    out.status = w.run(instance, fake_host(), &ctx, &result);
    g_stop_flag = 1;
    out.count = result.count;
    out.error = result.error;
    if (w.destroy != nullptr) w.destroy(instance);
    return out;
}

std::string detail(const std::string &key) {
    const auto &details = fake_host_state().details;
    const auto it = details.find(key);
    return it == details.end() ? "(none)" : it->second;
}

bool no_children() {
    errno = 0;
    return waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

// PATH starts with the fake x11perf's folder, and DISPLAY is set.
struct WithFakeX11perf {
    FakeX11perf x11perf;
    ScopedEnv path{"PATH", (x11perf.dir() + ":" + getenv("PATH")).c_str()};
    ScopedEnv display{"DISPLAY", ":97"};
};

// --- descriptors --------------------------------------------------------------

TEST(GraphicsPlugin, DescribesTheTen2dWorkloads) {
    const bb_plugin &p = load_plugin(GRAPHICS_PLUGIN);
    EXPECT_STREQ(p.id, "org.bytebench.graphics");
    const char *indexed[] = {"2d-rects", "2d-ellipse", "2d-aashapes",
                             "2d-text",  "2d-blit",    "2d-window"};
    const char *others[] = {"2d-lines", "2d-circle", "2d-shapes", "2d-polys"};
    for (const char *id : indexed) EXPECT_EQ(find_workload(GRAPHICS_PLUGIN, id).baseline, 15.0);
    for (const char *id : others) EXPECT_EQ(find_workload(GRAPHICS_PLUGIN, id).baseline, 0.0);
    const bb_workload &w = find_workload(GRAPHICS_PLUGIN, "2d-blit");
    EXPECT_STREQ(w.name, "2D graphics: images and blits");
    EXPECT_STREQ(w.category, "2d");
    EXPECT_STREQ(w.unit, "score");
    EXPECT_EQ(w.time_base_s, 0u);
    EXPECT_EQ(w.repeat, BB_REPEAT_SHORT);
    EXPECT_NE(w.flags & BB_WORKLOAD_SINGLE_COPY, 0u);
    ASSERT_NE(w.requirements, nullptr);
    ASSERT_EQ(w.requirements->tool_count, 1u);
    EXPECT_STREQ(w.requirements->tools[0], "x11perf");
    // Every graphics test needs a display and names ubgears -info to describe it.
    for (const char *id : {"2d-rects", "2d-lines", "2d-blit", "ubgears"}) {
        const bb_workload &g = find_workload(GRAPHICS_PLUGIN, id);
        ASSERT_NE(g.requirements, nullptr) << id;
        EXPECT_EQ(g.requirements->display, 1u) << id;
        ASSERT_EQ(g.requirements->display_info_count, 2u) << id;
        EXPECT_STREQ(g.requirements->display_info[0], "graphics.d/ubgears") << id;
        EXPECT_STREQ(g.requirements->display_info[1], "-info") << id;
    }
}

// --- runs ---------------------------------------------------------------------

TEST(TwoD, RunsX11perfAsUnixBenchForEachTestAndAveragesTheScores) {
    WithFakeX11perf fake;
    fake.x11perf.rate("scroll100", "52000.0");                       // 1000
    fake.x11perf.rate("copypixwin10", "251000.0");                   // 500
    fake.x11perf.rate("deepcopyplane10", "302000.0");                // 2000
    fake.x11perf.output("putimagexy500", "putimagexy500-slow.txt");  // 77.7: 777000
    const Outcome o = run_pass("2d-blit");
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_NEAR(o.count, 195125.0, 1e-6);
    EXPECT_EQ(fake.x11perf.calls(),
              "-repeat 3 -subs 25 -time 2 -scroll100\n"
              "-repeat 3 -subs 25 -time 2 -copypixwin10\n"
              "-repeat 3 -subs 25 -time 2 -deepcopyplane10\n"
              "-repeat 3 -subs 25 -time 2 -putimagexy500\n");
    EXPECT_EQ(detail("scroll100_rate"), "52000.0");
    EXPECT_EQ(detail("scroll100_score"), "1000.0");
    EXPECT_EQ(detail("putimagexy500_rate"), "77.7");
    EXPECT_EQ(detail("putimagexy500_score"), "777000.0");
    EXPECT_EQ(detail("x11perf_options"), "-repeat 3 -subs 25 -time 2");
    EXPECT_TRUE(no_children());
}

TEST(TwoD, TakesRepeatTimeAndRepsFromItsParameters) {
    WithFakeX11perf fake;
    const Outcome o = run_pass("2d-rects", {{"repeat", "2"}, {"time", "1"}, {"reps", "10"}});
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_EQ(fake.x11perf.calls().substr(0, 40), "-repeat 2 -subs 25 -time 1 -reps 10 -rec");
}

TEST(TwoD, AnOmittedTestScoresZeroWithAWarningNamingThePackage) {
    WithFakeX11perf fake;
    fake.x11perf.rate("polytext16", "738000.0");  // 2000
    fake.x11perf.rate("rgb24text", "1255.0");     // 500
    fake.x11perf.output("caa10text", "caa10text-omitted.txt");
    fake.x11perf.rate("ca24text", "5080.0");  // 2000
    const Outcome o = run_pass("2d-text");
    ASSERT_EQ(o.status, BB_OK) << o.error;
    EXPECT_NEAR(o.count, 1125.0, 1e-9);
    EXPECT_EQ(detail("caa10text_rate"), "0");
    EXPECT_EQ(detail("caa10text_score"), "0.0");
    const std::string warning = detail("caa10text_warning");
    EXPECT_NE(warning.find("benchmark omitted"), std::string::npos) << warning;
    EXPECT_NE(warning.find("xfonts-base"), std::string::npos) << warning;
    EXPECT_EQ(detail("polytext16_warning"), "(none)");
}

TEST(TwoD, ACrashOfX11perfIsAnErrorWithItsStderrTail) {
    WithFakeX11perf fake;
    fake.x11perf.write("aa4trap300.crash", "");
    fake.x11perf.write("aa4trap300.err", "X Error of failed request: BadMatch\n  Opcode 139\n");
    const Outcome o = run_pass("2d-aashapes");
    EXPECT_EQ(o.status, BB_ERROR);
    EXPECT_NE(o.error.find("x11perf -aa4trap300 was killed by signal 11"), std::string::npos)
        << o.error;
    EXPECT_NE(o.error.find("BadMatch | Opcode 139"), std::string::npos) << o.error;
    EXPECT_TRUE(no_children());
}

TEST(TwoD, AFailingX11perfIsAnError) {
    WithFakeX11perf fake;
    fake.x11perf.write("popup.exit", "1");
    fake.x11perf.write("popup.err", "x11perf: can't open display ':97'\n");
    const Outcome o = run_pass("2d-window");
    EXPECT_EQ(o.status, BB_ERROR);
    EXPECT_EQ(o.error, "x11perf -popup exited with status 1: x11perf: can't open display ':97'");
}

TEST(TwoD, IsSkippedWithoutADisplay) {
    WithFakeX11perf fake;
    ScopedEnv no_display("DISPLAY", nullptr);
    const Outcome o = run_pass("2d-rects");
    EXPECT_EQ(o.status, BB_SKIPPED);
    EXPECT_EQ(o.error, "no X display: run with --display auto, or set DISPLAY");
    EXPECT_EQ(fake.x11perf.calls(), "");
}

}  // namespace
}  // namespace bytebench::test
