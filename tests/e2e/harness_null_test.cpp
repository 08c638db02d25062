// The null workload (plugins/harness) through the real CLI: it runs until the
// stop and no sooner, every copy counts, and the pass records the start
// spread that docs/performance.md quotes.
#include <gtest/gtest.h>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

TEST(HarnessNull, EveryCopyPollsUntilTheStopAndThePassRecordsItsStartSpread) {
    const std::string out = fresh_dir("harness-null");
    const double duration = 0.3;
    const CliResult r =
        run_cli({"run", "null", "-i", "5",  // short repeat class: 2 passes
                 "--duration", "0.3", "--settle", "0", "-c", "3", "-q", "--no-history", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "null");
    ASSERT_NE(t, nullptr) << doc.dump();
    EXPECT_EQ(t->value("status", ""), "ok") << t->dump();
    EXPECT_EQ(t->value("category", ""), "harness");
    EXPECT_FALSE(t->contains("index")) << "the null loop has no baseline";
    ASSERT_EQ((*t)["passes"].size(), 2u);
    for (const auto &pass : (*t)["passes"]) {
        const double spread = pass.at("start_spread_ms");
        EXPECT_GE(spread, 0.0);
        EXPECT_LT(spread, duration * 1000) << "copies must start within the pass";
        ASSERT_EQ(pass["copies"].size(), 3u);
        for (const auto &copy : pass["copies"]) {
            EXPECT_GT(copy.value("count", 0.0), 0.0) << copy.dump();
            // The stop timer fires at the duration, never before.
            EXPECT_GE(copy.value("seconds", 0.0), duration) << copy.dump();
            EXPECT_LT(copy.value("seconds", 0.0), duration + 10) << copy.dump();
        }
    }
}

}  // namespace
}  // namespace bytebench::test
