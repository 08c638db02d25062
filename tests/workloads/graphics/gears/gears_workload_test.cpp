// Tests of ubgears (the GLX gears program) and of the ubgears workload.
//
// The program's tests start a private Xvfb each (-displayfd picks a free
// display) and hold a connection to it: Xvfb runs with -terminate, so it
// ends by itself when the test program does, whatever way it ends, and the
// suite's teardown closes the connection and waits for that. They are
// skipped where Xvfb or the GL build is missing. The workload is called
// through its C descriptor with the fake host, against the real ubgears
// under Xvfb and against shell scripts that stand in for it.
#include "gears_workload.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <string>

#include "fake_host.h"
#include "process_runner.h"

#ifdef HAVE_X11
#include <X11/Xlib.h>
#endif

namespace bytebench::test {
namespace {

namespace gears = bytebench::plugins::graphics::gears;

// Sets an environment variable for the scope, and puts back what was there.
class ScopedEnv {
  public:
    ScopedEnv(const char *name, const char *value) : name_(name) {
        const char *old = std::getenv(name);
        if (old != nullptr) old_ = old;
        had_ = old != nullptr;
        if (value != nullptr)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (had_)
            setenv(name_.c_str(), old_.c_str(), 1);
        else
            unsetenv(name_.c_str());
    }

