// Plugins as untrusted code, end to end: files and folders other users may
// write are refused, the descriptor cache spares describe workers, a
// flooding workload costs the CLI no memory, temporary folders are private.
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kRemedy = "; fix the permissions or pass --allow-insecure-plugins";

std::string regex_escape(const std::string &text) {
    return std::regex_replace(text, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)");
}

// A fresh folder with a copy of good.so (test.count), both private.
std::string plugin_copy(const std::string &name) {
    const std::string dir = fresh_dir(name) + "/plugins";
    fs::create_directory(dir);
    chmod(dir.c_str(), 0755);
    fs::copy_file(kTestPlugins + "/good/good.so", dir + "/good.so");
    chmod((dir + "/good.so").c_str(), 0644);
    return dir;
}

CliResult run_count(const std::string &plugins, bool allow = false) {
    std::vector<std::string> args = {"--plugin-path", plugins};
    if (allow) args.push_back("--allow-insecure-plugins");
    for (const char *a : {"run", "test.count", "-i", "1", "--duration", "0.05", "--settle", "0",
                          "-c", "1", "-q", "--no-history"})
        args.push_back(a);
    args.push_back("-o");
    args.push_back(fs::path(plugins).parent_path().string() + "/out");
    return run_cli(args);
}

void expect_refused(const std::string &plugins, const std::string &line) {
    const CliResult refused = run_count(plugins);
    EXPECT_EQ(refused.exit_code, 2) << refused.err;
    EXPECT_EQ(refused.err, "bytebench: error: " + line + "\n");
    const CliResult allowed = run_count(plugins, true);
    EXPECT_EQ(allowed.exit_code, 0) << allowed.err;
}

TEST(PluginSecurity, AWorldWritablePluginIsRefusedUnlessAllowed) {
    const std::string dir = plugin_copy("insecure-file");
    chmod((dir + "/good.so").c_str(), 0666);
    expect_refused(dir, "refused: " + dir + "/good.so is writable by others (mode 0666)" + kRemedy);
    const CliResult listing = run_cli({"--plugin-path", dir, "plugins"});
    EXPECT_EQ(listing.exit_code, 2);
    EXPECT_NE(listing.out.find("Not loaded:\n  " + dir + "/good.so\n    refused: "),
              std::string::npos)
        << listing.out;
}

// A group that may write the file but is not our primary group.
std::optional<gid_t> foreign_group() {
    if (geteuid() == 0) return gid_t(65534);  // nogroup
    gid_t groups[256];
    const int n = getgroups(256, groups);
    for (int i = 0; i < n; ++i)
        if (groups[i] != getegid()) return groups[i];
    return std::nullopt;
}

TEST(PluginSecurity, AGroupWritablePluginIsRefusedForAGroupNotOurOwn) {
    const std::string dir = plugin_copy("insecure-group");
    const std::string file = dir + "/good.so";
    chmod(file.c_str(), 0664);  // group-writable, our own group: the umask 002 case
    EXPECT_EQ(run_count(dir).exit_code, 0);
    const auto group = foreign_group();
    if (!group) GTEST_SKIP() << "no second group to give the file to";
    ASSERT_EQ(chown(file.c_str(), uid_t(-1), *group), 0);
    chmod(file.c_str(), 0664);
    const ::group *g = getgrgid(*group);
    const std::string name = g != nullptr ? g->gr_name : std::to_string(*group);
    expect_refused(dir, "refused: " + file + " is writable by group " + name +
                            " (mode 0664), which is not your primary group" + kRemedy);
}

TEST(PluginSecurity, AFolderWritableByOthersIsRefused) {
    const std::string dir = plugin_copy("insecure-folder");
    chmod(dir.c_str(), 0777);
    expect_refused(
        dir, "refused: plugin folder " + dir + " is writable by others (mode 0777)" + kRemedy);
}

TEST(PluginSecurity, APluginOfAnotherUserIsRefused) {
    if (geteuid() != 0) GTEST_SKIP() << "chown to another user needs root";
    const std::string dir = plugin_copy("insecure-owner");
    ASSERT_EQ(chown((dir + "/good.so").c_str(), 65534, 65534), 0);
    const CliResult r = run_count(dir);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_TRUE(std::regex_search(
        r.err, std::regex("^bytebench: error: refused: " + regex_escape(dir) +
                          R"(/good\.so is owned by uid 65534( \(\w+\))?, neither you nor root; )")))
        << r.err;
    EXPECT_EQ(run_count(dir, true).exit_code, 0);
}

