// The CLI's subcommands. Each returns the process exit code:
//   0 success; 1 the run finished but some test failed (or results could not
//   all be written); 2 bad input (flags, names, suite, plugins, files);
//   128+N interrupted by signal N.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../src/console.h"
#include "../src/install_layout.h"
#include "../src/plugin_catalog.h"
#include "../src/suite.h"

namespace bytebench::cli {

constexpr int kExitOk = 0;
constexpr int kExitTestFailed = 1;
constexpr int kExitBadInput = 2;

// Options shared by every subcommand.
struct GlobalOptions {
    std::vector<std::string> plugin_paths;
    std::string suite_file;  // "" = the standard index suite
    Verbosity verbosity = Verbosity::normal;
    bool quiet = false;
    bool verbose = false;
};

struct RunOptions {
    std::vector<std::string> tests;
    std::vector<int> copies;
    std::optional<int> iterations;
    std::optional<double> duration_s;
    double settle_s = 3;
    std::vector<std::string> formats = {"text"};
    std::string output_dir = "results";
    std::string tmpdir;
    bool brief = false;
    bool show_progress = true;
    std::string command_line;
};

struct ReportOptions {
    std::string input;
    std::string format = "text";
    std::string output;  // "" = stdout
    bool brief = false;
};

int run_command(const GlobalOptions &global, const RunOptions &options);
int list_command(const GlobalOptions &global);
int plugins_command(const GlobalOptions &global);
int report_command(const GlobalOptions &global, const ReportOptions &options);

// Shared helpers (cli_context.cpp).
struct Environment {
    InstallLayout layout;
    Suite suite;
    PluginCatalog catalog;
};
// Loads the suite and scans plugins. Prints one line and returns nullopt on
// bad input (suite error, missing plugin folder, duplicate ids).
std::optional<Environment> load_environment(const GlobalOptions &global);
// One-line error on stderr, in the CLI's voice.
void print_error(const std::string &message);

}  // namespace bytebench::cli
