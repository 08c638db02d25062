// No input ends bytebench with a signal (rc 134 from abort(), 139 from a
// stack overflow): each case that once did is one line and an exit code,
// as root and, where the user matters, as nobody. Also the checks that
// those cases led to: ACLs and the folders above a plugin folder, the
// descriptor cache in place of which something else lies.
#include <gtest/gtest.h>
#include <pwd.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "acl.h"
#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test::no_crash {
namespace {

const std::string kResult = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare/before.json";
const std::string kRemedy = "; fix the permissions or pass --allow-insecure-plugins";

// Ended by itself, with one line on standard error that says what is wrong.
void expect_one_line(const CliResult &r, const std::string &line_start) {
    EXPECT_TRUE(r.exited()) << r.describe() << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind(line_start, 0), 0u) << r.err;
}

std::string plugin_copy(const std::string &root, const std::string &name = "plugins",
                        const std::string &plugin = "good/good.so") {
    const std::string dir = root + "/" + name;
    fs::create_directories(dir);
    chmod(dir.c_str(), 0755);
    const std::string file = dir + "/" + fs::path(plugin).filename().string();
    fs::copy_file(kTestPlugins + "/" + plugin, file);
    chmod(file.c_str(), 0644);
    return dir;
}

// The user a test runs the CLI as when the user matters: nobody, when we
// are root and may become it; else ourselves.
struct Account {
    uid_t uid;
    gid_t gid;
    bool switch_user;
};
std::optional<Account> nobody() {
    if (geteuid() != 0) return Account{geteuid(), getegid(), false};
    const passwd *pw = getpwnam("nobody");
    if (pw == nullptr) return std::nullopt;
    struct stat st {};
    if (stat(BYTEBENCH_CLI, &st) != 0 || (st.st_mode & S_IXOTH) == 0) return std::nullopt;
    return Account{pw->pw_uid, pw->pw_gid, true};
}

// `args` as `account`, with a home (and the XDG folders) it owns.
CliResult run_as(const Account &account, const std::string &home,
                 const std::vector<std::string> &args) {
    Command command(BYTEBENCH_CLI, args);
    if (account.switch_user) command.user = RunAs{account.uid, account.gid};
    for (const char *var : {"HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"})
        command.env[var] = home;
    command.timeout_s = 120;
    return run_process(command);
}

// A plugin folder the user may not read: a filesystem_error escaped, rc 134.
TEST(NoCrash, APluginFolderTheUserCannotReadIsOneLine) {
    const auto account = nobody();
    if (!account) GTEST_SKIP() << "no user nobody that may run the build tree's CLI";
    const std::string root = fresh_dir("no-crash-unreadable");
    const std::string home = root + "/home";
    fs::create_directory(home);
    ASSERT_EQ(chown(home.c_str(), account->uid, account->gid), 0);
    const std::string plugins = plugin_copy(root);
    // Not even its owner may read it, unless that is root: then nobody runs it.
    chmod(plugins.c_str(), account->switch_user ? 0700 : 0000);
    const CliResult r = run_as(*account, home, {"--plugin-path", plugins, "list"});
    if (!r.started()) GTEST_SKIP() << "cannot run as nobody: " << r.describe();
    EXPECT_EQ(r.exit_code, 2) << r.describe();
    expect_one_line(
        r, "bytebench: error: " + plugins + ": plugin folder cannot be read: Permission denied");
    chmod(plugins.c_str(), 0755);
}