int lines_of(const std::string &path) {
    std::ifstream in(path);
    int n = 0;
    for (std::string line; std::getline(in, line);) ++n;
    return n;
}

TEST(DescriptorCache, TheSecondCommandDescribesNothing) {
    const std::string root = fresh_dir("descriptor-cache");
    const std::string plugins = root + "/plugins";
    fs::create_directory(plugins);
    fs::copy_file(kTestPlugins + "/marker/marker.so", plugins + "/marker.so");
    const std::map<std::string, std::string> env = {{"XDG_CACHE_HOME", root + "/cache"},
                                                    {"BYTEBENCH_TEST_MARKER", root + "/marks"}};
    ASSERT_EQ(run_cli({"--plugin-path", plugins, "list"}, env).exit_code, 0);
    EXPECT_EQ(lines_of(root + "/marks"), 1);
    EXPECT_TRUE(fs::exists(root + "/cache/bytebench/descriptors.json"));
    const CliResult again = run_cli({"--plugin-path", plugins, "list"}, env);
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_NE(again.out.find("test.marker"), std::string::npos);
    EXPECT_EQ(lines_of(root + "/marks"), 1);  // described once, then from the cache
    std::ofstream(root + "/cache/bytebench/descriptors.json") << "garbage";
    EXPECT_EQ(run_cli({"--plugin-path", plugins, "list"}, env).exit_code, 0);
    EXPECT_EQ(lines_of(root + "/marks"), 2);
}

TEST(Containment, AFloodOfOutputKeepsOnlyItsTail) {
    const std::string out = fresh_dir("flood");
    // 2 copies × 16 MiB on stdout and on stderr each. max_rss_kib: the
    // largest RSS of the CLI and its workers (wait4).
    const CliResult m =
        run_cli({"--plugin-path", kTestPlugins + "/flood", "--no-history", "run", "test.flood",
                 "-i", "1", "--duration", "0.1", "--settle", "0", "-c", "2", "-o", out});
    EXPECT_EQ(m.exit_code, 1);
#ifndef __SANITIZE_ADDRESS__  // ASan's shadow and quarantine (freed memory kept) blur RSS
    EXPECT_LT(m.max_rss_kib, 48 * 1024) << "nobody may hold the flood in memory";
#endif
    const nlohmann::json doc = only_result(out);
    const auto &t = doc["runs"][0]["tests"][0];
    EXPECT_EQ(t["status"], "error");
    const std::string error = t["error"];
    EXPECT_NE(error.find("exited with status 3 before reporting a result; last output: "
                         "flood: the last line"),
              std::string::npos)
        << error;
    // The .log keeps the copy's last 4 KiB, not its 32 MiB.
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".log") {
            EXPECT_LT(fs::file_size(e.path()), 64u * 1024);
        }
}

