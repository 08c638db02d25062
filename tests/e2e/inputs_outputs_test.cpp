// What a command reads and what it writes, kept apart (issue 35):
//   - an output that is one of the command's inputs, under its own name, a
//     hard link or a symbolic link, is refused (exit 2, one line) and the
//     input is left as it was: `compare a.json b.json -o a.json`, `report`,
//     `show N -o <its own result file>`, `compare DIR -o DIR/x.json`;
//   - a folder given to `compare` or `import` whose files or subfolders
//     cannot all be read is not compared or imported with a host silently
//     missing: each is named and the command exits 2, unless
//     --skip-unreadable (a warning each);
//   - a link in such a folder that leads out of it is not followed unless
//     --follow-links, and an error quotes at most a short, escaped excerpt
//     of a file;
//   - `--db` must be a regular file (or missing) on a file system that keeps
//     files, and a history we may only read is read;
//   - an import ended by SIGINT or SIGTERM, whenever it comes, leaves every
//     report imported whole (its file and its history entry) or not at all,
//     and the same import run again completes it.
#include <gtest/gtest.h>
#include <pwd.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <thread>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kBefore = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare/before.json";
const std::string kAfter = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare/after.json";
const std::string kConsoleReport =
    std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/unixbench/v6.0-console-4cpu.txt";

long lines_in(const std::string &text) { return std::count(text.begin(), text.end(), '\n'); }

std::vector<std::string> names_in(const std::string &dir) {
    std::vector<std::string> names;
    for (const auto &e : fs::directory_iterator(dir)) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    return names;
}

void expect_output_refused(const CliResult &r, const std::string &output,
                           const std::string &input) {
    EXPECT_EQ(r.exit_code, 2) << r.describe() << "\n" << r.err;
    EXPECT_EQ(lines_in(r.err), 1) << r.err;
    EXPECT_EQ(
        r.err.rfind(
            "bytebench: error: -o " + output + " is the input " + input + " (the same file): ", 0),
        0u)
        << r.err;
    EXPECT_EQ(r.out, "");
}

// The must-show of issue 35: `compare a.json b.json -o a.json` exits 2 and
// a.json is unchanged, and so for a hard link and a symbolic link to it, for
// report and compare DIR.
TEST(OutputIsInput, CompareAndReportRefuseToReplaceAnInputUnderAnyName) {
    const std::string dir = fresh_dir("output-is-input");
    const std::string a = dir + "/a.json", b = dir + "/b.json";
    fs::copy_file(kBefore, a);
    fs::copy_file(kAfter, b);
    fs::create_hard_link(a, dir + "/hard.json");
    fs::create_symlink("a.json", dir + "/sym.json");
    const std::string measured = read_file(a);
    for (const std::string name : {"a.json", "hard.json", "sym.json"}) {
        SCOPED_TRACE(name);
        const std::string out = dir + "/" + name;
        expect_output_refused(run_cli({"--no-history", "compare", a, b, "-o", out}), out, a);
        expect_output_refused(
            run_cli({"--no-history", "compare", b, a, "--format", "json", "-o", out}), out, a);
        expect_output_refused(run_cli({"--no-history", "report", a, "-o", out}), out, a);
        // Read through the link, written to the file: the same file.
        expect_output_refused(run_cli({"--no-history", "report", dir + "/sym.json", "-o", a}), a,
                              dir + "/sym.json");
        EXPECT_EQ(read_file(a), measured);
    }
    EXPECT_TRUE(fs::is_symlink(dir + "/sym.json"));
    EXPECT_EQ(names_in(dir), (std::vector<std::string>{"a.json", "b.json", "hard.json",
                                                       "sym.json"}));  // no temporary file

    // A folder of results, and the comparison written into it: refused over
    // a result, accepted beside them, and again over its own comparison
    // (which is not a result: compare DIR leaves it out).
    const std::string results = fresh_dir("output-is-input-folder");
    fs::copy_file(kBefore, results + "/a.json");
    fs::copy_file(kAfter, results + "/b.json");
    expect_output_refused(run_cli({"--no-history", "compare", results, "-o", results + "/b.json"}),
                          results + "/b.json", results + "/b.json");
    EXPECT_EQ(read_file(results + "/b.json"), read_file(kAfter));
    for (int i = 0; i < 2; ++i) {
        const CliResult r = run_cli(
            {"--no-history", "compare", results, "--format", "json", "-o", results + "/cmp.json"});
        EXPECT_EQ(r.exit_code, 0) << r.err;
    }
    // Outputs that are no file keep working.
    EXPECT_EQ(run_cli({"--no-history", "compare", a, b, "-o", "/dev/null"}).exit_code, 0);
}

