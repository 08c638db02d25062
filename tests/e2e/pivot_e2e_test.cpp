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

// The table the issue asks for: every column, the baseline named.
void expect_kernel_by_smt_table(const std::string &results) {
    const CliResult r = run_cli({"--no-history", "compare", results, "--by",
                                 "label:kernel,label:smt", "--baseline", "3.16,on"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("deltas against 3.16,on"), std::string::npos) << r.out;
    for (const char *column : {"3.16,off", "4.4,on", "4.4,off", "4.10,on", "4.10,off"})
        EXPECT_NE(r.out.find(column), std::string::npos) << column;
    EXPECT_NE(r.out.find("syscall"), std::string::npos);
    EXPECT_NE(r.out.find("system index"), std::string::npos);
}

// A column per pair in natural order; every cell but the baseline's
// compared with it on the passes behind it.
void expect_columns_in_natural_order(const std::string &results) {
    const CliResult r =
        run_cli({"--no-history", "compare", results, "--by", "label:kernel,label:smt", "--baseline",
                 "3.16,on", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json c = nlohmann::json::parse(r.out);
    std::vector<std::string> columns;
    for (const nlohmann::json &input : c["inputs"]) columns.push_back(input["label"]);
    EXPECT_EQ(columns, (std::vector<std::string>{"3.16,off", "3.16,on", "4.4,off", "4.4,on",
                                                 "4.10,off", "4.10,on"}));
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(c["pivot"]["keys"], nlohmann::json({"kernel", "smt"}));
    const nlohmann::json &cells = c["sections"][0]["rows"][0]["cells"];
    for (size_t i = 0; i < cells.size(); ++i) {
        if (i == 1) continue;  // the baseline
        EXPECT_TRUE(cells[i].contains("significance")) << cells[i];
    }
}

// A host that gave no result (a failure record) and one that died mid-run
// (its result marked incomplete) are shown, never dropped.
void expect_failed_and_incomplete_shown(const std::string &results) {
    const std::string dir = fresh_dir("pivot-fleet");
    fs::copy(results, dir);
    write_text(dir + "/failure.json",
               R"({"schema": "bytebench.failure/1", "host": "h3",
                   "labels": {"host": "h3", "kernel": "5.0", "smt": "on"},
                   "reason": "unreachable: Connection refused"})");
    const std::string first = (*fs::directory_iterator(results)).path().filename().string();
    nlohmann::json dead = nlohmann::json::parse(read_file(results + "/" + first));
    dead["status"] = "incomplete";
    dead["labels"] = {{"kernel", "5.1"}, {"smt", "on"}};
    write_text(dir + "/dead.json", dead.dump());
    const CliResult r = run_cli({"--no-history", "compare", dir, "--by", "label:kernel,label:smt"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("5.0,on failed: unreachable: Connection refused"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("5.1,on is incomplete"), std::string::npos) << r.out;
}

// A comparison that `compare -o` left in the folder is not taken for a result.
void expect_comparison_in_folder_skipped(const std::string &results) {
    const std::string dir = fresh_dir("pivot-rerun");
    fs::copy(results, dir);
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

// One test over the six runs: each ctest test is a process of its own, and
// the runs are most of its time (twice that under ASan).
TEST(PivotE2E, SixLabelledRunsMakeTheKernelBySmtTableAndShowEveryHost) {
    const std::string results = six_labelled_runs(fresh_dir("pivot"));
    {
        SCOPED_TRACE("the kernel x smt table");
        expect_kernel_by_smt_table(results);
    }
    {
        SCOPED_TRACE("the comparison document");
        expect_columns_in_natural_order(results);
    }
    {
        SCOPED_TRACE("a failed and an incomplete host");
        expect_failed_and_incomplete_shown(results);
    }
    {
        SCOPED_TRACE("a comparison left in the folder");
        expect_comparison_in_folder_skipped(results);
    }
    SCOPED_TRACE("keys and columns that do not exist");
    expect_bad_input({"--no-history", "compare", results, "--by", "label:kernal"},
                     "no result has the label kernal (labels found: host, kernel, smt)");
    expect_bad_input(
        {"--no-history", "compare", results, "--by", "label:kernel", "--baseline", "2.6"},
        "--baseline 2.6: no such column (columns: 3.16, 4.4, 4.10)");
}

TEST(PivotE2E, BadLabelsFoldersAndFilesAreOneLineAndExitTwo) {
    const std::string empty = fresh_dir("pivot-empty");
    const std::string junk = fresh_dir("pivot-junk");
    write_text(junk + "/notes.json", R"({"owner": "me"})");
    expect_bad_input({"--no-history", "run", "syscall", "--label", "kernel"},
                     "--label kernel: give KEY=VALUE");
    expect_bad_input({"--no-history", "run", "syscall", "--label", "=6.1"},
                     "key before '=' is empty");
    expect_bad_input({"--no-history", "run", "syscall", "--label", "k=a\x01"},
                     "the value holds the control character U+0001");
    expect_bad_input({"--no-history", "compare", empty, "--by", "host"},
                     "no results in this folder");
    expect_bad_input({"--no-history", "compare", junk, "--by", "host"},
                     "notes.json: not a bytebench result");
}

}  // namespace
}  // namespace bytebench::test
