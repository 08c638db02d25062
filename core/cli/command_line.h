// The command line's one definition: every subcommand with its options and
// what it does. The parser (main.cpp), the shell completions
// (completion_script.h) and the man pages (man_pages.h) all read this tree,
// so that none of them can say something the parser does not do.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "commands.h"

namespace bytebench::cli {

// The parser and the options it fills. Not copyable or movable: the
// options are bound by address.
struct CommandLine {
    CLI::App app{"bytebench: UnixBench's workloads and scores, with plugins for everything else.\n",
                 "bytebench"};
    GlobalOptions global;
    RunOptions run;
    ListOptions list;
    std::string plugins_format = "text";
    DescribeOptions describe;
    ReportOptions report, show;
    CompareOptions compare;
    ImportCommandOptions import;
    HistoryOptions history;
    SysinfoOptions sysinfo;
    DoctorOptions doctor;
    std::string completion_shell, man_folder, complete_what;
    // What each subcommand does, by name, once the options are parsed.
    std::map<std::string, std::function<int()>> actions;

    CommandLine() = default;
    CommandLine(const CommandLine &) = delete;
    CommandLine &operator=(const CommandLine &) = delete;
};

// The whole tree; `command_line` is what a run records of how it was started.
std::unique_ptr<CommandLine> make_command_line(const std::string &command_line);

}  // namespace bytebench::cli