// 100,000 record_detail() calls in each of 2 copies (the host keeps 64 and
// warns of every other) and a 2 MiB log line from setup(): once 199,880
// warning lines and a 24 MB log, and the long line vanished (over the
// CLI's 1 MiB message limit). Now 20 warnings of the kind, one line saying
// how many more were dropped, and the long line cut with a mark.
TEST(Containment, AFloodOfLogLinesIsLimitedPerTestAndALongLineIsCut) {
    const std::string out = fresh_dir("log-flood");
    const CliResult r =
        run_cli({"--plugin-path", kTestPlugins + "/flood", "--no-history", "run", "test.log_flood",
                 "-i", "1", "--settle", "0", "-c", "2", "--param", "details=20000", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err.substr(0, 4000);
    int warnings = 0;
    for (size_t at = r.err.find("ignored: the copy already recorded 64 details");
         at != std::string::npos;
         at = r.err.find("ignored: the copy already recorded 64 details", at + 1))
        ++warnings;
    // 2 x (20,000 - 64) warnings (the issue saw 100,000 a copy: the limit is
    // the same, the test a fifth as long): 20 shown, the rest summed up in one line.
    EXPECT_EQ(warnings, 21) << r.err.substr(0, 4000);
    // The first warning of either copy stands for the kind.
    const size_t summary = r.err.find(
        "warning: 39852 more lines like this were dropped: "
        "test.log_flood#");
    ASSERT_NE(summary, std::string::npos) << r.err.substr(0, 4000);
    EXPECT_EQ(r.err.compare(summary + 66, 69,
                            ": record_detail(\"k64\") ignored: the copy already recorded 64 "
                            "details\n"),
              0)
        << r.err.substr(summary, 200);
    // setup()'s line: 5 + 2 MiB + 3 bytes, its first 4096 bytes and a mark.
    const std::string cut =
        "start" + std::string(4091, 'y') + "\xE2\x80\xA6 [truncated: the line had 2097160 bytes]\n";
    EXPECT_NE(r.err.find("test.log_flood (set-up): " + cut), std::string::npos)
        << r.err.substr(0, 4000);
    EXPECT_LT(r.err.size(), 64u * 1024);
    for (const auto &e : fs::directory_iterator(out)) {
        if (e.path().extension() == ".log") {
            EXPECT_LT(fs::file_size(e.path()), 256u * 1024);
        }
    }
}

TEST(Containment, AFloodingWorkloadThatSucceedsIsOk) {
    const std::string out = fresh_dir("flood-ok");
    const std::string suite = out + "/flood.toml";
    std::ofstream(suite) << "name = \"flood\"\ntests = [\"flood-ok\"]\n"
                            "[test.flood-ok]\nworkload = \"test.flood\"\n"
                            "params = { then = \"ok\" }\n";
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/flood", "--suite", suite,
                                 "--no-history", "run", "-i", "1", "--duration", "0.1", "--settle",
                                 "0", "-c", "2", "-q", "-o", out + "/results"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(only_result(out + "/results")["runs"][0]["tests"][0]["status"], "ok");
}

TEST(Containment, APluginThatCrashesWhileLoadingIsListedAndSkipped) {
    for (const std::string which : {"load-crash", "entry-crash"}) {
        const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/" + which, "plugins"});
        EXPECT_EQ(r.exit_code, 1) << r.err;  // listed, and a plugin did not load
        EXPECT_NE(r.out.find(".so\n    worker killed by signal 11"), std::string::npos) << r.out;
    }
}

TEST(TempFolders, PrivateAndInsideTmpdir) {
    const std::string root = fresh_dir("tmpdir");
    const std::string tmpdir = root + "/t";
    fs::create_directory(tmpdir);
    const CliResult r = run_cli(
        {"--plugin-path", kTestPlugins + "/marker", "--no-history", "run", "test.marker", "-i", "1",
         "--duration", "0.05", "--settle", "0", "-c", "2", "--tmpdir", tmpdir, "-o", root + "/out"},
        {{"BYTEBENCH_TEST_MARKER", ""}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::regex line("temp_dir=(" + regex_escape(tmpdir) +
                          "/bytebench-[A-Za-z0-9]{6})/test\\.marker-p0-c[01] mode=(\\d+) "
                          "parent=(\\S+) parent_mode=(\\d+)");
    int seen = 0;
    for (std::sregex_iterator it(r.err.begin(), r.err.end(), line), end; it != end; ++it, ++seen) {
        EXPECT_EQ((*it)[2], "0700");  // the copy's folder
        EXPECT_EQ((*it)[3], (*it)[1].str());
        EXPECT_EQ((*it)[4], "0700");  // the run's mkdtemp folder
    }
    EXPECT_EQ(seen, 2) << r.err;
    EXPECT_TRUE(fs::is_empty(tmpdir)) << "the run's temporary folder is removed";
}

TEST(RootNote, SaidOncePerRun) {
    const std::string out = fresh_dir("root-note");
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "--no-history", "run",
                                 "test.count", "test.rate", "-i", "1", "--duration", "0.05",
                                 "--settle", "0", "-c", "1", "-c", "2", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string note =
        "note: running as root: the process limit (ulimit -u) does not apply and results may "
        "differ from a normal user's\n";
    size_t count = 0;
    for (size_t at = r.err.find(note); at != std::string::npos; at = r.err.find(note, at + 1))
        ++count;
    EXPECT_EQ(count, geteuid() == 0 ? 1u : 0u) << r.err;
}

}  // namespace
}  // namespace bytebench::test
