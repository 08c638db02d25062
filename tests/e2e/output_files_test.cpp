// The files the CLI writes and reads, and its standard output:
//   - `-o` into a device writes into it (/dev/null stays a device), through a
//     link into what it points at (/dev/stdout), never renaming over either;
//   - standard output that cannot be written (> /dev/full) is exit 1 and one
//     line, for every command that prints;
//   - a link planted at a run's temporary result name is not followed, and
//     the result is still written;
//   - an input that is not a regular file (/dev/zero, a FIFO nobody writes
//     to) or is too large is one line and exit 2, at once;
//   - a report ended by SIGINT, SIGTERM, SIGHUP or SIGKILL leaves nothing in
//     TMPDIR and no temporary file beside its output;
//   - a run's reports need no scratch space: a full --tmpdir or a descriptor
//     limit of 12 still gets the text report.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kResult = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare/before.json";
const std::string kOtherResult = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare/after.json";
// A command that hangs is a failure, not a stuck test run.
constexpr double kTimeoutS = 60;

CliResult run_bounded(const std::vector<std::string> &args,
                      const std::map<std::string, std::string> &env = {}) {
    Command command(BYTEBENCH_CLI, args);
    command.env = env;
    command.timeout_s = kTimeoutS;
    return run_process(command);
}

// `bytebench <args> > stdout_path` (>> when appending), through sh: the
// runner captures standard output itself.
CliResult run_with_stdout(const std::string &stdout_path, const std::vector<std::string> &args,
                          bool append = false) {
    std::vector<std::string> argv = {"/bin/sh", "-c",
                                     append ? "exec \"$@\" >> \"$0\"" : "exec \"$@\" > \"$0\"",
                                     stdout_path, BYTEBENCH_CLI};
    argv.insert(argv.end(), args.begin(), args.end());
    Command command(argv);
    command.timeout_s = kTimeoutS;
    return run_process(command);
}

long line_count(const std::string &text) { return std::count(text.begin(), text.end(), '\n'); }

// Every file and folder under `dir`, one relative path a line.
std::string files_under(const std::string &dir) {
    std::vector<std::string> names;
    for (const auto &e : fs::recursive_directory_iterator(dir))
        names.push_back(e.path().lexically_relative(dir).string());
    std::sort(names.begin(), names.end());
    std::string out;
    for (const std::string &n : names) out += n + "\n";
    return out;
}

