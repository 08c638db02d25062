// End-to-end: `bytebench doctor` on this machine, and the pre-flight lines
// before `run` (left out with -q).
#include <gtest/gtest.h>
#include <sys/vfs.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

const std::vector<std::string> kDoctorChecks = {"governor", "boost",  "load",           "swap",
                                                "thp",      "steal",  "virtualization", "cpu_quota",
                                                "hybrid",   "tmpdir", "busy_processes"};

// A memory file system to point --tmpdir at (the tmpdir check warns on it),
// or "" when this machine has none at /dev/shm.
std::string memory_folder() {
    struct statfs s {};
    constexpr long kTmpfsMagic = 0x01021994;
    return ::statfs("/dev/shm", &s) == 0 && s.f_type == kTmpfsMagic ? "/dev/shm" : "";
}

TEST(Doctor, JsonHasEveryCheckAndTheExitCodeFollowsItsStatuses) {
    const CliResult r = run_cli({"doctor", "--format", "json"});
    nlohmann::json doc;
    ASSERT_NO_THROW(doc = nlohmann::json::parse(r.out)) << r.out << r.err;
    ASSERT_TRUE(doc["checks"].is_array());
    ASSERT_EQ(doc["checks"].size(), kDoctorChecks.size()) << r.out;
    bool bad = false;
    for (size_t i = 0; i < kDoctorChecks.size(); ++i) {
        const nlohmann::json &c = doc["checks"][i];
        EXPECT_EQ(c["name"], kDoctorChecks[i]);
        const std::string status = c["status"];
        EXPECT_TRUE(status == "ok" || status == "warn" || status == "bad" || status == "unknown")
            << c.dump();
        EXPECT_FALSE(c["found"].get<std::string>().empty()) << c.dump();
        // What to do, exactly for warn and bad.
        EXPECT_EQ(c.contains("advice"), status == "warn" || status == "bad") << c.dump();
        bad = bad || status == "bad";
    }
    EXPECT_EQ(r.exit_code, bad ? 1 : 0) << r.out;
    EXPECT_EQ(doc["exit_code"], r.exit_code);
}

TEST(Doctor, TextPrintsEachCheckAndAVerdictThatMatchesTheExitCode) {
    const CliResult r = run_cli({"doctor"});
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.exit_code << r.err;
    for (const std::string &name : kDoctorChecks) {
        const std::string line_start = "\n" + name + " ";
        EXPECT_TRUE(r.out.rfind(name + " ", 0) == 0 || r.out.find(line_start) != std::string::npos)
            << name << "\n"
            << r.out;
    }
    const bool says_bad = r.out.find("would not be trustworthy (exit 1)") != std::string::npos;
    EXPECT_EQ(says_bad, r.exit_code == 1) << r.out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        const bool warn_or_bad = line.find(" warn ") == 15 || line.find(" bad ") == 15;
        if (!warn_or_bad) continue;
        std::string next;
        ASSERT_TRUE(std::getline(lines, next)) << r.out;
        EXPECT_EQ(next.find("what to do: "), 25u) << line << "\n" << next;
    }
}

TEST(Doctor, ATmpdirInMemoryWarnsAndABadFormatIsBadInput) {
    const std::string shm = memory_folder();
    if (shm.empty()) GTEST_SKIP() << "no tmpfs at /dev/shm";
    const CliResult r = run_cli({"doctor", "--format", "json", "--tmpdir", shm});
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    const nlohmann::json &tmpdir = doc["checks"][9];
    ASSERT_EQ(tmpdir["name"], "tmpdir");
    EXPECT_EQ(tmpdir["status"], "warn") << tmpdir.dump();
    EXPECT_NE(tmpdir["advice"].get<std::string>().find("--tmpdir"), std::string::npos);

    EXPECT_EQ(run_cli({"doctor", "--format", "html"}).exit_code, 2);
    EXPECT_EQ(run_cli({"doctor", "--tmpdir", "/no/such/folder"}).exit_code, 2);
}

TEST(Doctor, HybridCoresWarnAndSayHowToPlaceCopies) {
    // hwloc reads the topology from the file HWLOC_XMLFILE names (docs/placement.md).
    const std::string xml =
        std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/topology/hybrid-2p4e.xml";
    const CliResult r = run_cli({"doctor", "--format", "json"}, {{"HWLOC_XMLFILE", xml}});
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    const nlohmann::json &hybrid = doc["checks"][8];
    ASSERT_EQ(hybrid["name"], "hybrid");
    EXPECT_EQ(hybrid["status"], "warn") << hybrid.dump();
    EXPECT_NE(hybrid["found"].get<std::string>().find("2 kinds of core: "), std::string::npos)
        << hybrid.dump();
    EXPECT_NE(hybrid["advice"].get<std::string>().find("--placement"), std::string::npos);
}