  private:
    std::string name_, old_;
    bool had_ = false;
};

struct Pass {
    bb_status create_status = BB_ERROR;
    bb_status run_status = BB_ERROR;
    double count = 0;
    double seconds = 0;  // the interval the workload reported
    std::string error;
};

// One pass of the workload as a worker makes it: create(), run(),
// destroy(). `plugin_dir` is what the host says the plugin's folder is.
Pass run_pass(const std::string &plugin_dir, double seconds,
              const std::map<std::string, std::string> &params = {}) {
    const bb_workload *w = gears_workload();
    fake_host_state().plugin_dir = plugin_dir;
    fake_host_state().details.clear();
    g_stop_flag = 0;
    const ParamArrays arrays(*w, params);
    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = 1;
    ctx.duration_ns = static_cast<uint64_t>(seconds * 1e9);
    ctx.stop_flag = &g_stop_flag;
    arrays.apply(ctx);

    Pass pass;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    pass.create_status = w->create(fake_host(), &ctx, &instance, result.error, sizeof result.error);
    if (pass.create_status != BB_OK) {
        pass.error = result.error;
        return pass;
    }
    ctx.deadline_ns = monotonic_ns() + ctx.duration_ns;
    pass.run_status = w->run(instance, fake_host(), &ctx, &result);
    g_stop_flag = 1;
    pass.count = result.count;
    pass.seconds = static_cast<double>(result.elapsed_ns) / 1e9;
    pass.error = result.error;
    if (w->destroy != nullptr) w->destroy(instance);
    return pass;
}

// A plugin folder whose graphics.d/ubgears is the shell script `body`.
std::string fake_plugin_dir(const std::string &body) {
    static int serial = 0;
    const std::string dir =
        ::testing::TempDir() + "gears-" + std::to_string(getpid()) + "-" + std::to_string(++serial);
    std::filesystem::create_directories(dir + "/graphics.d");
    const std::string path = dir + "/graphics.d/ubgears";
    std::ofstream(path) << "#!/bin/sh\n" << body;
    chmod(path.c_str(), 0755);
    return dir;
}

// --------------------------------------------------------------------------
// What the workload reads from ubgears

TEST(GearsReport, ReadsCountAndTimeAndKeepsTheOtherLines) {
    const gears::Report r = gears::parse_report(
        "ATTENTION: default value of option vblank_mode overridden by environment.\n"
        "COUNT|4521|1|fps\nTIME|20.0\n");
    ASSERT_TRUE(r.frames && r.seconds);
    EXPECT_EQ(*r.frames, 4521);
    EXPECT_EQ(*r.seconds, 20.0);
    EXPECT_EQ(r.other_lines,
              "ATTENTION: default value of option vblank_mode overridden by environment.");
}

TEST(GearsReport, LacksWhatIsMissingOrMalformed) {
    const gears::Report r = gears::parse_report("COUNT|lots|1|fps\n");
    EXPECT_FALSE(r.frames);
    EXPECT_FALSE(r.seconds);
}

TEST(GearsInfo, ReadsKeyValueLines) {
    const auto info = gears::parse_info(
        "x_server_vendor: The X.Org Foundation\ngl_renderer: llvmpipe (LLVM 15.0.6, 256 "
        "bits)\nnot a pair\n");
    EXPECT_EQ(info.at("x_server_vendor"), "The X.Org Foundation");
    EXPECT_EQ(info.at("gl_renderer"), "llvmpipe (LLVM 15.0.6, 256 bits)");
    EXPECT_EQ(info.size(), 2u);
}

TEST(GearsInfo, TellsSoftwareRenderers) {
    EXPECT_TRUE(gears::is_software_renderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
    EXPECT_TRUE(gears::is_software_renderer("softpipe"));
    EXPECT_FALSE(gears::is_software_renderer("AMD Radeon RX 6600 (radeonsi, navi23)"));
}

TEST(GearsFailure, NamesThePackageWhenGlIsMissing) {
    const int exit1 = 1 << 8, exit127 = 127 << 8;
    EXPECT_EQ(gears::missing_gl_reason(exit1, "ubgears: display ':3' has no GLX extension\n"),
              "ubgears: display ':3' has no GLX extension: install libgl1-mesa-dri (and "
              "libglx-mesa0) where the X server runs, or start it with GLX (not -extension "
              "GLX)");
    EXPECT_NE(gears::missing_gl_reason(exit127,
                                       "ubgears: error while loading shared libraries: "
                                       "libGL.so.1: cannot open shared object file\n")
                  .find("install libgl1 and libgl1-mesa-dri"),
              std::string::npos);
    EXPECT_EQ(gears::missing_gl_reason(exit1, "ubgears: cannot open display ':3'\n"), "");
}

// --------------------------------------------------------------------------
// The workload against stand-ins for ubgears

TEST(GearsWorkload, SkipsWithoutADisplay) {
    const ScopedEnv no_display("DISPLAY", nullptr);
    const Pass pass = run_pass(fake_plugin_dir("exit 0\n"), 1);
    EXPECT_EQ(pass.create_status, BB_SKIPPED);
    EXPECT_EQ(pass.error, "no X display: run with --display auto, or set DISPLAY");
}

TEST(GearsWorkload, SkipsWhenUbgearsIsMissing) {
    const ScopedEnv display("DISPLAY", ":99");
    const std::string dir = fake_plugin_dir("exit 0\n");
    std::filesystem::remove(dir + "/graphics.d/ubgears");
    const Pass pass = run_pass(dir, 1);
    EXPECT_EQ(pass.create_status, BB_SKIPPED);
    EXPECT_NE(pass.error.find("graphics.d/ubgears is missing"), std::string::npos) << pass.error;
}

TEST(GearsWorkload, SkipsNamingThePackageWhenThereIsNoGlx) {
    const ScopedEnv display("DISPLAY", ":99");
    const Pass pass = run_pass(
        fake_plugin_dir("echo \"ubgears: no GLX visual (RGBA, double-buffered, with depth) on "
                        "display ':99'\" >&2\nexit 1\n"),
        1);
    EXPECT_EQ(pass.create_status, BB_SKIPPED);
    EXPECT_EQ(pass.error,
              "ubgears: no GLX visual (RGBA, double-buffered, with depth) on display ':99': "
              "install libgl1-mesa-dri (and libglx-mesa0)");
}

TEST(GearsWorkload, FailsWhenTheDisplayCannotBeOpened) {
    const ScopedEnv display("DISPLAY", ":99");
    const Pass pass =
        run_pass(fake_plugin_dir("echo \"ubgears: cannot open display ':99'\" >&2\nexit 1\n"), 1);
    EXPECT_EQ(pass.create_status, BB_ERROR);
    EXPECT_NE(pass.error.find("exited with status 1: ubgears: cannot open display ':99'"),
              std::string::npos)
        << pass.error;
}

// The stand-in: -info answers, a pass writes its arguments on stdout and
// COUNT and TIME (and Mesa's note) on stderr.
constexpr const char *kFakeUbgears =
    "if [ \"$1\" = -info ]; then\n"
    "  echo 'gl_vendor: Mesa'; echo 'gl_renderer: llvmpipe (LLVM 15.0.6, 256 bits)'\n"
    "  echo 'gl_version: 4.5 (Compatibility Profile) Mesa 22.3.6'; exit 0\n"
    "fi\n"
    "echo \"args: $*\" > \"$(dirname \"$0\")/args\"\n"
    "echo 'ATTENTION: default value of option vblank_mode overridden by environment.' >&2\n"
    "echo 'COUNT|4521|1|fps' >&2; echo 'TIME|2.5' >&2\n";

TEST(GearsWorkload, ReportsFramesInTimeAndRecordsTheRenderer) {
    const ScopedEnv display("DISPLAY", ":99");
    const std::string dir = fake_plugin_dir(kFakeUbgears);
    const Pass pass = run_pass(dir, 2, {{"report_interval", "0.5"}});
    ASSERT_EQ(pass.create_status, BB_OK) << pass.error;
    ASSERT_EQ(pass.run_status, BB_OK) << pass.error;
    EXPECT_EQ(pass.count, 4521);
    EXPECT_DOUBLE_EQ(pass.seconds, 2.5);
    std::ifstream args(dir + "/graphics.d/args");
    std::string line;
    std::getline(args, line);
    EXPECT_EQ(line, "args: -time 2 -v -report-interval 0.5");
    const auto &details = fake_host_state().details;
    EXPECT_EQ(details.at("gl_renderer"), "llvmpipe (LLVM 15.0.6, 256 bits)");
    EXPECT_EQ(details.at("gl_version"), "4.5 (Compatibility Profile) Mesa 22.3.6");
    EXPECT_EQ(details.at("gl_renderer_kind"), "software (draws on the CPU)");
}

TEST(GearsWorkload, FailsWithoutCountAndTime) {
    const ScopedEnv display("DISPLAY", ":99");
    const Pass pass =
        run_pass(fake_plugin_dir("[ \"$1\" = -info ] && echo 'gl_renderer: x'; exit 0\n"), 1);
    ASSERT_EQ(pass.create_status, BB_OK) << pass.error;
    EXPECT_EQ(pass.run_status, BB_ERROR);
    EXPECT_NE(pass.error.find("wrote no COUNT and TIME lines"), std::string::npos) << pass.error;
}

TEST(GearsWorkload, FailsWhenUbgearsIsKilled) {
    const ScopedEnv display("DISPLAY", ":99");
    const Pass pass = run_pass(fake_plugin_dir("[ \"$1\" = -info ] && exit 0; kill -9 $$\n"), 1);
    ASSERT_EQ(pass.create_status, BB_OK) << pass.error;
    EXPECT_EQ(pass.run_status, BB_ERROR);
    EXPECT_NE(pass.error.find("was killed by signal 9"), std::string::npos) << pass.error;
}

TEST(GearsWorkload, IsOneCopyInFramesPerSecond) {
    const bb_workload *w = gears_workload();
    EXPECT_STREQ(w->id, "ubgears");
    EXPECT_STREQ(w->unit, "fps");
    EXPECT_EQ(w->time_base_s, 1u);
    EXPECT_EQ(w->repeat, BB_REPEAT_SHORT);
    EXPECT_EQ(w->default_duration_s, 20.0);
    EXPECT_EQ(w->baseline, 33.4);
    EXPECT_NE(w->flags & BB_WORKLOAD_SINGLE_COPY, 0u);
}

// The host gives it a display (or skips it) only when it says it needs one,
// and describes that display with the program it names (ABI 1.4).
TEST(GearsWorkload, DeclaresItsDisplayAndWhatDescribesIt) {
    const bb_workload *w = gears_workload();
    ASSERT_NE(w->requirements, nullptr);
    EXPECT_EQ(w->requirements->display, 1u);
    ASSERT_EQ(w->requirements->display_info_count, 2u);
    EXPECT_STREQ(w->requirements->display_info[0], "graphics.d/ubgears");
    EXPECT_STREQ(w->requirements->display_info[1], "-info");
}

// --------------------------------------------------------------------------
// ubgears itself

#ifdef UBGEARS

// One line, and nothing after it.
bool one_line(const std::string &text) {
    return !text.empty() && text.find('\n') == text.size() - 1;
}

TEST(UbgearsProgram, FailsWithOneLineWhenTheDisplayCannotBeOpened) {
    Command cmd(UBGEARS, {"-display", ":32767", "-time", "1"});
    cmd.timeout_s = 20;
    const ProcessResult r = run_process(cmd);
    EXPECT_EQ(r.exit_code, 1) << r.describe();
    EXPECT_EQ(r.err, "ubgears: cannot open display ':32767'\n");
}

TEST(UbgearsProgram, RejectsABadOptionWithOneLine) {
    for (const std::vector<std::string> &args :
         std::vector<std::vector<std::string>>{{"-fast"}, {"-time", "soon"}, {"-time"}}) {
        Command cmd(UBGEARS, args);
        cmd.timeout_s = 20;
        const ProcessResult r = run_process(cmd);
        EXPECT_EQ(r.exit_code, 1) << args[0];
        EXPECT_TRUE(one_line(r.err)) << r.err;
        EXPECT_EQ(r.err.rfind("ubgears: ", 0), 0u) << r.err;
    }
    Command help(UBGEARS, {"-h"});
    help.timeout_s = 20;
    const ProcessResult r = run_process(help);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("usage: ubgears"), std::string::npos);
}

#ifdef HAVE_X11

// A private Xvfb for one test suite.
class Xvfb {
  public:
    // Starts one, with `extra` arguments; display() is "" (and why() says
    // why) when it cannot.
    explicit Xvfb(const std::vector<std::string> &extra = {}) {
        const std::string program = find_program("Xvfb");
        if (program.empty()) {
            why_ = "Xvfb is not installed (package xvfb)";
            return;
        }
        // -displayfd 1: the display number comes on its stdout when it is
        // ready. -terminate: it ends when its last client goes, which is the
        // connection below, held until the suite ends or this program dies.
        std::vector<std::string> args{"-displayfd",   "1",         "-screen", "0",
                                      "1280x1024x24", "-nolisten", "tcp",     "-terminate"};
        args.insert(args.end(), extra.begin(), extra.end());
        server_ = std::make_unique<Process>(Command(program, args));
        const bool ready = wait_until(
            [&] { return server_->out().find('\n') != std::string::npos || server_->wait_for(0); },
            10);
        const std::string number = server_->out();
        if (!ready || number.find('\n') == std::string::npos) {
            why_ = "Xvfb did not start: " + server_->err();
            return;
        }
        display_ = ":" + number.substr(0, number.find('\n'));
        connection_ = XOpenDisplay(display_.c_str());
        if (connection_ == nullptr) {
            why_ = "cannot connect to Xvfb at " + display_;
            display_.clear();
        }
    }
    ~Xvfb() {
        if (connection_ != nullptr) XCloseDisplay(connection_);
        if (server_ == nullptr) return;
        // The last client gone, it ends by itself; else it is stopped.
        if (!server_->wait_for(5)) {
            server_->signal(SIGTERM);
            if (!server_->wait_for(5)) server_->signal_group(SIGKILL);
        }
        server_->wait();
    }
    const std::string &display() const { return display_; }
    const std::string &why() const { return why_; }

