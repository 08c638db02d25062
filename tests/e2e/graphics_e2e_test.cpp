// The 2D graphics tests through the real CLI and the real x11perf, on an Xvfb
// the test starts itself (Xvfb picks a free display number with -displayfd)
// and stops at the end, also when the test fails. Skipped where Xvfb or
// x11perf is not installed (`make test` installs both: xvfb, x11-apps).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <thread>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

bool on_path(const std::string &program) {
    const char *path = getenv("PATH");
    std::string dirs = path != nullptr ? path : "";
    size_t start = 0;
    while (start <= dirs.size()) {
        const size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::string file = dirs.substr(start, end - start) + "/" + program;
        if (end > start && access(file.c_str(), X_OK) == 0) return true;
        start = end + 1;
    }
    return false;
}

// An Xvfb of its own, 1280x1024x24 as UnixBench's notes say x11perf needs,
// killed and reaped when the object goes.
class PrivateXvfb {
  public:
    PrivateXvfb() {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            // The write end survives the exec: Xvfb writes the display number there.
            if (fds[1] == 3)
                fcntl(3, F_SETFD, 0);
            else
                dup2(fds[1], 3);
            const int devnull = open("/dev/null", O_RDWR);
            dup2(devnull, STDOUT_FILENO);
            dup2(devnull, STDERR_FILENO);
            // -noreset, as bytebench's own: without it the server resets
            // when its last client leaves, and the next x11perf, connecting
            // during the reset, can lose its connection (SIGPIPE).
            execlp("Xvfb", "Xvfb", "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten",
                   "tcp", "-noreset", static_cast<char *>(nullptr));
            _exit(127);
        }
        close(fds[1]);
        std::string number;
        char c;
        // Xvfb writes "<n>\n" once it accepts connections.
        while (read(fds[0], &c, 1) == 1 && c != '\n') number += c;
        close(fds[0]);
        if (!number.empty()) display_ = ":" + number;
    }
    ~PrivateXvfb() {
        if (pid_ <= 0) return;
        kill(pid_, SIGTERM);
        for (int i = 0; i < 50; ++i) {
            if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    PrivateXvfb(const PrivateXvfb &) = delete;
    PrivateXvfb &operator=(const PrivateXvfb &) = delete;

    // ":N", or "" when it did not start.
    const std::string &display() const { return display_; }

  private:
    pid_t pid_ = -1;
    std::string display_;
};

#define REQUIRE_XVFB_AND_X11PERF()                                                    \
    if (!on_path("Xvfb") || !on_path("x11perf"))                                      \
        GTEST_SKIP() << "needs Xvfb and x11perf (Debian packages xvfb and x11-apps)"; \
    const PrivateXvfb xvfb;                                                           \
    ASSERT_FALSE(xvfb.display().empty()) << "Xvfb did not start"

// UnixBench's settings but shorter: 2 timed runs of 1 s (x11perf still
// calibrates each test). 1 run would print no "trep" line: a score of 0.
TEST(Graphics2d, RectanglesScoreUnderXvfb) {
    REQUIRE_XVFB_AND_X11PERF();
    const std::string out = fresh_dir("graphics-2d-rects");
    const CliResult r = run_cli({"run", "2d-rects", "-i", "1", "-c", "1", "--param", "time=1",
                                 "--param", "repeat=2", "--settle", "0", "-q", "-o", out},
                                {{"DISPLAY", xvfb.display()}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    ASSERT_EQ(doc["runs"].size(), 1u);
    const nlohmann::json *t = find_test(doc["runs"][0], "2d-rects");
    ASSERT_NE(t, nullptr);
    ASSERT_EQ((*t)["status"], "ok") << t->dump();
    EXPECT_GT((*t)["value"].get<double>(), 0.0);
    EXPECT_EQ((*t)["unit"], "score");
    EXPECT_EQ((*t)["category"], "2d");
    const nlohmann::json &details = (*t)["details"];
    for (const std::string test : {"rect10", "rect100", "oddtilerect10", "eschertilerect100"}) {
        EXPECT_TRUE(details.contains(test + "_rate")) << details.dump();
        EXPECT_TRUE(details.contains(test + "_score")) << details.dump();
    }
    EXPECT_EQ(details["x11perf_options"], "-repeat 2 -subs 25 -time 1");
}

// Xvfb has no 4-bit alpha Render format, and x11perf -aa4trap300 dies of
// SIGSEGV without one (UnixBench then aborts its Run): the workload asks the
// server first, scores that test 0 as UnixBench scores an omitted test, says
// why, and runs the other three.
TEST(Graphics2d, AaPolygonsUnderXvfbScoreTheA4TestZeroAndSayWhy) {
    REQUIRE_XVFB_AND_X11PERF();
    const std::string out = fresh_dir("graphics-2d-aashapes");
    const CliResult r =
        run_cli({"run", "2d-aashapes", "-i", "1", "-c", "1", "--param", "reps=10", "--param",
                 "time=1", "--param", "repeat=2", "--settle", "0", "-o", out},
                {{"DISPLAY", xvfb.display()}});
    // A cross build under qemu-user has its architecture's libX11 only where
    // that was installed: the format is then not checked, x11perf crashes,
    // and the error says why.
    if (r.err.find("cannot load libX11.so.6") != std::string::npos)
        GTEST_SKIP() << "the plugin cannot load libX11 here: " << r.err;
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "2d-aashapes");
    ASSERT_NE(t, nullptr);
    ASSERT_EQ((*t)["status"], "ok") << t->dump();
    const nlohmann::json &details = (*t)["details"];
    EXPECT_EQ(details["aa4trap300_score"], "0.0") << details.dump();
    EXPECT_NE(details.value("aa4trap300_warning", "").find("has no 4-bit alpha (A4) Render format"),
              std::string::npos)
        << details.dump();
    for (const std::string test : {"aa1trap10", "aatrap2x300", "addaatrapezoid300"})
        EXPECT_GT(std::stod(details.value(test + "_rate", "0")), 0.0) << details.dump();
    EXPECT_NE(r.err.find("x11perf -aa4trap300 not run"), std::string::npos) << r.err;
}

// As `run gindex -c 1 -c 2`, short: the graphics test runs with 1 copy and
// is skipped, saying why, with 2; the system test runs with both.
TEST(Graphics2d, RunsWithOneCopyOnlyAndSaysSo) {
    REQUIRE_XVFB_AND_X11PERF();
    const std::string out = fresh_dir("graphics-2d-copies");
    const CliResult r =
        run_cli({"run",     "2d-blit",  "syscall",   "-i",         "1",      "-c",
                 "1",       "-c",       "2",         "--duration", "1",      "--param",
                 "reps=10", "--param",  "repeat=2",  "--param",    "time=1", "--settle",
                 "0",       "--format", "text,json", "-o",         out},
                {{"DISPLAY", xvfb.display()}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    ASSERT_EQ(doc["runs"].size(), 2u);
    const nlohmann::json *one = find_test(doc["runs"][0], "2d-blit");
    const nlohmann::json *two = find_test(doc["runs"][1], "2d-blit");
    ASSERT_NE(one, nullptr);
    ASSERT_NE(two, nullptr);
    EXPECT_EQ((*one)["status"], "ok") << one->dump();
    EXPECT_GT((*one)["value"].get<double>(), 0.0);
    EXPECT_EQ((*two)["status"], "skipped");
    EXPECT_EQ((*two)["error"], "runs with one copy only");
    EXPECT_EQ((*find_test(doc["runs"][1], "syscall"))["status"], "ok");
    EXPECT_NE(
        r.out.find("2D graphics: images and blits            SKIPPED: runs with one copy only"),
        std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("2D Graphics Benchmarks Partial Index"), std::string::npos) << r.out;
    // Said once, as what UnixBench does too, not as a warning.
    EXPECT_NE(r.err.find("2d-blit: skipped: runs with one copy only (as in UnixBench)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("warning: 2d-blit"), std::string::npos) << r.err;
}

// With --display none the host skips the 2D tests before any worker starts
// (their display requirement, ABI 1.3). The workload's own check, for a host
// before 1.3, is tested in tests/workloads/graphics/two_d_test.cpp.
TEST(Graphics2d, IsSkippedWithoutADisplay) {
    const std::string out = fresh_dir("graphics-2d-no-display");
    const CliResult r = run_cli({"run", "2d-rects", "-i", "1", "-c", "1", "--settle", "0", "-q",
                                 "--display", "none", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    ASSERT_EQ(doc["runs"].size(), 1u);
    const nlohmann::json *t = find_test(doc["runs"][0], "2d-rects");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "skipped");
    const std::string error = (*t)["error"];
    EXPECT_TRUE(error.find("X display") != std::string::npos ||
                error.find("x11perf") != std::string::npos)
        << error;
}

// ubgears declares its display as the 2D tests do: --display none skips it
// before any worker starts, even where the caller's $DISPLAY names a server
// (a worker once opened it all the same), and a run of ubgears alone starts
// the private Xvfb where $DISPLAY is unset (it once started none).
TEST(Graphics3d, UbgearsWithDisplayNoneIsSkippedWithoutOpeningTheCallersDisplay) {
    const std::string out = fresh_dir("graphics-3d-no-display");
    const CliResult r = run_cli({"run", "ubgears", "-i", "1", "-c", "1", "--settle", "0", "-q",
                                 "--duration", "1", "--display", "none", "--no-history", "-o", out},
                                {{"DISPLAY", ":42"}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "ubgears");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "skipped") << t->dump();
    EXPECT_EQ((*t)["error"], "needs an X display (--display none)") << t->dump();
    EXPECT_FALSE(t->contains("passes") && !(*t)["passes"].empty()) << t->dump();
    EXPECT_EQ(doc["system"]["display"]["source"], "none") << doc["system"].dump();
}

TEST(Graphics3d, UbgearsAloneGetsThePrivateXvfb) {
    if (!on_path("Xvfb")) GTEST_SKIP() << "needs Xvfb (Debian package xvfb)";
    const std::string out = fresh_dir("graphics-3d-xvfb");
    const CliResult r =
        run_cli({"run", "ubgears", "-i", "1", "-c", "1", "--settle", "0", "-q", "--duration", "1",
                 "--param", "report_interval=0.2", "--no-history", "-o", out},
                {{"DISPLAY", ""}});
    ASSERT_TRUE(r.exited()) << r.describe();
    const nlohmann::json doc = only_result(out);
    EXPECT_EQ(doc["system"]["display"]["source"], "private Xvfb") << doc["system"].dump();
    const nlohmann::json *t = find_test(doc["runs"][0], "ubgears");
    ASSERT_NE(t, nullptr);
    // Without GL it is skipped naming the package; never for want of a display.
    EXPECT_EQ(t->value("error", "").find("no X display"), std::string::npos) << t->dump();
}

}  // namespace
}  // namespace bytebench::test