// `show N -o <the file run N was saved to>`, and the history itself.
TEST(OutputIsInput, ShowRefusesItsOwnResultFileAndTheHistory) {
    const std::string dir = fresh_dir("output-is-input-show");
    const std::string db = dir + "/history.db";
    const CliResult imported =
        run_cli({"--db", db, "import", kConsoleReport, "-o", dir + "/results"});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    const std::string saved = dir + "/results/v6.0-console-4cpu.json";
    const std::string measured = read_file(saved);
    fs::create_symlink(saved, dir + "/link.json");
    for (const std::string &out : {saved, dir + "/link.json"}) {
        SCOPED_TRACE(out);
        expect_output_refused(run_cli({"--db", db, "show", "1", "-o", out}), out, saved);
        expect_output_refused(run_cli({"--db", db, "report", "@last", "-o", out}), out, saved);
        EXPECT_EQ(read_file(saved), measured);
    }
    expect_output_refused(run_cli({"--db", db, "show", "1", "-o", db}), db, db);
    const CliResult shown = run_cli({"--db", db, "show", "1", "-o", dir + "/report.txt"});
    EXPECT_EQ(shown.exit_code, 0) << shown.err;
}

// The user a test reads folders as when permissions matter: nobody, when we
// are root (root reads every file) and may become it; else ourselves.
struct Reader {
    std::optional<RunAs> as;
    uid_t uid;
};
std::optional<Reader> folder_reader() {
    if (geteuid() != 0) return Reader{std::nullopt, geteuid()};
    const passwd *pw = getpwnam("nobody");
    struct stat st {};
    if (pw == nullptr || stat(BYTEBENCH_CLI, &st) != 0 || (st.st_mode & S_IXOTH) == 0)
        return std::nullopt;
    return Reader{RunAs{pw->pw_uid, pw->pw_gid}, pw->pw_uid};
}

CliResult run_as_reader(const Reader &reader, const std::string &home,
                        const std::vector<std::string> &args) {
    Command command(BYTEBENCH_CLI, args);
    command.user = reader.as;
    for (const char *var : {"HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"})
        command.env[var] = home;
    command.timeout_s = 60;
    return run_process(command);
}

// A folder the reader may enter, holding what it may not read.
void open_to_reader(const std::string &path, const Reader &reader) {
    ASSERT_EQ(chown(path.c_str(), reader.uid, gid_t(-1)), 0) << path;
}

