// What the CLI writes for fixed inputs, byte for byte as before the core was
// split into layers (issue 15 changed no output): reports of fixed results in
// every format, and imports of UnixBench reports. The golden files in
// tests/e2e/golden/as-before/ were written by bytebench at df41aa5, the last
// commit before the split:
//   bytebench report tests/reporters/fixtures/F.json --format X [--stats|-b] -o G
//   bytebench --no-history import tests/fixtures/unixbench/R.txt -o DIR
// run in the source folder. A change that means to change an output updates
// them (BYTEBENCH_UPDATE_GOLDEN=1) and says so.
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

TEST(OutputsAsBefore, AResultInEveryFormat) {
    for (const char *format : {"text", "json", "markdown", "csv", "csv-long", "html"})
        EXPECT_TRUE(matches_golden(std::string("as-before/full-2run.") + format,
                                   report("full-2run", format)))
            << format;
}

TEST(OutputsAsBefore, StatisticsAndBriefReports) {
    for (const char *format : {"text", "markdown"}) {
        EXPECT_TRUE(matches_golden(std::string("as-before/stats-2run-stats.") + format,
                                   report("stats-2run", format, {"--stats"})));
        EXPECT_TRUE(matches_golden(std::string("as-before/partial-brief-b.") + format,
                                   report("partial-brief", format, {"-b"})));
    }
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
