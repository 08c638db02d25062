// The command line's definition (command_line.h): a function per
// subcommand, each adding its options and its action.
#include "cli/command_line.h"

#include <stdexcept>

#include "cli/completion_script.h"
#include "cli/help_format.h"
#include "cli/json_output.h"
#include "cli/man_pages.h"
#include "cli/terminal_output.h"
#include "compare/gate.h"
#include "decimal_option.h"
#include "exec/placement.h"
#include "model/isa_level.h"
#include "system/display_choice.h"

namespace bytebench::cli {
namespace {

// --format of a command that prints text or one JSON document.
void add_text_or_json(CLI::App *command, std::string &format) {
    command
        ->add_option("--format", format,
                     "text, or json: one bytebench." + command->get_name() +
                         "/1 document on standard output (docs/cli-json.md)")
        ->type_name(kTextOrJson)
        ->check(CLI::IsMember({"text", "json"}));
}

// compare's and import's flags for the folders among their inputs
// (base/folder_walk.h); `what` is what the folders hold.
void add_folder_flags(CLI::App *command, FolderInputs &folders, const char *what) {
    command->add_flag("--skip-unreadable", folders.skip_unreadable,
                      std::string("Go on without the files and subfolders of a folder that cannot "
                                  "be read (a warning each); else each is an error and no ") +
                          what + " are read");
    command->add_flag("--follow-links", folders.follow_links,
                      "Read through symbolic links in a folder that lead out of it (else each is "
                      "left out, as unreadable)");
}

void add_global_options(CLI::App &app, GlobalOptions &global) {
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
        ->type_name("FILE");
    app.add_flag("--no-history", global.no_history, "Do not record runs or imports in the history");
    app.add_flag("--allow-insecure-plugins", global.allow_insecure_plugins,
                 "Load plugins even from files or folders that other users may write or own");
    app.add_option("--isa-level", global.isa_level,
                   "Load a portable build's workload plugins at this ISA level at most (default: "
                   "the highest this CPU runs; bytebench sysinfo lists them)")
        ->type_name("LEVEL")
        ->check(CLI::Validator([](std::string &level) { return isa_level_problem(level); }, ""));
}

// run's options that choose what runs and how long.
void add_run_plan_options(CLI::App *cmd, RunOptions &run) {
    cmd->add_option("tests", run.tests, "Tests or groups (bytebench list shows them)")
        ->type_name("TEST|GROUP");
    cmd->add_option("-c,--copies", run.copies, "Parallel copies (repeatable, or 1,2,4)")
        ->type_name("N")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->check(CLI::Range(1, 1 << 20));
    CLI::Option *quick = cmd->add_flag(
        "--quick", run.quick,
        "Adaptive short passes: each test until its 95% interval is within --quick-target (not "
        "UnixBench's method; labelled so)");
    // Without --quick they would change nothing: an error, not silence.
    cmd->add_option("--quick-target", run.quick_target_pct,
                    "With --quick: the interval's half-width, % of the value")
        ->type_name("PCT")
        ->capture_default_str()
        ->check(decimal_in(DecimalRange::from_to(0.01, 50.0, "percent")))
        ->needs(quick);
    cmd->add_option("--quick-budget", run.quick_budget_s,
                    "With --quick: seconds a test may take before it stops at 3 passes or more")
        ->type_name("SECONDS")
        ->capture_default_str()
        ->check(decimal_in(DecimalRange::from_to(0, 86400, "seconds")))
        ->needs(quick);
    cmd->add_option("-i,--iterations", run.iterations,
                    "Passes: long tests N, short tests max(1,(N+1)/3) (default 10)")
        ->type_name("N")
        ->check(CLI::Range(1, 1000));
    cmd->add_option("--duration", run.duration_s,
                    "Length of every pass in seconds (for quick checks; each pass first waits "
                    "--settle)")
        ->type_name("SECONDS")
        ->check(decimal_in(DecimalRange::from_to(0.001, 86400, "seconds")));
    cmd->add_option("--settle", run.settle_s,
                    "Seconds of sync-and-sleep before each pass (UnixBench: 3)")
        ->type_name("SECONDS")
        ->check(decimal_in(DecimalRange::from_to(0, 600, "seconds")));
    cmd->add_option("--param", run.params,
                    "Set a parameter of every selected test that declares KEY, or of TEST only "
                    "(repeatable; bytebench describe TEST shows them)")
        ->type_name("[TEST.]KEY=VALUE")
        ->allow_extra_args(false);
    cmd->add_flag("--scaling", run.scaling,
                  "Scaling sweep: -c 1,2,4,... up to the CPU count (and the CPU count)");
}

// A CLI11 check from a function that throws std::invalid_argument.
template <typename Parse>
CLI::Validator throwing_check(Parse parse, const char *name) {
    return CLI::Validator(
        [parse](std::string &text) {
            try {
                parse(text);
                return std::string();
            } catch (const std::invalid_argument &e) {
                return std::string(e.what());
            }
        },
        "", name);
}

// run's options of where the copies run and what disturbs them.
void add_run_machine_options(CLI::App *cmd, RunOptions &run) {
    cmd->add_option("--max-steal", run.max_steal_pct,
                    "A pass whose steal is above this % of the CPU time is flagged disturbed")
        ->type_name("PCT")
        ->capture_default_str()
        ->check(decimal_in(DecimalRange::from_to(0, 100, "percent")));
    cmd->add_option("--max-foreign-cpu", run.max_foreign_pct,
                    "A pass in which other processes used more than this % of the CPU time is "
                    "flagged disturbed")
        ->type_name("PCT")
        ->capture_default_str()
        ->check(decimal_in(DecimalRange::from_to(0, 100, "percent")));
    cmd->add_option("--placement", run.placement,
                    "Pin copies to CPUs: none (default), compact, spread or smt-off; on hybrid "
                    "CPUs add :only=KIND or :prefer=KIND (performance, efficiency)")
        ->type_name("PLACEMENT[:only|prefer=KIND]")
        ->check(throwing_check([](const std::string &t) { parse_placement_spec(t); }, "placement"));
    cmd->add_option("--display", run.display,
                    "X display of the graphics tests: auto (default: $DISPLAY, else a private "
                    "Xvfb), a display (:1) or none (skip them)")
        ->type_name("auto|:N|none")
        ->capture_default_str()
        ->check(CLI::Validator(
            [](std::string &text) {
                return parse_display_option(text)
                           ? std::string()
                           : "'" + text + "' is not auto, none or an X display name (:1)";
            },
            "", "display"));
    cmd->add_option("--tmpdir", run.tmpdir,
                    "Folder for temporary files (default $BYTEBENCH_TMPDIR, $TMPDIR, /tmp)")
        ->type_name("DIR")
        ->check(CLI::ExistingDirectory);
}

// run's options of what it writes.
void add_run_output_options(CLI::App *cmd, RunOptions &run) {
    cmd->add_option("--label", run.labels,
                    "Label the result KEY=VALUE (repeatable, at most 64): what differs between "
                    "runs, for compare --by label:KEY")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false);
    cmd->add_option("--format", run.formats,
                    "Report formats to write (text, json, ...); json without text makes standard "
                    "output one bytebench.run/1 document, the run's summary (docs/cli-json.md)")
        ->type_name("FORMAT[,FORMAT...]")
        ->delimiter(',')
        ->allow_extra_args(false);
    cmd->add_option("-o,--output-dir", run.output_dir, "Folder for results (default ./results)")
        ->type_name("DIR");
    cmd->add_flag("--fail-on-skip", run.fail_on_skip,
                  "Exit 3 when a test was skipped (its requirements, the workload itself, a "
                  "limit), once the result is written");
    cmd->add_flag("-b,--brief", run.brief, "No per-CPU lines in the report header");
    cmd->add_flag("--stats", run.stats,
                  "Add a Statistics table per copy-pass to the text report (n, mean, median, "
                  "stddev, CV, 95% CI, outliers)");
    cmd->add_flag("--redact-paths", run.redact_paths,
                  "Leave local folders (the suite file's, the plugins', the command line's, the "
                  "home folder) out of the reports, for sharing; the .json keeps them");
}

void add_run(CommandLine &cl) {
    CLI::App *cmd =
        cl.app.add_subcommand("run", "Run tests (default: the index, at 1 and N copies)");
    add_run_plan_options(cmd, cl.run);
    add_run_machine_options(cmd, cl.run);
    add_run_output_options(cmd, cl.run);
    cl.actions["run"] = [&cl] {
        cl.run.show_progress = !cl.global.quiet;
        return run_command(cl.global, cl.run);
    };
}

void add_list_plugins_describe(CommandLine &cl) {
    CLI::App *list = cl.app.add_subcommand("list", "List tests, groups and workloads");
    add_text_or_json(list, cl.list.format);
    cl.actions["list"] = [&cl] { return list_command(cl.global, cl.list); };

    CLI::App *plugins = cl.app.add_subcommand(
        "plugins", "List plugins: what loaded, from where, and why anything did not");
    add_text_or_json(plugins, cl.plugins_format);
    cl.actions["plugins"] = [&cl] { return plugins_command(cl.global, cl.plugins_format); };

    CLI::App *describe = cl.app.add_subcommand(
        "describe",
        "Show a test or workload (what it measures, its parameters and plugin), or a group's "
        "tests");
    describe->add_option("id", cl.describe.id, "A test or group of the suite, or a workload id")
        ->type_name("TEST|GROUP|WORKLOAD")
        ->required();
    add_text_or_json(describe, cl.describe.format);
    cl.actions["describe"] = [&cl] { return describe_command(cl.global, cl.describe); };
}

// report's and show's options after the input.
void add_render_options(CLI::App *cmd, ReportOptions &o, const char *what) {
    cmd->add_option("--format", o.format,
                    "Report format (default text); json is the result document itself "
                    "(bytebench.result/1)")
        ->type_name("FORMAT");
    cmd->add_option("-o,--output", o.output, "Write to FILE instead of stdout")->type_name("FILE");
    cmd->add_flag("-b,--brief", o.brief, "No per-CPU lines in the header");
    cmd->add_flag("--stats", o.stats, "Add a Statistics table per copy-pass to the text report");
    cmd->add_flag("--redact-paths", o.redact_paths,
                  std::string("Leave local folders (the suite file's, the plugins', the command "
                              "line's, the home folder) out of the ") +
                      what + ", for sharing");
}

void add_report_show(CommandLine &cl) {
    CLI::App *report = cl.app.add_subcommand("report", "Render a saved result again");
    report->add_option("result", cl.report.input, "A result .json file")
        ->type_name("FILE")
        ->required();
    add_render_options(report, cl.report, "report");
    cl.actions["report"] = [&cl] { return report_command(cl.global, cl.report); };

    CLI::App *show = cl.app.add_subcommand("show", "Render a run of the history again");
    show->add_option("id", cl.show.input, "History id: 12, @12, @last, @last~1")
        ->type_name("ID")
        ->required();
    add_render_options(show, cl.show, "report");
    cl.actions["show"] = [&cl] { return show_command(cl.global, cl.show); };
}

void add_compare(CommandLine &cl) {
    CompareOptions &o = cl.compare;
    CLI::App *cmd =
        cl.app.add_subcommand("compare", "Compare runs side by side, with significance");
    cmd->add_option("inputs", o.inputs,
                    "Result files, folders of them, UnixBench reports or history ids (@last, @3)")
        ->type_name("FILE")
        ->required()
        ->expected(1, -1);
    cmd->add_option("--by", o.by,
                    "One column per value of host or label:KEY (or per pair: "
                    "label:kernel,label:smt), the results of a column pooled")
        ->type_name("host|label:KEY[,...]");
    cmd->add_option("--baseline", o.baseline,
                    "The column deltas are taken against: A, B, ..., the input as given, or with "
                    "--by a column's value(s) (3.16,on)")
        ->type_name("COLUMN");
    cmd->add_option("--format", o.format,
                    "text, markdown, html, csv, json (a bytebench.comparison/2 document) or any "
                    "reporter (default text)")
        ->type_name("FORMAT");
    cmd->add_option("-o,--output", o.output, "Write to FILE instead of stdout")->type_name("FILE");
    // --fail-if-slower: its name before numbers had directions, kept for scripts.
    cmd->add_option("--fail-if-worse,--fail-if-slower", o.fail_if_worse,
                    "Exit 1 when a test or metric is significantly worse (by its direction) by "
                    "more than PCT percent; repeat with NAME=PCT or NAME=off for one test id, "
                    "metric key or TEST.METRIC. Exit 4 when nothing could be compared")
        ->type_name("PCT|NAME=PCT|NAME=off")
        ->allow_extra_args(false)
        ->check(CLI::Validator([](std::string &value) { return gate_value_problem(value); }, ""));
    cmd->add_option("--alpha", o.alpha, "Significance level (default 0.05)")
        ->type_name("P")
        ->check(decimal_in(DecimalRange::from_to(1e-6, 0.5)));
    add_folder_flags(cmd, o.folders, "results");
    cl.actions["compare"] = [&cl] { return compare_command(cl.global, cl.compare); };
}

void add_import(CommandLine &cl) {
    ImportCommandOptions &o = cl.import;
    CLI::App *cmd = cl.app.add_subcommand(
        "import", "Convert UnixBench 5.1.3/6.0 text reports to bytebench results");
    cmd->add_option("paths", o.files,
                    "UnixBench reports, or folders searched (recursively) for them")
        ->type_name("FILE")
        ->required()
        ->check(CLI::ExistingPath);
    cmd->add_option("-o,--output-dir", o.output_dir,
                    "Folder for the converted results (default ./results)")
        ->type_name("DIR");
    cmd->add_option("--label", o.labels,
                    "KEY=VALUE kept in each imported result's \"labels\" (repeatable, at most "
                    "64), for compare --by label:KEY")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false);
    cmd->add_flag("--skip-bad-lines", o.skip_bad_lines,
                  "Accepted for old scripts: lines that are not part of a report are always "
                  "skipped with a warning now");
    add_folder_flags(cmd, o.folders, "reports");
    add_text_or_json(cmd, o.format);
    cl.actions["import"] = [&cl] { return import_command(cl.global, cl.import); };
}

