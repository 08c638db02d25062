// The CLI's subcommands. Each returns the process exit code:
//   0 success; 1 the run finished but some test failed (or results could not
//   all be written); 2 bad input (flags, names, suite, plugins, files);
//   3 `run --fail-on-skip` and some test was skipped (none failed);
//   4 could not decide: `compare --fail-if-worse` compared nothing, `doctor`
//     could check nothing;
//   5 out of resources (memory: "not enough memory to ..."), never read as a verdict;
//   `doctor`: 1 when a check is bad (results taken now would not be trustworthy);
//   128+N interrupted by signal N.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "exec/console.h"
#include "exec/quick_mode.h"
#include "plan/suite_file.h"
#include "plugins/install_layout.h"
#include "plugins/plugin_catalog.h"
#include "results/history.h"

namespace bytebench::cli {

constexpr int kExitOk = 0;
constexpr int kExitTestFailed = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitTestSkipped = 3;    // run --fail-on-skip
constexpr int kExitUntrustworthy = 1;  // doctor: a check is bad
constexpr int kExitInconclusive = 4;   // the gate could not decide (nothing comparable)
constexpr int kExitNoResources = 5;    // out of memory, descriptors, disk

// Options shared by every subcommand.
struct GlobalOptions {
    std::vector<std::string> plugin_paths;
    std::string suite_file;  // "" = the standard index suite
    Verbosity verbosity = Verbosity::normal;
    bool quiet = false;
    bool verbose = false;
    std::string db;  // --db; "" = History::default_path()
    bool no_history = false;
    bool allow_insecure_plugins = false;  // load plugins others may write (plugin_security.h)
    std::string isa_level;                // --isa-level: the highest to load; "" = the best
};

struct RunOptions {
    std::vector<std::string> tests;
    std::vector<int> copies;
    std::optional<int> iterations;
    std::optional<double> duration_s;
    std::optional<double> settle_s;  // --settle; else the suite's, else 3
    std::vector<std::string> formats = {"text"};
    std::string output_dir = "results";
    std::string tmpdir;
    bool brief = false;
    bool stats = false;              // --stats: Statistics blocks in the text report
    std::string placement = "none";  // --placement none|compact|spread|smt-off
    std::string display = "auto";    // --display auto|:N|none (system/display_choice.h)
    bool scaling = false;            // --scaling: -c 1,2,4,...,N
    bool quick = false;              // --quick: adaptive short passes
    double quick_target_pct = 1;     // --quick-target
    double max_steal_pct = 2;        // --max-steal
    double max_foreign_pct = 10;     // --max-foreign-cpu
    double quick_budget_s = QuickOptions{}.budget_s;  // --quick-budget
    bool show_progress = true;
    bool fail_on_skip = false;  // --fail-on-skip: exit kExitTestSkipped when a test was skipped
    std::vector<std::string> params;  // --param [TEST.]KEY=VALUE, as typed
    std::vector<std::string> labels;  // --label KEY=VALUE, as typed
    std::string command_line;
    bool redact_paths =
        false;  // --redact-paths: the reports (not the result) without local folders
};

// `report FILE` and `show ID` render a saved result.
struct ReportOptions {
    std::string input;  // a result file or a history reference
    std::string format = "text";
    std::string output;  // "" = stdout
    bool brief = false;
    bool stats = false;         // --stats
    bool redact_paths = false;  // --redact-paths (results/path_redaction.h)
};

// How the folders among a command's inputs are walked (base/folder_walk.h).
struct FolderInputs {
    bool follow_links = false;     // --follow-links: read through links out of the folder
    bool skip_unreadable = false;  // --skip-unreadable: go on without what cannot be read
};

struct CompareOptions {
    std::vector<std::string> inputs;  // result files, UnixBench reports or history references
    std::string baseline;             // "" = the first; else a label (B) or an input as given
    std::string by;                   // --by host|label:KEY[,...]: columns by label
    std::string format = "text";
    std::string output;  // "" = stdout
    // --fail-if-worse (alias --fail-if-slower), repeatable: PCT, NAME=PCT or
    // NAME=off, as typed (compare/gate.h)
    std::vector<std::string> fail_if_worse;
    double alpha = 0.05;
    FolderInputs folders;
};

struct ImportCommandOptions {
    std::vector<std::string> files;   // reports, or folders searched for them
    std::vector<std::string> labels;  // --label KEY=VALUE, as typed
    std::string output_dir = "results";
    bool skip_bad_lines = false;  // accepted for old scripts: what import always does now
    FolderInputs folders;
    std::string format = "text";  // text (a line a report) or json
};

// `list`: the tests, groups and default selection.
struct ListOptions {
    std::string format = "text";  // text or json (cli/json_output.h)
};

// `describe ID`: one test, group or workload.
struct DescribeOptions {
    std::string id;
    std::string format = "text";  // text or json
};

struct HistoryOptions {
    std::string format = "text";  // text or json
    std::optional<int> limit;
    std::vector<std::string> labels;  // --label KEY=VALUE, as typed: runs carrying all of them
};

// `sysinfo`: the machine description alone (the result's "system").
struct SysinfoOptions {
    std::string format = "text";  // text (the report header) or json
    bool brief = false;           // no per-CPU lines
    std::string tmpdir;           // the folder system.tmpdir describes; "" = as `run` picks it
};

// `doctor`: the pre-flight checks (system/preflight.h).
struct DoctorOptions {
    std::string format = "text";  // text (a line a check) or json
    std::string tmpdir;           // the folder the tmpdir check looks at; "" = as `run` picks it
};

int run_command(const GlobalOptions &global, const RunOptions &options);
int list_command(const GlobalOptions &global, const ListOptions &options);
// `format`: text or json.
int plugins_command(const GlobalOptions &global, const std::string &format);
// The hidden `__complete WHAT` the shell completions call: the suite's tests
// and the loaded workloads ("tests"), the groups ("groups") or both
// ("names"), one a line, sorted.
int complete_names(const GlobalOptions &global, const std::string &what);
int report_command(const GlobalOptions &global, const ReportOptions &options);
int show_command(const GlobalOptions &global, ReportOptions options);
int compare_command(const GlobalOptions &global, const CompareOptions &options);
int import_command(const GlobalOptions &global, const ImportCommandOptions &options);
int history_command(const GlobalOptions &global, const HistoryOptions &options);
int sysinfo_command(const GlobalOptions &global, const SysinfoOptions &options);
// `describe TEST|WORKLOAD`: everything known of one test or workload.
int describe_command(const GlobalOptions &global, const DescribeOptions &options);
int doctor_command(const GlobalOptions &global, const DoctorOptions &options);
// With `run --format json` (and not text): the run's summary document
// (bytebench.run/1) on standard output instead of the text report. `written`: the result
// first, then the reports; `history_id`: where the history recorded it.
bool prints_run_summary(const RunOptions &options);
void print_run_summary(const nlohmann::json &document, const std::vector<std::string> &written,
                       const std::string &log, std::optional<int64_t> history_id);
// The instant pre-flight checks' warn and bad lines (at most three) for the
// machine `system` describes (a run's system, with its tmpdir); none when
// all is well. The sampled checks are left out: each pass records its own
// steal and foreign CPU time.
std::vector<std::string> preflight_summary(const nlohmann::json &system);

// Shared helpers (cli_context.cpp).
struct Environment {
    InstallLayout layout;
    Suite suite;
    PluginCatalog catalog;
};
// How to scan the plugin folders: the worker, the descriptor cache, the
// security checks (--allow-insecure-plugins).
ScanOptions scan_options(const GlobalOptions &global, const InstallLayout &layout);
// Loads the suite and scans plugins. Prints one line and returns nullopt on
// bad input (suite error, missing plugin folder, a plugin or folder open to
// other users). A plugin that failed to load, or was refused for a duplicate
// id, is one warning: the rest works.
std::optional<Environment> load_environment(const GlobalOptions &global);
// One line per folder for the files in it that are not plugins (not a .so,
// or a library without the entry point): "3 files in DIR are not plugins:
// a.txt, b.so, c.so", naming the first 5.
std::vector<std::string> not_plugin_summaries(const std::vector<PluginProblem> &problems);
// One-line error on stderr, in the CLI's voice.
void print_error(const std::string &message);

// The history database the options ask for (--db, else the XDG default).
std::string history_path(const GlobalOptions &global);

// A result to render or compare, from a result file, a UnixBench text report
// (imported on the fly) or a history reference (@last, @3, @last~1).
struct LoadedResult {
    std::string source;  // as given
    std::optional<int64_t> history_id;
    nlohmann::json document;
};
// Throws std::runtime_error with a one-line message naming the input.
LoadedResult load_result(const std::string &source, const GlobalOptions &global,
                         const Suite &suite);
// Each of `sources`, in their order, a folder replaced by the results in it
// (every *.json under it, recursively, by path; hidden files and comparison
// documents left out; `folders` says what happens to what cannot be read);
// read on as many threads as there are CPUs. Each file read is registered
// as an input no output may replace (base/command_inputs.h). Throws the
// first error, as load_result() does, for a folder with no result, and when
// a folder held something that could not be read (named on stderr first).
std::vector<LoadedResult> load_results(const std::vector<std::string> &sources,
                                       const GlobalOptions &global, const Suite &suite,
                                       const FolderInputs &folders = {});
// What a folder walk left out (base/folder_walk.h), one line each: errors,
// and false (the command reads nothing and exits 2), unless
// folders.skip_unreadable, then warnings and true.
bool accept_left_out(const std::vector<std::string> &left_out, const FolderInputs &folders);
// The line after those errors: how many, and the flags that go on.
std::string left_out_summary(const std::vector<std::string> &left_out);

// Renders `document` with the `format` reporter to `output` ("" = stdout),
// through a scratch folder in default_tmpdir(). Returns the exit code after
// printing the error: kExitBadInput when the reporter failed,
// kExitTestFailed when the report could not be written.
// `document` is taken (moved from, where the caller can): a large one is
// not copied on its way to the reporter.
// `repeatability`: render.repeatability (run_to_run_for()), null for none.
int print_rendered(const Environment &env, const std::string &format, nlohmann::json document,
                   bool brief, const std::string &output, bool stats = false,
                   const nlohmann::json &repeatability = nullptr);

// The history the run-to-run spread is read from (compare/run_to_run.h):
// nullptr with --no-history, when the file does not exist (a report does not
// create one) or cannot be opened.
std::unique_ptr<History> history_for_run_to_run(const GlobalOptions &global);
// The run-to-run spread of `document` for render.repeatability and compare's
// cells; null without a history or when it cannot be read.
nlohmann::json run_to_run_for(const History *history, const nlohmann::json &document,
                              std::optional<int64_t> history_id);
nlohmann::json run_to_run_for(const GlobalOptions &global, const nlohmann::json &document,
                              std::optional<int64_t> history_id);

// The folder temporary files go in when no --tmpdir says otherwise:
// $BYTEBENCH_TMPDIR, else $TMPDIR, else /tmp (an empty variable counts as
// unset).
std::string default_tmpdir();

// The way out of main(): flushes standard output and checks that all of it
// was written (ferror, std::cout's state, a deferred error reported by
// closing a duplicate of fd 1).
// If not (> /dev/full, a full disk, a closed pipe when SIGPIPE is ignored),
// prints one line and returns `rc`, or 1 when `rc` was 0. Else `rc`.
int finish_standard_output(int rc);

}  // namespace bytebench::cli
