// The run history through the CLI: runs and imports are recorded, listed
// (with their labels, filtered by them), shown again and compared by
// reference; --no-history and a broken database.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kUnixBenchReport =
    std::string(BYTEBENCH_SOURCE_DIR) + "/tests/reporters/golden/unixbench-6.0-run-2core-vm.txt";

std::vector<std::string> quick_run(const std::string &db, const std::string &out) {
    return {"--db", db,           "run", "syscall",  "-c", "1",  "-i",
            "4",    "--duration", "0.1", "--settle", "0",  "-o", out};
}

TEST(History, RunsAreRecordedListedShownAndCompared) {
    const std::string dir = fresh_dir("history-runs");
    const std::string db = dir + "/nested/history.db";
    for (int i = 0; i < 2; ++i) {
        const CliResult r = run_cli(quick_run(db, dir + "/results"));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_NE(r.err.find("Recorded in the history as @" + std::to_string(i + 1)),
                  std::string::npos)
            << r.err;
    }
    const CliResult list = run_cli({"--db", db, "history"});
    ASSERT_EQ(list.exit_code, 0) << list.err;
    EXPECT_TRUE(std::regex_search(list.out, std::regex(R"(\n +2  \d{4}-\d\d-\d\d \d\d:\d\d  )")))
        << list.out;
    EXPECT_NE(list.out.find("index"), std::string::npos);
    EXPECT_LT(list.out.find("\n    2 "), list.out.find("\n    1 ")) << "newest first";
    // syscall alone is a partial index: its score is marked, and the mark explained.
    EXPECT_TRUE(std::regex_search(list.out, std::regex(R"(  \d+\.\d\* )"))) << list.out;
    EXPECT_NE(list.out.find("\n*: a partial index (fewer tests than the suite's index has"),
              std::string::npos)
        << list.out;

    const CliResult show = run_cli({"--db", db, "show", "1"});
    ASSERT_EQ(show.exit_code, 0) << show.err;
    EXPECT_NE(show.out.find("System Call Overhead"), std::string::npos);

    const CliResult compare =
        run_cli({"--db", db, "compare", "@last~1", "@last", "--format", "json"});
    ASSERT_EQ(compare.exit_code, 0) << compare.err;
    const nlohmann::json c = nlohmann::json::parse(compare.out);
    EXPECT_EQ(c["inputs"][0]["history_id"], 1);
    EXPECT_EQ(c["inputs"][1]["history_id"], 2);
    const nlohmann::json &cell = c["sections"][0]["rows"][0]["cells"][1];
    EXPECT_EQ(cell["status"], "ok");
    EXPECT_EQ(cell["significance"]["method"], "welch") << "-i 4 keeps 3 passes";
}

std::vector<std::string> labelled_run(const std::string &db, const std::string &out,
                                      const std::vector<std::string> &labels) {
    std::vector<std::string> args = {"--db",       db,    "run",      "syscall", "-i", "1",
                                     "--duration", "0.2", "--settle", "0",       "-o", out};
    for (const std::string &label : labels) args.insert(args.end(), {"--label", label});
    return args;
}

// The ids `history` listed, in its order.
std::vector<int> listed_ids(const std::string &out) {
    std::vector<int> ids;
    const std::regex row(R"((?:^|\n) +(\d+)  \d{4}-)");
    for (auto it = std::sregex_iterator(out.begin(), out.end(), row); it != std::sregex_iterator();
         ++it)
        ids.push_back(std::stoi((*it)[1]));
    return ids;
}

