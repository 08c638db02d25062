// The placeholders and help layout of the command line (help_format.h).
#include "cli/help_format.h"

#include <algorithm>
#include <map>
#include <regex>

namespace bytebench::cli {
namespace {

// CLI11's names for a value's type, and what a reader sees instead.
std::string generic_placeholder(const std::string &type) {
    static const std::map<std::string, std::string> kNames = {
        {"INT", "N"}, {"UINT", "N"}, {"FLOAT", "NUMBER"}, {"TEXT", "VALUE"}, {"BOOLEAN", "BOOL"}};
    const auto found = kNames.find(type);
    return found == kNames.end() ? type : found->second;
}

// The type name as given, without the validators' descriptions that
// get_type_name() appends (":" and each description). Cut at the first ":"
// rather than asked of each validator: CLI11 2.1 says how many there are
// only by throwing at the first index past them, and an exception on every
// start of the program is a cost, and under ASan with /proc hidden a false
// report (it cannot find the stack's bounds).
std::string base_type_name(const CLI::Option *opt) {
    const std::string name = opt->get_type_name();
    return name.substr(0, name.find(':'));
}

void tidy_option(CLI::Option *opt) { opt->type_name(generic_placeholder(base_type_name(opt))); }

}  // namespace

void tidy_placeholders(CLI::App &app) {
    for (CLI::Option *opt : app.get_options()) tidy_option(opt);
    for (CLI::App *sub : app.get_subcommands([](CLI::App *) { return true; }))
        tidy_placeholders(*sub);
}

std::string value_placeholder(const CLI::Option *opt) {
    return opt->get_type_size() == 0 ? "" : base_type_name(opt);
}

std::string HelpFormatter::make_option_opts(const CLI::Option *opt) const {
    std::string out;
    if (!opt->get_positional() && opt->get_type_size() != 0) out += " " + value_placeholder(opt);
    if (opt->get_positional() && opt->get_expected_max() >= CLI::detail::expected_max_vector_size)
        out += " ...";
    return out;
}

std::string HelpFormatter::make_option_desc(const CLI::Option *opt) const {
    const std::string &desc = opt->get_description();
    const std::string shown = opt->get_default_str();
    if (shown.empty() || desc.find("default") != std::string::npos) return desc;
    return desc + " (default " + shown + ")";
}

std::vector<std::string> value_choices(const CLI::Option *opt) {
    static const std::regex kChoices("[a-z][a-z0-9-]*(\\|[a-z][a-z0-9-]*)+");
    const std::string placeholder = value_placeholder(opt);
    if (!std::regex_match(placeholder, kChoices)) return {};
    std::vector<std::string> choices;
    size_t start = 0;
    for (size_t bar; (bar = placeholder.find('|', start)) != std::string::npos; start = bar + 1)
        choices.push_back(placeholder.substr(start, bar - start));
    choices.push_back(placeholder.substr(start));
    return choices;
}

ValueKind value_kind(const CLI::Option *opt) {
    if (opt->get_type_size() == 0) return ValueKind::none;
    if (!value_choices(opt).empty()) return ValueKind::choices;
    const std::string placeholder = value_placeholder(opt);
    if (placeholder.rfind("TEST", 0) == 0) return ValueKind::test_names;
    if (placeholder == "DIR") return ValueKind::folder;
    if (placeholder.find("FILE") != std::string::npos || placeholder == "PATH")
        return ValueKind::file;
    return ValueKind::other;
}

std::vector<const CLI::App *> visible_subcommands(const CLI::App &app) {
    return app.get_subcommands([](const CLI::App *sub) { return !sub->get_group().empty(); });
}

std::vector<std::string> option_names(const CLI::Option *opt) {
    std::vector<std::string> names;
    for (const std::string &s : opt->get_snames()) names.push_back("-" + s);
    for (const std::string &l : opt->get_lnames()) names.push_back("--" + l);
    return names;
}

}  // namespace bytebench::cli
