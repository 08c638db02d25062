// The memory plugin's four STREAM workloads through the C ABI, with the fake
// host (tests/support) standing in for bytebench-worker and a thread as the
// stop flag; and stream-triad through the real CLI and worker.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "fake_host.h"
#include "files.h"
#include "process_runner.h"
#include "stream.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const char *const kIds[] = {"stream-copy", "stream-scale", "stream-add", "stream-triad"};

const bb_workload &workload(const std::string &id) { return find_workload(MEMORY_PLUGIN, id); }

struct Outcome {
    bb_status created = BB_ERROR;
    bb_status ran = BB_ERROR;  // BB_ERROR as well when run() was not reached
    double count = 0;
    uint64_t elapsed_ns = 0;
    std::string error;
    std::map<std::string, std::string> details;
};

// create(), run() until the stop flag is set `run_s` seconds later, destroy().
Outcome exercise(const std::string &id, const std::map<std::string, std::string> &params,
                 uint32_t copies = 1, double run_s = 0.2) {
    const bb_workload &w = workload(id);
    const ParamArrays arrays(w, params);
    fake_host_state().details.clear();
    g_stop_flag = 0;
    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = copies;
    ctx.duration_ns = uint64_t(run_s * 1e9);
    ctx.stop_flag = &g_stop_flag;
    arrays.apply(ctx);

    Outcome out;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    out.created = w.create(fake_host(), &ctx, &instance, result.error, sizeof result.error);
    if (out.created == BB_OK) {
        ctx.deadline_ns = monotonic_ns() + ctx.duration_ns;
        std::thread timer([&] {
            std::this_thread::sleep_for(std::chrono::duration<double>(run_s));
            g_stop_flag = 1;
        });
        out.ran = w.run(instance, fake_host(), &ctx, &result);
        timer.join();
        out.count = result.count;
        out.elapsed_ns = result.elapsed_ns;
    }
    out.error = result.error;
    if (w.destroy != nullptr) w.destroy(instance);
    out.details = fake_host_state().details;
    return out;
}

TEST(MemoryPlugin, DescribesFourStreamWorkloads) {
    const bb_plugin &p = load_plugin(MEMORY_PLUGIN);
    EXPECT_STREQ(p.id, "org.bytebench.memory");
    EXPECT_EQ(p.workload_count, 4u);
    for (const char *id : kIds) {
        const bb_workload &w = workload(id);
        EXPECT_STREQ(w.unit, "MB/s") << id;
        EXPECT_STREQ(w.category, "memory") << id;
        EXPECT_EQ(w.baseline, 0.0) << id;
        EXPECT_EQ(w.time_base_s, 1u) << id;
        EXPECT_EQ(w.repeat, BB_REPEAT_LONG) << id;
        EXPECT_EQ(w.default_duration_s, 10.0) << id;
        EXPECT_EQ(w.flags, 0u) << id;
        EXPECT_EQ(w.processes_per_copy, 1u) << id;
        ASSERT_EQ(w.param_count, 1u) << id;
        EXPECT_STREQ(w.params[0].key, "array_mib");
        EXPECT_STREQ(w.params[0].type, "int");
        EXPECT_STREQ(w.params[0].default_value, "0");
    }
}

