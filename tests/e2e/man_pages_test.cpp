// End-to-end: the man pages written at build time (man_pages.h) name every
// option the parser has, and groff renders them without a warning.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "cli_runner.h"

namespace fs = std::filesystem;

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

// A page for each subcommand `bytebench --help` lists, and none for the
// hidden ones (completion, man, __complete).
TEST(ManPages, APagePerSubcommand) {
    const CliResult help = run_cli({"--help"});
    ASSERT_EQ(help.exit_code, 0) << help.err;
    const std::string listed = help.out.substr(help.out.find("Subcommands:"));
    const std::regex row(R"(\n  ([a-z]+) )");
    int pages = 0;
    for (auto it = std::sregex_iterator(listed.begin(), listed.end(), row);
         it != std::sregex_iterator(); ++it, ++pages)
        EXPECT_TRUE(fs::exists(kManDir + "/bytebench-" + (*it)[1].str() + ".1")) << (*it)[1];
    EXPECT_GE(pages, 11);
    size_t files = 0;
    for (const auto &entry : fs::directory_iterator(kManDir))
        files += entry.path().extension() == ".1";
    EXPECT_EQ(files, size_t(pages) + 1);  // and bytebench.1
    EXPECT_FALSE(fs::exists(kManDir + "/bytebench-completion.1"));
}

TEST(ManPages, EveryPageRendersWithoutWarnings) {
    // groff-base is among the packages `make test` installs (the Makefile's
    // DEBIAN_TEST_PACKAGES): without it the pages cannot be checked, a failure.
    const std::string groff = find_program("groff");
    ASSERT_FALSE(groff.empty()) << "no groff on PATH (Debian package groff-base)";
    int rendered = 0;
    for (const auto &entry : fs::directory_iterator(kManDir)) {
        if (entry.path().extension() != ".1") continue;
        const ProcessResult r =
            run_process(Command(groff, {"-man", "-Tutf8", "-ww", "-z", entry.path().string()}));
        EXPECT_EQ(r.exit_code, 0) << entry.path();
        EXPECT_EQ(r.err, "") << entry.path();
        ++rendered;
    }
    EXPECT_GE(rendered, 12);
}

}  // namespace
}  // namespace bytebench::test
