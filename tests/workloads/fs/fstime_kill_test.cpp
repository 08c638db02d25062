// The file tests leave no files behind, even when killed: the real CLI runs
// fstime and is interrupted (SIGTERM) or loses its worker (SIGKILL to the
// worker's process group), during the untimed warm-up and while measuring.
// After a worker is killed the run goes on, and the crashed copy's folder must
// be gone before the next test starts.
#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "fs_harness.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// A suite whose copy test has short warm-ups, to be killed while measuring.
const char kFastSuite[] = R"(schema = "bytebench.suite/1"
name = "fs-kill-test"
tests = ["fastcopy"]

[categories.system]
title = "System Benchmarks"

[test.fastcopy]
workload = "fstime"
category = "system"
duration = 5
repeat = "short"
params = { mode = "copy", bufsize = 1024, maxblocks = 2000, warmup_s = 0.1 }

[test.fastwrite]
workload = "fstime"
category = "system"
duration = 2
repeat = "short"
params = { mode = "write", bufsize = 1024, maxblocks = 2000, warmup_s = 0.1 }
)";

// Size of the first file called `name` under `dir`, or -1.
long long file_size(const std::string &dir, const std::string &name) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().filename() == name) {
            const auto size = fs::file_size(it->path(), ec);
            return ec ? -1 : (long long)size;
        }
    return -1;
}

// Whether a folder whose name starts with `prefix` exists under `dir`.
bool has_dir(const std::string &dir, const std::string &prefix) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory() && it->path().filename().string().rfind(prefix, 0) == 0) return true;
    return false;
}

bool is_empty_dir(const std::string &dir) {
    std::error_code ec;
    return fs::is_empty(dir, ec) && !ec;
}

std::string listing(const std::string &dir) {
    std::string out;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        out += it->path().string() + "\n";
    return out;
}

// The running `bytebench-worker run` children of process `cli`.
struct Scenario {
    std::string name;
    bool fast_suite;   // warm-ups of 0.1 s: kill while measuring
    bool kill_worker;  // SIGKILL the worker's group, else SIGTERM the CLI
};

void PrintTo(const Scenario &s, std::ostream *os) { *os << s.name; }

class FstimeKill : public ::testing::TestWithParam<Scenario> {};

TEST_P(FstimeKill, LeavesTheTmpdirEmpty) {
    const Scenario &s = GetParam();
    const std::string tmp = fresh_dir("kill-" + s.name + "-tmp");
    const std::string out = fresh_dir("kill-" + s.name + "-out");
    std::vector<std::string> args;
    if (s.fast_suite) {
        std::ofstream(out + "/suite.toml") << kFastSuite;
        args = {"--suite", out + "/suite.toml"};
    }
    // With a worker killed while measuring, a second test follows: the CLI
    // must remove the crashed copy's folder before it goes on.
    const bool next_test = s.fast_suite && s.kill_worker;
    for (const char *a : {"run", s.fast_suite ? "fastcopy" : "fstime"}) args.push_back(a);
    if (next_test) args.push_back("fastwrite");
    for (const char *a :
         {"--tmpdir", tmp.c_str(), "-i", "1", "--settle", "0", "-c", "1", "-q", "-o", out.c_str()})
        args.push_back(a);
    if (!s.fast_suite)
        for (const char *a : {"--duration", "5"}) args.push_back(a);
    Command command(BYTEBENCH_CLI, args);
    command.err_to_out = true;
    Process cli(command);  // killed if still running at the end (~Process)

    // Warm-up: dummy0 exists (create() is sleeping or warming up). Measuring:
    // dummy1, written only by the measured copy phase, has data.
    const bool reached = wait_until(
        [&] { return s.fast_suite ? file_size(tmp, "dummy1") > 0 : file_size(tmp, "dummy0") >= 0; },
        10);
    ASSERT_TRUE(reached) << "no file appeared; " << listing(tmp);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_FALSE(cli.wait_for(0)) << "the CLI ended before it was killed";

    if (s.kill_worker) {
        const std::vector<pid_t> workers = workers_of(cli.pid());
        ASSERT_EQ(workers.size(), 1u);
        ASSERT_EQ(kill(-workers[0], SIGKILL), 0) << std::strerror(errno);
    } else {
        ASSERT_TRUE(cli.signal(SIGTERM));
    }
    if (next_test) {
        ASSERT_TRUE(wait_until([&] { return has_dir(tmp, "fastwrite-"); }, 10))
            << "the next test did not start; " << listing(tmp);
        EXPECT_FALSE(has_dir(tmp, "fastcopy-")) << "left behind:\n" << listing(tmp);
    }
    ASSERT_TRUE(cli.wait_for(15)) << "the CLI did not end";
    const ProcessResult &r = cli.result();
    ASSERT_TRUE(r.exited()) << r.describe();
    if (s.kill_worker) {
        EXPECT_NE(r.exit_code, 0);  // the test failed; the run itself went on
        int results = 0;
        for (const auto &e : fs::directory_iterator(out)) {
            if (e.path().extension() != ".json") continue;
            std::ifstream in(e.path());
            const nlohmann::json doc = nlohmann::json::parse(in);
            EXPECT_EQ(doc["runs"][0]["tests"][0]["status"], "crashed") << doc.dump(2);
            if (next_test) {
                EXPECT_EQ(doc["runs"][0]["tests"][1]["status"], "ok") << doc.dump(2);
            }
            ++results;
        }
        EXPECT_EQ(results, 1);
    } else {
        EXPECT_EQ(r.exit_code, 128 + SIGTERM);
    }
    EXPECT_TRUE(is_empty_dir(tmp)) << "left behind:\n" << listing(tmp);
}

INSTANTIATE_TEST_SUITE_P(Cli, FstimeKill,
                         ::testing::Values(Scenario{"term-warmup", false, false},
                                           Scenario{"term-measuring", true, false},
                                           Scenario{"worker-warmup", false, true},
                                           Scenario{"worker-measuring", true, true}),
                         [](const auto &info) {
                             std::string n = info.param.name;
                             for (char &c : n)
                                 if (c == '-') c = '_';
                             return n;
                         });

}  // namespace
}  // namespace bytebench::test
