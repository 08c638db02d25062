// `bytebench import` through the CLI: folders searched for reports, one line
// per report that fails while the others are imported, labels kept in each
// result, and what a paste did to a report reported as warnings naming lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kImportFixtures =
    std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/unixbench/";

int import_lines_of(const std::string &text) {
    return int(std::count(text.begin(), text.end(), '\n'));
}

void copy_import_fixture(const std::string &name, const std::string &to) {
    fs::create_directories(fs::path(to).parent_path());
    fs::copy_file(kImportFixtures + name, to);
}

TEST(Import, AFolderIsSearchedAndABadReportDoesNotStopTheOthers) {
    const std::string dir = fresh_dir("import-folder");
    const std::string in = dir + "/in";
    copy_import_fixture("v6.0-console-4cpu.txt", in + "/kestrel-2025-03-13-01");
    copy_import_fixture("pasted/ja-date.txt", in + "/blog/sakura.txt");
    copy_import_fixture("pasted/zh-note-instead-of-cpus.txt", in + "/blog/deeper/tianma.txt");
    std::ofstream(in + "/kestrel-2025-03-13-01.log") << "a UnixBench log, not a report\n";
    std::ofstream(in + "/kestrel-2025-03-13-01.html") << "<html></html>\n";
    std::ofstream(in + "/old-result.json") << "{}\n";
    std::ofstream(in + "/.hidden") << "not looked at\n";
    std::ofstream(in + "/blog/notes.txt") << "Dear diary,\nno benchmark here.\n";
    const CliResult r =
        run_cli({"--no-history", "import", in, "-o", dir + "/out", "--label", "site=blog"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    // The one that failed: one line naming it.
    EXPECT_NE(r.err.find("bytebench: error: " + in + "/blog/notes.txt: no UnixBench report found"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("error: ", r.err.find("notes.txt") + 1), std::string::npos) << r.err;
    EXPECT_EQ(import_lines_of(r.out), 3) << r.out;
    for (const char *name : {"kestrel-2025-03-13-01", "sakura", "tianma"}) {
        const std::string path = dir + "/out/" + name + ".json";
        ASSERT_TRUE(fs::exists(path)) << path;
        const nlohmann::json doc = nlohmann::json::parse(read_file(path));
        EXPECT_EQ(doc["labels"], nlohmann::json({{"site", "blog"}})) << name;
    }
    EXPECT_FALSE(fs::exists(dir + "/out/notes.json"));
    // The paste's oddities are warnings naming file and line.
    EXPECT_NE(r.err.find(in + "/blog/deeper/tianma.txt:11: ignored a line that is not part of a "
                              "UnixBench report: "),
              std::string::npos)
        << r.err;
}

// A re-rendered report names the UnixBench that wrote it, as the original did,
// in every format that names a version.
TEST(Import, AReRenderedReportKeepsItsUnixBenchVersion) {
    const std::string dir = fresh_dir("import-version");
    for (const auto &[report, version] :
         {std::pair<std::string, std::string>{"v5.1.3-16cpu.txt", "5.1.3"},
          {"v6.0-console-4cpu.txt", "6.0.0"}}) {
        const CliResult imported =
            run_cli({"--no-history", "import", kImportFixtures + report, "-o", dir});
        ASSERT_EQ(imported.exit_code, 0) << imported.err;
        const std::string result = dir + "/" + fs::path(report).stem().string() + ".json";
        const CliResult text = run_cli({"report", result});
        ASSERT_EQ(text.exit_code, 0) << text.err;
        EXPECT_EQ(text.out.substr(0, text.out.find("\n\n")),
                  "   BYTE UNIX Benchmarks (Version " + version + ")\n   UnixBench " + version +
                      ", imported by bytebench " BYTEBENCH_VERSION " (ABI " BYTEBENCH_ABI ")")
            << text.out;
        const CliResult markdown = run_cli({"report", result, "--format", "markdown"});
        EXPECT_NE(markdown.out.find("**Tool:** UnixBench " + version + ", imported by bytebench"),
                  std::string::npos)
            << markdown.out;
        const CliResult html = run_cli({"report", result, "--format", "html"});
        EXPECT_NE(html.out.find("UnixBench " + version + ", imported by bytebench"),
                  std::string::npos);
    }
}

TEST(Import, AFolderWithoutReportsIsOneLine) {
    const std::string dir = fresh_dir("import-empty-folder");
    std::ofstream(dir + "/result.json") << "{}\n";
    const CliResult r = run_cli({"--no-history", "import", dir, "-o", dir + "/out"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "bytebench: error: " + dir +
                         ": no UnixBench reports here (files that are "
                         "not .json)\n");
    EXPECT_FALSE(fs::exists(dir + "/out"));
}

TEST(Import, LabelsGoIntoTheResult) {
    const std::string dir = fresh_dir("import-labels");
    const CliResult r = run_cli(
        {"--no-history", "import", kImportFixtures + "pasted/de-date-with-commentary.txt",
         "--label", "kernel=4.9", "--label", "host=amsel-old", "-o", dir, "--skip-bad-lines"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(dir);
    EXPECT_EQ(doc["labels"], nlohmann::json({{"host", "amsel-old"}, {"kernel", "4.9"}}));
    EXPECT_EQ(doc["runs"][0]["start"], "2017-03-05T15:04:05");
}

TEST(Import, ABadLabelIsOneLine) {
    const std::string dir = fresh_dir("import-bad-label");
    for (const char *label : {"kernel", "=4.9", "a b=c"}) {
        SCOPED_TRACE(label);
        const CliResult r =
            run_cli({"--no-history", "import", kImportFixtures + "pasted/zh-date.txt", "--label",
                     label, "-o", dir});
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(import_lines_of(r.err), 1) << r.err;
        EXPECT_NE(r.err.find("label"), std::string::npos) << r.err;
    }
    const CliResult twice =
        run_cli({"--no-history", "import", kImportFixtures + "pasted/zh-date.txt", "--label", "a=1",
                 "--label", "a=2", "-o", dir});
    EXPECT_EQ(twice.exit_code, 2);
    EXPECT_TRUE(fs::is_empty(dir));
}

}  // namespace
}  // namespace bytebench::test
