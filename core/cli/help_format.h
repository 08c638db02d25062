// How the command line describes its options, to people (--help, the man
// pages) and to shells (the completions): a short placeholder for a value
// (N, FILE, text|json), never CLI11's type hints (INT:INT in [1 - 1048576],
// TEXT:FILE), and the default at the end of the description.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace bytebench::cli {

// Replaces each option's CLI11 type name under `app` (and its subcommands)
// by its placeholder alone: the name given with type_name(), or N, NUMBER or
// VALUE for CLI11's INT, FLOAT or TEXT; the validators' descriptions are
// dropped (their checks and error messages stay). Call once the options
// are all added.
void tidy_placeholders(CLI::App &app);

// What --help prints: CLI11's layout with the tidied placeholders and the
// default in the description.
class HelpFormatter : public CLI::Formatter {
  public:
    std::string make_option_opts(const CLI::Option *opt) const override;
    std::string make_option_desc(const CLI::Option *opt) const override;
};

// The placeholder of an option that takes a value; "" for a flag.
std::string value_placeholder(const CLI::Option *opt);

// The values an option takes when its placeholder lists them all in lower
// case ("text|json", "bash|zsh|fish"); empty otherwise.
std::vector<std::string> value_choices(const CLI::Option *opt);

// What a shell completes for an option's value or a positional.
enum class ValueKind { none, choices, test_names, file, folder, other };
ValueKind value_kind(const CLI::Option *opt);

// The subcommands a user sees (hidden ones, as `completion`, left out).
std::vector<const CLI::App *> visible_subcommands(const CLI::App &app);

// Every name of an option: "-c", "--copies".
std::vector<std::string> option_names(const CLI::Option *opt);

}  // namespace bytebench::cli