  private:
    std::unique_ptr<Process> server_;
    Display *connection_ = nullptr;
    std::string display_, why_;
};

class UbgearsUnderXvfb : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { xvfb_ = new Xvfb(); }
    static void TearDownTestSuite() {
        delete xvfb_;
        xvfb_ = nullptr;
    }
    void SetUp() override {
        if (xvfb_->display().empty()) GTEST_SKIP() << xvfb_->why();
    }
    static Command ubgears(const std::vector<std::string> &args) {
        Command cmd(UBGEARS, args);
        cmd.env["DISPLAY"] = xvfb_->display();
        cmd.timeout_s = 30;
        return cmd;
    }
    static Xvfb *xvfb_;
};
Xvfb *UbgearsUnderXvfb::xvfb_ = nullptr;

TEST_F(UbgearsUnderXvfb, CountsFramesForTheTimeGivenAfterTheFirstReport) {
    const ProcessResult r = run_process(ubgears({"-time", "1", "-report-interval", "0.5"}));
    ASSERT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.err, m, std::regex("(^|\n)COUNT\\|([0-9]+)\\|1\\|fps\n")))
        << r.err;
    EXPECT_GT(std::stol(m[2]), 0);
    ASSERT_TRUE(std::regex_search(r.err, m, std::regex("(^|\n)TIME\\|([0-9]+\\.[0-9])\n")))
        << r.err;
    EXPECT_GE(std::stod(m[2]), 1.0);
    EXPECT_LE(std::stod(m[2]), 2.5);  // one slow frame on a busy machine
    // The first report starts the timing.
    const auto report = r.out.find(" frames in ");
    const auto start = r.out.find("Start timing!\n");
    ASSERT_NE(report, std::string::npos) << r.out;
    ASSERT_NE(start, std::string::npos) << r.out;
    EXPECT_LT(report, start);
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex("^[0-9]+ frames in [0-9.]+ seconds = +[0-9.]+ FPS\nStart timing!\n")))
        << r.out;
}