TEST(History, LabelledRunsAreListedWithTheirLabelsAndFiltered) {
    const std::string dir = fresh_dir("history-labels");
    const std::string db = dir + "/history.db";
    const std::vector<std::vector<std::string>> labels = {
        {"kernel=6.1", "smt=off"}, {"kernel=6.1", "smt=on"}, {"kernel=5.15", "smt=off"}};
    for (const std::vector<std::string> &run : labels) {
        const CliResult r = run_cli(labelled_run(db, dir + "/results", run));
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    const CliResult all = run_cli({"--db", db, "history"});
    ASSERT_EQ(all.exit_code, 0) << all.err;
    EXPECT_NE(all.out.find("LABELS"), std::string::npos) << all.out;
    EXPECT_NE(all.out.find("kernel=6.1 smt=off\n"), std::string::npos) << all.out;
    EXPECT_EQ(listed_ids(all.out), (std::vector<int>{3, 2, 1})) << all.out;

    const auto listed = [&](std::vector<std::string> args) {
        args.insert(args.begin(), {"--db", db, "history"});
        const CliResult r = run_cli(args);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        return listed_ids(r.out);
    };
    EXPECT_EQ(listed({"--label", "kernel=6.1"}), (std::vector<int>{2, 1}));
    EXPECT_EQ(listed({"--label", "kernel=6.1", "--label", "smt=off"}), (std::vector<int>{1}));
    EXPECT_EQ(listed({"--label", "smt=off", "-n", "1"}), (std::vector<int>{3}));

    const CliResult none = run_cli({"--db", db, "history", "--label", "kernel=4.19"});
    EXPECT_EQ(none.exit_code, 0) << none.err;
    EXPECT_NE(none.out.find("No runs labelled kernel=4.19"), std::string::npos) << none.out;

    const CliResult bad = run_cli({"--db", db, "history", "--label", "kernel"});
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("--label kernel: give KEY=VALUE"), std::string::npos) << bad.err;
    EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
}

