// The run-to-run spread through the real CLI: three short runs into a fresh
// history, then the html of `run`, `show` and `report` and the comparison of
// the last two have the run-to-run CoV (core/compare/run_to_run.h); with
// --no-history, or before there are three runs, they do not.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

std::vector<std::string> short_run(const std::string &db, const std::string &out) {
    return {"--db", db,  "run",        "syscall", "-c",       "1", "-i",       "1",
            "-o",   out, "--duration", "0.2",     "--settle", "0", "--format", "html"};
}

// The html report the newest run wrote into `dir`.
std::string newest_html(const std::string &dir) {
    fs::path newest;
    for (const fs::directory_entry &e : fs::directory_iterator(dir))
        if (e.path().extension() == ".html" &&
            (newest.empty() || e.last_write_time() > fs::last_write_time(newest)))
            newest = e.path();
    std::ifstream in(newest);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool contains(const std::string &text, const std::string &needle) {
    return text.find(needle) != std::string::npos;
}

TEST(RunToRunE2E, HtmlAndCompareShowTheSpreadOfThreeRuns) {
    const std::string dir = fresh_dir("spread-of-runs");
    const std::string db = dir + "/history.db";
    for (int i = 0; i < 3; ++i) {
        const std::string out = dir + "/results-" + std::to_string(i);
        const CliResult r = run_cli(short_run(db, out));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const std::string page = newest_html(out);
        if (i < 2) {
            EXPECT_FALSE(contains(page, "Run-to-run CoV</th>")) << i;
            EXPECT_TRUE(contains(page,
                                 "No run-to-run CoV: run-to-run spread needs 3 runs of this "
                                 "suite on this machine, run the same way (method, pass "
                                 "length, passes, parameters and tests); the history has " +
                                     std::to_string(i + 1)))
                << page;
        } else {
            EXPECT_TRUE(contains(page, "<th class=\"num\">Run-to-run CoV</th>")) << page;
            EXPECT_TRUE(contains(page, "3 whole runs of suite index on host")) << page;
        }
    }

    const CliResult show = run_cli({"--db", db, "show", "@last", "--format", "html"});
    ASSERT_EQ(show.exit_code, 0) << show.err;
    EXPECT_TRUE(contains(show.out, "<th class=\"num\">Run-to-run CoV</th>")) << show.out;
    // An older run counts only the runs up to it.
    const CliResult older = run_cli({"--db", db, "show", "@last~1", "--format", "html"});
    EXPECT_FALSE(contains(older.out, "Run-to-run CoV</th>"));
    EXPECT_TRUE(contains(older.out, "the history has 2")) << older.out;

    const nlohmann::json last = only_result(dir + "/results-2");
    const std::string file = dir + "/last.json";
    std::ofstream(file) << last.dump();
    const CliResult report = run_cli({"--db", db, "report", file, "--format", "html"});
    ASSERT_EQ(report.exit_code, 0) << report.err;
    EXPECT_TRUE(contains(report.out, "3 whole runs of suite index on host")) << report.out;
    const CliResult without =
        run_cli({"--db", db, "--no-history", "report", file, "--format", "html"});
    ASSERT_EQ(without.exit_code, 0) << without.err;
    EXPECT_FALSE(contains(without.out, "Run-to-run CoV")) << without.out;
    EXPECT_FALSE(contains(without.out, "No run-to-run CoV")) << without.out;

    const CliResult compare =
        run_cli({"--db", db, "compare", "@last~1", "@last", "--format", "json"});
    ASSERT_EQ(compare.exit_code, 0) << compare.err;
    const nlohmann::json c = nlohmann::json::parse(compare.out);
    EXPECT_EQ(c["inputs"][0]["run_to_run"]["runs"], 2);
    EXPECT_TRUE(c["inputs"][0]["run_to_run"].contains("why"));
    EXPECT_EQ(c["inputs"][1]["run_to_run"]["runs"], 3);
    const nlohmann::json &cell = c["sections"][0]["rows"][0]["cells"][1];
    EXPECT_EQ(cell["run_to_run"]["n"], 3) << compare.out;
    EXPECT_TRUE(cell["run_to_run"]["cov"].is_number()) << compare.out;
    EXPECT_FALSE(c["sections"][0]["rows"][0]["cells"][0].contains("run_to_run"));

    const CliResult text = run_cli({"--db", db, "compare", "@last~1", "@last"});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_TRUE(contains(text.out, "B run CoV")) << text.out;
    EXPECT_TRUE(contains(text.out, "run-to-run CoV over 3 runs of suite index")) << text.out;
}

}  // namespace
}  // namespace bytebench::test
