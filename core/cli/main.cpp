// bytebench: the command line. Parses flags with CLI11 (the definition is in
// command_line.cpp) and hands over to the subcommands in this folder; all
// real work lives in the layers below (core/*/).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>

#include "base/last_resort.h"
#include "cli/command_line.h"
#include "cli/help_format.h"
#include "commands.h"
#include "plan/run_plan.h"

namespace {

std::string joined_command_line(int argc, char **argv) {
    std::string line;
    for (int i = 0; i < argc; ++i) line += (i == 0 ? "" : " ") + std::string(argv[i]);
    return line;
}

// When no subcommand was recognised and the first word left over looks like
// one mistyped: "unknown command 'compre'; did you mean 'compare'?" (the
// nearest as for test names, plan/run_plan.h), else "".
std::string unknown_command_text(const CLI::App &app) {
    if (!app.get_subcommands().empty()) return "";
    const std::vector<std::string> left = app.remaining();
    if (left.empty() || left.front().empty() || left.front()[0] == '-') return "";
    std::vector<std::string> commands;
    for (const CLI::App *command : bytebench::cli::visible_subcommands(app))
        commands.push_back(command->get_name());
    const std::string near = bytebench::nearest_name(left.front(), commands);
    return "unknown command '" + left.front() + "'" +
           (near.empty() ? "" : "; did you mean '" + near + "'?");
}

// What nothing below caught (base/last_resort.h): one line, exit 1.
int report_last_resort(const std::string &line) {
    bytebench::cli::print_error(line);
    return 1;
}

// What the out-of-memory line says the command was doing (base/last_resort.h);
// commands that do several things say more as they go.
void set_command_activity(const std::string &command) {
    static const std::pair<const char *, const char *> kActivities[] = {
        {"run", "run the tests"},           {"list", "list the tests"},
        {"plugins", "list the plugins"},    {"describe", "describe the test"},
        {"show", "show the run"},           {"report", "render the report"},
        {"compare", "compare the results"}, {"import", "import the reports"},
        {"history", "list the history"},    {"sysinfo", "describe this machine"},
        {"doctor", "check this machine"}};
    for (const auto &[name, activity] : kActivities)
        if (command == name) bytebench::set_activity(activity);
}

}  // namespace

static int bytebench_main(int argc, char **argv) {
    using namespace bytebench::cli;
    const std::unique_ptr<CommandLine> cl = make_command_line(joined_command_line(argc, argv));
    CLI::App &app = cl->app;
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp &e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion &e) {
        return app.exit(e);
    } catch (const CLI::ParseError &e) {
        const std::string unknown = unknown_command_text(app);
        print_error((unknown.empty() ? std::string(e.what()) : unknown) +
                    " (see bytebench --help)");
        return kExitBadInput;
    }
    GlobalOptions &global = cl->global;
    global.verbosity = global.verbose ? bytebench::Verbosity::verbose
                       : global.quiet ? bytebench::Verbosity::quiet
                                      : bytebench::Verbosity::normal;
    bytebench::setup_logging(global.verbosity);
    const std::string command = app.get_subcommands().front()->get_name();
    set_command_activity(command);
    return cl->actions.at(command)();
}

// What a command printed must have arrived (> /dev/full, a full disk):
// standard_output.cpp.
int main(int argc, char **argv) {
    // Anything left uncaught is one line, not abort() (base/last_resort.h);
    // then what was printed must have arrived. Out of memory is one line and
    // its own exit code, whatever the command was doing.
    bytebench::set_activity("read the command line");
    bytebench::end_when_out_of_memory("bytebench", bytebench::cli::kExitNoResources);
    return bytebench::cli::finish_standard_output(
        bytebench::run_guarded(report_last_resort, [&] { return bytebench_main(argc, argv); }));
}
