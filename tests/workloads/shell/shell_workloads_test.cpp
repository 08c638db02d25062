// Tests of the shell plugin's workloads (shell, dc, grep, cc) through the
// plugin boundary: shell.so is opened with dlopen() and its C entry points are
// called with a small fake host, and a SIGALRM timer sets the stop flag, as in
// a worker. The last tests run shell1 and shell8 through the real CLI.
#include <bytebench/plugin.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "fake_host.h"
#include "files.h"
#include "process_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

void on_alarm(int) { g_stop_flag = 1; }

const bb_plugin &shell_plugin() { return load_plugin(SHELL_PLUGIN); }
const bb_workload &workload(const std::string &id) { return find_workload(SHELL_PLUGIN, id); }

using Params = std::map<std::string, std::string>;

// A fresh, empty temporary folder, removed at the end of the test.
class TempDir {
  public:
    TempDir() {
        std::string pattern = ::testing::TempDir() + "bb-shell-XXXXXX";
        if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const std::string &path() const { return path_; }

  private:
    std::string path_;
};

struct Outcome {
    bb_status create_status = BB_ERROR;
    bb_status run_status = BB_ERROR;
    double count = 0;
    double seconds = 0;
    std::string error;
};

// One pass of `id` in `dir`, timed like a worker: create(), then a SIGALRM
// timer of `seconds` that sets the stop flag, run(), destroy(). With
// `seconds` < 0, only create() and destroy().
Outcome run_pass(const std::string &id, const std::string &dir, double seconds,
                 const Params &params = {}) {
    const bb_workload &w = workload(id);
    const ParamArrays p(w, params);
    fake_host_state().temp_dir = dir;
    g_stop_flag = 0;

    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = 1;
    ctx.duration_ns = seconds > 0 ? static_cast<uint64_t>(seconds * 1e9) : 0;
    ctx.stop_flag = &g_stop_flag;
    p.apply(ctx);

    Outcome out;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    out.create_status = w.create(fake_host(), &ctx, &instance, result.error, sizeof result.error);
    if (out.create_status != BB_OK || seconds < 0) {
        out.error = result.error;
        if (w.destroy != nullptr) w.destroy(instance);
        return out;
    }

    struct sigaction sa {};
    sa.sa_handler = &on_alarm;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, nullptr);
    itimerval timer{};
    timer.it_value.tv_sec = static_cast<time_t>(seconds);
    timer.it_value.tv_usec =
        static_cast<suseconds_t>((seconds - static_cast<double>(timer.it_value.tv_sec)) * 1e6);
    ctx.deadline_ns = monotonic_ns() + ctx.duration_ns;
    const uint64_t start = monotonic_ns();
    setitimer(ITIMER_REAL, &timer, nullptr);
    out.run_status = w.run(instance, fake_host(), &ctx, &result);
    out.seconds = static_cast<double>(monotonic_ns() - start) / 1e9;
    const itimerval off{};
    setitimer(ITIMER_REAL, &off, nullptr);
    out.count = result.count;
    out.error = result.error;
    w.destroy(instance);
    return out;
}

void write_file(const std::string &path, const std::string &content, mode_t mode = 0644) {
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << content;
        if (!out) throw std::runtime_error("cannot write " + path);
    }
    chmod(path.c_str(), mode);
}

