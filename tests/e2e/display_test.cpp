// The X display of the graphics tests (`run --display auto|:N|none`) through
// the real CLI, with test.display (tests/plugins/display.cpp), which needs a
// display and records the DISPLAY it got:
//   - auto without $DISPLAY starts a private Xvfb, the worker sees its
//     display, the result says so, and no Xvfb is left after the run;
//   - none, no Xvfb on PATH, a display that does not answer: the test is
//     skipped with the reason, the run goes on;
//   - a run whose tests need no display starts nothing;
//   - SIGINT and SIGKILL of the CLI mid-run leave no Xvfb behind.
// The tests that start Xvfb are skipped where it is not installed.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kDisplayPlugin = kTestPlugins + "/display";
constexpr const char *kMarkName = "BYTEBENCH_E2E_DISPLAY_MARK";

std::string proc_file(const fs::path &dir, const char *name) {
    std::string text;
    const int fd = ::open((dir / name).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return text;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
    ::close(fd);
    return text;
}

// Live Xvfb processes started with `mark` in their environment (they
// inherit the CLI's), as "pid cmdline".
std::vector<std::string> our_xvfbs(const std::string &mark) {
    const std::string entry = std::string(kMarkName) + "=" + mark;
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto &e : fs::directory_iterator("/proc", ec)) {
        const std::string pid = e.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        if (proc_file(e.path(), "environ").find(entry + '\0') == std::string::npos) continue;
        const std::string stat = proc_file(e.path(), "stat");
        const auto paren = stat.rfind(')');
        if (paren == std::string::npos || stat.compare(paren + 2, 1, "Z") == 0) continue;
        std::string cmd = proc_file(e.path(), "cmdline");
        for (char &c : cmd)
            if (c == '\0') c = ' ';
        if (cmd.find("Xvfb") != std::string::npos) found.push_back(pid + " " + cmd);
    }
    return found;
}

std::string lines(const std::vector<std::string> &found) {
    std::string out;
    for (const std::string &l : found) out += l + "\n";
    return out;
}

std::string mark_for(const std::string &name) { return name + "-" + std::to_string(getpid()); }

// Runs test.display (and `more` tests) with $DISPLAY unset and `env` over that.
CliResult run_display(const std::string &out, const std::vector<std::string> &extra,
                      std::map<std::string, std::string> env = {},
                      const std::vector<std::string> &tests = {"test.display"}) {
    std::vector<std::string> args = {"--plugin-path",
                                     kDisplayPlugin,
                                     "--plugin-path",
                                     kTestPlugins + "/good",
                                     "run",
                                     "-o",
                                     out + "/results",
                                     "--format",
                                     "json",
                                     "-i",
                                     "1",
                                     "--duration",
                                     "0.2",
                                     "--settle",
                                     "0",
                                     "-c",
                                     "1",
                                     "--no-history"};
    args.insert(args.end(), tests.begin(), tests.end());
    args.insert(args.end(), extra.begin(), extra.end());
    env.emplace("DISPLAY", "");
    return run_cli(args, env);
}

bool have_xvfb() { return !find_program("Xvfb").empty(); }

const nlohmann::json &display_test(const nlohmann::json &doc) {
    static const nlohmann::json none;
    const nlohmann::json *t = find_test(doc["runs"][0], "test.display");
    return t != nullptr ? *t : none;
}