// A suite file in a folder the user may not search: filesystem_error, rc 134.
TEST(NoCrash, ASuiteTheUserCannotExamineIsOneLine) {
    const auto account = nobody();
    if (!account) GTEST_SKIP() << "no user nobody that may run the build tree's CLI";
    const std::string root = fresh_dir("no-crash-suite");
    const std::string home = root + "/home", closed = root + "/closed";
    fs::create_directories(home);
    fs::create_directories(closed);
    ASSERT_EQ(chown(home.c_str(), account->uid, account->gid), 0);
    std::ofstream(closed + "/mine.toml") << "name = \"mine\"\n";
    chmod(closed.c_str(), account->switch_user ? 0700 : 0000);
    const CliResult r = run_as(*account, home, {"--suite", closed + "/mine.toml", "list"});
    chmod(closed.c_str(), 0755);
    if (!r.started()) GTEST_SKIP() << "cannot run as nobody: " << r.describe();
    EXPECT_EQ(r.exit_code, 2) << r.describe();
    expect_one_line(
        r, "bytebench: error: --suite " + closed + "/mine.toml: cannot read: Permission denied");
}

// A plugin folder whose name is not UTF-8: the descriptor cache's dump
// threw type_error.316, rc 134. It loads, and the cache keeps it.
TEST(NoCrash, APluginFolderWhoseNameIsNotUtf8LoadsAndIsCached) {
    const std::string root = fresh_dir("no-crash-latin1");
    const std::string plugins = plugin_copy(root, "caf\xe9", "marker/marker.so");
    const std::map<std::string, std::string> env = {{"XDG_CACHE_HOME", root + "/cache"},
                                                    {"BYTEBENCH_TEST_MARKER", root + "/marks"}};
    for (int i = 0; i < 2; ++i) {
        const CliResult r = run_cli({"--plugin-path", plugins, "list"}, env);
        EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
        EXPECT_NE(r.out.find("test.marker"), std::string::npos) << r.out;
    }
    std::ifstream marks(root + "/marks");
    EXPECT_EQ(std::count(std::istreambuf_iterator<char>(marks), {}, '\n'), 1)
        << "described once, then read from the cache";
    const auto cache = nlohmann::json::parse(read_file(root + "/cache/bytebench/descriptors.json"),
                                             nullptr, false);
    EXPECT_FALSE(cache.is_discarded());
}

// A temporary folder whose path is not UTF-8: every save of the result
// threw type_error.316 (with --tmpdir, the run was refused): the result lost
// its runs. The path is recorded with the bytes replaced (U+FFFD).
TEST(NoCrash, ATempFolderWhosePathIsNotUtf8IsRecordedReplaced) {
    const std::string root = fresh_dir("no-crash-tmpdir");
    const std::string tmpdir = root + "/t\xfe";
    fs::create_directory(tmpdir);
    const std::string recorded = fs::canonical(root).string() + "/t\xef\xbf\xbd";
    const std::vector<std::string> run = {"--plugin-path",
                                          kTestPlugins + "/good",
                                          "--no-history",
                                          "run",
                                          "test.count",
                                          "-i",
                                          "1",
                                          "--duration",
                                          "0.05",
                                          "--settle",
                                          "0",
                                          "-c",
                                          "1",
                                          "-q"};
    for (const bool option : {true, false}) {
        const std::string out = root + (option ? "/out-option" : "/out-env");
        std::vector<std::string> args = run;
        if (option) args.insert(args.end(), {"--tmpdir", tmpdir});
        args.insert(args.end(), {"-o", out});
        const CliResult r = run_cli(
            args, option ? std::map<std::string, std::string>{}
                         : std::map<std::string, std::string>{{"BYTEBENCH_TMPDIR", tmpdir}});
        ASSERT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
        const nlohmann::json doc = only_result(out);
        EXPECT_EQ(doc["status"], "complete");
        ASSERT_EQ(doc["runs"].size(), 1u);
        EXPECT_EQ(doc["runs"][0]["tests"][0]["status"], "ok");
        EXPECT_EQ(doc["system"]["tmpdir"]["path"], recorded);
        if (option) {
            const std::string line = doc["options"]["command_line"];
            EXPECT_NE(line.find("--tmpdir " + root + "/t\xef\xbf\xbd"), std::string::npos) << line;
        }
        EXPECT_TRUE(fs::is_empty(tmpdir));
    }
    const CliResult sysinfo = run_cli({"sysinfo", "--format", "json", "--tmpdir", tmpdir});
    ASSERT_EQ(sysinfo.exit_code, 0) << sysinfo.describe() << "\n" << sysinfo.err;
    const auto doc = nlohmann::json::parse(sysinfo.out, nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    EXPECT_EQ(doc["system"]["tmpdir"]["path"], recorded);
}

// A worker whose plugin calls std::terminate (an exception out of a
// noexcept function) died of SIGABRT; it reports a failure instead.
TEST(NoCrash, AWorkerThatTerminatesReportsAFailure) {
    const std::string root = fresh_dir("no-crash-terminate");
    const std::string suite = root + "/terminate.toml";
    std::ofstream(suite) << "name = \"terminate\"\ntests = [\"terminate\"]\n"
                            "[test.terminate]\nworkload = \"test.crash\"\n"
                            "params = { when = \"terminate\" }\n";
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/crash", "--suite", suite,
                                 "--no-history", "run", "-i", "1", "--duration", "0.1", "--settle",
                                 "0", "-c", "1", "-q", "-o", root + "/out"});
    EXPECT_EQ(r.exit_code, 1) << r.describe() << "\n" << r.err;
    const nlohmann::json test = only_result(root + "/out")["runs"][0]["tests"][0];
    EXPECT_EQ(test["status"], "error") << test.dump();
    const std::string error = test.value("error", "");
    EXPECT_NE(error.find("terminated without an exception (std::terminate)"), std::string::npos)
        << error;
    EXPECT_EQ(error.find("signal"), std::string::npos) << error;
}