// `bytebench args...` with /proc hidden: a tmpfs over it in a mount (and
// user) namespace of its own; nullopt where this machine allows none.
std::optional<CliResult> with_proc_hidden(const std::vector<std::string> &args) {
    const std::string unshare = find_program("unshare");
    if (unshare.empty()) return std::nullopt;
    const std::vector<std::string> hide = {
        "-rm", "--propagation", "private", "sh", "-c", "mount -t tmpfs none /proc && exec \"$@\"",
        "sh"};
    std::vector<std::string> probe = hide;
    probe.push_back("true");
    if (run_process(Command(unshare, probe)).exit_code != 0) return std::nullopt;
    std::vector<std::string> command = hide;
    command.push_back(BYTEBENCH_CLI);
    command.insert(command.end(), args.begin(), args.end());
    return run_process(Command(unshare, command));
}

// Every check of what would disturb a run reads /proc: hidden, doctor says
// it could check nothing of it (exit 4), not that nothing was found.
TEST(Doctor, AHiddenProcIsSaidAndIsNoVerdict) {
    const std::optional<CliResult> text = with_proc_hidden({"doctor"});
    if (!text) GTEST_SKIP() << "no mount namespace here (unshare -rm: user namespaces are off)";
#ifndef __SANITIZE_ADDRESS__
    // Under ASan the exit is LeakSanitizer's: it reads its options from
    // /proc/self/environ and the threads to stop from /proc/PID/task, and
    // ends the process with exit 1 when /proc is hidden. The output holds.
    EXPECT_EQ(text->exit_code, 4) << text->out << text->err;
#endif
    EXPECT_NE(text->out.find("could be checked: /proc is not readable (/proc/stat: No such file "
                             "or directory) (exit 4)\n"),
              std::string::npos)
        << text->out;
    EXPECT_EQ(text->out.find("Nothing found"), std::string::npos) << text->out;
    const std::optional<CliResult> json = with_proc_hidden({"doctor", "--format", "json"});
    ASSERT_TRUE(json);
    nlohmann::json doc = nlohmann::json::parse(json->out);  // [] of a missing key: null
    EXPECT_EQ(doc["exit_code"], 4);
    EXPECT_EQ(doc["unchecked"], "/proc is not readable (/proc/stat: No such file or directory)");
}

std::string log_of(const std::string &dir) {
    for (const auto &e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".log") {
            std::ifstream in(e.path());
            return std::string(std::istreambuf_iterator<char>(in), {});
        }
    return "";
}

TEST(Doctor, RunSaysWhatMayDisturbItUnlessQuiet) {
    const std::string shm = memory_folder();
    if (shm.empty()) GTEST_SKIP() << "no tmpfs at /dev/shm";
    const std::vector<std::string> run = {"run",      "syscall",  "-i",       "1",   "--duration",
                                          "0.2",      "--settle", "0",        "-c",  "1",
                                          "--tmpdir", shm,        "--format", "json"};
    const std::string out = fresh_dir("doctor-run");
    std::vector<std::string> args = run;
    args.insert(args.end(), {"-o", out});
    const CliResult loud = run_cli(args);
    ASSERT_EQ(loud.exit_code, 0) << loud.err;
    EXPECT_NE(loud.err.find("pre-flight: "), std::string::npos) << loud.err;
    EXPECT_NE(loud.err.find("tmpdir warn"), std::string::npos) << loud.err;
    EXPECT_NE(loud.err.find("(bytebench doctor says what to do)\n"), std::string::npos) << loud.err;
    // One to three lines.
    size_t lines = 0;
    for (size_t at = loud.err.find("pre-flight: "); at != std::string::npos;
         at = loud.err.find("pre-flight: ", at + 1))
        ++lines;
    EXPECT_GE(lines, 1u);
    EXPECT_LE(lines, 3u);

    const std::string quiet_out = fresh_dir("doctor-run-quiet");
    args = run;
    args.insert(args.begin(), "-q");
    args.insert(args.end(), {"-o", quiet_out});
    const CliResult quiet = run_cli(args);
    ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
    EXPECT_EQ(quiet.err.find("pre-flight"), std::string::npos) << quiet.err;
    // The run's log keeps them all the same.
    EXPECT_NE(log_of(quiet_out).find("pre-flight: "), std::string::npos);
}

}  // namespace
}  // namespace bytebench::test
