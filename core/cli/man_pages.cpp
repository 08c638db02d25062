// The man pages (man_pages.h).
#include "cli/man_pages.h"

#include <filesystem>
#include <stdexcept>

#include "base/file_io.h"
#include "cli/help_format.h"
#include "commands.h"

namespace fs = std::filesystem;

namespace bytebench::cli {
namespace {

// Text safe in a roff line: backslashes and hyphens escaped, and a line
// never starting with a control character ('.' or '\'').
std::string roff(const std::string &text) {
    std::string out;
    for (char c : text) {
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
    return out;
}

// The exit codes of commands.h, in words.
constexpr const char *kExitStatus =
    ".TP\n0\nSuccess.\n"
    ".TP\n1\nA test failed, results could not all be written, a compare gate failed, or doctor "
    "found a bad check.\n"
    ".TP\n2\nBad input: flags, names, suite, plugins, files.\n"
    ".TP\n3\nrun \\-\\-fail\\-on\\-skip and a test was skipped.\n"
    ".TP\n4\nNo verdict: compare \\-\\-fail\\-if\\-worse compared nothing, or doctor could check "
    "nothing.\n"
    ".TP\n5\nOut of resources (memory, descriptors, disk).\n"
    ".TP\n128+N\nInterrupted by signal N.\n";

std::string option_item(const CLI::Option *o) {
    std::string names;
    for (const std::string &name : option_names(o))
        names += (names.empty() ? "" : ", ") + std::string("\\fB") + roff(name) + "\\fR";
    if (o->get_positional()) names = "\\fI" + roff(o->get_name()) + "\\fR";
    const std::string value = value_placeholder(o);
    if (!o->get_positional() && !value.empty()) names += " \\fI" + roff(value) + "\\fR";
    std::string desc = o->get_description();
    if (!o->get_default_str().empty() && desc.find("default") == std::string::npos)
        desc += " (default " + o->get_default_str() + ")";
    return ".TP\n" + names + "\n" + roff(desc) + "\n";
}

std::string options_section(const CLI::App &app, const std::string &title) {
    std::string text;
    for (const CLI::Option *o : app.get_options())
        if (o->get_lnames() != std::vector<std::string>{"help"}) text += option_item(o);
    return text.empty() ? "" : ".SH " + title + "\n" + text;
}

std::string synopsis(const CLI::App *command) {
    if (!command) return "\\fBbytebench\\fR [\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n";
    std::string text = "\\fBbytebench\\fR [\\fIOPTIONS\\fR] \\fB" + roff(command->get_name()) +
                       "\\fR [\\fIOPTIONS\\fR]";
    for (const CLI::Option *p :
         command->get_options([](const CLI::Option *o) { return o->get_positional(); })) {
        const std::string name =
            "\\fI" + roff(p->get_name()) + "\\fR" + (p->get_expected_max() > 1 ? "..." : "");
        text += " " + (p->get_required() ? name : "[" + name + "]");
    }
    return text + "\n";
}

std::string see_also(const CLI::App &app, const CLI::App *command) {
    std::string text;
    if (command) text = "\\fBbytebench\\fR(1)";
    for (const CLI::App *sub : visible_subcommands(app))
        if (sub != command)
            text += (text.empty() ? "" : ", ") + std::string("\\fBbytebench\\-") +
                    roff(sub->get_name()) + "\\fR(1)";
    return ".SH SEE ALSO\n" + text + "\n";
}

std::string commands_section(const CLI::App &app) {
    std::string text = ".SH COMMANDS\n";
    for (const CLI::App *sub : visible_subcommands(app))
        text += ".TP\n\\fB" + roff(sub->get_name()) + "\\fR\n" + roff(sub->get_description()) +
                " See \\fBbytebench\\-" + roff(sub->get_name()) + "\\fR(1).\n";
    return text;
}

}  // namespace

std::string man_page(const CLI::App &app, const CLI::App *command) {
    const std::string name = command ? "bytebench-" + command->get_name() : "bytebench";
    std::string description = command ? command->get_description() : app.get_description();
    while (!description.empty() && description.back() == '\n') description.pop_back();
    std::string text = ".TH " + roff(name) +
                       " 1 \"\" \"bytebench " BYTEBENCH_VERSION
                       "\" \"bytebench manual\"\n"
                       ".SH NAME\n" +
                       roff(name) + " \\- " + roff(description) + "\n.SH SYNOPSIS\n" +
                       synopsis(command) + ".SH DESCRIPTION\n" + roff(description) + "\n";
    if (command && !command->get_footer().empty())
        text += ".PP\n" + roff(command->get_footer()) + "\n";
    if (command)
        text += options_section(*command, "OPTIONS") + options_section(app, "GLOBAL OPTIONS");
    else
        text += commands_section(app) + options_section(app, "OPTIONS");
    return text + ".SH EXIT STATUS\n" + kExitStatus + see_also(app, command);
}

int write_man_pages(const CLI::App &app, const std::string &folder) {
    try {
        std::error_code ec;
        fs::create_directories(folder, ec);
        if (ec) throw std::runtime_error(folder + ": cannot create: " + ec.message());
        write_file(folder + "/bytebench.1", man_page(app, nullptr), {});
        for (const CLI::App *sub : visible_subcommands(app))
            write_file(folder + "/bytebench-" + sub->get_name() + ".1", man_page(app, sub), {});
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    return kExitOk;
}

}  // namespace bytebench::cli