// 4 MiB arrays are one chunk each, so the count is whole sweeps of 2 or 3
// arrays; the details say what was allocated.
TEST(MemoryPlugin, AShortRunCountsWholeChunksAndRecordsDetails) {
    const double array_bytes = 4.0 * 1024 * 1024;
    for (const char *id : kIds) {
        const Outcome o = exercise(id, {{"array_mib", "4"}});
        ASSERT_EQ(o.created, BB_OK) << id << ": " << o.error;
        ASSERT_EQ(o.ran, BB_OK) << id << ": " << o.error;
        EXPECT_GT(o.count, 0.0) << id;
        EXPECT_GT(o.elapsed_ns, 0u) << id;  // the sweeps, not the check after them
        EXPECT_LT(o.elapsed_ns, 5'000'000'000u) << id;
        const int arrays =
            std::string(id) == "stream-copy" || std::string(id) == "stream-scale" ? 2 : 3;
        const double sweeps = o.count * 1e6 / (arrays * array_bytes);
        EXPECT_NEAR(sweeps, std::round(sweeps), 1e-6) << id << ": " << o.count;
        EXPECT_EQ(o.details.at("array_bytes"), "4194304") << id;
        EXPECT_EQ(o.details.at("arrays"), std::to_string(arrays)) << id;
        EXPECT_EQ(o.details.at("arrays_total_bytes"), std::to_string(arrays * 4194304)) << id;
        EXPECT_EQ(o.details.at("element_bytes"), "8") << id;
        EXPECT_EQ(o.details.at("array_size_rule"), "array_mib=4") << id;
        const bytebench::plugins::memory::Llc llc = bytebench::plugins::memory::find_llc();
        EXPECT_EQ(o.details.at("llc_bytes"), std::to_string(llc.bytes)) << id;
        EXPECT_EQ(o.details.at("llc_source"), llc.source) << id;
        EXPECT_EQ(o.details.count("transparent_hugepages"), 1u) << id;
    }
}

// The auto size with many copies: max(16 MiB, 4 x LLC / copies) per array.
TEST(MemoryPlugin, AutoSizeSharesFourTimesTheLlcAmongTheCopies) {
    const uint32_t copies = 64;
    const Outcome o = exercise("stream-copy", {}, copies, 0.05);
    const uint64_t expected = bytebench::plugins::memory::auto_array_bytes(
        bytebench::plugins::memory::find_llc().bytes, copies);
    EXPECT_EQ(o.details.at("array_bytes"), std::to_string(expected));
    EXPECT_EQ(o.details.at("array_size_rule"),
              "auto: max(16 MiB, 4 x llc_bytes / copies), whole MiB");
    if (o.created == BB_SKIPPED) {  // a small machine: 64 copies need too much
        EXPECT_NE(o.error.find("64 copies need"), std::string::npos) << o.error;
        return;
    }
    ASSERT_EQ(o.created, BB_OK) << o.error;
    EXPECT_EQ(o.ran, BB_OK) << o.error;
}

TEST(MemoryPlugin, TooLittleMemoryIsASkipWithTheReason) {
    const Outcome o = exercise("stream-triad", {{"array_mib", "16777216"}}, 2);
    EXPECT_EQ(o.created, BB_SKIPPED);
    EXPECT_TRUE(std::regex_match(
        o.error, std::regex("stream-triad: 2 copies need 98304\\.0 GiB for their arrays plus "
                            "[0-9.]+ [GM]iB to spare, MemAvailable is [0-9.]+ [GM]iB; pass "
                            "array_mib=[0-9]+ or less")))
        << o.error;
    const Outcome one = exercise("stream-copy", {{"array_mib", "16777216"}}, 1);
    EXPECT_EQ(one.created, BB_SKIPPED);
    EXPECT_EQ(one.error.rfind("stream-copy: 1 copy needs 32768.0 GiB for its arrays plus ", 0), 0u)
        << one.error;
}

TEST(MemoryPlugin, AnArrayMibOutOfRangeIsAnError) {
    for (const char *mib : {"-1", "16777217"}) {
        const Outcome o = exercise("stream-add", {{"array_mib", mib}});
        EXPECT_EQ(o.created, BB_ERROR) << mib;
        EXPECT_EQ(o.error, "stream-add: array_mib " + std::string(mib) +
                               " is out of range (0 = auto, up to 16777216)");
    }
}

// --- through the CLI ------------------------------------------------------------

// A suite whose stream-triad has 8 MiB arrays: `bytebench --suite FILE run
// stream-triad -i 1 --duration 0.3 --settle 0 -c 1` gives an MB/s value and,
// with no baseline, no index.
TEST(MemoryCli, StreamTriadRunsThroughTheWorker) {
    const fs::path dir = fs::path(MEMORY_TEST_TMP) / "cli";
    fs::remove_all(dir);
    fs::create_directories(dir / "out");
    const std::string suite = (dir / "suite.toml").string();
    std::ofstream(suite) << "schema = \"bytebench.suite/1\"\n"
                            "name = \"memory-test\"\n"
                            "[test.stream-triad]\n"
                            "workload = \"stream-triad\"\n"
                            "params = { array_mib = 8 }\n";
    const std::string out = (dir / "out").string();
    Command cli(BYTEBENCH_CLI,
                {"--suite", suite, "run", "stream-triad", "-i", "1", "--duration", "0.3",
                 "--settle", "0", "-c", "1", "-q", "-o", out, "--no-history"});
    cli.err_to_out = true;
    const ProcessResult r = run_process(cli);
    ASSERT_TRUE(r.exited() && r.exit_code == 0) << r.describe() << "\n" << r.out;
    nlohmann::json test;
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json")
            test = nlohmann::json::parse(read_file(e.path().string()))
                       .at("runs")
                       .at(0)
                       .at("tests")
                       .at(0);
    ASSERT_TRUE(test.is_object()) << "no result in " << out;
    EXPECT_EQ(test.value("id", ""), "stream-triad");
    EXPECT_EQ(test.value("workload", ""), "stream-triad");
    EXPECT_EQ(test.value("status", ""), "ok") << test.dump();
    EXPECT_EQ(test.value("unit", ""), "MB/s");
    EXPECT_EQ(test.value("category", ""), "memory");
    EXPECT_EQ(test.at("params").value("array_mib", ""), "8");
    EXPECT_GT(test.value("value", 0.0), 0.0) << test.dump();
    EXPECT_FALSE(test.contains("index")) << test.dump();
    EXPECT_FALSE(test.contains("baseline")) << test.dump();
}

}  // namespace
}  // namespace bytebench::test
