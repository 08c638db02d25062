// End-to-end: `bytebench sysinfo`, and the machine description in a run's result.
#include <gtest/gtest.h>

#include <regex>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

// The members every measured result and `sysinfo` have (docs/result-schema.md).
void expect_full_system(const nlohmann::json &system) {
    for (const char *key :
         {"hostname", "os", "kernel", "machine", "cpu_model", "cpus_online", "cpus", "language",
          "load_average", "distribution", "libc", "bytebench_compiler", "cpu", "topology",
          "frequency", "memory", "virtualization", "workload_builds", "tmpdir"})
        EXPECT_TRUE(system.contains(key)) << key;
    EXPECT_TRUE(system["cpu"]["flags"].is_array() || system["cpu"]["flags"] == "unknown");
    EXPECT_EQ(system["topology"]["pus"], system["cpus_online"]);
    EXPECT_GE(system["topology"]["cores"].get<int>(), 1);
    EXPECT_TRUE(system["memory"]["total_bytes"].is_number());
    for (const char *key : {"type", "hypervisor", "engine", "evidence"})
        EXPECT_TRUE(system["virtualization"].contains(key)) << key;
    // The test plugins folder holds workload plugins, each with its build.
    ASSERT_TRUE(system["workload_builds"].is_array());
    EXPECT_FALSE(system["workload_builds"].empty());
    for (const auto &b : system["workload_builds"]) {
        EXPECT_TRUE(b["plugin"].is_string());
        EXPECT_TRUE(b["build"].is_string());
    }
}

// bytebench.sysinfo/1: the result's "system" object in its "system" member.
TEST(Sysinfo, JsonIsTheSystemObject) {
    const CliResult r = run_cli({"sysinfo", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json doc;
    ASSERT_NO_THROW(doc = nlohmann::json::parse(r.out)) << r.out;
    EXPECT_EQ(doc["schema"], "bytebench.sysinfo/1");
    const nlohmann::json &system = doc["system"];
    ASSERT_TRUE(system.is_object());
    expect_full_system(system);
}

TEST(Sysinfo, TextIsTheReportHeader) {
    const CliResult r = run_cli({"sysinfo"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("   BYTE UNIX Benchmarks (Version 6.0.0)\n", 0), 0u) << r.out;
    for (const char *line : {"   System: ", "   OS: ", "   Machine: ", "   Language: ",
                             "   CPU 0: ", "   Distribution: ", "   CPU: ", "   Topology: ",
                             "   Caches: ", "   Frequency: ", "   Memory: ", "   Virtualization: ",
                             "   Temp folder: ", "   Compiler: bytebench ", "   Workloads: "})
        EXPECT_NE(r.out.find("\n" + std::string(line)), std::string::npos) << line << "\n" << r.out;
    EXPECT_TRUE(
        std::regex_search(r.out, std::regex(R"(\n   CPU 0: .* \([0-9]+\.[0-9] bogomips\)\n)")))
        << r.out;
    // No run: nothing after the header.
    EXPECT_EQ(r.out.find("Benchmark Run:"), std::string::npos);
    ASSERT_GE(r.out.size(), 2u);
    EXPECT_EQ(r.out.substr(r.out.size() - 2), "\n\n");
}

TEST(Sysinfo, BriefLeavesOutThePerCpuLines) {
    const CliResult r = run_cli({"sysinfo", "-b", "--format", "text"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("   CPU 0: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n   CPU: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n   Topology: "), std::string::npos) << r.out;
}

TEST(Sysinfo, TmpdirAndBadFormat) {
    const std::string dir = fresh_dir("sysinfo-tmpdir");
    const CliResult r = run_cli({"sysinfo", "--format", "json", "--tmpdir", dir});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json system = nlohmann::json::parse(r.out)["system"];
    EXPECT_FALSE(system["tmpdir"]["fs_type"].get<std::string>().empty());
    EXPECT_EQ(run_cli({"sysinfo", "--format", "html"}).exit_code, 2);
}

TEST(Sysinfo, ARunRecordsTheSameMachine) {
    const std::string out = fresh_dir("sysinfo-run");
    const CliResult r = run_cli({"run", "syscall", "-i", "1", "--duration", "0.2", "--settle", "0",
                                 "-c", "1", "--format", "text,json", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    expect_full_system(doc["system"]);
    EXPECT_NE(r.out.find("\n   Topology: "), std::string::npos) << r.out;
    // The header's machine lines end before the first copy-pass.
    const size_t compilers = r.out.find("\n   Workloads: ");
    const size_t run = r.out.find("\n------------------------------------------------------------");
    ASSERT_NE(compilers, std::string::npos);
    ASSERT_NE(run, std::string::npos);
    EXPECT_LT(compilers, run);

    const CliResult info = run_cli({"sysinfo", "--format", "json"});
    ASSERT_EQ(info.exit_code, 0) << info.err;
    const nlohmann::json system = nlohmann::json::parse(info.out)["system"];
    for (const char *key : {"topology", "distribution", "libc", "workload_builds"})
        EXPECT_EQ(system[key], doc["system"][key]) << key;
    // "cpu MHz" moves with the clock; the rest of the CPU does not.
    nlohmann::json cpu = system["cpu"], run_cpu = doc["system"]["cpu"];
    cpu.erase("mhz");
    run_cpu.erase("mhz");
    EXPECT_EQ(cpu, run_cpu);
}

}  // namespace
}  // namespace bytebench::test