// A FIFO in place of the descriptor cache: every command waited for a
// writer. It is replaced by a new cache.
TEST(NoCrash, AFifoInPlaceOfTheDescriptorCacheIsReplaced) {
    const std::string root = fresh_dir("no-crash-fifo");
    const std::string cache = root + "/cache/bytebench/descriptors.json";
    fs::create_directories(fs::path(cache).parent_path());
    ASSERT_EQ(mkfifo(cache.c_str(), 0600), 0);
    Command command(BYTEBENCH_CLI, {"--plugin-path", kTestPlugins + "/good", "list"});
    command.env = {{"XDG_CACHE_HOME", root + "/cache"}};
    command.timeout_s = 60;  // it took forever; it takes well under a second
    const CliResult r = run_process(command);
    EXPECT_FALSE(r.timed_out);
    EXPECT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    EXPECT_NE(r.out.find("test.count"), std::string::npos) << r.out;
    struct stat st {};
    ASSERT_EQ(lstat(cache.c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
    EXPECT_FALSE(nlohmann::json::parse(read_file(cache), nullptr, false).is_discarded());
}

// `show` of a history document nested 100,000 deep overflowed the stack in
// nlohmann's recursive dump: SIGSEGV, rc 139.
TEST(NoCrash, ShowOfADeeplyNestedHistoryDocumentIsOneLine) {
    const std::string root = fresh_dir("no-crash-deep");
    const std::string db = root + "/history.db";
    const CliResult recorded =
        run_cli({"--plugin-path", kTestPlugins + "/good", "--db", db, "run", "test.count", "-i",
                 "1", "--duration", "0.05", "--settle", "0", "-c", "1", "-q", "-o", root + "/out"});
    ASSERT_EQ(recorded.exit_code, 0) << recorded.err;
    const int depth = 100000;
    const std::string deep = R"({"schema": "bytebench.result/1", "runs": )" +
                             std::string(depth, '[') + std::string(depth, ']') + "}";
    sqlite3 *handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
    sqlite3_stmt *update = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(handle, "UPDATE runs SET document = ?", -1, &update, nullptr),
              SQLITE_OK);
    sqlite3_bind_text(update, 1, deep.c_str(), int(deep.size()), SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(update), SQLITE_DONE);
    sqlite3_finalize(update);
    sqlite3_close(handle);

    const CliResult shown = run_cli({"--db", db, "show", "@last"});
    EXPECT_EQ(shown.exit_code, 2) << shown.describe();
    expect_one_line(
        shown, "bytebench: error: " + db + ": run 1: corrupt result: nested deeper than 64 levels");
    const CliResult compared = run_cli({"--db", db, "compare", "@1", "@last"});
    EXPECT_EQ(compared.exit_code, 2) << compared.describe();
    expect_one_line(compared, "bytebench: error: ");
    EXPECT_EQ(run_cli({"--db", db, "history"}).exit_code, 0);
}

CliResult run_count(const std::string &plugins, bool allow = false) {
    std::vector<std::string> args = {"--plugin-path", plugins};
    if (allow) args.push_back("--allow-insecure-plugins");
    for (const char *a : {"run", "test.count", "-i", "1", "--duration", "0.05", "--settle", "0",
                          "-c", "1", "-q", "--no-history", "-o"})
        args.push_back(a);
    args.push_back(fs::path(plugins).parent_path().string() + "/out");
    return run_cli(args);
}

// The issue's sweep, kept: bad inputs of every kind, each given to the
// command that reads it, as root and as nobody. Every one is refused with a
// non-zero exit and an error line, and none ends with a signal (134 was
// abort(), 139 a stack overflow).
TEST(NoCrash, NoBadInputEndsWithASignalAsRootOrAsNobody) {
    const std::string root = fresh_dir("no-crash-sweep");
    chmod(root.c_str(), 0755);
    const auto file = [&root](const std::string &name, const std::string &text) {
        const std::string path = root + "/" + name;
        std::ofstream(path) << text;
        chmod(path.c_str(), 0644);
        return path;
    };
    const std::string result = file("result.json", read_file(kResult));
    const std::string garbage = file("garbage.json", "{\"schema\": \"bytebench.result/1\", ");
    const std::string deep = file("deep.json", std::string(100000, '[') + std::string(100000, ']'));
    const std::string not_result = file("other.json", R"({"schema": "other/1"})");
    const std::string report = file("report.txt", "neither JSON nor\na UnixBench report\n");
    const std::string nan_suite = file("nan.toml",
                                       "name = \"s\"\ntests = [\"a\"]\n[test.a]\n"
                                       "workload = \"test.count\"\nduration = nan\n");
    const std::string huge_suite = file("huge.toml",
                                        "name = \"s\"\ntests = [\"a\"]\n[test.a]\n"
                                        "workload = \"test.count\"\n"
                                        "duration = 1e300\n");
    const std::string cycle_suite =
        file("cycle.toml",
             "name = \"s\"\ntests = [\"a\"]\n[test.a]\nworkload = \"test.count\"\n"
             "[groups]\nx = [\"y\"]\ny = [\"x\"]\n");
    const std::string fifo = root + "/fifo";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
    const std::string good = kTestPlugins + "/good";
    const std::vector<std::vector<std::string>> cases = {
        {"report", "/dev/zero"},
        {"report", fifo},
        {"report", garbage},
        {"report", deep},
        {"report", not_result},
        {"report", report},
        {"report", root + "/missing.json"},
        {"report", result, "--format", "no-such-format"},
        {"report", result, "-o", "/dev/full"},
        {"report", result, "-o", root + "/no/such/folder/r.txt"},
        {"compare", result, deep},
        {"compare", result, garbage},
        {"compare", result, result, "--fail-if-slower", "nan"},
        {"compare", result, result, "--alpha", "inf"},
        {"compare", result, result, "-o", "/dev/full"},
        {"import", "/dev/zero"},
        {"import", fifo},
        {"import", report},
        {"--suite", "/dev/zero", "list"},
        {"--suite", fifo, "list"},
        {"--suite", nan_suite, "list"},
        {"--suite", huge_suite, "list"},
        {"--suite", cycle_suite, "list"},
        {"--plugin-path", good, "run", "test.count", "--duration", "nan"},
        {"--plugin-path", good, "run", "test.count", "--duration", "1e300"},
        {"--plugin-path", good, "run", "test.count", "-c", "0"},
        {"--plugin-path", good, "run", "no.such.test"},
        {"--plugin-path", root + "/missing", "run", "test.count"},
        {"show", "@99999"},
        {"history", "--limit", "nan"},
        {"sysinfo", "--tmpdir", fifo},
    };
    const auto account = nobody();
    const std::vector<std::optional<Account>> users = {Account{geteuid(), getegid(), false},
                                                       account};
    for (const std::optional<Account> &user : users) {
        if (!user) continue;
        const std::string home = root + (user->switch_user ? "/home-nobody" : "/home-root");
        fs::create_directories(home);
        ASSERT_EQ(chown(home.c_str(), user->uid, user->gid), 0);
        for (const std::vector<std::string> &args : cases) {
            std::vector<std::string> with_db = {"--db", home + "/history.db"};
            with_db.insert(with_db.end(), args.begin(), args.end());
            const CliResult r = run_as(*user, home, with_db);
            // A build tree nobody may enter (a checkout in a private folder).
            if (!r.started() && user->switch_user) break;
            std::string line;
            for (const std::string &a : args) line += " " + a;
            const std::string who = user->switch_user ? "as nobody:" : "as root:";
            ASSERT_TRUE(r.started()) << who << line << ": " << r.describe();
            EXPECT_TRUE(r.exited() && !r.timed_out) << who << line << ": " << r.describe();
            EXPECT_NE(r.exit_code, 0) << who << line << "\n" << r.out;
            EXPECT_NE(r.err.find("error"), std::string::npos) << who << line << "\n" << r.err;
        }
    }
}

// Another user may write the plugin through an ACL entry: it was loaded.
TEST(PluginAcl, AnAclEntryForAnotherUserIsRefused) {
    const std::string plugins = plugin_copy(fresh_dir("acl-file"));
    const std::string file = plugins + "/good.so";
    if (!set_acl(file, "u::rw-,u:65534:rw-,g::r--,m::rw-,o::r--"))
        GTEST_SKIP() << "no ACLs on this file system";
    const passwd *pw = getpwuid(65534);
    const std::string name = pw != nullptr ? pw->pw_name : "uid 65534";
    const CliResult refused = run_count(plugins);
    EXPECT_EQ(refused.exit_code, 2) << refused.err;
    EXPECT_EQ(refused.err, "bytebench: error: refused: " + file + " is writable by user " + name +
                               " through an ACL entry" + kRemedy + "\n");
    EXPECT_EQ(run_count(plugins, true).exit_code, 0);
    ASSERT_TRUE(set_acl(file, "u::rw-,u:65534:rw-,g::r--,m::r--,o::r--"));  // masked
    EXPECT_EQ(run_count(plugins).exit_code, 0);
}

// The folder above the plugin folder is writable by others: it was loaded.
TEST(PluginAcl, AFolderAboveThatOthersMayWriteIsRefused) {
    const std::string open = fresh_dir("folder-above") + "/open";
    const std::string plugins = plugin_copy(open);
    chmod(open.c_str(), 0777);
    const CliResult refused = run_count(plugins);
    EXPECT_EQ(refused.exit_code, 2) << refused.err;
    EXPECT_EQ(refused.err, "bytebench: error: refused: folder " + open + " (above plugin folder " +
                               plugins + ") is writable by others (mode 0777)" + kRemedy + "\n");
    chmod(open.c_str(), 01777);  // sticky, and the plugin folder is ours
    EXPECT_EQ(run_count(plugins).exit_code, 0);
    chmod(open.c_str(), 0755);
}

}  // namespace
}  // namespace bytebench::test::no_crash
