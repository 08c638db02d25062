// What the CLI writes for fixed inputs, byte for byte as before the core was
// split into layers (issue 15 changed no output): reports of fixed results in
// every format, and imports of UnixBench reports. The expected files are
// what bytebench wrote at df41aa5, the last commit before the split, run in
// the source folder:
//   bytebench report tests/reporters/fixtures/F.json --format X [--stats|-b] -o G
//   bytebench --no-history import tests/fixtures/unixbench/R.txt -o DIR
// Where that output is a reporter's golden file already (the reporter tests
// render the same fixtures), the test compares with that file; the others are
// in tests/e2e/golden/as-before/. A change that means to change an output
// updates them (BYTEBENCH_UPDATE_GOLDEN=1) and says so.
#include <gtest/gtest.h>

#include "../reporters/golden.h"
#include "cli_runner.h"

namespace bytebench::test {
namespace {

// What `report` wrote to its -o file, run in the source folder.
std::string report(const std::string &fixture, const std::string &format,
                   const std::vector<std::string> &flags = {}) {
    const std::string out = fresh_dir("as-before-" + fixture + "-" + format) + "/report." + format;
    std::vector<std::string> args = {"--no-history",
                                     "report",
                                     "tests/reporters/fixtures/" + fixture + ".json",
                                     "--format",
                                     format,
                                     "-o",
                                     out};
    args.insert(args.end(), flags.begin(), flags.end());
    const CliResult r = run_cli_in(BYTEBENCH_SOURCE_DIR, args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return read_file(out);
}

// A golden file of the reporter tests (tests/reporters/golden/).
std::string reporter_golden(const std::string &name) { return "../../reporters/golden/" + name; }

TEST(OutputsAsBefore, AResultInEveryFormat) {
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"text", reporter_golden("full-2run.txt")},
        {"json", "as-before/full-2run.json"},
        {"markdown", reporter_golden("full-2run.md")},
        {"csv", reporter_golden("full-2run.csv")},
        {"csv-long", reporter_golden("full-2run-long.csv")},
        {"html", reporter_golden("full-2run.html")}};
    for (const auto &[format, golden] : expected)
        EXPECT_TRUE(matches_golden(golden, report("full-2run", format))) << format;
}

TEST(OutputsAsBefore, StatisticsAndBriefReports) {
    EXPECT_TRUE(matches_golden(reporter_golden("stats-2run-stats.txt"),
                               report("stats-2run", "text", {"--stats"})));
    EXPECT_TRUE(matches_golden("as-before/stats-2run-stats.markdown",
                               report("stats-2run", "markdown", {"--stats"})));
    EXPECT_TRUE(matches_golden(reporter_golden("partial-brief.txt"),
                               report("partial-brief", "text", {"-b"})));
    EXPECT_TRUE(matches_golden(reporter_golden("partial-brief.md"),
                               report("partial-brief", "markdown", {"-b"})));
    EXPECT_TRUE(matches_golden("as-before/machine-vm.text", report("machine-vm", "text")));
}

TEST(OutputsAsBefore, ImportedUnixBenchReports) {
    for (const char *name : {"v6.0-console-4cpu", "v5.1.3-16cpu", "blog-abridged"}) {
        const std::string dir = fresh_dir(std::string("as-before-import-") + name);
        const CliResult r =
            run_cli_in(BYTEBENCH_SOURCE_DIR,
                       {"--no-history", "import",
                        std::string("tests/fixtures/unixbench/") + name + ".txt", "-o", dir});
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_TRUE(matches_golden(std::string("as-before/import-") + name + ".json",
                                   read_file(dir + "/" + name + ".json")))
            << name;
    }
}

}  // namespace
}  // namespace bytebench::test
