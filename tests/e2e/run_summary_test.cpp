// End-to-end: `run --format json` (run_summary.cpp): the summary document
// instead of the text report, its counts, and the history and show that
// follow it. docs/cli-json.md describes the members.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

nlohmann::json summary_document(const CliResult &r, const std::string &command) {
    nlohmann::json j;
    EXPECT_NO_THROW(j = nlohmann::json::parse(r.out)) << r.out;
    EXPECT_TRUE(j.is_object()) << r.out;
    if (!j.is_object()) return nlohmann::json::object();
    EXPECT_EQ(j.value("schema", ""), "bytebench." + command + "/1");
    return j;
}

// run, then history and show of what it recorded: the summary names the
// result file, and the history lists it under the id the summary gives.
TEST(RunSummary, RunHistoryAndShow) {
    const std::string dir = fresh_dir("json_output_run");
    const std::string db = dir + "/history.db";
    const CliResult run = run_cli({"--db", db, "run", "--plugin-path", kTestPlugins + "/good",
                                   "test.count", "-i", "1", "--duration", "0.05", "--settle", "0",
                                   "-c", "1", "-o", dir + "/results", "--format", "json,html"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const nlohmann::json summary = summary_document(run, "run");
    ASSERT_TRUE(summary["result"].is_string());
    EXPECT_TRUE(fs::exists(summary["result"].get<std::string>()));
    EXPECT_EQ(summary["tests"]["ok"], 1);
    EXPECT_EQ(summary["tests"]["failed"], 0);
    EXPECT_EQ(summary["tests"]["skipped"], 0);
    EXPECT_EQ(summary["status"], "complete");
    ASSERT_EQ(summary["reports"].size(), 1u);
    EXPECT_EQ(fs::path(summary["reports"][0].get<std::string>()).extension(), ".html");
    ASSERT_TRUE(summary["history_id"].is_number());
    ASSERT_EQ(summary["copy_passes"].size(), 1u);
    EXPECT_EQ(summary["copy_passes"][0]["copies"], 1);

    const CliResult history = run_cli({"--db", db, "history", "--format", "json"});
    ASSERT_EQ(history.exit_code, 0) << history.err;
    const nlohmann::json h = summary_document(history, "history");
    ASSERT_EQ(h["runs"].size(), 1u);
    EXPECT_EQ(h["runs"][0]["id"], summary["history_id"]);
    EXPECT_EQ(h["runs"][0]["source"], "run");

    // show's json is the result document itself, as report's: a file to
    // compare, not an envelope around one.
    const CliResult show = run_cli({"--db", db, "show", "@last", "--format", "json"});
    ASSERT_EQ(show.exit_code, 0) << show.err;
    EXPECT_EQ(nlohmann::json::parse(show.out)["schema"], "bytebench.result/1");
}

// Every status counted, the failures together; exit 1 as without json.
TEST(RunSummary, CountsOkFailedAndSkipped) {
    const std::string dir = fresh_dir("run_summary_counts");
    const CliResult r =
        run_cli({"--no-history", "run", "--plugin-path", kTestPlugins + "/good", "test.count",
                 "test.skip", "test.error", "-i", "1", "--duration", "0.05", "--settle", "0", "-c",
                 "1", "-o", dir, "--format", "json"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const nlohmann::json summary = summary_document(r, "run");
    EXPECT_EQ(summary["tests"], nlohmann::json({{"ok", 1}, {"failed", 1}, {"skipped", 1}}))
        << r.out;
    EXPECT_TRUE(summary["history_id"].is_null());
    EXPECT_TRUE(summary["reports"].empty());
    // With text among the formats, the text report, as before.
    const CliResult text = run_cli({"--no-history", "run", "--plugin-path", kTestPlugins + "/good",
                                    "test.count", "-i", "1", "--duration", "0.05", "--settle", "0",
                                    "-c", "1", "-o", dir, "--format", "text,json"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("BYTE UNIX Benchmarks"), std::string::npos) << text.out;
}

}  // namespace
}  // namespace bytebench::test
