// The shell completions of bytebench, written from the parser's own tree
// (command_line.h): subcommands, options, the values an option lists
// (text|json), files and folders where an option takes one, and the test
// and group names, asked of `bytebench __complete names` as the user types.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace bytebench::cli {

// The script for `shell`: bash, zsh or fish.
std::string completion_script(const CLI::App &app, const std::string &shell);

}  // namespace bytebench::cli