TEST(FolderInputs, WhatCannotBeReadIsNamedAndStopsTheCommand) {
    const std::optional<Reader> reader = folder_reader();
    if (!reader) GTEST_SKIP() << "no user nobody that may run the build tree's CLI";
    const std::string dir = fresh_dir("folder-inputs-unreadable");
    const std::string home = dir + "/home", results = dir + "/results", reports = dir + "/reports";
    for (const std::string &d : {home, results, reports, dir + "/imported"}) {
        fs::create_directories(d);
        open_to_reader(d, *reader);
    }
    fs::copy_file(kBefore, results + "/a.json");
    fs::copy_file(kAfter, results + "/b.json");
    fs::create_directories(results + "/closed");
    fs::copy_file(kAfter, results + "/closed/c.json");
    fs::copy_file(kAfter, results + "/locked.json");
    fs::copy_file(kConsoleReport, reports + "/one.txt");
    fs::create_directories(reports + "/closed");
    fs::copy_file(kConsoleReport, reports + "/closed/two.txt");
    for (const std::string &file : {results + "/a.json", results + "/b.json", reports + "/one.txt"})
        open_to_reader(file, *reader);
    // Not the reader's, and closed to it (as root: owned by root, mode 0700;
    // else the reader's own, mode 0).
    const mode_t closed = reader->as ? 0700 : 0;
    for (const std::string &path :
         {results + "/closed", results + "/locked.json", reports + "/closed"})
        ASSERT_EQ(chmod(path.c_str(), closed), 0);

    const CliResult compared = run_as_reader(*reader, home, {"--no-history", "compare", results});
    if (!compared.started()) GTEST_SKIP() << "cannot run as nobody: " << compared.describe();
    EXPECT_EQ(compared.exit_code, 2) << compared.err;
    EXPECT_EQ(compared.out, "");
    EXPECT_EQ(
        compared.err,
        "bytebench: error: " + results +
            "/closed: cannot read the folder: Permission denied\n"
            "bytebench: error: " +
            results +
            "/locked.json: cannot read: Permission denied\n"
            "bytebench: error: 2 entries of the folders given could not be read (named above): "
            "give --skip-unreadable to go on without them\n");
    const CliResult skipped =
        run_as_reader(*reader, home, {"--no-history", "compare", results, "--skip-unreadable"});
    EXPECT_EQ(skipped.exit_code, 0) << skipped.err;
    EXPECT_EQ(lines_in(skipped.err), 2) << skipped.err;
    EXPECT_NE(skipped.err.find("warning: " + results +
                               "/closed: cannot read the folder: Permission denied; left out "
                               "(--skip-unreadable)"),
              std::string::npos)
        << skipped.err;
    EXPECT_NE(skipped.out.find(results + "/b.json"), std::string::npos) << skipped.out;

    const std::string imported = dir + "/imported";
    const CliResult import =
        run_as_reader(*reader, home, {"--no-history", "import", reports, "-o", imported});
    EXPECT_EQ(import.exit_code, 2) << import.err;
    EXPECT_EQ(import.err,
              "bytebench: error: " + reports +
                  "/closed: cannot read the folder: Permission denied\n"
                  "bytebench: error: 1 entry of the folders given could not be read (named above): "
                  "give --skip-unreadable to go on without it; nothing was imported\n");
    EXPECT_EQ(names_in(imported), std::vector<std::string>{});
    const CliResult partial = run_as_reader(
        *reader, home, {"--no-history", "import", reports, "-o", imported, "--skip-unreadable"});
    EXPECT_EQ(partial.exit_code, 0) << partial.err;
    EXPECT_EQ(names_in(imported), std::vector<std::string>{"one.json"});
    for (const std::string &path :
         {results + "/closed", results + "/locked.json", reports + "/closed"})
        chmod(path.c_str(), 0755);
}

// A link planted in a folder of results, to a file that is not a result (in
// the issue: a root-only file, whose content the parse error quoted).
TEST(FolderInputs, ALinkOutOfTheFolderIsNotFollowedAndErrorsQuoteLittle) {
    const std::string dir = fresh_dir("folder-inputs-link");
    const std::string results = dir + "/results";
    fs::create_directories(results);
    fs::copy_file(kBefore, results + "/a.json");
    fs::copy_file(kAfter, results + "/b.json");
    const std::string secret = "SECRET-TOKEN-" + std::string(200, 'z');
    std::ofstream(dir + "/secret") << "{\"token\": \"" << secret << "\x1b[2J";
    fs::create_symlink("../secret", results + "/x.json");

    const CliResult r = run_cli({"--no-history", "compare", results});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err, "bytebench: error: " + results + "/x.json: a link out of " + results +
                         " (to " + fs::canonical(dir + "/secret").string() +
                         "): not followed\n"
                         "bytebench: error: 1 entry of the folders given could not be read "
                         "(named above): give --skip-unreadable to go on without it, or "
                         "--follow-links to read through links out of the folder\n");
    const CliResult skipped = run_cli({"--no-history", "compare", results, "--skip-unreadable"});
    EXPECT_EQ(skipped.exit_code, 0) << skipped.err;
    EXPECT_EQ(skipped.err.find("SECRET"), std::string::npos) << skipped.err;

    const CliResult followed = run_cli({"--no-history", "compare", results, "--follow-links"});
    EXPECT_EQ(followed.exit_code, 2) << followed.err;
    EXPECT_EQ(lines_in(followed.err), 1) << followed.err;
    EXPECT_NE(followed.err.find("last read: '\"SECRET-TOKEN-zzzzzzzzzzzzzzzzzzzzzzzzzz...'"),
              std::string::npos)
        << followed.err;
    EXPECT_EQ(followed.err.find(secret), std::string::npos) << followed.err;
    EXPECT_EQ(followed.err.find('\x1b'), std::string::npos) << followed.err;
}