bool wait_until(const std::function<bool()> &done, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!done()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

void expect_one_line(const CliResult &r, int exit_code, const std::string &line_start) {
    EXPECT_FALSE(r.timed_out) << r.describe();
    EXPECT_EQ(r.exit_code, exit_code) << r.describe() << "\n" << r.err;
    EXPECT_EQ(line_count(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("bytebench: error: " + line_start, 0), 0u) << r.err;
}

TEST(OutputFiles, ReportIntoDevNullLeavesItADevice) {
    for (const std::vector<std::string> &args :
         {std::vector<std::string>{"report", kResult, "-o", "/dev/null"},
          std::vector<std::string>{"compare", kResult, kOtherResult, "-o", "/dev/null"}}) {
        std::vector<std::string> all = {"--no-history"};
        all.insert(all.end(), args.begin(), args.end());
        const CliResult r = run_bounded(all);
        EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
        EXPECT_EQ(r.out, "");
        struct stat st {};
        ASSERT_EQ(stat("/dev/null", &st), 0);
        EXPECT_TRUE(S_ISCHR(st.st_mode));
    }
}

TEST(OutputFiles, ReportThroughALinkToDevStdoutPrintsIt) {
    const std::string dir = fresh_dir("output-link-to-stdout");
    fs::create_symlink("/dev/stdout", dir + "/report.txt");
    const CliResult printed = run_bounded({"--no-history", "report", kResult});
    ASSERT_EQ(printed.exit_code, 0) << printed.err;
    const CliResult r = run_bounded({"--no-history", "report", kResult, "-o", dir + "/report.txt"});
    EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    EXPECT_EQ(r.out, printed.out);
    EXPECT_TRUE(fs::is_symlink(dir + "/report.txt"));  // not renamed over
    EXPECT_EQ(files_under(dir), "report.txt\n");
    // Standard output appending to a file: appended to, not truncated.
    const std::string log = dir + "/log";
    std::ofstream(log) << "before\n";
    const CliResult appended = run_with_stdout(
        log, {"--no-history", "report", kResult, "-o", "/dev/stdout"}, /*append=*/true);
    EXPECT_EQ(appended.exit_code, 0) << appended.describe() << "\n" << appended.err;
    EXPECT_EQ(read_file(log), "before\n" + printed.out);
}

TEST(OutputFiles, AnOutputThatCannotBeWrittenIsExit1AndOneLine) {
    const std::string dir = fresh_dir("output-unwritable");
    expect_one_line(run_bounded({"--no-history", "report", kResult, "-o", "/dev/full"}), 1,
                    "cannot write /dev/full: No space left on device");
    expect_one_line(
        run_bounded({"--no-history", "report", kResult, "-o", dir + "/no/such/folder/r.txt"}), 1,
        "cannot write " + dir + "/no/such/folder/r.txt: No such file or directory");
    EXPECT_EQ(files_under(dir), "");
}

TEST(OutputFiles, StandardOutputThatCannotBeWrittenIsExit1AndOneLine) {
    const std::string dir = fresh_dir("stdout-full");
    const std::vector<std::vector<std::string>> commands = {
        {"--no-history", "report", kResult},
        {"--no-history", "compare", kResult, kOtherResult},
        {"--db", dir + "/history.db", "history"},
        {"list"},
        {"plugins"},
        {"sysinfo"},
        {"sysinfo", "--format", "json"},
        {"--version"},
        {"--no-history", "import",
         std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/unixbench/v6.0-console-4cpu.txt",
         "-o", dir + "/imported"},
        {"--no-history", "--plugin-path", kTestPlugins + "/good", "run", "test.count", "-c", "1",
         "-i", "1", "--duration", "0.05", "--settle", "0", "-q", "-o", dir + "/run"},
    };
    for (const auto &args : commands) {
        std::string command;
        for (const std::string &a : args) command += " " + a;
        SCOPED_TRACE("bytebench" + command + " > /dev/full");
        expect_one_line(run_with_stdout("/dev/full", args), 1, "cannot write standard output");
    }
}

TEST(OutputFiles, ALinkPlantedAtTheTemporaryResultNameIsNotFollowed) {
    const std::string out = fresh_dir("planted-link-out");
    const std::string victim = fresh_dir("planted-link-victim") + "/victim";
    std::ofstream(victim) << "untouched";
    Command command(BYTEBENCH_CLI,
                    {"--no-history", "--plugin-path", kTestPlugins + "/good", "run", "test.count",
                     "-c", "1", "-i", "3", "--duration", "0.5", "--settle", "0", "-q", "-o", out});
    Process run(command);
    // The result is claimed at the start; its checkpoints and the final
    // version come later, through <result>.tmp-<pid>.
    std::string result;
    ASSERT_TRUE(wait_until(
        [&] {
            for (const auto &e : fs::directory_iterator(out))
                if (e.path().extension() == ".json") result = e.path().string();
            return !result.empty();
        },
        20));
    const std::string planted = result + ".tmp-" + std::to_string(run.pid());
    fs::create_symlink(victim, planted);
    ASSERT_TRUE(run.wait_for(kTimeoutS));
    const ProcessResult &r = run.result();
    EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    EXPECT_EQ(read_file(victim), "untouched");
    const nlohmann::json document = nlohmann::json::parse(read_file(result));
    EXPECT_EQ(document["status"], "complete");
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(victim)));
    // The temporary name that was used instead is gone. The planted link may
    // be too: the janitor removes whatever bears the run's temporary names
    // (the link, never what it points to).
    for (const auto &e : fs::directory_iterator(out)) {
        const std::string name = e.path().filename().string();
        EXPECT_TRUE(name.find(".tmp-") == std::string::npos || e.path() == planted) << name;
    }
}

