// Names that would lead out of the run's temporary folder (issue 35, §1): a
// vendor's suite with "../../victim" as a test id made `run` create and then
// remove <TMPDIR>/../../victim-n1-test and -p0-c0 with what was in them.
// Folders are planted inside and outside the temporary folder, with files
// in them, and checked after each command.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kRule =
    " is not a name: a name is 1 to 128 letters, digits, '.', '_' and '-', starting with a letter "
    "or a digit";

class PathEscape : public ::testing::Test {
  protected:
    // <dir>/a/b/tmp is TMPDIR; "../../victim" from a folder in it is <dir>/a/victim.
    void SetUp() override {
        dir_ = fresh_dir("path-escape");
        tmp_ = dir_ + "/a/b/tmp";
        fs::create_directories(tmp_);
        for (const std::string &folder : planted()) {
            fs::create_directories(folder);
            std::ofstream(folder + "/keep") << "precious";
        }
    }
    // Every folder a run at 1 or 2 copies would have used for the names of
    // the suites below, outside TMPDIR and inside it.
    std::vector<std::string> planted() const {
        std::vector<std::string> folders;
        for (const std::string &at : {dir_ + "/a", dir_ + "/a/b", tmp_})
            for (const char *name : {"victim", "ok"})
                for (const char *suffix : {"-n1-test", "-n2-test", "-p0-c0", "-p0-c1"})
                    folders.push_back(at + "/" + name + suffix);
        return folders;
    }
    void expect_planted_folders_intact() const {
        for (const std::string &folder : planted()) {
            std::ifstream in(folder + "/keep");
            std::string text;
            std::getline(in, text);
            EXPECT_EQ(text, "precious") << folder;
        }
    }
    std::string suite(const std::string &text) const {
        const std::string path = dir_ + "/ids.toml";
        std::ofstream(path) << text;
        return path;
    }
    CliResult run(const std::string &suite_path, const std::string &name) const {
        return run_cli({"--plugin-path",
                        kTestPlugins + "/good",
                        "--no-history",
                        "--suite",
                        suite_path,
                        "run",
                        name,
                        "--settle",
                        "0",
                        "-i",
                        "1",
                        "--duration",
                        "0.1",
                        "-c",
                        "1",
                        "-c",
                        "2",
                        "-q",
                        "-o",
                        dir_ + "/results"},
                       {{"TMPDIR", tmp_}});
    }
    std::string dir_, tmp_;
};

// The one error line of `err` (a first run after a build may also say that
// it described the plugins again).
std::string error_line(const std::string &err) {
    const size_t at = err.find("bytebench: error: ");
    if (at == std::string::npos) return "";
    const size_t end = err.find('\n', at);
    EXPECT_EQ(err.find("bytebench: error: ", at + 1), std::string::npos) << err;
    return err.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
}

TEST_F(PathEscape, ATestIdLeadingOutIsRefusedAtLoadWithItsPlace) {
    const std::string s =
        suite("name = \"ids\"\n[test.\"../../victim\"]\nworkload = \"test.count\"\n");
    const CliResult r = run(s, "../../victim");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(error_line(r.err),
              "bytebench: error: " + s + ":2:7: test '../../victim'" + kRule + "\n");
    expect_planted_folders_intact();
}

TEST_F(PathEscape, AGroupOrWorkloadIdLeadingOutIsRefusedAtLoadWithItsPlace) {
    const std::string group = suite(
        "name = \"ids\"\n[test.ok]\nworkload = \"test.count\"\n[groups]\n\"../../victim\" = "
        "[\"ok\"]\n");
    CliResult r = run(group, "../../victim");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(error_line(r.err),
              "bytebench: error: " + group + ":5:1: group '../../victim'" + kRule + "\n");
    const std::string workload =
        suite("name = \"ids\"\n[test.ok]\nworkload = \"../../test.count\"\n");
    r = run(workload, "ok");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(error_line(r.err), "bytebench: error: " + workload +
                                     ":3:12: test 'ok': workload '../../test.count'" + kRule +
                                     "\n");
    expect_planted_folders_intact();
}

TEST_F(PathEscape, ARunRemovesOnlyTheFoldersItMade) {
    const std::string s = suite("name = \"ids\"\n[test.ok]\nworkload = \"test.count\"\n");
    // ok-n1-test, ok-p0-c0 ... are already in TMPDIR: the run's own are in
    // a folder of its own inside it, and go with it.
    const CliResult r = run(s, "ok");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    expect_planted_folders_intact();
    size_t left = 0;
    for (const auto &entry : fs::directory_iterator(tmp_))
        left += entry.path().filename().string().rfind("bytebench-", 0) == 0 ? 1 : 0;
    EXPECT_EQ(left, 0u);  // the run's temporary folder is gone
}

}  // namespace
}  // namespace bytebench::test
