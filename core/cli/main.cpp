// bytebench: the command line. Parses flags with CLI11 and hands over to the
// subcommands in this folder; all real work lives in the layers below (core/*/).
#include <CLI/CLI.hpp>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

#include "base/last_resort.h"
#include "commands.h"
#include "compare/gate.h"
#include "decimal_option.h"
#include "exec/placement.h"
#include "model/isa_level.h"
#include "plan/run_plan.h"
#include "system/display_choice.h"

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
    for (const CLI::App *command : app.get_subcommands({})) commands.push_back(command->get_name());
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

// compare's and import's flags for the folders among their inputs
// (base/folder_walk.h); `what` is what the folders hold.
void add_folder_flags(CLI::App *command, bytebench::cli::FolderInputs &folders, const char *what) {
    command->add_flag("--skip-unreadable", folders.skip_unreadable,
                      std::string("Go on without the files and subfolders of a folder that cannot "
                                  "be read (a warning each); else each is an error and no ") +
                          what + " are read");
    command->add_flag("--follow-links", folders.follow_links,
                      "Read through symbolic links in a folder that lead out of it (else each is "
                      "left out, as unreadable)");
}

}  // namespace

static int bytebench_main(int argc, char **argv) {
    using namespace bytebench::cli;
    CLI::App app{
        "bytebench: UnixBench's workloads and scores, with plugins for everything else.\n"};
    app.name("bytebench");
    app.set_version_flag("--version", std::string("bytebench ") + BYTEBENCH_VERSION +
                                          " (plugin ABI " + BYTEBENCH_ABI + ")");
    app.require_subcommand(1);
    app.fallthrough();

    GlobalOptions global;
    app.add_option("--plugin-path", global.plugin_paths,
                   "Also load plugins from DIR (repeatable; searched before BYTEBENCH_PLUGIN_PATH "
                   "and the installed plugins)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    app.add_option("--suite", global.suite_file,
                   "Suite file to use instead of the standard index suite, or the NAME of an "
                   "installed one (quick-cpu, vendor)")
        ->type_name("FILE|NAME");
    app.add_flag("-q,--quiet", global.quiet, "Only warnings and errors; no progress");
    app.add_flag("-v,--verbose", global.verbose, "Debug output (what the .log holds)");
    app.add_option("--db", global.db,
                   "Run history database (default $XDG_DATA_HOME/bytebench/history.db)")
        ->type_name("PATH");
    app.add_flag("--no-history", global.no_history, "Do not record runs or imports in the history");
    app.add_flag("--allow-insecure-plugins", global.allow_insecure_plugins,
                 "Load plugins even from files or folders that other users may write or own");
    app.add_option("--isa-level", global.isa_level,
                   "Load a portable build's workload plugins at this ISA level at most (default: "
                   "the highest this CPU runs; bytebench sysinfo lists them)")
        ->type_name("LEVEL")
        ->check(CLI::Validator(
            [](std::string &level) { return bytebench::isa_level_problem(level); }, "LEVEL"));

    RunOptions run;
    run.command_line = joined_command_line(argc, argv);
    CLI::App *run_cmd =
        app.add_subcommand("run", "Run tests (default: the index, at 1 and N copies)");
    run_cmd->add_option("tests", run.tests, "Tests or groups (bytebench list shows them)");
    run_cmd->add_option("-c,--copies", run.copies, "Parallel copies (repeatable, or 1,2,4)")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->check(CLI::Range(1, 1 << 20));
    CLI::Option *quick =
        run_cmd->add_flag("--quick", run.quick,
                          "Adaptive short passes: each test until its 95% interval is within "
                          "--quick-target (not UnixBench's method; labelled so)");
    // Without --quick they would change nothing: an error, not silence.
    run_cmd
        ->add_option("--quick-target", run.quick_target_pct,
                     "With --quick: the interval's half-width, % of the value")
        ->capture_default_str()
        ->check(decimal_in(bytebench::DecimalRange::from_to(0.01, 50.0, "percent")))
        ->needs(quick);
    run_cmd
        ->add_option("--quick-budget", run.quick_budget_s,
                     "With --quick: seconds a test may take before it stops at 3 passes or more")
        ->capture_default_str()
        ->check(decimal_in(bytebench::DecimalRange::from_to(0, 86400, "seconds")))
        ->needs(quick);
    run_cmd
        ->add_option("--max-steal", run.max_steal_pct,
                     "A pass whose steal is above this % of the CPU time is flagged disturbed")
        ->capture_default_str()
        ->check(decimal_in(bytebench::DecimalRange::from_to(0, 100, "percent")));
    run_cmd
        ->add_option("--max-foreign-cpu", run.max_foreign_pct,
                     "A pass in which other processes used more than this % of the CPU time is "
                     "flagged disturbed")
        ->capture_default_str()
        ->check(decimal_in(bytebench::DecimalRange::from_to(0, 100, "percent")));
    run_cmd
        ->add_option("--param", run.params,
                     "Set a parameter of every selected test that declares KEY, or of TEST only "
                     "(repeatable; bytebench describe TEST shows them)")
        ->type_name("[TEST.]KEY=VALUE")
        ->allow_extra_args(false);
    run_cmd->add_flag("--scaling", run.scaling,
                      "Scaling sweep: -c 1,2,4,... up to the CPU count (and the CPU count)");
    run_cmd
        ->add_option("--placement", run.placement,
                     "Pin copies to CPUs: none (default), compact, spread or smt-off; on "
                     "hybrid CPUs add :only=KIND or :prefer=KIND (performance, efficiency)")
        ->type_name("PLACEMENT[:only|prefer=KIND]")
        ->check(CLI::Validator(
            [](std::string &text) {
                try {
                    bytebench::parse_placement_spec(text);
                    return std::string();
                } catch (const std::invalid_argument &e) {
                    return std::string(e.what());
                }
            },
            "", "placement"));
    run_cmd
        ->add_option("--display", run.display,
                     "X display of the graphics tests: auto (default: $DISPLAY, else a private "
                     "Xvfb), a display (:1) or none (skip them)")
        ->type_name("auto|:N|none")
        ->capture_default_str()
        ->check(CLI::Validator(
            [](std::string &text) {
                return bytebench::parse_display_option(text)
                           ? std::string()
                           : "'" + text + "' is not auto, none or an X display name (:1)";
            },
            "", "display"));
    run_cmd
        ->add_option("-i,--iterations", run.iterations,
                     "Passes: long tests N, short tests max(1,(N+1)/3) (default 10)")
        ->check(CLI::Range(1, 1000));
    run_cmd
        ->add_option("--duration", run.duration_s,
                     "Length of every pass in seconds (for quick checks; each pass first "
                     "waits --settle)")
        ->check(decimal_in(bytebench::DecimalRange::from_to(0.001, 86400, "seconds")));
    run_cmd
        ->add_option("--settle", run.settle_s,
                     "Seconds of sync-and-sleep before each pass (UnixBench: 3)")
        ->check(decimal_in(bytebench::DecimalRange::from_to(0, 600, "seconds")));
    run_cmd
        ->add_option("--label", run.labels,
                     "Label the result KEY=VALUE (repeatable, at most 64): what differs "
                     "between runs, for compare --by label:KEY")
        ->allow_extra_args(false);
    run_cmd->add_option("--format", run.formats, "Report formats to write (text, json, ...)")
        ->delimiter(',')
        ->allow_extra_args(false);
    run_cmd->add_option("-o,--output-dir", run.output_dir,
                        "Folder for results (default ./results)");
    run_cmd
        ->add_option("--tmpdir", run.tmpdir,
                     "Folder for temporary files (default $BYTEBENCH_TMPDIR, $TMPDIR, /tmp)")
        ->check(CLI::ExistingDirectory);
    run_cmd->add_flag("--fail-on-skip", run.fail_on_skip,
                      "Exit 3 when a test was skipped (its requirements, the workload itself, "
                      "a limit), once the result is written");
    run_cmd->add_flag("-b,--brief", run.brief, "No per-CPU lines in the report header");
    run_cmd->add_flag("--stats", run.stats,
                      "Add a Statistics table per copy-pass to the text report (n, mean, median, "
                      "stddev, CV, 95% CI, outliers)");
    run_cmd->add_flag("--redact-paths", run.redact_paths,
                      "Leave local folders (the suite file's, the plugins', the command line's, "
                      "the home folder) out of the reports, for sharing; the .json keeps them");

    app.add_subcommand("list", "List tests, groups and workloads");
    app.add_subcommand("plugins",
                       "List plugins: what loaded, from where, and why anything did not");

    std::string describe_id;
    CLI::App *describe_cmd = app.add_subcommand("describe",
                                                "Show a test or workload (what it measures, its "
                                                "parameters and plugin), or a group's tests");
    describe_cmd->add_option("id", describe_id, "A test or group of the suite, or a workload id")
        ->required();

    ReportOptions report;
    CLI::App *report_cmd = app.add_subcommand("report", "Render a saved result again");
    report_cmd->add_option("result", report.input, "A result .json file")->required();
    report_cmd->add_option("--format", report.format, "Report format (default text)");
    report_cmd->add_option("-o,--output", report.output, "Write to FILE instead of stdout");
    report_cmd->add_flag("-b,--brief", report.brief, "No per-CPU lines in the header");
    report_cmd->add_flag("--stats", report.stats,
                         "Add a Statistics table per copy-pass to the text report");
    report_cmd->add_flag("--redact-paths", report.redact_paths,
                         "Leave local folders (the suite file's, the plugins', the command "
                         "line's, the home folder) out of the report, for sharing");

    ReportOptions show;
    CLI::App *show_cmd = app.add_subcommand("show", "Render a run of the history again");
    show_cmd->add_option("id", show.input, "History id: 12, @12, @last, @last~1")->required();
    show_cmd->add_option("--format", show.format, "Report format (default text)");
    show_cmd->add_option("-o,--output", show.output, "Write to FILE instead of stdout");
    show_cmd->add_flag("-b,--brief", show.brief, "No per-CPU lines in the header");
    show_cmd->add_flag("--stats", show.stats,
                       "Add a Statistics table per copy-pass to the text report");
    show_cmd->add_flag("--redact-paths", show.redact_paths,
                       "Leave local folders (the suite file's, the plugins', the command line's, "
                       "the home folder) out of the report, for sharing");

    CompareOptions compare;
    CLI::App *compare_cmd =
        app.add_subcommand("compare", "Compare runs side by side, with significance");
    compare_cmd
        ->add_option("inputs", compare.inputs,
                     "Result files, folders of them, UnixBench reports or history ids (@last, "
                     "@3)")
        ->required()
        ->expected(1, -1);
    compare_cmd->add_option("--by", compare.by,
                            "One column per value of host or label:KEY (or per pair: "
                            "label:kernel,label:smt), the results of a column pooled");
    compare_cmd->add_option("--baseline", compare.baseline,
                            "The column deltas are taken against: A, B, ..., the input as "
                            "given, or with --by a column's value(s) (3.16,on)");
    compare_cmd->add_option("--format", compare.format,
                            "text, markdown, html, csv, json or any reporter (default text)");
    compare_cmd->add_option("-o,--output", compare.output, "Write to FILE instead of stdout");
    compare_cmd
        // --fail-if-slower: its name before numbers had directions, kept for scripts.
        ->add_option("--fail-if-worse,--fail-if-slower", compare.fail_if_worse,
                     "Exit 1 when a test or metric is significantly worse (by its direction) by "
                     "more than PCT percent; repeat with NAME=PCT or NAME=off for one test id, "
                     "metric key or TEST.METRIC. Exit 4 when nothing could be compared")
        ->type_name("PCT|NAME=PCT|NAME=off")
        ->allow_extra_args(false)
        ->check(CLI::Validator(
            [](std::string &value) { return bytebench::gate_value_problem(value); }, "PCT"));
    compare_cmd->add_option("--alpha", compare.alpha, "Significance level (default 0.05)")
        ->check(decimal_in(bytebench::DecimalRange::from_to(1e-6, 0.5)));
    add_folder_flags(compare_cmd, compare.folders, "results");

    ImportCommandOptions import;
    CLI::App *import_cmd = app.add_subcommand(
        "import", "Convert UnixBench 5.1.3/6.0 text reports to bytebench results");
    import_cmd
        ->add_option("paths", import.files,
                     "UnixBench reports, or folders searched (recursively) for them")
        ->required()
        ->check(CLI::ExistingPath);
    import_cmd->add_option("-o,--output-dir", import.output_dir,
                           "Folder for the converted results (default ./results)");
    import_cmd
        ->add_option("--label", import.labels,
                     "KEY=VALUE kept in each imported result's \"labels\" (repeatable, at "
                     "most 64), for compare --by label:KEY")
        ->allow_extra_args(false);
    import_cmd->add_flag("--skip-bad-lines", import.skip_bad_lines,
                         "Accepted for old scripts: lines that are not part of a report are "
                         "always skipped with a warning now");
    add_folder_flags(import_cmd, import.folders, "reports");

    HistoryOptions history;
    CLI::App *history_cmd = app.add_subcommand("history", "List the recorded runs, newest first");
    history_cmd->add_option("-n,--limit", history.limit, "Show only the newest N (that match)")
        ->check(CLI::Range(1, 1 << 30));
    history_cmd
        ->add_option("--label", history.labels,
                     "Only runs labelled KEY=VALUE (repeatable: all must match; host=NAME also "
                     "matches the host name)")
        ->allow_extra_args(false);

    SysinfoOptions sysinfo;
    CLI::App *sysinfo_cmd = app.add_subcommand(
        "sysinfo", "Describe this machine as a run would record it (CPU, topology, OS, VM)");
    sysinfo_cmd->add_option("--format", sysinfo.format, "text (the report header) or json")
        ->check(CLI::IsMember({"text", "json"}));
    sysinfo_cmd->add_flag("-b,--brief", sysinfo.brief, "No per-CPU lines");
    sysinfo_cmd
        ->add_option("--tmpdir", sysinfo.tmpdir,
                     "Folder to describe as the temp folder (default $BYTEBENCH_TMPDIR, $TMPDIR, "
                     "/tmp)")
        ->check(CLI::ExistingDirectory);

    DoctorOptions doctor;
    CLI::App *doctor_cmd = app.add_subcommand(
        "doctor",
        "Check whether this machine is ready for a run: governor, boost, load, swap, THP, "
        "steal, VM, CPU quota, hybrid cores, temp folder, busy processes (takes 1 s)");
    doctor_cmd->footer(
        "Each check is ok, warn, bad or unknown; warn and bad say what to do. Exit 0 when no "
        "check is bad, 1 when one is (heavy steal, other processes using half a CPU or more, "
        "swap thrashing, a nearly full temp folder): results taken now would not be "
        "trustworthy. A CPU quota below the online CPUs only warns: run honours it.");
    doctor_cmd->add_option("--format", doctor.format, "text (a line a check) or json")
        ->check(CLI::IsMember({"text", "json"}));
    doctor_cmd
        ->add_option("--tmpdir", doctor.tmpdir,
                     "Folder to check as the temp folder (default $BYTEBENCH_TMPDIR, $TMPDIR, "
                     "/tmp)")
        ->check(CLI::ExistingDirectory);

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

    global.verbosity = global.verbose ? bytebench::Verbosity::verbose
                       : global.quiet ? bytebench::Verbosity::quiet
                                      : bytebench::Verbosity::normal;
    run.show_progress = !global.quiet;
    bytebench::setup_logging(global.verbosity);

    const std::string command = app.get_subcommands().front()->get_name();
    set_command_activity(command);
    if (command == "run") return run_command(global, run);
    if (command == "list") return list_command(global);
    if (command == "plugins") return plugins_command(global);
    if (command == "describe") return describe_command(global, describe_id);
    if (command == "show") return show_command(global, show);
    if (command == "compare") return compare_command(global, compare);
    if (command == "import") return import_command(global, import);
    if (command == "history") return history_command(global, history);
    if (command == "sysinfo") return sysinfo_command(global, sysinfo);
    if (command == "doctor") return doctor_command(global, doctor);
    return report_command(global, report);
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
