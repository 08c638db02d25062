// `compare --by` through the real CLI: six labelled runs laid out by kernel
// and SMT (issue 18's "Must show"), folders, failed and incomplete hosts,
// and the one-line errors for labels, keys, folders and files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

void write_text(const std::string &path, const std::string &text) { std::ofstream(path) << text; }

// Six short runs of one test, labelled kernel x smt, into `dir`/results.
std::string six_labelled_runs(const std::string &dir) {
    const std::string results = dir + "/results";
    for (const char *kernel : {"3.16", "4.4", "4.10"})
        for (const char *smt : {"on", "off"}) {
            const CliResult r =
                run_cli({"--no-history", "run", "syscall", "-i", "3", "--duration", "0.05",
                         "--settle", "0", "-c", "1", "--label", std::string("kernel=") + kernel,
                         "--label", std::string("smt=") + smt, "--format", "json", "-o", results});
            EXPECT_EQ(r.exit_code, 0) << r.err;
        }
    return results;
}

class PivotE2E : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { results_ = six_labelled_runs(fresh_dir("pivot")); }
    static std::string results_;
};
std::string PivotE2E::results_;

TEST_F(PivotE2E, SixLabelledRunsMakeTheKernelBySmtTable) {
    const CliResult r = run_cli({"--no-history", "compare", results_, "--by",
                                 "label:kernel,label:smt", "--baseline", "3.16,on"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("deltas against 3.16,on"), std::string::npos) << r.out;
    for (const char *column : {"3.16,off", "4.4,on", "4.4,off", "4.10,on", "4.10,off"})
        EXPECT_NE(r.out.find(column), std::string::npos) << column;
    EXPECT_NE(r.out.find("syscall"), std::string::npos);
    EXPECT_NE(r.out.find("system index"), std::string::npos);
}

TEST_F(PivotE2E, TheDocumentHasAColumnPerPairInNaturalOrder) {
    const CliResult r =
        run_cli({"--no-history", "compare", results_, "--by", "label:kernel,label:smt",
                 "--baseline", "3.16,on", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json c = nlohmann::json::parse(r.out);
    std::vector<std::string> columns;
    for (const nlohmann::json &input : c["inputs"]) columns.push_back(input["label"]);
    EXPECT_EQ(columns, (std::vector<std::string>{"3.16,off", "3.16,on", "4.4,off", "4.4,on",
                                                 "4.10,off", "4.10,on"}));
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(c["pivot"]["keys"], nlohmann::json({"kernel", "smt"}));
    // Every cell but the baseline's compares with it on the passes behind it.
    const nlohmann::json &cells = c["sections"][0]["rows"][0]["cells"];
    for (size_t i = 0; i < cells.size(); ++i) {
        if (i == 1) continue;  // the baseline
        EXPECT_TRUE(cells[i].contains("significance")) << cells[i];
    }
}

TEST_F(PivotE2E, AFailedHostAndAnIncompleteResultAreShownNeverDropped) {
    const std::string dir = fresh_dir("pivot-fleet");
    fs::copy(results_, dir);
    write_text(dir + "/failure.json",
               R"({"schema": "bytebench.failure/1", "host": "h3",
                   "labels": {"host": "h3", "kernel": "5.0", "smt": "on"},
                   "reason": "unreachable: Connection refused"})");
    // A host that died mid-run leaves its result marked incomplete.
    const std::string first = (*fs::directory_iterator(results_)).path().filename().string();
    nlohmann::json dead = nlohmann::json::parse(read_file(results_ + "/" + first));
    dead["status"] = "incomplete";
    dead["labels"] = {{"kernel", "5.1"}, {"smt", "on"}};
    write_text(dir + "/dead.json", dead.dump());
    const CliResult r = run_cli({"--no-history", "compare", dir, "--by", "label:kernel,label:smt"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("5.0,on failed: unreachable: Connection refused"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("5.1,on is incomplete"), std::string::npos) << r.out;
}

TEST_F(PivotE2E, AComparisonLeftInTheFolderIsNotTakenForAResult) {
    const std::string dir = fresh_dir("pivot-rerun");
    fs::copy(results_, dir);
    ASSERT_EQ(run_cli({"--no-history", "compare", dir, "--by", "label:kernel", "--format", "json",
                       "-o", dir + "/comparison.json"})
                  .exit_code,
              0);
    const CliResult again = run_cli({"--no-history", "compare", dir, "--by", "label:kernel"});
    EXPECT_EQ(again.exit_code, 0) << again.err;
}

// One line on standard error, exit 2, and `expected` in it.
void expect_bad_input(const std::vector<std::string> &args, const std::string &expected) {
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST_F(PivotE2E, BadInputIsOneLineAndExitTwo) {
    const std::string empty = fresh_dir("pivot-empty");
    const std::string junk = fresh_dir("pivot-junk");
    write_text(junk + "/notes.json", R"({"owner": "me"})");
    expect_bad_input({"--no-history", "run", "syscall", "--label", "kernel"},
                     "--label kernel: give KEY=VALUE");
    expect_bad_input({"--no-history", "run", "syscall", "--label", "=6.1"},
                     "key before '=' is empty");
    expect_bad_input({"--no-history", "run", "syscall", "--label", "k=a\x01"},
                     "control characters");
    expect_bad_input({"--no-history", "compare", results_, "--by", "label:kernal"},
                     "no result has the label kernal (labels found: host, kernel, smt)");
    expect_bad_input(
        {"--no-history", "compare", results_, "--by", "label:kernel", "--baseline", "2.6"},
        "--baseline 2.6: no such column (columns: 3.16, 4.4, 4.10)");
    expect_bad_input({"--no-history", "compare", empty}, "no results in this folder");
    expect_bad_input({"--no-history", "compare", results_, junk},
                     "notes.json: not a bytebench result");
}

}  // namespace
}  // namespace bytebench::test
