// What the CLI prints of data from elsewhere (a result's host name, a path
// on the command line): on a terminal an escape sequence in it is shown as
// '?', not obeyed; into a pipe or a file it goes byte for byte. The terminal
// is a real pseudo-terminal, from python3's pty.spawn().
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

const std::string kResult = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare/before.json";
// Sets the window title, then clears the screen.
const std::string kHostile = "evil\x1b]0;owned\x07\x1b[2Jhost";
const std::string kShown = "evil?]0;owned??[2Jhost";

// The fixture result with kHostile as its host name, in a fresh folder.
std::string hostile_result(const std::string &name) {
    nlohmann::json document = nlohmann::json::parse(read_file(kResult));
    document["system"]["hostname"] = kHostile;
    const std::string path = fresh_dir(name) + "/hostile.json";
    std::ofstream(path) << document.dump();
    return path;
}

// `bytebench <args>` with its standard output and error on a terminal.
CliResult run_cli_on_terminal(const std::vector<std::string> &args) {
    const std::string python = find_program("python3");
    // Its exit code is the CLI's.
    std::vector<std::string> argv = {
        "-c", "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))",
        BYTEBENCH_CLI};
    argv.insert(argv.end(), args.begin(), args.end());
    Command command(python, argv);
    command.timeout_s = 60;
    return run_process(command);
}

TEST(Terminal, AReportShowsEscapeSequencesInItsDataAsQuestionMarks) {
    ASSERT_NE(find_program("python3"), "");
    const std::string result = hostile_result("terminal-report");
    const CliResult r = run_cli_on_terminal({"--no-history", "report", result});
    ASSERT_EQ(r.exit_code, 0) << r.describe() << r.out;
    EXPECT_NE(r.out.find(kShown), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
}

TEST(Terminal, ComparedHostNamesAreShownSafely) {
    ASSERT_NE(find_program("python3"), "");
    const std::string result = hostile_result("terminal-compare");
    const CliResult r = run_cli_on_terminal({"--no-history", "compare", result, kResult});
    ASSERT_EQ(r.exit_code, 0) << r.describe() << r.out;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
}

TEST(Terminal, AnErrorNamingAFileShowsItsNameSafely) {
    ASSERT_NE(find_program("python3"), "");
    const CliResult r = run_cli_on_terminal({"--no-history", "report", "/nonexistent/x\x1b[2Jy"});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.out.find("/nonexistent/x?[2Jy"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
}

TEST(Terminal, IntoAPipeTheDataGoesByteForByte) {
    const std::string result = hostile_result("terminal-pipe");
    const CliResult r = run_cli({"--no-history", "report", result});
    ASSERT_EQ(r.exit_code, 0) << r.describe() << r.err;
    EXPECT_NE(r.out.find(kHostile), std::string::npos) << r.out;
}

}  // namespace
}  // namespace bytebench::test