void add_history(CommandLine &cl) {
    CLI::App *cmd = cl.app.add_subcommand("history", "List the recorded runs, newest first");
    cmd->add_option("-n,--limit", cl.history.limit, "Show only the newest N (that match)")
        ->type_name("N")
        ->check(CLI::Range(1, 1 << 30));
    cmd->add_option("--label", cl.history.labels,
                    "Only runs labelled KEY=VALUE (repeatable: all must match; host=NAME also "
                    "matches the host name)")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false);
    add_text_or_json(cmd, cl.history.format);
    cl.actions["history"] = [&cl] { return history_command(cl.global, cl.history); };
}

void add_sysinfo_doctor(CommandLine &cl) {
    CLI::App *sysinfo = cl.app.add_subcommand(
        "sysinfo", "Describe this machine as a run would record it (CPU, topology, OS, VM)");
    add_text_or_json(sysinfo, cl.sysinfo.format);
    sysinfo->add_flag("-b,--brief", cl.sysinfo.brief, "No per-CPU lines");
    sysinfo
        ->add_option("--tmpdir", cl.sysinfo.tmpdir,
                     "Folder to describe as the temp folder (default $BYTEBENCH_TMPDIR, $TMPDIR, "
                     "/tmp)")
        ->type_name("DIR")
        ->check(CLI::ExistingDirectory);
    cl.actions["sysinfo"] = [&cl] { return sysinfo_command(cl.global, cl.sysinfo); };

    CLI::App *doctor = cl.app.add_subcommand(
        "doctor",
        "Check whether this machine is ready for a run: governor, boost, load, swap, THP, steal, "
        "VM, CPU quota, hybrid cores, temp folder, busy processes (takes 1 s)");
    doctor->footer(
        "Each check is ok, warn, bad or unknown; warn and bad say what to do. Exit 0 when no "
        "check is bad, 1 when one is (heavy steal, other processes using half a CPU or more, "
        "swap thrashing, a nearly full temp folder): results taken now would not be "
        "trustworthy. A CPU quota below the online CPUs only warns: run honours it.");
    add_text_or_json(doctor, cl.doctor.format);
    doctor
        ->add_option("--tmpdir", cl.doctor.tmpdir,
                     "Folder to check as the temp folder (default $BYTEBENCH_TMPDIR, $TMPDIR, "
                     "/tmp)")
        ->type_name("DIR")
        ->check(CLI::ExistingDirectory);
    cl.actions["doctor"] = [&cl] { return doctor_command(cl.global, cl.doctor); };
}

