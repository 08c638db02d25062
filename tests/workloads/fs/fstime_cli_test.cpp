// The real CLI on small disks (private tmpfs mounts, so root only; skipped
// when mounting is not permitted):
//   - a --tmpdir too small for fstime: a clear error from create(), the run
//     records where it wrote (system.tmpdir) and nothing is left behind;
//   - the --tmpdir filling up while the copies wait to measure: ENOSPC is the
//     test's error, and the per-copy folders are gone after the pass;
//   - the results folder filling up during the run: one line for the result
//     (not one per checkpoint) and one for the report, the result on disk
//     stays whole (its previous version), and no unfinished file is left.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "fs_harness.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// fsbig: 2 files of 2000 KiB a copy. fswait: 1 file of 512 KiB, after 2 s of
// untimed settling in create() (the file exists, still empty).
const char kSuite[] = R"(schema = "bytebench.suite/1"
name = "disk-cli-test"
tests = ["fsbig"]

[categories.system]
title = "System Benchmarks"

[test.fsbig]
workload = "fstime"
category = "system"
duration = 1
repeat = "short"
params = { mode = "copy", maxblocks = 2000, warmup_s = 0 }

[test.fswait]
workload = "fstime"
category = "system"
duration = 1
repeat = "short"
params = { mode = "write", maxblocks = 512, warmup_s = 1 }

[test.fsquick]
workload = "fstime"
category = "system"
duration = 0.5
repeat = "short"
params = { mode = "write", maxblocks = 64, warmup_s = 0 }
)";

// The CLI with `args`, its standard output and error together.
Command cli(const std::vector<std::string> &args) {
    Command command(BYTEBENCH_CLI, args);
    command.err_to_out = true;
    return command;
}

// Every entry under `dir`, relative, one a line.
std::string tree(const std::string &dir) {
    std::string out;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        out += fs::relative(it->path(), dir).string() + "\n";
    return out;
}

int count_files(const std::string &dir, const std::string &name) {
    int n = 0;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        n += it->path().filename() == name;
    return n;
}

// The run's result, as the child saw it: exit code, output, result
// document and what is left in the folders.
struct Seen {
    int exit_code = -1;
    std::string output, tmp_left, out_left;
    nlohmann::json result;
};

std::string pack(const Seen &s) {
    return nlohmann::json{{"exit", s.exit_code},
                          {"output", s.output},
                          {"tmp_left", s.tmp_left},
                          {"out_left", s.out_left},
                          {"result", s.result}}
        .dump();
}

Seen unpack(const std::string &text) {
    Seen s;
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        s.output = text;
        return s;
    }
    s.exit_code = j["exit"];
    s.output = j["output"];
    s.tmp_left = j["tmp_left"];
    s.out_left = j["out_left"];
    s.result = j["result"];
    return s;
}

// In the child: the result document in `out` (the one .json).
nlohmann::json read_result(const std::string &out) {
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json")
            return nlohmann::json::parse(read_file(e.path().string()), nullptr, false);
    return nullptr;
}

std::vector<std::string> cli_args(const std::string &suite, const std::string &test,
                                  const std::string &tmp, const std::string &out) {
    return {"--suite", suite, test, "--tmpdir", tmp,  "-i", "1",           "--settle",
            "0",       "-c",  "2",  "-q",       "-o", out,  "--no-history"};
}

struct Folders {
    std::string tmp, out, suite;
};

Folders folders(const std::string &name) {
    Folders f{fresh_dir(name + "-tmp"), fresh_dir(name + "-out"), ""};
    f.suite = fresh_dir(name + "-suite") + "/suite.toml";
    std::ofstream(f.suite) << kSuite;
    return f;
}

TEST(DiskCli, ATmpdirTooSmallIsAClearErrorAndLeavesNothing) {
    const Folders f = folders("too-small");
    const std::string text = in_child([&] {
        const std::string skip = mount_small_disk(f.tmp, "2m");
        if (!skip.empty()) return skip;
        std::vector<std::string> args = cli_args(f.suite, "fsbig", f.tmp, f.out);
        args.insert(args.begin() + 2, "run");
        const ProcessResult r = run_process(cli(args));
        Seen s;
        s.exit_code = r.exit_code;
        s.output = r.out;
        s.tmp_left = tree(f.tmp);
        s.result = read_result(f.out);
        return pack(s);
    });
    SKIP_IF_CHILD_SKIPPED(text);
    const Seen s = unpack(text);
    EXPECT_EQ(s.exit_code, 1) << s.output;
    ASSERT_TRUE(s.result.is_object()) << s.output;
    const nlohmann::json &t = s.result["runs"][0]["tests"][0];
    EXPECT_EQ(t["status"], "error");
    // 2 copies × 2 files × 2000 KiB + 1 MiB = 8.8 MiB.
    EXPECT_TRUE(std::regex_match(
        t["error"].get<std::string>(),
        std::regex("fstime: needs 8\\.8 MiB free in " + f.tmp +
                   "/bytebench-\\w+/fsbig-p0-c[01] \\(2 copies of 2 files of 2000 KiB, and 1\\.0 "
                   "MiB spare\\), has [12]\\.[0-9] MiB")))
        << t["error"];
    const nlohmann::json &where = s.result["system"]["tmpdir"];
    EXPECT_EQ(where["path"], f.tmp);
    EXPECT_EQ(where["fs_type"], "tmpfs");
    EXPECT_EQ(where["device"], "tmpfs");
    EXPECT_EQ(where["media"], "tmpfs");
    EXPECT_LE(where["free_bytes"].get<double>(), 2.0 * 1024 * 1024);
    EXPECT_EQ(s.tmp_left, "");
}