TEST(InputFiles, NotARegularFileIsOneLineAtOnce) {
    const std::string dir = fresh_dir("input-not-regular");
    const std::string fifo = dir + "/fifo";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);  // nobody ever writes to it
    const std::string out = dir + "/imported";
    for (const std::string &input : {std::string("/dev/zero"), fifo}) {
        SCOPED_TRACE(input);
        const std::string reason = input == fifo ? "not a regular file (a FIFO)"
                                                 : "not a regular file (a character device)";
        const std::string line = input + ": cannot read: " + reason;
        expect_one_line(run_bounded({"--no-history", "report", input}), 2, line);
        expect_one_line(run_bounded({"--no-history", "compare", input, kResult}), 2, line);
        expect_one_line(run_bounded({"--no-history", "import", input, "-o", out}), 2, line);
        expect_one_line(run_bounded({"--suite", input, "list"}), 2, line);
    }
    EXPECT_FALSE(fs::exists(out));
}

TEST(InputFiles, AFileOverTheCapIsOneLine) {
    const std::string dir = fresh_dir("input-too-large");
    const std::string big = dir + "/big.json";
    std::ofstream(big) << "{";
    fs::resize_file(big, std::uintmax_t(300) << 20);  // sparse
    const std::string line = big + ": cannot read: 300 MiB, more than the 256 MiB";
    expect_one_line(run_bounded({"--no-history", "report", big}), 2, line);
    expect_one_line(run_bounded({"--no-history", "import", big, "-o", dir + "/out"}), 2, line);
    const std::string suite = dir + "/big.toml";
    std::ofstream(suite) << "name = \"big\"\n";
    fs::resize_file(suite, std::uintmax_t(5) << 20);
    expect_one_line(run_bounded({"--suite", suite, "list"}), 2,
                    suite + ": cannot read: 5 MiB, more than the 4 MiB");
}

// SIGINT, SIGTERM and SIGHUP at their default action in what is started
// while this lives (a test run in the background has SIGINT ignored).
class DefaultSignals {
  public:
    DefaultSignals() {
        for (int i = 0; i < 3; ++i) old_[i] = ::signal(kSignals[i], SIG_DFL);
    }
    ~DefaultSignals() {
        for (int i = 0; i < 3; ++i) ::signal(kSignals[i], old_[i]);
    }

  private:
    static constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};
    sighandler_t old_[3];
};

// A report ended by a signal while its reporter runs. SIGKILL: the
// scratch folder it had in TMPDIR (13 MB once) stayed; the document now
// goes to the reporter through memory.
TEST(InterruptedReport, LeavesNothingInTmpdirNorBesideTheOutput) {
    for (const int sig : {SIGTERM, SIGINT, SIGHUP, SIGKILL}) {
        for (const bool to_file : {true, false}) {
            SCOPED_TRACE(std::string(strsignal(sig)) + (to_file ? ", -o FILE" : ", stdout"));
            const std::string name = "interrupted-report-" + std::to_string(sig);
            const std::string tmp = fresh_dir(name + "-tmp");
            const std::string out = fresh_dir(name + "-out");
            std::vector<std::string> args = {
                "--no-history", "--plugin-path", kTestPlugins + "/reporter", "report", kResult,
                "--format",     "test-slow"};
            if (to_file) {
                args.push_back("-o");
                args.push_back(out + "/report.txt");
            }
            Command command(BYTEBENCH_CLI, args);
            command.env["TMPDIR"] = tmp;
            command.env["BYTEBENCH_TMPDIR"] = "";  // counts as unset
            // The CLI leaves an ignored signal ignored (nohup; a background
            // job's SIGINT): start it with the defaults whatever ours are.
            const DefaultSignals defaults;
            Process report(command);
            // The reporter runs (it writes a line, then sleeps 30 s).
            ASSERT_TRUE(
                wait_until([&] { return !workers_of(report.pid(), "report").empty(); }, 20));
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            ASSERT_TRUE(report.signal(sig));
            ASSERT_TRUE(report.wait_for(20)) << "still running after the signal";
            EXPECT_EQ(report.result().signal, sig) << report.result().describe();
            EXPECT_EQ(files_under(tmp), "");
            EXPECT_EQ(files_under(out), "");
        }
    }
}