TEST(History, ImportedReportsAreRecordedAndComparable) {
    const std::string dir = fresh_dir("history-import");
    const std::string db = dir + "/history.db";
    const CliResult r = run_cli({"--db", db, "import", kUnixBenchReport, "-o", dir + "/results"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string written = dir + "/results/unixbench-6.0-run-2core-vm.json";
    EXPECT_NE(r.out.find(written + " (history @1)"), std::string::npos) << r.out;
    const nlohmann::json doc = nlohmann::json::parse(read_file(written));
    EXPECT_EQ(doc["schema"], "bytebench.result/1");
    EXPECT_EQ(doc["imported"]["from"], "UnixBench");
    EXPECT_EQ(doc["imported"]["version"], "6.0.0");

    const CliResult list = run_cli({"--db", db, "history"});
    EXPECT_NE(list.out.find("(imported)"), std::string::npos) << list.out;
    // Importing the same report again finds it done (an interrupted import
    // is run again so); a different conversion would replace the file:
    // refused.
    const CliResult again =
        run_cli({"--db", db, "import", kUnixBenchReport, "-o", dir + "/results"});
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.out.find(written + " (already imported: history @1)"), std::string::npos)
        << again.out;
    const CliResult other =
        run_cli({"--db", db, "import", kUnixBenchReport, "-o", dir + "/results", "--label", "k=v"});
    EXPECT_EQ(other.exit_code, 2);
    EXPECT_NE(other.err.find("exists; not replaced"), std::string::npos) << other.err;

    const CliResult run = run_cli(quick_run(db, dir + "/results"));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const CliResult compare = run_cli({"--db", db, "compare", "@1", "@last", "--format", "json"});
    ASSERT_EQ(compare.exit_code, 0) << compare.err;
    const nlohmann::json c = nlohmann::json::parse(compare.out);
    EXPECT_TRUE(c["inputs"][0]["imported"].get<bool>());
    bool syscall_compared = false;
    for (const nlohmann::json &row : c["sections"][0]["rows"])
        syscall_compared =
            syscall_compared || (row["id"] == "syscall" && row["cells"][1].contains("delta_pct"));
    EXPECT_TRUE(syscall_compared) << compare.out;
}

TEST(History, BadReportsWriteNothing) {
    const std::string dir = fresh_dir("history-bad-import");
    const std::string report = dir + "/broken.txt";
    // A header without copy-passes: lines that mean nothing are only warnings now.
    const std::string text = read_file(kUnixBenchReport);
    std::ofstream(report) << text.substr(0, text.find("Benchmark Run"));
    const CliResult r =
        run_cli({"--db", dir + "/history.db", "import", report, "-o", dir + "/results"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(std::regex_search(r.err, std::regex("broken\\.txt: no copy-pass"))) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/results/broken.json"));
    EXPECT_EQ(run_cli({"--db", dir + "/history.db", "history"}).out.find("broken"),
              std::string::npos);
}

// Another process holds the history's write lock past the busy timeout (5 s):
// the import fails, and leaves no converted file behind, so that running it
// again once the lock is gone imports it.
TEST(History, AnImportTheHistoryCannotRecordLeavesNoFile) {
    const std::string python = find_program("python3");
    if (python.empty()) GTEST_SKIP() << "python3 (its sqlite3 module holds the lock) is missing";
    const std::string dir = fresh_dir("history-locked");
    const std::string db = dir + "/history.db";
    // Creates the database (`history` reads it read-only, and creates none).
    ASSERT_EQ(
        run_cli({"--db", db, "import",
                 std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/unixbench/v5.1.3-16cpu.txt",
                 "-o", dir + "/first"})
            .exit_code,
        0);
    Process locker(Command(python, {"-c",
                                    "import sqlite3, sys, time\n"
                                    "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                                    "c.execute('BEGIN EXCLUSIVE')\n"
                                    "print('locked', flush=True)\n"
                                    "time.sleep(60)\n",
                                    db}));
    ASSERT_TRUE(wait_until([&] { return locker.out() == "locked\n"; }, 30)) << locker.err();
    const std::string written = dir + "/results/unixbench-6.0-run-2core-vm.json";
    const CliResult locked =
        run_cli({"--db", db, "import", kUnixBenchReport, "-o", dir + "/results"});
    EXPECT_EQ(locked.exit_code, 2) << locked.err;
    EXPECT_NE(locked.err.find("locked"), std::string::npos) << locked.err;
    EXPECT_NE(locked.err.find("run the import again"), std::string::npos) << locked.err;
    EXPECT_FALSE(fs::exists(written));
    locker.signal_group(SIGKILL);
    locker.wait();
    const CliResult again =
        run_cli({"--db", db, "import", kUnixBenchReport, "-o", dir + "/results"});
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.out.find(written + " (history @2)"), std::string::npos) << again.out;
}

TEST(History, NoHistoryRecordsNothing) {
    const std::string dir = fresh_dir("history-off");
    std::vector<std::string> args = quick_run(dir + "/history.db", dir + "/results");
    args.insert(args.begin(), "--no-history");
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/history.db"));
    EXPECT_EQ(run_cli({"--no-history", "history"}).exit_code, 2);
}

TEST(History, UnknownIdsAndBrokenDatabasesAreOneLineErrors) {
    const std::string dir = fresh_dir("history-errors");
    const CliResult none = run_cli({"--db", dir + "/history.db", "show", "@99"});
    EXPECT_EQ(none.exit_code, 2);
    EXPECT_NE(none.err.find("@99: no such run in the history"), std::string::npos) << none.err;
    EXPECT_EQ(run_cli({"--db", dir + "/history.db", "show", "results.json"}).exit_code, 2);

    std::ofstream(dir + "/junk.db") << "not a database, just text that is long enough to matter\n";
    const CliResult junk = run_cli({"--db", dir + "/junk.db", "history"});
    EXPECT_EQ(junk.exit_code, 2);
    EXPECT_NE(junk.err.find(dir + "/junk.db"), std::string::npos) << junk.err;
    EXPECT_EQ(std::count(junk.err.begin(), junk.err.end(), '\n'), 1) << junk.err;
    // A run still succeeds when the history cannot be written: the result file is what counts.
    const CliResult run = run_cli(quick_run(dir + "/junk.db", dir + "/results"));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("not recorded in the history"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace bytebench::test