std::vector<std::string> lines_of(const std::string &text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::set<std::string> files_in(const std::string &dir) {
    std::set<std::string> names;
    for (const auto &e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
    return names;
}

// The single file in `dir` whose name starts with `prefix`.
std::string only_file(const std::string &dir, const std::string &prefix) {
    std::vector<std::string> found;
    for (const auto &name : files_in(dir))
        if (name.rfind(prefix, 0) == 0) found.push_back(name);
    if (found.size() != 1)
        throw std::runtime_error(std::to_string(found.size()) + " files " + prefix + "* in " + dir);
    return dir + "/" + found[0];
}

bool have_program(const std::string &name) { return !find_program(name).empty(); }

std::string current_path() {
    const char *path = std::getenv("PATH");
    return path != nullptr ? path : "/usr/bin:/bin";
}

// Sets $PATH for the scope of the object.
class ScopedPath {
  public:
    explicit ScopedPath(const std::string &path) : old_(current_path()) {
        setenv("PATH", path.c_str(), 1);
    }
    ~ScopedPath() { setenv("PATH", old_.c_str(), 1); }

  private:
    std::string old_;
};

double within_percent(double value, double target) {
    return std::abs(value - target) / target * 100.0;
}

// --- the descriptors ---------------------------------------------------------

TEST(ShellPlugin, DescribesItsFourWorkloads) {
    const bb_plugin &p = shell_plugin();
    EXPECT_STREQ(p.id, "org.bytebench.shell");
    ASSERT_EQ(p.workload_count, 4u);
    struct Expect {
        const char *id, *category;
        double duration;
    };
    for (const Expect &e : {Expect{"shell", "system", 60}, Expect{"dc", "misc", 30},
                            Expect{"grep", "misc", 30}, Expect{"cc", "misc", 60}}) {
        const bb_workload &w = workload(e.id);
        EXPECT_STREQ(w.unit, "lpm") << e.id;
        EXPECT_EQ(w.time_base_s, 60u) << e.id;
        EXPECT_EQ(w.repeat, BB_REPEAT_SHORT) << e.id;
        EXPECT_EQ(w.default_duration_s, e.duration) << e.id;
        EXPECT_STREQ(w.category, e.category) << e.id;
        EXPECT_GE(w.processes_per_copy, 2u) << e.id;
    }
    const bb_workload &shell = workload("shell");
    ASSERT_EQ(shell.param_count, 1u);
    EXPECT_STREQ(shell.params[0].key, "concurrency");
    EXPECT_STREQ(shell.params[0].default_value, "1");
    const bb_workload &dc = workload("dc");
    ASSERT_EQ(dc.param_count, 1u);
    EXPECT_STREQ(dc.params[0].key, "shared_input");
    EXPECT_STREQ(dc.params[0].default_value, "true");
}

// --- generated inputs --------------------------------------------------------

// create() of `id` in two fresh folders must write the same bytes to `file`.
std::string generated_twice(const std::string &id, const std::string &file,
                            const Params &params = {}) {
    TempDir a, b;
    const Outcome ra = run_pass(id, a.path(), -1, params);
    if (ra.create_status == BB_SKIPPED) return "";
    EXPECT_EQ(ra.create_status, BB_OK) << ra.error;
    EXPECT_EQ(run_pass(id, b.path(), -1, params).create_status, BB_OK);
    const std::string first = read_file(a.path() + "/" + file);
    EXPECT_EQ(first, read_file(b.path() + "/" + file)) << id << ": " << file << " differs";
    return first;
}

TEST(ShellInputs, ShellInputIsDeterministicScriptLikeTextOfSortSrcSize) {
    const std::string text = generated_twice("shell", "input.txt");
    const auto lines = lines_of(text);
    // UnixBench's sort.src: 362 lines, 8546 bytes (ours are exact).
    EXPECT_LT(within_percent(static_cast<double>(lines.size()), 362), 3.0) << lines.size();
    EXPECT_LT(within_percent(static_cast<double>(text.size()), 8546), 3.0) << text.size();
    EXPECT_EQ(text.back(), '\n');
    const auto with_the = std::count_if(lines.begin(), lines.end(), [](const std::string &l) {
        return l.find("the") != std::string::npos;
    });
    EXPECT_GE(with_the, 20);
    EXPECT_LE(with_the, 60);
    EXPECT_EQ(lines[0], "#!/bin/sh");
}

TEST(ShellInputs, GrepInputIsDeterministicWithTheGeneratedNumberOfMatches) {
    const std::string text = generated_twice("grep", "large.txt");
    const auto lines = lines_of(text);
    // UnixBench's large.txt: 10000 lines, 708495 bytes, 1032 with "gimp".
    EXPECT_EQ(lines.size(), 10000u);
    EXPECT_LT(within_percent(static_cast<double>(text.size()), 708495), 3.0) << text.size();
    const auto matching = std::count_if(lines.begin(), lines.end(), [](const std::string &l) {
        return l.find("gimp") != std::string::npos;
    });
    EXPECT_EQ(matching, 1032);
}

TEST(ShellInputs, CProgramIsDeterministicAndCctestSized) {
    if (!have_program("gcc") && !have_program("cc")) GTEST_SKIP() << "no C compiler";
    const std::string text = generated_twice("cc", "program.c");
    const auto lines = lines_of(text);
    // UnixBench's cctest.c: 156 lines, 3584 bytes.
    EXPECT_LT(within_percent(static_cast<double>(lines.size()), 156), 5.0) << lines.size();
    EXPECT_LT(within_percent(static_cast<double>(text.size()), 3584), 5.0) << text.size();
    EXPECT_NE(text.find("int main("), std::string::npos);
}

TEST(ShellInputs, DcInputIsDeterministicAndComputesSqrt2) {
    if (!have_program("dc")) GTEST_SKIP() << "dc is not installed";
    const std::string text = generated_twice("dc", "sqrt2.dc");
    EXPECT_NE(text.find("99"), std::string::npos);
    EXPECT_NE(text.find('v'), std::string::npos);
}

// --- the shell script ---------------------------------------------------------

// Runs `sh <script> input.txt` in `dir` in the C locale; returns its exit status.
int run_script(const std::string &dir, const std::string &script) {
    Command sh({"/bin/sh", script, "input.txt"});
    sh.cwd = dir;
    sh.env["LC_ALL"] = "C";
    return run_process(sh).exit_code;
}

TEST(ShellScript, ProducesTheExpectedFilesBeforeCleaningThemUp) {
    TempDir dir;
    const Outcome created = run_pass("shell", dir.path(), -1);
    ASSERT_EQ(created.create_status, BB_OK) << created.error;
    // create() ran the script once: nothing but the inputs is left.
    EXPECT_EQ(files_in(dir.path()),
              (std::set<std::string>{"input.txt", "work.sh", "driver.sh", "stderr.log"}));

    // The script without its last line, the rm.
    const std::string script = read_file(dir.path() + "/work.sh");
    auto lines = lines_of(script);
    ASSERT_FALSE(lines.empty());
    ASSERT_EQ(lines.back().rfind("rm ", 0), 0u) << lines.back();
    lines.pop_back();
    std::string keep;
    for (const auto &l : lines) keep += l + "\n";
    write_file(dir.path() + "/keep.sh", keep);
    ASSERT_EQ(run_script(dir.path(), "keep.sh"), 0);

    // sort.$$: the input's lines, sorted (bytewise in the C locale).
    auto input = lines_of(read_file(dir.path() + "/input.txt"));
    std::sort(input.begin(), input.end());
    const auto sorted = lines_of(read_file(only_file(dir.path(), "sort.")));
    EXPECT_EQ(sorted, input);

    // od.$$: od of the sorted file, in numeric order of its first field; the
    // last line is the size in octal.
    const auto dump = lines_of(read_file(only_file(dir.path(), "od.")));
    ASSERT_GT(dump.size(), 500u);
    double previous = -1;
    for (const auto &l : dump) {
        const double offset = std::stod(l.substr(0, l.find(' ')));
        EXPECT_GE(offset, previous) << l;
        previous = offset;
    }
    const std::string input_text = read_file(dir.path() + "/input.txt");
    EXPECT_EQ(std::stoul(dump.back(), nullptr, 8), input_text.size());

    // grep.$$: the sorted lines that contain "the", in order.
    std::vector<std::string> matches;
    for (const auto &l : sorted)
        if (l.find("the") != std::string::npos) matches.push_back(l);
    ASSERT_FALSE(matches.empty());
    const std::string grep_text = read_file(only_file(dir.path(), "grep."));
    EXPECT_EQ(lines_of(grep_text), matches);

    // wc.$$: lines, words and bytes of grep's output.
    std::istringstream wc(read_file(only_file(dir.path(), "wc.")));
    size_t wc_lines = 0, wc_words = 0, wc_bytes = 0;
    wc >> wc_lines >> wc_words >> wc_bytes;
    size_t words = 0;
    std::istringstream all(grep_text);
    for (std::string w; all >> w;) ++words;
    EXPECT_EQ(wc_lines, matches.size());
    EXPECT_EQ(wc_words, words);
    EXPECT_EQ(wc_bytes, grep_text.size());

    // The whole script removes all four files again.
    const auto before = files_in(dir.path());
    ASSERT_EQ(run_script(dir.path(), "work.sh"), 0);
    EXPECT_EQ(files_in(dir.path()), before);
}

TEST(ShellScript, ConcurrentInstancesUseTheirOwnFiles) {
    TempDir dir;
    ASSERT_EQ(run_pass("shell", dir.path(), -1).create_status, BB_OK);
    const auto lines = lines_of(read_file(dir.path() + "/work.sh"));
    for (const auto &l : lines) {
        if (l.empty() || l[0] == '#') continue;
        EXPECT_NE(l.find(".$$"), std::string::npos) << "a file not named after the PID: " << l;
    }
}

// --- timed passes ------------------------------------------------------------

void expect_counts(const std::string &id, const Params &params = {}) {
    TempDir dir;
    const Outcome out = run_pass(id, dir.path(), 1.0, params);
    if (out.create_status == BB_SKIPPED) GTEST_SKIP() << out.error;
    ASSERT_EQ(out.create_status, BB_OK) << out.error;
    ASSERT_EQ(out.run_status, BB_OK) << out.error;
    EXPECT_GT(out.count, 0.0);
    // run() returns after the run in flight at the stop is finished.
    EXPECT_GE(out.seconds, 0.99);
    EXPECT_LT(out.seconds, 5.0);
}

TEST(ShellPass, Concurrency1Counts) { expect_counts("shell"); }
TEST(ShellPass, Concurrency3Counts) { expect_counts("shell", {{"concurrency", "3"}}); }
TEST(ShellPass, DcWithSharedInputCounts) { expect_counts("dc"); }
TEST(ShellPass, DcWithFreshInputCounts) { expect_counts("dc", {{"shared_input", "false"}}); }
TEST(ShellPass, GrepCounts) { expect_counts("grep"); }
TEST(ShellPass, CcCounts) { expect_counts("cc"); }
TEST(ShellPass, CcCompileOnlyCounts) { expect_counts("cc", {{"link", "false"}}); }

TEST(ShellPass, TheScriptsLeaveNoFilesBehind) {
    TempDir dir;
    const Outcome out = run_pass("shell", dir.path(), 0.5, {{"concurrency", "4"}});
    ASSERT_EQ(out.run_status, BB_OK) << out.error;
    EXPECT_EQ(files_in(dir.path()),
              (std::set<std::string>{"input.txt", "work.sh", "driver.sh", "stderr.log"}));
}

TEST(ShellPass, ABadConcurrencyIsAnError) {
    TempDir dir;
    const Outcome out = run_pass("shell", dir.path(), -1, {{"concurrency", "0"}});
    EXPECT_EQ(out.create_status, BB_ERROR);
    EXPECT_NE(out.error.find("concurrency"), std::string::npos) << out.error;
}

// --- failures ----------------------------------------------------------------

// A folder with fake programs, put first in $PATH.
class FakeTools {
  public:
    void add(const std::string &name, const std::string &script) {
        write_file(dir_.path() + "/" + name, "#!/bin/sh\n" + script, 0755);
    }
    std::string path() const { return dir_.path() + ":" + current_path(); }

  private:
    TempDir dir_;
};

// What dc prints for the generated input, on one line.
const char *const kSqrt2 =
    "1.414213562373095048801688724209698078569671875376948073176679737990732478462107038850387534"
    "327641572";

// A fake dc that prints sqrt(2) and notes in <log>/got or <log>/empty
// whether its standard input had anything in it.
void add_recording_dc(FakeTools &fake, const std::string &log) {
    fake.add("dc", "if [ -n \"$(cat)\" ]; then echo x >>'" + log + "/got'; else echo x >>'" + log +
                       "/empty'; fi\necho " + kSqrt2 + "\n");
}

size_t lines_in(const std::string &path) {
    return fs::exists(path) ? lines_of(read_file(path)).size() : 0;
}

TEST(ShellDc, SharedInputIsReadByTheFirstRunOnly) {
    FakeTools fake;
    TempDir log, dir;
    add_recording_dc(fake, log.path());
    ScopedPath path(fake.path());
    const Outcome out = run_pass("dc", dir.path(), 0.5);
    ASSERT_EQ(out.run_status, BB_OK) << out.error;
    ASSERT_GE(out.count, 2);
    // create()'s check and the first timed run read the input; the others
    // (the counted ones but the first, and the uncounted last) found it empty.
    EXPECT_EQ(lines_in(log.path() + "/got"), 2u);
    EXPECT_EQ(lines_in(log.path() + "/empty"), static_cast<size_t>(out.count));
}

TEST(ShellDc, FreshInputIsReadByEveryRun) {
    FakeTools fake;
    TempDir log, dir;
    add_recording_dc(fake, log.path());
    ScopedPath path(fake.path());
    const Outcome out = run_pass("dc", dir.path(), 0.5, {{"shared_input", "false"}});
    ASSERT_EQ(out.run_status, BB_OK) << out.error;
    ASSERT_GE(out.count, 1);
    EXPECT_EQ(lines_in(log.path() + "/got"), static_cast<size_t>(out.count) + 2);
    EXPECT_EQ(lines_in(log.path() + "/empty"), 0u);
}

TEST(ShellFailures, GrepPrintingAnotherCountIsAnError) {
    FakeTools fake;
    fake.add("grep", "echo 7\n");
    ScopedPath path(fake.path());
    TempDir dir;
    const Outcome out = run_pass("grep", dir.path(), -1);
    EXPECT_EQ(out.create_status, BB_ERROR);
    EXPECT_NE(out.error.find("\"7\""), std::string::npos) << out.error;
    EXPECT_NE(out.error.find("1032"), std::string::npos) << out.error;
}

TEST(ShellFailures, AFailingCommandIsAnErrorWithItsStatusAndStderr) {
    FakeTools fake;
    fake.add("grep", "echo 'grep: out of luck' >&2\nexit 2\n");
    ScopedPath path(fake.path());
    TempDir dir;
    const Outcome out = run_pass("grep", dir.path(), -1);
    EXPECT_EQ(out.create_status, BB_ERROR);
    EXPECT_NE(out.error.find("exited with status 2"), std::string::npos) << out.error;
    EXPECT_NE(out.error.find("out of luck"), std::string::npos) << out.error;
}

TEST(ShellFailures, AFailureInTheTimedLoopIsAnError) {
    // A dc that answers correctly while it has input and fails on an empty
    // one: with the shared input, the second timed run fails.
    FakeTools fake;
    fake.add("dc", std::string("[ -n \"$(cat)\" ] || exit 5\necho ") + kSqrt2 + "\n");
    ScopedPath path(fake.path());
    TempDir dir;
    const Outcome out = run_pass("dc", dir.path(), 2.0);
    ASSERT_EQ(out.create_status, BB_OK) << out.error;
    EXPECT_EQ(out.run_status, BB_ERROR);
    EXPECT_NE(out.error.find("dc exited with status 5 (run 2)"), std::string::npos) << out.error;
}

TEST(ShellFailures, AKilledCommandIsAnError) {
    FakeTools fake;
    fake.add("grep", "kill -9 $$\n");
    ScopedPath path(fake.path());
    TempDir dir;
    const Outcome out = run_pass("grep", dir.path(), -1);
    EXPECT_EQ(out.create_status, BB_ERROR);
    EXPECT_NE(out.error.find("signal 9"), std::string::npos) << out.error;
}

TEST(ShellFailures, AFailingScriptIsAnErrorWithItsStatus) {
    // The script's last command is rm: a failing rm makes the script fail.
    FakeTools fake;
    fake.add("rm", "exit 3\n");
    ScopedPath path(fake.path());
    TempDir dir;
    const Outcome out = run_pass("shell", dir.path(), -1, {{"concurrency", "2"}});
    EXPECT_EQ(out.create_status, BB_ERROR);
    EXPECT_NE(out.error.find("the shell scripts exited with status 3"), std::string::npos)
        << out.error;
}

TEST(ShellScript, TheDriverStartsTheInstancesAndPassesOnAFailure) {
    TempDir dir;
    ASSERT_EQ(run_pass("shell", dir.path(), -1).create_status, BB_OK);
    // Instances that append to a log; exactly one (the first to create the
    // folder) fails.
    write_file(dir.path() + "/fake.sh",
               "echo $1 >>log.txt\nif mkdir failed 2>/dev/null; then exit 4; fi\n");
    Command driver({"/bin/sh", "driver.sh", "3", "fake.sh", "x"});
    driver.cwd = dir.path();
    const ProcessResult r = run_process(driver);
    ASSERT_TRUE(r.exited()) << r.describe();
    EXPECT_EQ(r.exit_code, 4);
    EXPECT_EQ(lines_of(read_file(dir.path() + "/log.txt")),
              (std::vector<std::string>{"x", "x", "x"}));
}

TEST(ShellFailures, AMissingDcIsASkip) {
    TempDir empty;
    ScopedPath path(empty.path());
    TempDir dir;
    const Outcome out = run_pass("dc", dir.path(), -1);
    EXPECT_EQ(out.create_status, BB_SKIPPED);
    EXPECT_EQ(out.error, "dc is not installed (Debian package dc)");
}

TEST(ShellFailures, AMissingCompilerIsASkip) {
    TempDir empty;
    ScopedPath path(empty.path());
    TempDir dir;
    const Outcome out = run_pass("cc", dir.path(), -1);
    EXPECT_EQ(out.create_status, BB_SKIPPED);
    EXPECT_EQ(out.error, "no C compiler (cc/gcc) found");
}

// --- through the CLI ------------------------------------------------------------

// `bytebench run <test> -i 1 --duration 1 --settle 0 -c 1 -o DIR`: the test's
// entry in the result JSON.
nlohmann::json run_cli(const std::string &test) {
    TempDir out;
    const ProcessResult r =
        run_process(Command(BYTEBENCH_CLI, {"run", test, "-i", "1", "--duration", "1", "--settle",
                                            "0", "-c", "1", "-q", "-o", out.path()}));
    EXPECT_TRUE(r.exited() && r.exit_code == 0) << test << ": " << r.describe() << "\n" << r.err;
    for (const auto &e : fs::directory_iterator(out.path()))
        if (e.path().extension() == ".json") {
            const auto doc = nlohmann::json::parse(read_file(e.path().string()));
            return doc.at("runs").at(0).at("tests").at(0);
        }
    ADD_FAILURE() << "no result in " << out.path();
    return {};
}

TEST(ShellCli, Shell1AndShell8RunThroughTheWorker) {
    for (const auto &[test, concurrency] : {std::pair{"shell1", "1"}, std::pair{"shell8", "8"}}) {
        const auto t = run_cli(test);
        ASSERT_FALSE(t.is_null());
        EXPECT_EQ(t.value("status", ""), "ok") << t.dump();
        EXPECT_EQ(t.value("workload", ""), "shell");
        EXPECT_EQ(t.at("params").value("concurrency", ""), concurrency);
        EXPECT_EQ(t.value("unit", ""), "lpm");
        EXPECT_GT(t.value("value", 0.0), 0.0) << t.dump();
    }
}

}  // namespace
}  // namespace bytebench::test
