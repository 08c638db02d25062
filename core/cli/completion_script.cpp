// The completion scripts (completion_script.h). Each shell gets the same
// facts from the tree: the visible subcommands, each one's options (and the
// global ones, which every subcommand accepts: the parser falls through),
// and for each option or positional what its value is (help_format.h).
#include "cli/completion_script.h"

#include <vector>

#include "cli/help_format.h"

namespace bytebench::cli {
namespace {

std::vector<const CLI::Option *> named_options(const CLI::App &app) {
    return app.get_options([](const CLI::Option *o) { return !o->get_positional(); });
}

const CLI::Option *first_positional(const CLI::App &app) {
    const auto positionals =
        app.get_options([](const CLI::Option *o) { return o->get_positional(); });
    return positionals.empty() ? nullptr : positionals.front();
}

std::string joined_names(const std::vector<const CLI::Option *> &options) {
    std::string text;
    for (const CLI::Option *o : options)
        for (const std::string &name : option_names(o)) text += (text.empty() ? "" : " ") + name;
    return text;
}

std::string joined_words(const std::vector<std::string> &words) {
    std::string text;
    for (const std::string &w : words) text += (text.empty() ? "" : " ") + w;
    return text;
}

// The bash statement that completes a value of kind `kind` ("" for none).
std::string bash_values(const CLI::Option *o) {
    switch (value_kind(o)) {
        case ValueKind::choices:
            return "COMPREPLY=($(compgen -W \"" + joined_words(value_choices(o)) +
                   "\" -- \"$cur\"))";
        case ValueKind::test_names:
            return "COMPREPLY=($(compgen -W \"$(_bytebench_names)\" -- \"$cur\"))";
        case ValueKind::file:
            return "COMPREPLY=($(compgen -f -- \"$cur\"))";
        case ValueKind::folder:
            return "COMPREPLY=($(compgen -d -- \"$cur\"))";
        default:
            return "COMPREPLY=()";
    }
}

// The `case "$cmd:$prev"` arms: an option's value.
std::string bash_value_arms(const CLI::App &app) {
    std::string text;
    for (const CLI::Option *o : named_options(app))
        if (o->get_type_size() != 0)
            for (const std::string &name : option_names(o))
                text += "        *:" + name + ") " + bash_values(o) + "; return ;;\n";
    for (const CLI::App *sub : visible_subcommands(app))
        for (const CLI::Option *o : named_options(*sub))
            if (o->get_type_size() != 0)
                for (const std::string &name : option_names(o))
                    text += "        " + sub->get_name() + ":" + name + ") " + bash_values(o) +
                            "; return ;;\n";
    return text;
}

std::string bash_script(const CLI::App &app) {
    std::string commands, options_arms, positional_arms;
    for (const CLI::App *sub : visible_subcommands(app)) {
        commands += (commands.empty() ? "" : " ") + sub->get_name();
        options_arms += "        " + sub->get_name() + ") opts=\"" +
                        joined_names(named_options(*sub)) + "\" ;;\n";
        if (const CLI::Option *p = first_positional(*sub))
            positional_arms += "        " + sub->get_name() + ") " + bash_values(p) + " ;;\n";
    }
    // The global options, which every subcommand accepts; its own list has
    // --help already.
    const std::string global = joined_names(app.get_options([](const CLI::Option *o) {
        return !o->get_positional() && o->get_lnames() != std::vector<std::string>{"help"};
    }));
    return "# bash completion for bytebench; written by `bytebench completion bash`.\n"
           "_bytebench_names() {\n"
           "    local args=() i\n"
           "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
           "        case \"${COMP_WORDS[i]}\" in\n"
           "            --suite|--plugin-path) args+=(\"${COMP_WORDS[i]}\" \"${COMP_WORDS[i+1]}\") "
           ";;\n"
           "        esac\n"
           "    done\n"
           "    \"${COMP_WORDS[0]}\" \"${args[@]}\" __complete names 2>/dev/null\n"
           "}\n"
           "_bytebench() {\n"
           "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
           "    local cmd=\"\" opts=\"\" i\n"
           "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
           "        case \" " +
           commands +
           " \" in\n"
           "            *\" ${COMP_WORDS[i]} \"*) cmd=\"${COMP_WORDS[i]}\"; break ;;\n"
           "        esac\n"
           "    done\n"
           "    case \"$cmd:$prev\" in\n" +
           bash_value_arms(app) +
           "    esac\n"
           "    case \"$cmd\" in\n" +
           options_arms +
           "    esac\n"
           "    if [[ \"$cur\" == -* ]]; then\n"
           // A subcommand's own options include its --help.
           "        COMPREPLY=($(compgen -W \"${opts:---help} " +
           global +
           "\" -- \"$cur\"))\n"
           "        return\n"
           "    fi\n"
           "    case \"$cmd\" in\n"
           "        \"\") COMPREPLY=($(compgen -W \"" +
           commands + "\" -- \"$cur\")) ;;\n" + positional_arms +
           "        *) COMPREPLY=() ;;\n"
           "    esac\n"
           "}\n"
           "complete -F _bytebench bytebench\n";
}

// Text inside a zsh single-quoted _arguments spec's [description].
std::string zsh_escaped(const std::string &text) {
    std::string out;
    for (char c : text) {
        if (c == '\'')
            out += "'\\''";
        else if (c == '[' || c == ']' || c == ':' || c == '\\')
            out += std::string("\\") + c;
        else
            out += c;
    }
    return out;
}

std::string zsh_action(const CLI::Option *o) {
    switch (value_kind(o)) {
        case ValueKind::choices:
            return "(" + joined_words(value_choices(o)) + ")";
        case ValueKind::test_names:
            return "_bytebench_names";
        case ValueKind::file:
            return "_files";
        case ValueKind::folder:
            return "_files -/";
        default:
            return " ";
    }
}

std::string zsh_specs(const CLI::App &app) {
    std::string text;
    for (const CLI::Option *o : named_options(app)) {
        const std::vector<std::string> names = option_names(o);
        const std::string desc = zsh_escaped(o->get_description());
        const std::string value =
            o->get_type_size() == 0 ? ""
                                    : ":" + zsh_escaped(value_placeholder(o)) + ":" + zsh_action(o);
        for (const std::string &name : names)
            text += "    '" + std::string(o->get_expected_max() > 1 ? "*" : "") + name + "[" +
                    desc + "]" + value + "' \\\n";
    }
    if (const CLI::Option *p = first_positional(app))
        text += "    '" + std::string(p->get_expected_max() > 1 ? "*" : "") + ":" +
                zsh_escaped(p->get_name()) + ":" + zsh_action(p) + "' \\\n";
    return text;
}

std::string zsh_script(const CLI::App &app) {
    std::string commands, functions, cases;
    for (const CLI::App *sub : visible_subcommands(app)) {
        commands += "    '" + sub->get_name() + ":" + zsh_escaped(sub->get_description()) + "'\n";
        functions += "_bytebench_" + sub->get_name() + "() {\n  _arguments -s \\\n" +
                     zsh_specs(*sub) + zsh_specs(app) + "    '--help[Print the help]'\n}\n";
        cases += "        " + sub->get_name() + ") _bytebench_" + sub->get_name() + " ;;\n";
    }
    return "#compdef bytebench\n"
           "# zsh completion for bytebench; written by `bytebench completion zsh`.\n"
           "_bytebench_names() {\n"
           "  local -a names\n"
           "  names=(${(f)\"$(bytebench __complete names 2>/dev/null)\"})\n"
           "  _describe 'test or group' names\n"
           "}\n" +
           functions +
           "_bytebench() {\n"
           "  local -a commands\n"
           "  commands=(\n" +
           commands +
           "  )\n"
           "  local curcontext=\"$curcontext\" state line\n"
           "  _arguments -C \\\n" +
           zsh_specs(app) +
           "    '--version[Print the version]' \\\n"
           "    '1:command:->command' \\\n"
           "    '*::arg:->args'\n"
           "  case $state in\n"
           "    command) _describe 'command' commands ;;\n"
           "    args)\n"
           "      case $line[1] in\n" +
           cases +
           "      esac ;;\n"
           "  esac\n"
           "}\n"
           "_bytebench \"$@\"\n";
}

std::string fish_quoted(const std::string &text) {
    std::string out = "'";
    for (char c : text) out += (c == '\'' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return out + "'";
}

std::string fish_option(const std::string &condition, const CLI::Option *o) {
    std::string line = "complete -c bytebench -n " + fish_quoted(condition);
    for (const std::string &s : o->get_snames()) line += " -s " + s;
    for (const std::string &l : o->get_lnames()) line += " -l " + l;
    switch (value_kind(o)) {
        case ValueKind::none:
            break;
        case ValueKind::choices:
            line += " -x -a " + fish_quoted(joined_words(value_choices(o)));
            break;
        case ValueKind::test_names:
            line += " -x -a '(bytebench __complete names 2>/dev/null)'";
            break;
        case ValueKind::file:
        case ValueKind::folder:
            line += " -r -F";
            break;
        default:
            line += " -x";
    }
    return line + " -d " + fish_quoted(o->get_description()) + "\n";
}

std::string fish_script(const CLI::App &app) {
    std::string commands, text;
    for (const CLI::App *sub : visible_subcommands(app))
        commands += (commands.empty() ? "" : " ") + sub->get_name();
    text =
        "# fish completion for bytebench; written by `bytebench completion fish`.\n"
        "complete -c bytebench -f\n";
    for (const CLI::Option *o : named_options(app)) text += fish_option("true", o);
    for (const CLI::App *sub : visible_subcommands(app)) {
        const std::string in_sub = "__fish_seen_subcommand_from " + sub->get_name();
        text += "complete -c bytebench -n " +
                fish_quoted("not __fish_seen_subcommand_from " + commands) + " -a " +
                sub->get_name() + " -d " + fish_quoted(sub->get_description()) + "\n";
        for (const CLI::Option *o : named_options(*sub)) text += fish_option(in_sub, o);
        const CLI::Option *p = first_positional(*sub);
        if (p && value_kind(p) == ValueKind::test_names)
            text += "complete -c bytebench -n " + fish_quoted(in_sub) +
                    " -a '(bytebench __complete names 2>/dev/null)'\n";
        else if (p && (value_kind(p) == ValueKind::file || value_kind(p) == ValueKind::folder))
            text += "complete -c bytebench -n " + fish_quoted(in_sub) + " -F\n";
    }
    return text;
}

}  // namespace

std::string completion_script(const CLI::App &app, const std::string &shell) {
    if (shell == "zsh") return zsh_script(app);
    if (shell == "fish") return fish_script(app);
    return bash_script(app);
}

}  // namespace bytebench::cli