// `--db /dev/null` was "disk I/O error", and left /dev/null-journal.
TEST(HistoryFile, APlaceThatKeepsNoFilesIsOneLine) {
    const std::string dir = fresh_dir("history-file-dev-null");
    const std::string line =
        "bytebench: error: /dev/null: cannot keep the history here: a "
        "character device (the history is a regular file, or a path where "
        "one can be made, on a file system that stores files)";
    for (const std::vector<std::string> &args :
         {std::vector<std::string>{"history"},
          {"show", "1"},
          {"compare", "@1", kBefore},
          {"import", kConsoleReport, "-o", dir + "/imported"}}) {
        std::vector<std::string> all = {"--db", "/dev/null"};
        all.insert(all.end(), args.begin(), args.end());
        SCOPED_TRACE(args.front());
        const CliResult r = run_cli(all);
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_EQ(lines_in(r.err), 1) << r.err;
        EXPECT_EQ(r.err.rfind(line, 0), 0u) << r.err;
    }
    EXPECT_FALSE(fs::exists(dir + "/imported"));
}

// Another user's history, which we may read but not write: "attempt to
// write a readonly database" before reading commands opened it read-only.
TEST(HistoryFile, AHistoryWeMayOnlyReadIsRead) {
    const std::optional<Reader> reader = folder_reader();
    if (!reader) GTEST_SKIP() << "no user nobody that may run the build tree's CLI";
    const std::string dir = fresh_dir("history-file-read-only");
    const std::string home = dir + "/home", shared = dir + "/shared", db = shared + "/history.db";
    fs::create_directories(home);
    open_to_reader(home, *reader);
    const CliResult imported =
        run_cli({"--db", db, "import", kConsoleReport, "-o", shared + "/results"});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    // Readable by all, writable by nobody but its owner (as root, the
    // reader is another user; else the folder and file are made read-only).
    ASSERT_EQ(chmod(db.c_str(), 0444), 0);
    ASSERT_EQ(chmod(shared.c_str(), 0555), 0);
    const std::vector<std::string> before = names_in(shared);
    const CliResult listed = run_as_reader(*reader, home, {"--db", db, "history"});
    if (!listed.started()) GTEST_SKIP() << "cannot run as nobody: " << listed.describe();
    EXPECT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_NE(listed.out.find("kestrel"), std::string::npos) << listed.out;
    const CliResult shown = run_as_reader(*reader, home, {"--db", db, "show", "@last"});
    EXPECT_EQ(shown.exit_code, 0) << shown.err;
    EXPECT_NE(shown.out.find("kestrel"), std::string::npos) << shown.out;
    const CliResult compared =
        run_as_reader(*reader, home, {"--db", db, "compare", "@1", shared + "/results"});
    EXPECT_EQ(compared.exit_code, 0) << compared.err;
    EXPECT_EQ(names_in(shared), before);
    chmod(shared.c_str(), 0755);
}

// The result_path of every run in the history at `db`.
std::multiset<std::string> recorded_paths(const std::string &db) {
    std::multiset<std::string> paths;
    if (!fs::exists(db)) return paths;
    sqlite3 *handle = nullptr;
    EXPECT_EQ(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt *stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(handle, "SELECT result_path FROM runs", -1, &stmt, nullptr),
              SQLITE_OK);
    while (stmt && sqlite3_step(stmt) == SQLITE_ROW)
        paths.insert(reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0)));
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    return paths;
}

