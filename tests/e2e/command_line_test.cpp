// End-to-end: one definition of the command line (command_line.cpp) feeds
// the parser, the completions and the man pages: every option a
// subcommand's --help lists is offered by the bash completion and named by
// its man page.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

std::vector<std::string> listed_subcommands() {
    const CliResult r = run_cli({"--help"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::string listed = r.out.substr(r.out.find("Subcommands:"));
    std::vector<std::string> names;
    const std::regex row(R"(\n  ([a-z]+) )");
    for (auto it = std::sregex_iterator(listed.begin(), listed.end(), row);
         it != std::sregex_iterator(); ++it)
        names.push_back((*it)[1]);
    return names;
}

// The option names of a --help: each row that starts with "-".
std::set<std::string> options_in_help(const std::string &help) {
    std::set<std::string> names;
    const std::regex row(R"(\n  (-[^ \n]*))"), option(R"(--?[a-z][a-z-]*)");
    for (auto it = std::sregex_iterator(help.begin(), help.end(), row);
         it != std::sregex_iterator(); ++it) {
        const std::string first = (*it)[1];
        for (auto n = std::sregex_iterator(first.begin(), first.end(), option);
             n != std::sregex_iterator(); ++n)
            names.insert(n->str());
    }
    return names;
}

std::string roff_option(const std::string &name) {
    std::string out;
    for (char c : name) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

TEST(CommandLine, CompletionsAndManPagesHaveEveryOption) {
    const std::string bash = read_file(BYTEBENCH_BASH_COMPLETION);
    const std::vector<std::string> commands = listed_subcommands();
    ASSERT_GE(commands.size(), 11u);
    for (const std::string &command : commands) {
        const CliResult help = run_cli({command, "--help"});
        ASSERT_EQ(help.exit_code, 0) << command;
        const size_t arm = bash.find("\n        " + command + ") opts=\"");
        ASSERT_NE(arm, std::string::npos) << command;
        std::string offered = bash.substr(arm, bash.find('\n', arm + 1) - arm) + " ";
        std::replace(offered.begin(), offered.end(), '"', ' ');
        const std::string page =
            read_file(std::string(BYTEBENCH_MAN_DIR) + "/bytebench-" + command + ".1");
        for (const std::string &option : options_in_help(help.out)) {
            EXPECT_NE(offered.find(" " + option + " "), std::string::npos)
                << command << " " << option;
            if (option == "-h" || option == "--help") continue;  // no page lists its --help
            EXPECT_NE(page.find("\\fB" + roff_option(option) + "\\fR"), std::string::npos)
                << command << " " << option;
        }
    }
}

}  // namespace
}  // namespace bytebench::test
