// disk-rand-read through the real CLI and worker, with a small file from a
// suite of its own: the result has the workload's unit, a value and no index
// (the disk tests have no baseline).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "disk_harness.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const char kSuite[] = R"(schema = "bytebench.suite/1"
name = "disk-cli-test"
tests = ["disk-rand-read"]

[test.disk-rand-read]
workload = "disk-rand-read"
name = "Disk random read, 4 MiB file"
params = { file_mib = 4 }
)";

TEST(DiskWorkloadCli, RandReadRunsThroughTheWorkerInIops) {
    const std::string out = fresh_dir("cli-out"), tmp = fresh_dir("cli-tmp");
    const std::string suite = fresh_dir("cli-suite") + "/suite.toml";
    std::ofstream(suite) << kSuite;
    Command cli(BYTEBENCH_CLI,
                {"--suite", suite, "run", "disk-rand-read", "-i", "1", "--duration", "0.3",
                 "--settle", "0", "-c", "1", "-q", "-o", out, "--tmpdir", tmp, "--no-history"});
    cli.err_to_out = true;
    const ProcessResult r = run_process(cli);
    ASSERT_TRUE(r.exited() && r.exit_code == 0) << r.describe() << "\n" << r.out;
    nlohmann::json doc;
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") doc = nlohmann::json::parse(read_file(e.path()));
    ASSERT_TRUE(doc.is_object()) << "no result in " << out;
    const nlohmann::json &t = doc.at("runs").at(0).at("tests").at(0);
    EXPECT_EQ(t.value("status", ""), "ok") << t.dump();
    EXPECT_EQ(t.value("workload", ""), "disk-rand-read");
    EXPECT_EQ(t.value("unit", ""), "IOPS");
    EXPECT_EQ(t.at("params").value("file_mib", ""), "4") << t.dump();
    EXPECT_GT(t.value("value", 0.0), 0.0) << t.dump();
    EXPECT_FALSE(t.contains("index")) << t.dump();
    EXPECT_FALSE(t.contains("baseline")) << t.dump();
    // The copy's folder (and the file in it) is gone.
    EXPECT_TRUE(fs::is_empty(tmp)) << fs::directory_iterator(tmp)->path();
}

// The issue's example: a parameter from the command line, over the suite's
// and the workload's, lands in the result and reaches the workload.
TEST(DiskWorkloadCli, RunParamQueueDepthIsRecorded) {
    const std::string out = fresh_dir("cli-param-out"), tmp = fresh_dir("cli-param-tmp");
    Command cli(BYTEBENCH_CLI, {"run",        "disk-rand-read",
                                "--param",    "file_mib=4",
                                "--param",    "queue_depth=2",
                                "-i",         "1",
                                "--duration", "0.2",
                                "--settle",   "0",
                                "-c",         "1",
                                "-q",         "-o",
                                out,          "--tmpdir",
                                tmp,          "--no-history"});
    const ProcessResult r = run_process(cli);
    ASSERT_TRUE(r.exited() && r.exit_code == 0) << r.describe() << "\n" << r.err;
    nlohmann::json doc;
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") doc = nlohmann::json::parse(read_file(e.path()));
    ASSERT_TRUE(doc.is_object()) << "no result in " << out;
    const nlohmann::json &t = doc.at("runs").at(0).at("tests").at(0);
    EXPECT_EQ(t.value("status", ""), "ok") << t.dump();
    EXPECT_EQ(t.at("params").value("queue_depth", ""), "2") << t.dump();
    EXPECT_EQ(t.at("params").value("direct", ""), "auto") << t.dump();
    EXPECT_EQ(t.at("details").value("queue_depth", ""), "2") << t.dump();
}

// Refused from the descriptor's choices, before the run claims a result file
// or makes its temporary folder: nothing in either folder.
TEST(DiskWorkloadCli, AnUnknownDirectModeIsRefusedBeforeAnyWorkerStarts) {
    const std::string out = fresh_dir("cli-bogus-out"), tmp = fresh_dir("cli-bogus-tmp");
    Command cli(BYTEBENCH_CLI,
                {"run", "disk-rand-read", "--param", "direct=bogus", "-i", "1", "--duration", "0.2",
                 "--settle", "0", "-c", "1", "-q", "-o", out, "--tmpdir", tmp, "--no-history"});
    const ProcessResult r = run_process(cli);
    EXPECT_TRUE(r.exited() && r.exit_code == 2) << r.describe();
    EXPECT_EQ(r.err,
              "bytebench: error: --param direct=bogus: test 'disk-rand-read': parameter 'direct' "
              "of workload 'disk-rand-read' must be one of auto, on, off, not 'bogus'\n");
    EXPECT_TRUE(fs::is_empty(out));
    EXPECT_TRUE(fs::is_empty(tmp));
}

}  // namespace
}  // namespace bytebench::test