// A --tmpdir with no space left: the run's temporary files fail there, its
// reports do not (before, "cannot write .../report-input-PID.json" and no
// text report). Needs root to mount a small file system.
TEST(RunReports, AFullTmpdirLosesNoReport) {
    if (geteuid() != 0) GTEST_SKIP() << "mounting a full tmpfs needs root";
    const std::string dir = fresh_dir("run-reports-full-tmpdir");
    const std::string full = dir + "/full";
    fs::create_directories(full);
    if (run_process(Command("/bin/mount", {"-t", "tmpfs", "-o", "size=64k", "tmpfs", full}))
            .exit_code != 0)
        GTEST_SKIP() << "cannot mount a tmpfs here";
    std::ofstream(full + "/filler") << std::string(64 << 10, 'x');  // as much as fits
    Command command(BYTEBENCH_CLI, {"--no-history",
                                    "--plugin-path",
                                    kTestPlugins + "/good",
                                    "run",
                                    "test.count",
                                    "-c",
                                    "1",
                                    "-i",
                                    "1",
                                    "--duration",
                                    "0.1",
                                    "--settle",
                                    "0",
                                    "--format",
                                    "text",
                                    "--format",
                                    "html",
                                    "--tmpdir",
                                    full,
                                    "-o",
                                    dir + "/results"});
    command.timeout_s = kTimeoutS;
    const CliResult r = run_process(command);
    run_process(Command("/bin/umount", {full}));
    EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    EXPECT_NE(r.out.find("Test: counting loop"), std::string::npos) << r.out;
    int reports = 0;
    for (const auto &e : fs::directory_iterator(dir + "/results"))
        reports += e.path().extension() == ".txt" || e.path().extension() == ".html";
    EXPECT_EQ(reports, 2) << files_under(dir + "/results");
}

// At RLIMIT_NOFILE 12 the tests are skipped for want of descriptors, and the
// reporter's worker could not start ("worker exited with status 126"): it
// had to place its descriptors above 10.
TEST(RunReports, ADescriptorLimitOf12StillReports) {
    const std::string dir = fresh_dir("run-reports-nofile");
    // The descriptor cache warmed first: describing plugins needs more.
    const std::map<std::string, std::string> env = {{"XDG_CACHE_HOME", dir + "/cache"}};
    const std::vector<std::string> args = {"--no-history",
                                           "--plugin-path",
                                           kTestPlugins + "/good",
                                           "run",
                                           "test.count",
                                           "-c",
                                           "1",
                                           "-i",
                                           "1",
                                           "--duration",
                                           "0.1",
                                           "--settle",
                                           "0",
                                           "--format",
                                           "text",
                                           "-o",
                                           dir + "/results"};
    ASSERT_EQ(run_cli({"--plugin-path", kTestPlugins + "/good", "list"}, env).exit_code, 0);
    // Two descriptors more held open, as the shell of the report did
    // (7 open at the end of the run).
    std::vector<std::string> argv = {"/bin/sh", "-c",
                                     "ulimit -n 12 && exec 3</dev/null 4</dev/null && exec \"$@\"",
                                     "sh", BYTEBENCH_CLI};
    argv.insert(argv.end(), args.begin(), args.end());
    Command command(argv);
    command.env = env;
    command.timeout_s = kTimeoutS;
    const CliResult r = run_process(command);
    EXPECT_EQ(r.err.find("status 126"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("Test: counting loop"), std::string::npos) << r.out << r.err;
    int reports = 0;
    for (const auto &e : fs::directory_iterator(dir + "/results"))
        reports += e.path().extension() == ".txt";
    EXPECT_EQ(reports, 1) << files_under(dir + "/results");
}

}  // namespace
}  // namespace bytebench::test