// The commands for the build and the shells, not for users: hidden from
// --help, the completions and the man pages.
void add_hidden(CommandLine &cl) {
    CLI::App *completion =
        cl.app.add_subcommand("completion", "Print the completion script of a shell")->group("");
    completion->add_option("shell", cl.completion_shell, "The shell")
        ->type_name("bash|zsh|fish")
        ->required()
        ->check(CLI::IsMember({"bash", "zsh", "fish"}));
    cl.actions["completion"] = [&cl] {
        print_out(completion_script(cl.app, cl.completion_shell));
        return kExitOk;
    };
    CLI::App *man = cl.app.add_subcommand("man", "Write the man pages into DIR")->group("");
    man->add_option("dir", cl.man_folder, "The folder")->type_name("DIR")->required();
    cl.actions["man"] = [&cl] { return write_man_pages(cl.app, cl.man_folder); };
    CLI::App *complete =
        cl.app.add_subcommand("__complete", "Names for the shell completions")->group("");
    complete->add_option("what", cl.complete_what, "tests, groups or names")
        ->type_name("tests|groups|names")
        ->required()
        ->check(CLI::IsMember({"tests", "groups", "names"}));
    cl.actions["__complete"] = [&cl] { return complete_names(cl.global, cl.complete_what); };
}

}  // namespace

std::unique_ptr<CommandLine> make_command_line(const std::string &command_line) {
    auto cl = std::make_unique<CommandLine>();
    CLI::App &app = cl->app;
    app.set_version_flag("--version", std::string("bytebench ") + BYTEBENCH_VERSION +
                                          " (plugin ABI " + BYTEBENCH_ABI + ")");
    app.require_subcommand(1);
    app.fallthrough();
    app.formatter(std::make_shared<HelpFormatter>());
    add_global_options(app, cl->global);
    cl->run.command_line = command_line;
    add_run(*cl);
    add_list_plugins_describe(*cl);
    add_report_show(*cl);
    add_compare(*cl);
    add_import(*cl);
    add_history(*cl);
    add_sysinfo_doctor(*cl);
    add_hidden(*cl);
    tidy_placeholders(app);
    return cl;
}

}  // namespace bytebench::cli