TEST_F(UbgearsUnderXvfb, InfoNamesTheServerAndTheRenderer) {
    const ProcessResult r = run_process(ubgears({"-info"}));
    ASSERT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    const auto info = gears::parse_info(r.out);
    for (const char *key : {"x_server_vendor", "x_server_release", "screen", "gl_vendor",
                            "gl_renderer", "gl_version"}) {
        ASSERT_EQ(info.count(key), 1u) << key << " missing in\n" << r.out;
        EXPECT_FALSE(info.at(key).empty()) << key;
    }
    EXPECT_EQ(info.at("screen"), "1280x1024x24");
}

TEST_F(UbgearsUnderXvfb, WorkloadReportsFramesPerSecond) {
    const ScopedEnv display("DISPLAY", xvfb_->display().c_str());
    const Pass pass = run_pass(PLUGIN_DIR, 1, {{"report_interval", "0.5"}});
    ASSERT_EQ(pass.create_status, BB_OK) << pass.error;
    ASSERT_EQ(pass.run_status, BB_OK) << pass.error;
    EXPECT_GT(pass.count, 0);
    EXPECT_GE(pass.seconds, 1.0);
    EXPECT_LE(pass.seconds, 2.5);
    EXPECT_FALSE(fake_host_state().details.at("gl_renderer").empty());
}

