// Runs a newcomer makes and compares (issue 35, §5 and §6): different pass lengths, passes
// and parameters are notes on the row ("!"), a partial index against a full one is marked,
// the warnings stand above the tables, a pivot never pools different parameter values, the
// run-to-run CoV counts only runs asked for the same way, and what a run warned about a test
// is marked in every report and in `compare`.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

bool has_text(const std::string &text, const std::string &needle) {
    return text.find(needle) != std::string::npos;
}

// A short run of test.params into `out`, with `extra` flags; its result's path.
std::string params_run(const std::string &out, const std::vector<std::string> &extra,
                       const std::string &db = "") {
    std::vector<std::string> args;
    if (db.empty())
        args = {"--no-history"};
    else
        args = {"--db", db};
    args.insert(args.end(), {"--plugin-path", kTestPlugins + "/params", "run", "test.params", "-c",
                             "1", "--settle", "0", "-o", out});
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    for (const fs::directory_entry &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") return e.path().string();
    ADD_FAILURE() << "no result in " << out;
    return "";
}

TEST(ComparabilityE2E, PassLengthPassesAndParametersAreNotesOnTheRow) {
    const std::string dir = fresh_dir("comparability-rows");
    const std::string a = params_run(dir + "/a", {"-i", "3", "--duration", "0.1"});
    const std::string b =
        params_run(dir + "/b", {"-i", "1", "--duration", "0.2", "--param", "mode=slow"});
    const CliResult json = run_cli({"--no-history", "compare", a, b, "--format", "json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    nlohmann::json c = nlohmann::json::parse(json.out);  // not const: [] of a missing key is null
    nlohmann::json &row = c["sections"][0]["rows"][0];
    EXPECT_FALSE(row["comparable"].get<bool>());
    ASSERT_EQ(row["notes"].size(), 3u) << row.dump();
    EXPECT_EQ(row["notes"][0], "pass length differs: 0.1 s in A, 0.2 s in B");
    EXPECT_EQ(row["notes"][1], "number of passes differs: 1 in B, 3 in A");
    // Every parameter the test ran with, in key order, per input.
    const std::string params = row["notes"][2];
    EXPECT_EQ(params.rfind("parameters differ: flag=false level=3 mode=fast ", 0), 0u) << params;
    EXPECT_NE(params.find(" in A, flag=false level=3 mode=slow "), std::string::npos) << params;
    EXPECT_EQ(params.substr(params.size() - 5), " in B") << params;
    // The text: "!" on the row, the notes under the table, the warnings above it (as the
    // docs say; before, they came after the tables).
    const CliResult text = run_cli({"--no-history", "compare", a, b});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_TRUE(has_text(text.out, "test.params !")) << text.out;
    EXPECT_TRUE(has_text(text.out, "! test.params: pass length differs: 0.1 s in A, 0.2 s in B"))
        << text.out;
    const size_t warnings = text.out.find("Warnings:");
    ASSERT_NE(warnings, std::string::npos) << text.out;
    EXPECT_LT(warnings, text.out.find("1 copy\n")) << text.out;
    EXPECT_TRUE(has_text(text.out, "test.params: number of passes differs: 1 in B, 3 in A"))
        << text.out;
}

// io=buffered and io=direct (here mode=fast and mode=slow) are never pooled into one column.
TEST(ComparabilityE2E, APivotNeverPoolsDifferentParameterValues) {
    const std::string dir = fresh_dir("comparability-pivot");
    const std::string results = dir + "/results";
    for (const char *mode : {"fast", "slow"})
        params_run(results + "/" + mode, {"-i", "1", "--duration", "0.1", "--param",
                                          std::string("mode=") + mode, "--label", "kernel=6.1"});
    const CliResult r =
        run_cli({"--no-history", "compare", results, "--by", "label:kernel", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json c = nlohmann::json::parse(r.out);
    ASSERT_EQ(c["inputs"].size(), 2u) << r.out;
    EXPECT_EQ(c["inputs"][0]["label"], "6.1 [parameters test.params.mode=fast]");
    EXPECT_EQ(c["inputs"][1]["label"], "6.1 [parameters test.params.mode=slow]");
}

// Three runs of one command line and one with another pass length: the odd one has no
// run-to-run CoV ("the history has 1"), and the others' CoV is over 3, not 4.
TEST(ComparabilityE2E, TheRunToRunCovCountsOnlyRunsAskedForTheSameWay) {
    const std::string dir = fresh_dir("comparability-cov");
    const std::string db = dir + "/history.db";
    for (int i = 0; i < 3; ++i)
        params_run(dir + "/same-" + std::to_string(i), {"-i", "1", "--duration", "0.1"}, db);
    params_run(dir + "/other", {"-i", "1", "--duration", "0.2"}, db);
    const CliResult other = run_cli({"--db", db, "show", "@last", "--format", "html"});
    ASSERT_EQ(other.exit_code, 0) << other.err;
    EXPECT_TRUE(has_text(other.out,
                         "run the same way (method, pass length, passes, parameters "
                         "and tests); the history has 1"))
        << other.out;
    const CliResult same = run_cli({"--db", db, "compare", "@last~1", "@last", "--format", "json"});
    ASSERT_EQ(same.exit_code, 0) << same.err;
    const nlohmann::json c = nlohmann::json::parse(same.out);
    EXPECT_EQ(c["inputs"][0]["run_to_run"]["runs"], 3) << same.out;
    EXPECT_EQ(c["inputs"][1]["run_to_run"]["runs"], 1) << same.out;
}

// test.chatty writes during its timed pass: the run warns about it, and every report marks
// the test and says the warning; `compare` makes it a note on the row. Before, the warning
// was in the JSON only.
TEST(ComparabilityE2E, ATestTheRunWarnedAboutIsMarkedInEveryReportAndInCompare) {
    const std::string out = fresh_dir("comparability-warned");
    const CliResult run = run_cli({"--no-history", "run", "--plugin-path",
                                   kTestPlugins + "/diagnostics", "test.chatty", "--duration",
                                   "0.1", "--settle", "0", "-c", "1", "-i", "1", "-o", out});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    std::string result;
    for (const fs::directory_entry &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") result = e.path().string();
    const nlohmann::json doc = nlohmann::json::parse(read_file(result));
    const std::string warning = doc["runs"][0]["tests"][0]["warnings"][0];
    ASSERT_TRUE(has_text(warning, "during timed pass 1")) << warning;
    const auto report = [&](const std::string &format) {
        const CliResult r = run_cli({"--no-history", "report", result, "--format", format});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return r.out;
    };
    const std::string name = doc["runs"][0]["tests"][0]["name"];
    const std::string text = report("text");
    EXPECT_TRUE(has_text(text, " samples) !\n")) << text;
    EXPECT_TRUE(has_text(text, "Warnings:\n  - " + name + ": ")) << text;
    const std::string markdown = report("markdown");
    EXPECT_TRUE(has_text(markdown, "\u26A0")) << markdown;
    EXPECT_TRUE(has_text(markdown, "during timed pass 1")) << markdown;
    const std::string html = report("html");
    EXPECT_TRUE(has_text(html, "<span class=\"badge warn\">warning</span>")) << html;
    EXPECT_TRUE(has_text(html, "during timed pass 1")) << html;

    nlohmann::json clean = doc;
    clean["runs"][0]["tests"][0].erase("warnings");
    const std::string quiet = out + "/quiet.json";
    std::ofstream(quiet) << clean.dump();
    const CliResult c = run_cli({"--no-history", "compare", quiet, result, "--format", "json"});
    ASSERT_EQ(c.exit_code, 0) << c.err;
    nlohmann::json row = nlohmann::json::parse(c.out)["sections"][0]["rows"][0];
    EXPECT_FALSE(row["comparable"].get<bool>());
    EXPECT_EQ(row["notes"], nlohmann::json::array({"B: " + warning}));
}

}  // namespace
}  // namespace bytebench::test
