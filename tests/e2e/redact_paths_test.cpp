// --redact-paths: the reports of run, report and show leave the local
// folders out (the suite file's, the plugins', the command line's), while
// the result keeps them.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// The files in `dir` with extension `ext` (".html"), read.
std::vector<std::string> files_with(const std::string &dir, const std::string &ext) {
    std::vector<std::string> texts;
    for (const auto &e : fs::directory_iterator(dir))
        if (e.path().extension() == ext) texts.push_back(read_file(e.path().string()));
    return texts;
}

std::vector<std::string> redacted_run(const std::string &out, const std::string &db) {
    return {"--db",
            db,
            "run",
            "--plugin-path",
            kTestPlugins + "/good",
            "test.count",
            "-i",
            "1",
            "--duration",
            "0.1",
            "--settle",
            "0",
            "-c",
            "1",
            "--format",
            "text,html,markdown",
            "--redact-paths",
            "-o",
            out};
}

TEST(RedactPaths, RunsReportsLeaveTheFoldersOutAndTheResultKeepsThem) {
    const std::string dir = fresh_dir("redact-run");
    const std::string out = dir + "/results";
    const CliResult r = run_cli(redacted_run(out, dir + "/history.db"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const std::string ext : {".html", ".md", ".txt"}) {
        const std::vector<std::string> texts = files_with(out, ext);
        ASSERT_EQ(texts.size(), 1u) << ext;
        EXPECT_EQ(texts[0].find(dir), std::string::npos) << ext << ": " << texts[0];
        EXPECT_EQ(texts[0].find(kTestPlugins), std::string::npos) << ext;
        EXPECT_EQ(texts[0].find(BYTEBENCH_CLI), std::string::npos) << ext;
    }
    EXPECT_NE(files_with(out, ".html")[0].find("&lt;redacted&gt;/results"), std::string::npos);
    EXPECT_NE(files_with(out, ".md")[0].find("run --plugin-path \\<redacted\\>/good test.count"),
              std::string::npos)
        << files_with(out, ".md")[0];
    EXPECT_EQ(r.out.find(dir), std::string::npos) << r.out;  // the text report on stdout
    // The result is the record: its paths stay.
    const nlohmann::json doc = only_result(out);
    EXPECT_NE(doc["options"]["command_line"].get<std::string>().find(out), std::string::npos);
    EXPECT_EQ(doc["runs"][0]["tests"][0]["plugin"], kTestPlugins + "/good/good.so");
}

TEST(RedactPaths, ReportAndShowRedactOnRequestOnly) {
    const std::string dir = fresh_dir("redact-report");
    const std::string out = dir + "/results";
    const std::string db = dir + "/history.db";
    std::vector<std::string> args = redacted_run(out, db);
    args.erase(std::find(args.begin(), args.end(), "--redact-paths"));
    ASSERT_EQ(run_cli(args).exit_code, 0);
    std::string result;
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") result = e.path().string();
    // Without the flag the html names the folders, as before.
    const CliResult kept = run_cli({"report", result, "--format", "html"});
    ASSERT_EQ(kept.exit_code, 0) << kept.err;
    EXPECT_NE(kept.out.find(out), std::string::npos);
    for (const std::vector<std::string> &command :
         {std::vector<std::string>{"report", result}, {"--db", db, "show", "@last"}})
        for (const std::string format : {"html", "markdown", "json", "text", "csv"}) {
            std::vector<std::string> redacted = command;
            redacted.insert(redacted.end(), {"--format", format, "--redact-paths"});
            const CliResult r = run_cli(redacted);
            ASSERT_EQ(r.exit_code, 0) << r.err;
            EXPECT_EQ(r.out.find(dir), std::string::npos)
                << command[0] << " " << format << ": " << r.out;
            EXPECT_EQ(r.out.find(kTestPlugins), std::string::npos) << format;
        }
}

}  // namespace
}  // namespace bytebench::test