// An X server without GLX, as one is where Mesa's drivers are missing.
class UbgearsWithoutGlx : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { xvfb_ = new Xvfb({"-extension", "GLX"}); }
    static void TearDownTestSuite() {
        delete xvfb_;
        xvfb_ = nullptr;
    }
    void SetUp() override {
        if (xvfb_->display().empty()) GTEST_SKIP() << xvfb_->why();
    }
    static Xvfb *xvfb_;
};
Xvfb *UbgearsWithoutGlx::xvfb_ = nullptr;

TEST_F(UbgearsWithoutGlx, ProgramFailsWithOneLineAndTheWorkloadSkips) {
    Command cmd(UBGEARS, {"-info"});
    cmd.env["DISPLAY"] = xvfb_->display();
    cmd.timeout_s = 30;
    const ProcessResult r = run_process(cmd);
    EXPECT_EQ(r.exit_code, 1) << r.describe();
    EXPECT_EQ(r.err, "ubgears: display '" + xvfb_->display() + "' has no GLX extension\n");

    const ScopedEnv display("DISPLAY", xvfb_->display().c_str());
    const Pass pass = run_pass(PLUGIN_DIR, 1);
    EXPECT_EQ(pass.create_status, BB_SKIPPED);
    EXPECT_NE(pass.error.find("has no GLX extension: install libgl1-mesa-dri"), std::string::npos)
        << pass.error;
}

#endif  // HAVE_X11
#endif  // UBGEARS

}  // namespace
}  // namespace bytebench::test
