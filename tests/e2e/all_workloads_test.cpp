// Every test of the standard suite runs through the real CLI at a short
// duration and gives a count above zero (or is skipped because a tool it
// needs, like dc or a C compiler, is not installed).
#include <gtest/gtest.h>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

TEST(AllWorkloads, EveryStandardTestRunsAndCounts) {
    const std::string out = fresh_dir("all-workloads");
    const CliResult r = run_cli({"run", "all", "-i", "1", "--duration", "0.3", "--settle", "0",
                                 "-c", "1", "-q", "-o", out});
    const nlohmann::json doc = only_result(out);
    ASSERT_EQ(doc["runs"].size(), 1u) << r.err;
    const auto &tests = doc["runs"][0]["tests"];
    EXPECT_EQ(tests.size(), 30u);
    for (const auto &t : tests) {
        const std::string id = t["id"];
        if (t["status"] == "skipped") {
            // Only a missing tool is an acceptable reason here.
            EXPECT_NE(t["error"].get<std::string>().find("not installed"), std::string::npos)
                << id << ": " << t["error"];
            continue;
        }
        EXPECT_EQ(t["status"], "ok") << id << ": " << t.value("error", "");
        EXPECT_GT(t.value("value", 0.0), 0.0) << id;
    }
    EXPECT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace
}  // namespace bytebench::test
