// End-to-end: the man pages written at build time (man_pages.h) name every
// option the parser has, and groff renders them without a warning.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

const std::string kManDir = BYTEBENCH_MAN_DIR;

// The option names `bytebench COMMAND --help` shows: the parser's own list.
std::set<std::string> help_options(const std::string &command) {
    const CliResult r = run_cli({command, "--help"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::set<std::string> names;
    // An option's row: two spaces, its names ("-c,--copies"), a space.
    const std::regex row(R"(\n  ([^ \n][^\n]*))"), option(R"(--?[a-z][a-z-]*)");
    for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), row);
         it != std::sregex_iterator(); ++it) {
        const std::string line = (*it)[1];
        if (line[0] != '-') continue;
        const std::string first = line.substr(0, line.find(' '));
        for (auto n = std::sregex_iterator(first.begin(), first.end(), option);
             n != std::sregex_iterator(); ++n)
            names.insert(n->str());
    }
    names.erase("-h");
    names.erase("--help");
    return names;
}

std::string roff_name(std::string name) {
    std::string out;
    for (char c : name) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

TEST(ManPages, RunPageNamesEveryOptionOfRun) {
    const std::string page = read_file(kManDir + "/bytebench-run.1");
    const std::set<std::string> options = help_options("run");
    ASSERT_GE(options.size(), 20u);
    for (const std::string &option : options)
        EXPECT_NE(page.find("\\fB" + roff_name(option) + "\\fR"), std::string::npos) << option;
    for (const char *section : {".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS",
                                ".SH EXIT STATUS", ".SH SEE ALSO"})
        EXPECT_NE(page.find(section), std::string::npos) << section;
}

TEST(ManPages, EveryPageRendersWithoutWarnings) {
    const std::string groff = find_program("groff");
    if (groff.empty())
        return;  // groff-base is on every Debian install; nothing to check without it
    for (const char *page : {"bytebench", "bytebench-run", "bytebench-list", "bytebench-compare",
                             "bytebench-doctor", "bytebench-import", "bytebench-history"}) {
        const ProcessResult r = run_process(
            Command(groff, {"-man", "-Tutf8", "-ww", "-z", kManDir + "/" + page + ".1"}));
        EXPECT_EQ(r.exit_code, 0) << page;
        EXPECT_EQ(r.err, "") << page;
    }
}

}  // namespace
}  // namespace bytebench::test
