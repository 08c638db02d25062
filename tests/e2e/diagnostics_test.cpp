// What the CLI tells a plugin author about their workload: its output with
// -v, a warning when it wrote output during a timed pass. (The timeout's
// message about the stop flag is tested in tests/unit/exec/pass_runner_test:
// through the CLI, a timeout takes its 10-s grace.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

const std::string kChattyRunLines =
    "chatty: line 1 of run()\nchatty: line 2 of run()\nchatty: line 3 of run()\n";
const std::string kChattyStderrLine = "chatty: on stderr \x1b[31mred\x1b[0m \xff\n";

CliResult run_chatty(const std::string &out, const std::vector<std::string> &extra) {
    std::vector<std::string> args = {"run",
                                     "--plugin-path",
                                     kTestPlugins + "/diagnostics",
                                     "test.chatty",
                                     "--duration",
                                     "0.1",
                                     "--settle",
                                     "0",
                                     "-c",
                                     "1",
                                     "-o",
                                     out};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args);
}

size_t occurrences(const std::string &text, const std::string &what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

std::string run_log(const std::string &dir) {
    for (const auto &e : fs::directory_iterator(dir))
        if (e.path().extension() == ".log") {
            std::ifstream in(e.path());
            std::stringstream text;
            text << in.rdbuf();
            return text.str();
        }
    return "";
}

TEST(Diagnostics, OutputDuringATimedPassIsWarnedOfOncePerTestAndRecorded) {
    const std::string out = fresh_dir("diagnostics-warning");
    const CliResult r = run_chatty(out, {"-i", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The bytes of run() count; create()'s line, printed before the barrier, does not.
    const size_t bytes = kChattyRunLines.size() + kChattyStderrLine.size();
    const std::string warning = "test.chatty wrote " + std::to_string(bytes) +
                                " bytes to stdout or stderr during timed pass 1: output inside "
                                "the timed loop distorts the result";
    EXPECT_NE(r.err.find("warning: " + warning), std::string::npos) << r.err;
    EXPECT_EQ(occurrences(r.err, " wrote "), 1u) << "one warning per test, not per pass\n" << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *test = find_test(doc["runs"][0], "test.chatty");
    ASSERT_NE(test, nullptr);
    EXPECT_EQ((*test)["warnings"], nlohmann::json::array({warning})) << test->dump();
    // Without -v the output is not shown.
    EXPECT_EQ(r.err.find("chatty: line 1"), std::string::npos) << r.err;
}

TEST(Diagnostics, AWorkloadThatPrintsNothingGetsNoWarning) {
    const std::string out = fresh_dir("diagnostics-count");
    const CliResult r = run_cli({"run", "--plugin-path", kTestPlugins + "/good", "test.count", "-i",
                                 "1", "--duration", "0.1", "--settle", "0", "-c", "1", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find(" wrote "), std::string::npos) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *test = find_test(doc["runs"][0], "test.count");
    ASSERT_NE(test, nullptr);
    EXPECT_FALSE(test->contains("warnings")) << test->dump();
}

TEST(Diagnostics, VerboseShowsTheOutputLineByLineWithTheCopyAndPass) {
    const std::string out = fresh_dir("diagnostics-verbose");
    const CliResult r = run_chatty(out, {"-i", "2", "-v"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string where = "[test.chatty copy 1/1 pass 2] ";
    for (const std::string line :
         {"chatty: create() says hello", "chatty: line 1 of run()", "chatty: line 3 of run()"})
        EXPECT_NE(r.err.find("\n" + where + line + "\n"), std::string::npos) << line << r.err;
    // Escapes and bytes that are not UTF-8 are shown as '?', not passed to the terminal.
    EXPECT_NE(r.err.find(where + "chatty: on stderr ?[31mred?[0m ?\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("[test.chatty copy 1/1 pass 1] chatty: line 2 of run()"),
              std::string::npos)
        << "each pass's own\n"
        << r.err;
    const std::string log = run_log(out);
    EXPECT_NE(log.find(where + "chatty: line 1 of run()"), std::string::npos) << log;
}

}  // namespace
}  // namespace bytebench::test
