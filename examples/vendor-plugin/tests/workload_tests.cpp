// The workloads run as users run them: through the installed bytebench CLI
// and its worker (the vendor test kit, <bytebench/testing.hpp>), with
// parameters and a short duration; the result document is checked.
#include <gtest/gtest.h>

#include <bytebench/testing.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using bytebench::testing::run_workload;
using bytebench::testing::WorkloadRun;
using nlohmann::json;

// The only test of the result's only copy-pass.
json only_test(const std::string &result_json) {
    const json result = json::parse(result_json);
    EXPECT_EQ(result.at("schema"), "bytebench.result/1");
    EXPECT_EQ(result.at("runs").size(), 1u);
    EXPECT_EQ(result.at("runs")[0].at("tests").size(), 1u);
    return result.at("runs")[0].at("tests")[0];
}

TEST(FmaThroughput, RunsWithItsParametersOrSkipsWithAReason) {
    WorkloadRun run;
    run.test = "example.fma-throughput";
    run.params = {{"precision", "single"}};
    run.duration_s = 0.1;
    run.passes = 2;
    const auto outcome = run_workload(run);
    ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
    const json test = only_test(outcome.result_json);
    EXPECT_EQ(test.at("params").at("precision"), "single");
    if (test.at("status") == "skipped") {
        // A CPU with neither AVX-512F nor AVX2+FMA: the reason says so.
        EXPECT_NE(test.at("error").get<std::string>().find("AVX"), std::string::npos) << test;
        return;
    }
    ASSERT_EQ(test.at("status"), "ok") << test;
    EXPECT_GT(test.at("value").get<double>(), 0);
    EXPECT_EQ(test.at("passes").size(), 2u);
    EXPECT_EQ(test.at("details").at("precision"), "single");
}

TEST(FmaThroughput, AValueOutsideTheChoicesIsRefusedBeforeAnyWorkerStarts) {
    WorkloadRun run;
    run.test = "example.fma-throughput";
    run.params = {{"isa", "sse2"}};
    const auto outcome = run_workload(run);
    EXPECT_EQ(outcome.exit_code, 2) << outcome.output;
    EXPECT_NE(outcome.output.find("auto, avx512, avx2"), std::string::npos) << outcome.output;
    EXPECT_EQ(outcome.result_json, "");
}

}  // namespace
