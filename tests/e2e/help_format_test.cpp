// End-to-end: --help shows placeholders (N, FILE, text|json), never CLI11's
// type hints; `list` fits 100 columns.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

// The subcommands `bytebench --help` lists.
std::vector<std::string> subcommands() {
    const CliResult r = run_cli({"--help"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> names;
    std::istringstream lines(r.out.substr(r.out.find("Subcommands:")));
    std::string line;
    std::getline(lines, line);
    const std::regex row(R"(^  ([a-z]+)\s.*)");
    std::smatch m;
    while (std::getline(lines, line))
        if (std::regex_match(line, m, row)) names.push_back(m[1]);
    return names;
}

TEST(HelpFormat, NoTypeHintsInAnyHelp) {
    const std::vector<std::string> commands = subcommands();
    ASSERT_GE(commands.size(), 11u);  // run ... doctor
    const std::regex hint(R"(\b(INT|UINT|TEXT|FLOAT|BOOLEAN)\b| in \[)");
    for (const std::string &command : commands) {
        const CliResult r = run_cli({command, "--help"});
        ASSERT_EQ(r.exit_code, 0) << command;
        EXPECT_FALSE(std::regex_search(r.out, hint)) << command << ":\n" << r.out;
    }
    const CliResult run = run_cli({"run", "--help"});
    EXPECT_NE(run.out.find("-c,--copies N "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("--tmpdir DIR "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("(default 2)"), std::string::npos) << run.out;  // --max-steal
    EXPECT_NE(run_cli({"list", "--help"}).out.find("--format text|json "), std::string::npos);
}

TEST(HelpFormat, HiddenCommandsAreNotListed) {
    for (const std::string &command : subcommands())
        EXPECT_TRUE(command != "completion" && command != "man") << command;
}

TEST(HelpFormat, ListFitsOneHundredColumns) {
    // The test plugins add long names and workloads that cannot run here.
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "list"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream lines(r.out);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        ++count;
        EXPECT_LE(line.size(), 100u) << line;  // the names are ASCII: a byte a column
    }
    EXPECT_GT(count, 20);
    EXPECT_NE(r.out.find("\n  syscall "), std::string::npos);
}

}  // namespace
}  // namespace bytebench::test
