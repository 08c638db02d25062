// The man pages of bytebench, written from the parser's own tree
// (command_line.h): bytebench(1) and bytebench-COMMAND(1) for each visible
// subcommand, in roff (man(7)): NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT
// STATUS, SEE ALSO.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace bytebench::cli {

// The page of `command` (a subcommand of `app`), or of bytebench itself
// when `command` is null.
std::string man_page(const CLI::App &app, const CLI::App *command);

// Writes every page into `folder` (created if missing) as NAME.1; returns
// the exit code after one line on error.
int write_man_pages(const CLI::App &app, const std::string &folder);

}  // namespace bytebench::cli