TEST(DiskCli, NoSpaceWhileMeasuringIsTheTestsErrorAndItsFoldersGo) {
    const Folders f = folders("fills-up");
    const std::string text = in_child([&] {
        const std::string skip = mount_small_disk(f.tmp, "4m");
        if (!skip.empty()) return skip;
        std::vector<std::string> args = cli_args(f.suite, "fswait", f.tmp, f.out);
        args.insert(args.begin() + 2, "run");
        Process run(cli(args));
        // Both copies made their (empty) dummy0 and wait in create(): fill up.
        const bool both = wait_until([&] { return count_files(f.tmp, "dummy0") == 2; }, 10);
        if (both) fill_disk(f.tmp);
        const ProcessResult &r = run.wait();
        Seen s;
        s.exit_code = r.exit_code;
        s.output = std::string(both ? "" : "the files never appeared\n") + r.out;
        s.tmp_left = tree(f.tmp);
        s.result = read_result(f.out);
        return pack(s);
    });
    SKIP_IF_CHILD_SKIPPED(text);
    const Seen s = unpack(text);
    EXPECT_EQ(s.exit_code, 1) << s.output;
    ASSERT_TRUE(s.result.is_object()) << s.output;
    const nlohmann::json &t = s.result["runs"][0]["tests"][0];
    EXPECT_EQ(t["status"], "error");
    EXPECT_TRUE(std::regex_match(
        t["error"].get<std::string>(),
        std::regex("write " + f.tmp +
                   "/bytebench-\\w+/fswait-p0-c[01]/dummy0: No space left on device \\(ENOSPC\\): "
                   "the file system is full")))
        << t["error"];
    EXPECT_EQ(s.tmp_left, "filler\n");  // the copies' folders and the run's are gone
}

TEST(DiskCli, AFullResultsFolderGivesOneLinePerFileAndNoHalfWrittenFile) {
    const Folders f = folders("results-full");
    const std::string text = in_child([&] {
        const std::string skip = mount_small_disk(f.out, "256k");
        if (!skip.empty()) return skip;
        std::vector<std::string> args = cli_args(f.suite, "fsquick", f.tmp, f.out);
        args.insert(args.begin() + 2, "run");
        Process run(cli(args));
        // The result was claimed at the start: now the disk fills up.
        const bool claimed = wait_until(
            [&] {
                for (const auto &e : fs::directory_iterator(f.out))
                    if (e.path().extension() == ".json") return true;
                return false;
            },
            10);
        if (claimed) fill_disk(f.out);
        const ProcessResult &r = run.wait();
        Seen s;
        s.exit_code = r.exit_code;
        s.output = std::string(claimed ? "" : "no result was claimed\n") + r.out;
        fs::remove(f.out + "/filler");
        s.out_left = tree(f.out);
        s.result = read_result(f.out);
        return pack(s);
    });
    SKIP_IF_CHILD_SKIPPED(text);
    const Seen s = unpack(text);
    EXPECT_EQ(s.exit_code, 1) << s.output;
    // The result on disk is whole: the version written before the disk was full.
    ASSERT_TRUE(s.result.is_object()) << s.output << s.out_left;
    EXPECT_EQ(s.result["status"], "incomplete");
    EXPECT_EQ(s.out_left.find(".tmp-"), std::string::npos) << s.out_left;
    EXPECT_EQ(s.out_left.find(".txt"), std::string::npos) << s.out_left;
    // One line for the result (not one per checkpoint), one per report.
    const std::regex result_line("error: cannot write " + f.out +
                                 "/[^ ]+\\.json: No space left on device \\(the file keeps its "
                                 "previous version\\)\n");
    const auto lines =
        std::distance(std::sregex_iterator(s.output.begin(), s.output.end(), result_line),
                      std::sregex_iterator());
    EXPECT_EQ(lines, 1) << s.output;
    // The reporter writes into the run's temp folder; the CLI copies it into
    // place, and that is what fails.
    const std::regex report_line("error: cannot write " + f.out +
                                 "/[^ ]+\\.txt: No space left on device\n");
    EXPECT_TRUE(std::regex_search(s.output, report_line)) << s.output;
}

}  // namespace
}  // namespace bytebench::test