// Every *.json in `dir`, as absolute paths; fails the test for any other
// file (a temporary one).
std::multiset<std::string> written_results(const std::string &dir) {
    std::multiset<std::string> paths;
    if (!fs::exists(dir)) return paths;
    for (const auto &e : fs::directory_iterator(dir)) {
        EXPECT_EQ(e.path().extension(), ".json") << e.path();
        paths.insert(fs::absolute(e.path()).string());
    }
    return paths;
}

// A folder of `count` reports, under distinct names.
std::string folder_of_reports(const std::string &name, int count) {
    const std::string dir = fresh_dir(name);
    for (int i = 0; i < count; ++i)
        fs::copy_file(kConsoleReport, dir + "/host-" + std::to_string(100 + i) + ".txt");
    return dir;
}

// SIGINT or SIGTERM at increasing delays, from the start of the import to
// its end: each time, every result on disk has its history entry and no
// temporary file is left; the same import run again then succeeds and
// leaves each report imported once.
TEST(InterruptedImport, LeavesWholeReportsAndARetrySucceeds) {
    constexpr int kReports = 12;
    const std::string reports = folder_of_reports("interrupted-import-reports", kReports);
    int interrupted = 0;
    for (int delay_ms = 0, round = 0; delay_ms <= 600; delay_ms += 20 + delay_ms / 4, ++round) {
        const int sig = round % 2 == 0 ? SIGINT : SIGTERM;
        SCOPED_TRACE(std::to_string(delay_ms) + " ms, " + strsignal(sig));
        const std::string dir = fresh_dir("interrupted-import-" + std::to_string(round));
        const std::string db = dir + "/history.db", out = dir + "/results";
        const std::vector<std::string> args = {"--db", db, "import", reports, "-o", out};
        Command command(BYTEBENCH_CLI, args);
        Process import(command);
        std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
        import.signal(sig);
        ASSERT_TRUE(import.wait_for(60));
        const ProcessResult &r = import.result();
        if (r.exit_code != 0) {
            ++interrupted;
            EXPECT_TRUE(r.exit_code == 128 + sig || r.signal == sig) << r.describe() << r.err;
        }
        const std::multiset<std::string> written = written_results(out);
        EXPECT_EQ(written, recorded_paths(db));
        const CliResult again = run_cli(args);
        EXPECT_EQ(again.exit_code, 0) << again.err;
        EXPECT_EQ(written_results(out).size(), size_t(kReports));
        EXPECT_EQ(written_results(out), recorded_paths(db));
        if (HasFailure()) break;
    }
    EXPECT_GT(interrupted, 0) << "no signal came while the import ran";
}

// What SIGKILL can leave, the result without its history entry, is adopted
// by the same import run again; another file at that name is not replaced.
TEST(InterruptedImport, AResultWithoutItsHistoryEntryIsAdopted) {
    const std::string dir = fresh_dir("import-adopts");
    const std::string db = dir + "/history.db", out = dir + "/results";
    ASSERT_EQ(run_cli({"--no-history", "import", kConsoleReport, "-o", out}).exit_code, 0);
    const std::string written = fs::absolute(out + "/v6.0-console-4cpu.json").string();
    const CliResult adopted = run_cli({"--db", db, "import", kConsoleReport, "-o", out});
    EXPECT_EQ(adopted.exit_code, 0) << adopted.err;
    EXPECT_NE(adopted.out.find("(already there; history @1)"), std::string::npos) << adopted.out;
    EXPECT_EQ(recorded_paths(db), std::multiset<std::string>{written});
    const CliResult again = run_cli({"--db", db, "import", kConsoleReport, "-o", out});
    EXPECT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.out.find("(already imported: history @1)"), std::string::npos) << again.out;
    EXPECT_EQ(recorded_paths(db).size(), 1u);
    // Labelled differently: another result, which the file there is not.
    const CliResult other =
        run_cli({"--db", db, "import", kConsoleReport, "-o", out, "--label", "site=b"});
    EXPECT_EQ(other.exit_code, 2) << other.err;
    EXPECT_NE(other.err.find(out + "/v6.0-console-4cpu.json: exists; not replaced"),
              std::string::npos)
        << other.err;
}

}  // namespace
}  // namespace bytebench::test