TEST(Display, AutoStartsAPrivateXvfbForTheWorkersAndStopsIt) {
    if (!have_xvfb()) GTEST_SKIP() << "Xvfb is not installed";
    const std::string out = fresh_dir("display-auto");
    const std::string mark = mark_for("display-auto");
    const CliResult r = run_display(out, {"--display", "auto"}, {{kMarkName, mark}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out + "/results");
    const nlohmann::json &t = display_test(doc);
    ASSERT_EQ(t["status"], "ok") << t.dump();
    const nlohmann::json &display = doc["system"]["display"];
    EXPECT_EQ(display["source"], "private Xvfb") << display.dump();
    const std::string name = display.value("display", "");
    ASSERT_EQ(name.rfind(':', 0), 0u) << display.dump();
    EXPECT_EQ(t["details"]["display"], name) << t.dump();
    EXPECT_EQ(display["screen"], "1280x1024x24") << display.dump();
    // Ours is gone. (Not its socket file: another X server, of a test
    // running beside this one, may take the free number at once.)
    EXPECT_TRUE(our_xvfbs(mark).empty()) << lines(our_xvfbs(mark));
}

// The baseline ISA level of this machine's architecture, the folder a
// portable build packages its first level in.
constexpr const char *kBaselineLevel =
#if defined(__aarch64__)
    "armv8-a";
#else
    "x86-64";
#endif

void write_script(const std::string &path, const std::string &text) {
    std::ofstream(path) << text;
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
}

// A stand-in for the program test.display names to describe the display
// (display.d/describe --describe, ABI 1.4), and a copy of the display plugin
// packaged at one ISA level only, as levels/<level>/display.so: helpers sit
// beside the baseline, in the folder above levels/, and the program is
// found there. The result and the report take what it says about the
// display it was given. A graphics.d/ubgears beside it, which the core once
// ran for any plugin that needed a display, is not run: the core knows no
// helper by name.
TEST(Display, TheProgramTheWorkloadNamesDescribesTheDisplay) {
    if (!have_xvfb()) GTEST_SKIP() << "Xvfb is not installed";
    const std::string out = fresh_dir("display-helper");
    const std::string plugins = out + "/plugins";
    fs::create_directories(plugins + "/display.d");
    fs::create_directories(plugins + "/graphics.d");
    fs::create_directories(plugins + "/levels/" + kBaselineLevel);
    fs::copy_file(kDisplayPlugin + "/display.so",
                  plugins + "/levels/" + kBaselineLevel + "/display.so");
    write_script(plugins + "/display.d/describe",
                 "#!/bin/sh\n"
                 "[ \"$1\" = --describe ] || exit 1\n"
                 "echo \"x_server_vendor: The X.Org Foundation\"\n"
                 "echo \"x_server_release: 12101007\"\n"
                 "echo \"screen: 1280x1024x24\"\n"
                 "echo \"gl_vendor: Mesa\"\n"
                 "echo \"gl_renderer: llvmpipe (LLVM 15.0.6, 256 bits) on $DISPLAY\"\n"
                 "echo \"gl_version: 4.5 (Compatibility Profile) Mesa 22.3.6\"\n");
    write_script(plugins + "/graphics.d/ubgears",
                 "#!/bin/sh\necho \"gl_vendor: ubgears by name\"\n");
    const CliResult r =
        run_cli({"--plugin-path", plugins, "run", "test.display", "-o", out + "/results",
                 "--format", "json", "--format", "text", "-i", "1", "--duration", "0.2", "--settle",
                 "0", "-c", "1", "--no-history"},
                {{"DISPLAY", ""}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out + "/results");
    const nlohmann::json &display = doc["system"]["display"];
    const std::string name = display.value("display", "");
    EXPECT_EQ(display["server"], "The X.Org Foundation 12101007") << display.dump();
    EXPECT_EQ(display["gl_vendor"], "Mesa");
    EXPECT_EQ(display["gl_renderer"], "llvmpipe (LLVM 15.0.6, 256 bits) on " + name);
    EXPECT_EQ(display["software_rendering"], true);
    EXPECT_FALSE(display.contains("why")) << display.dump();
    std::string text;
    for (const auto &e : fs::directory_iterator(out + "/results"))
        if (e.path().extension() == ".txt") text = read_file(e.path().string());
    EXPECT_NE(text.find("\n   Graphics: llvmpipe (LLVM 15.0.6, 256 bits) on " + name + "\n"),
              std::string::npos)
        << text;
}

TEST(Display, NoneSkipsTheTestWithTheReason) {
    const std::string out = fresh_dir("display-none");
    const std::string mark = mark_for("display-none");
    const CliResult r = run_display(out, {"--display", "none"}, {{kMarkName, mark}},
                                    {"test.display", "test.count"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out + "/results");
    EXPECT_EQ(display_test(doc)["status"], "skipped");
    EXPECT_EQ(display_test(doc)["error"], "needs an X display (--display none)");
    EXPECT_EQ((*find_test(doc["runs"][0], "test.count"))["status"], "ok");  // the run went on
    EXPECT_EQ(doc["system"]["display"]["source"], "none") << doc["system"].dump();
    EXPECT_TRUE(our_xvfbs(mark).empty());
}

TEST(Display, WithoutXvfbOrDisplayTheTestIsSkippedNamingThePackage) {
    const std::string out = fresh_dir("display-no-xvfb");
    const CliResult r = run_display(out, {}, {{"PATH", out}});  // no Xvfb there
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out + "/results");
    EXPECT_EQ(display_test(doc)["status"], "skipped");
    EXPECT_EQ(display_test(doc)["error"],
              "needs an X display: install xvfb (Debian package xvfb) or set DISPLAY");
}

TEST(Display, AGivenDisplayThatDoesNotAnswerSkipsTheTest) {
    const std::string out = fresh_dir("display-given");
    const CliResult r = run_display(out, {"--display", ":987"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out + "/results");
    EXPECT_EQ(display_test(doc)["status"], "skipped");
    const std::string why = display_test(doc).value("error", "");
    EXPECT_EQ(why.rfind("needs an X display: --display :987 does not answer (no X server on "
                        "/tmp/.X11-unix/X987",
                        0),
              0u)
        << why;
}

TEST(Display, ABadDisplayOptionIsBadInput) {
    const std::string out = fresh_dir("display-bad");
    const CliResult r = run_display(out, {"--display", "screen1"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--display"), std::string::npos) << r.err;
}

TEST(Display, TestsThatNeedNoDisplayStartNothing) {
    const std::string out = fresh_dir("display-not-needed");
    const std::string mark = mark_for("display-not-needed");
    const CliResult r =
        run_display(out, {"--display", "auto"}, {{kMarkName, mark}}, {"test.count"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out + "/results");
    EXPECT_FALSE(doc["system"].contains("display")) << doc["system"]["display"].dump();
}

TEST(Display, ListAndDescribeShowTheRequirement) {
    const CliResult list = run_cli({"--plugin-path", kDisplayPlugin, "list"});
    ASSERT_EQ(list.exit_code, 0) << list.err;
    EXPECT_NE(list.out.find("test.display"), std::string::npos) << list.out;
    // Where neither $DISPLAY nor Xvfb is, list says why it cannot run.
    const std::string empty = fresh_dir("display-list");
    const CliResult nowhere =
        run_cli({"--plugin-path", kDisplayPlugin, "list"}, {{"PATH", empty}, {"DISPLAY", ""}});
    ASSERT_EQ(nowhere.exit_code, 0) << nowhere.err;
    EXPECT_NE(nowhere.out.find("(cannot run here)"), std::string::npos) << nowhere.out;
    const CliResult json = run_cli({"--plugin-path", kDisplayPlugin, "list", "--format", "json"},
                                   {{"PATH", empty}, {"DISPLAY", ""}});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    bool said = false;
    const nlohmann::json listed = nlohmann::json::parse(json.out);
    for (const auto &t : listed["tests"])
        said =
            said || (t["id"] == "test.display" &&
                     t["cannot_run_because"] ==
                         "needs an X display: install xvfb (Debian package xvfb) or set DISPLAY");
    EXPECT_TRUE(said) << json.out;
    const CliResult describe =
        run_cli({"--plugin-path", kDisplayPlugin, "describe", "test.display"});
    ASSERT_EQ(describe.exit_code, 0) << describe.err;
    EXPECT_NE(describe.out.find("an X display"), std::string::npos) << describe.out;
}

// A run of test.display long enough to be interrupted, started once its
// worker has the display.
class DisplayInterrupt : public ::testing::Test {
  protected:
    void start(const std::string &name) {
        if (!have_xvfb()) GTEST_SKIP() << "Xvfb is not installed";
        mark_ = mark_for(name);
        const std::string out = fresh_dir(name);
        marker_ = out + "/marker";
        Command command(BYTEBENCH_CLI, {"--plugin-path", kDisplayPlugin, "run", "test.display",
                                        "-i", "1", "--duration", "30", "--settle", "0", "-o",
                                        out + "/results", "-q", "--no-history", "--tmpdir", out});
        command.env = {
            {"DISPLAY", ""}, {kMarkName, mark_}, {"BYTEBENCH_TEST_DISPLAY_MARKER", marker_}};
        cli_.emplace(command);
        const bool running = wait_until([&] { return fs::exists(marker_); }, 20);
        ASSERT_TRUE(running) << "test.display never ran: " << cli_->err();
        ASSERT_FALSE(our_xvfbs(mark_).empty()) << "no Xvfb while the test runs";
    }
    void expect_no_xvfb() {
        std::vector<std::string> left;
        const bool gone = wait_until(
            [&] {
                left = our_xvfbs(mark_);
                return left.empty();
            },
            5);
        EXPECT_TRUE(gone) << "left running:\n" << lines(left);
    }
    std::string mark_, marker_;
    std::optional<Process> cli_;
};

TEST_F(DisplayInterrupt, SigintStopsTheXvfb) {
    ASSERT_NO_FATAL_FAILURE(start("display-sigint"));
    if (IsSkipped()) return;
    ASSERT_TRUE(cli_->signal(SIGINT));
    ASSERT_TRUE(cli_->wait_for(20)) << "the CLI did not end";
    EXPECT_EQ(cli_->result().exit_code, 130) << cli_->err();
    expect_no_xvfb();
}

TEST_F(DisplayInterrupt, SigkillLeavesNoXvfbBehind) {
    ASSERT_NO_FATAL_FAILURE(start("display-sigkill"));
    if (IsSkipped()) return;
    ASSERT_TRUE(cli_->signal(SIGKILL));
    ASSERT_TRUE(cli_->wait_for(5));
    expect_no_xvfb();
}

}  // namespace
}  // namespace bytebench::test
