// `bytebench run`: plan, run, save, report.
#include <spdlog/spdlog.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <set>

#include "base/json_text.h"
#include "base/made_folder.h"
#include "base/text.h"
#include "cli/run_display.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "exec/placement.h"
#include "exec/scheduler.h"
#include "model/labels.h"
#include "plan/index_comparability.h"
#include "plan/run_plan.h"
#include "plugins/report_rendering.h"
#include "process/file_budget.h"
#include "process/interrupt.h"
#include "process/janitor_client.h"
#include "process/orphans.h"
#include "process/worker_process.h"
#include "results/history.h"
#include "results/pass_costs.h"
#include "results/path_redaction.h"
#include "results/result_store.h"
#include "system/cpu_quota.h"
#include "system/storage_info.h"
#include "system/sysinfo.h"

namespace fs = std::filesystem;

namespace bytebench::cli {
namespace {

// --scaling: 1, 2, 4, ... below the CPU count, then the CPU count.
std::vector<int> scaling_copies(int cpus) {
    std::vector<int> copies;
    for (int n = 1; n < cpus; n *= 2) copies.push_back(n);
    copies.push_back(std::max(cpus, 1));
    return copies;
}

// The PUs copies are pinned to, in order (empty for --placement none).
// Throws std::invalid_argument (bad text, a kind this machine lacks) and
// std::runtime_error (hwloc).
std::vector<int> placement_cpus(const std::string &text, const std::vector<int> &copies) {
    const PlacementSpec spec = parse_placement_spec(text);
    if (spec.placement == Placement::none) return {};
    const PlacementOrder order = placement_order(spec, read_pus());
    if (!order.note.empty()) spdlog::info("--placement {}: {}", text, order.note);
    const int most = *std::max_element(copies.begin(), copies.end());
    if (most > int(order.cpus.size()))
        spdlog::warn("--placement {}: {} copies on {} {}: copies will share them", text, most,
                     order.cpus.size(), spec.placement == Placement::smt_off ? "cores" : "CPUs");
    return order.cpus;
}

// 1 copy, then one per CPU the copies may use (the cpuset and the CPU quota
// can make that fewer than the online CPUs).
std::vector<int> default_copies(int usable_cpus) {
    std::vector<int> copies = {1};
    if (usable_cpus > 1) copies.push_back(usable_cpus);
    return copies;
}

// Says why the copies get fewer CPUs than the machine has online (in the
// run's log too, so after it is opened).
void log_usable_cpus(const EffectiveCpus &cpus) {
    if (cpus.count < cpus.online)
        spdlog::info("{} online, {} usable: {}", count_text(uint64_t(cpus.online), "CPU", "CPUs"),
                     cpus.count, cpus.reason);
}

nlohmann::json options_json(const RunOptions &o, const ScheduleOptions &schedule) {
    nlohmann::json j = {{"tests", o.tests.empty() ? std::vector<std::string>{"index"} : o.tests},
                        {"copies", schedule.copies},
                        {"settle_s", schedule.settle_s},
                        {"placement", o.placement},
                        {"formats", o.formats},
                        {"command_line", o.command_line},
                        {"disturbance_limits", to_json(schedule.disturbance)}};
    if (o.scaling) j["scaling"] = true;
    if (!schedule.cpus.empty()) j["placement_order"] = schedule.cpus;  // copy i: [i % size]
    if (schedule.quick)
        j["quick"] = {{"target", schedule.quick->target},
                      {"pass_s", schedule.quick->pass_s},
                      {"min_passes", schedule.quick->min_passes},
                      {"max_passes", schedule.quick->max_passes},
                      {"budget_s", schedule.quick->budget_s}};
    j["display"] = o.display;
    if (!o.params.empty()) j["params"] = o.params;
    if (o.iterations) j["iterations"] = *o.iterations;
    if (o.duration_s) j["duration_s"] = *o.duration_s;
    return j;
}

// A private folder for the run's temporary files, inside --tmpdir: made,
// and at the end removed, through a descriptor of --tmpdir
// (base/made_folder.h).
struct TempRoot {
    FolderFd parent;
    MadeFolder folder;
};

TempRoot make_temp_root(const std::string &tmpdir) {
    TempRoot root{FolderFd(tmpdir.empty() ? default_tmpdir() : tmpdir), {}};
    root.folder = make_unique_folder(root.parent, "bytebench-");
    return root;
}

std::vector<PlannedTest> plan(const RunOptions &o, const Environment &env) {
    const std::vector<std::string> names = o.tests.empty() ? env.suite.default_tests : o.tests;
    PlanOptions plan_options;
    plan_options.iterations = o.iterations;
    plan_options.duration_s = o.duration_s;
    plan_options.quick = o.quick;
    for (const std::string &text : o.params)
        plan_options.overrides.push_back(parse_param_override(text));
    std::vector<PlannedTest> tests;
    for (const std::string &id : expand_names(names, env.suite, env.catalog))
        tests.push_back(plan_test(id, env.suite, env.catalog, plan_options));
    check_param_overrides(plan_options.overrides, tests);
    return tests;
}

// How --param changes an indexed test (one with a baseline in the suite),
// which makes the index another than the suite's; "" when it changes none.
std::string param_method_change(const RunOptions &o, const Suite &suite,
                                const std::vector<PlannedTest> &tests) {
    if (o.params.empty()) return "";
    for (const PlannedTest &t : tests) {
        const TestDef *def = suite.find_test(t.id);
        if (def == nullptr || !def->baseline) continue;
        for (const std::string &text : o.params) {
            if (parse_param_override(text).applies_to(t.id, t.workload))
                return "--param " + text + " changes the indexed test '" + t.id + "'";
        }
    }
    return "";
}

bool any_failure(const RunRecord &record) {
    for (const CopyPassRecord &run : record.copy_passes)
        for (const TestRecord &t : run.tests)
            if (t.status != Status::ok && t.status != Status::skipped) return true;
    return false;
}

// "test.a [why], test.b [why]": every test some copy-pass skipped, with its
// reason (once for a test skipped alike at several copy counts); "" when none.
std::string skipped_tests_text(const RunRecord &record) {
    std::vector<std::pair<std::string, std::string>> skipped;
    for (const CopyPassRecord &run : record.copy_passes)
        for (const TestRecord &t : run.tests) {
            const std::pair<std::string, std::string> entry{t.test.id, t.error};
            if (t.status == Status::skipped &&
                std::find(skipped.begin(), skipped.end(), entry) == skipped.end())
                skipped.push_back(entry);
        }
    std::string text;
    for (const auto &[id, why] : skipped)
        text += (text.empty() ? "" : ", ") + id + " [" + why + "]";
    return text;
}

// Writes the requested reports beside the result, adding each file written
// to `written`; prints the text report.
bool write_reports(const RunOptions &o, const Environment &env, const ResultStore &store,
                   const nlohmann::json &document, const nlohmann::json &repeatability,
                   const std::string &scratch, std::vector<std::string> &written) {
    bool ok = true;
    // The result keeps its paths; with --redact-paths its reports do not.
    const nlohmann::json shared =
        o.redact_paths ? redact_paths(document, local_folders({o.output_dir, o.tmpdir, scratch}))
                       : nlohmann::json();
    const nlohmann::json &reported = o.redact_paths ? shared : document;
    RenderOptions render;
    render.brief = o.brief;
    render.stats = o.stats;
    render.repeatability = repeatability;
    // A report never replaces the result or the log, nor another report: a
    // format whose extension is taken is written as <base>.<format>.<ext>.
    std::set<std::string> taken = {"json", "log"};
    for (const std::string &format : o.formats) {
        if (format == "json") continue;  // the result itself is the JSON report
        try {
            std::string extension = report_extension(env.catalog, format);
            if (!taken.insert(extension).second) extension = format + "." + extension;
            render_report(env.catalog, env.layout.worker, format, reported, render,
                          store.path(extension), scratch);
            written.push_back(store.path(extension));
        } catch (const std::exception &e) {
            spdlog::error("{}", e.what());
            ok = false;
        }
    }
    try {
        if (!prints_run_summary(o))  // with --format json, stdout is the summary alone
            print_out(render_to_string(env.catalog, env.layout.worker, "text", reported, render,
                                       scratch));
        std::fflush(stdout);
    } catch (const std::exception &e) {
        spdlog::error("{}", e.what());
        ok = false;
    }
    return ok;
}

// "a.json, a.txt, a.html": every file the run wrote, for the Results line.
std::string joined_paths(const std::vector<std::string> &paths) {
    std::string text;
    for (const std::string &path : paths) text += (text.empty() ? "" : ", ") + path;
    return text;
}

// The history is a convenience on top of the result file: failing to
// record a run is a warning, not a failed run. Returns the run's id there.
std::optional<int64_t> record_in_history(const GlobalOptions &global,
                                         const nlohmann::json &document,
                                         const std::string &result_path) {
    if (global.no_history) return std::nullopt;
    try {
        History history(history_path(global));
        const int64_t id = history.add(document, fs::absolute(result_path).string());
        spdlog::info("Recorded in the history as @{} (bytebench show {})", id, id);
        return id;
    } catch (const std::exception &e) {
        spdlog::warn("not recorded in the history: {}", e.what());
        return std::nullopt;
    }
}

// What the newest runs of this host in the history measured of the planned
// tests' passes beyond their duration (results/pass_costs.h), so that the
// ETA includes fstime's warm-ups before its first pass. Nothing without a
// history; never a reason not to run.
EtaPriors eta_priors(const GlobalOptions &global, const std::vector<PlannedTest> &tests,
                     const std::string &host) {
    constexpr int kNewestRuns = 5;  // of this host: bounds the documents read
    EtaPriors priors;
    if (global.no_history) return priors;
    try {
        const std::string path = history_path(global);
        std::error_code ec;
        // Reading creates no database, and opens nothing but a regular file.
        if (!fs::is_regular_file(path, ec)) return priors;
        const History history(path, HistoryAccess::read_only);
        for (const HistoryEntry &entry : history.list(kNewestRuns, {{"host", host}})) {
            if (entry.source != "run") continue;
            const std::optional<nlohmann::json> document = history.document(entry.id);
            if (!document) continue;
            // Newest first: a test keeps what its newest run measured.
            for (const auto &[test, seconds] : pass_overheads(*document, tests))
                priors.remembered_overhead_s.emplace(test, seconds);
            if (priors.remembered_overhead_s.size() == tests.size()) break;
        }
    } catch (const std::exception &e) {
        spdlog::debug("ETA: nothing remembered from the history: {}", e.what());
    }
    return priors;
}

// The suite as the result records it, with whether its index can stand
// beside UnixBench's (docs/suites.md).
nlohmann::json suite_json(const Suite &suite, const InstallLayout &layout,
                          std::optional<double> duration_override,
                          const std::string &method_change) {
    std::optional<Suite> standard;
    try {
        standard = load_suite(layout.suite_dir + "/index.toml");
    } catch (const SuiteError &e) {
        spdlog::debug("standard suite: {}", e.what());
    }
    const IndexComparability c = compare_with_standard_index(suite, standard ? &*standard : nullptr,
                                                             duration_override, method_change);
    nlohmann::json j = {{"name", suite.name},
                        {"file", suite.path},
                        {"sha256", suite.sha256},
                        {"index_comparable_with_unixbench", c.comparable}};
    if (!c.comparable) j["index_not_comparable_because"] = c.reason;
    return j;
}

// The copy counts, CPUs and limits of the run from its options; a bad
// option is one line on stderr and nullopt.
std::optional<ScheduleOptions> schedule_options(const RunOptions &o, const Environment &env,
                                                const EffectiveCpus &usable) {
    ScheduleOptions schedule;
    schedule.usable_cpus = usable.count;
    schedule.copies = o.copies.empty() ? default_copies(usable.count) : o.copies;
    if (o.scaling) {
        if (!o.copies.empty()) {
            print_error("--scaling chooses the copy counts itself; leave out -c");
            return std::nullopt;
        }
        schedule.copies = scaling_copies(usable.count);
    }
    try {
        schedule.cpus = placement_cpus(o.placement, schedule.copies);
    } catch (const std::exception &e) {
        print_error("--placement " + o.placement + ": " + e.what());
        return std::nullopt;
    }
    schedule.disturbance = {o.max_steal_pct / 100, o.max_foreign_pct / 100};
    schedule.settle_s = o.settle_s.value_or(env.suite.settle_s.value_or(schedule.settle_s));
    schedule.worker_program = env.layout.worker;
    return schedule;
}

// --quick: caps every test's passes and pass time, and adds to
// `method_change` how that departs from UnixBench's method. False (one line
// on stderr) when -i is given too.
bool apply_quick(const RunOptions &o, const Environment &env, std::vector<PlannedTest> &tests,
                 ScheduleOptions &schedule, std::string &method_change) {
    if (!o.quick) return true;
    if (o.iterations) {
        print_error("--quick chooses the pass counts itself; leave out -i");
        return false;
    }
    QuickOptions quick;
    quick.target = o.quick_target_pct / 100;
    quick.budget_s = o.quick_budget_s;
    // Each test plans the cap; the scheduler stops earlier once the
    // interval is narrow enough (passes_planned in the result says so).
    for (PlannedTest &t : tests) {
        t.duration_s = std::min(t.duration_s, quick.pass_s);
        t.passes = quick.max_passes;
    }
    // Less sync-and-sleep: the passes are short (the file tests still
    // settle inside their own setup, as UnixBench's fstime does).
    if (!o.settle_s && !env.suite.settle_s) schedule.settle_s = 0.5;
    schedule.quick = quick;
    char text[256];
    std::snprintf(text, sizeof text,
                  "--quick: passes of at most %g s until the 95%% interval is within "
                  "±%g%% (%d to %d passes, %g s a test), not UnixBench's method",
                  quick.pass_s, o.quick_target_pct, quick.min_passes, quick.max_passes,
                  quick.budget_s);
    method_change = method_change.empty() ? text : method_change + "; " + text;
    return true;
}

// The result as the run starts it: the machine, the options, the suite.
RunRecord started_record(const RunOptions &o, const Environment &env, const EffectiveCpus &usable,
                         const ScheduleOptions &schedule, Labels labels,
                         const std::string &method_change) {
    RunRecord record;
    record.system = gather_system_info();
    record.system["effective_cpus"] = effective_cpus_json(usable);  // what the copies were given
    add_workload_builds(record.system, env.catalog.plugins());
    record.options = options_json(o, schedule);
    record.labels = std::move(labels);
    record.suite = suite_json(env.suite, env.layout, o.duration_s, method_change);
    return record;
}

// The run's files: the result (its first version written, which claims the
// name) and the temporary folder. False (one line on stderr, the claimed
// result removed again) when either cannot be made.
bool open_run_files(const RunOptions &o, const RunRecord &record, std::optional<ResultStore> &store,
                    TempRoot &temp_root, ScheduleOptions &schedule) {
    try {
        store.emplace(o.output_dir, record.system.value("hostname", "localhost"),
                      json_text(to_json(record), 2));
        temp_root = make_temp_root(o.tmpdir);
        schedule.temp_root = temp_root.folder.path;
        return true;
    } catch (const std::exception &e) {
        print_error(e.what());
        std::error_code ec;
        if (store) fs::remove(store->path("json"), ec);
        return false;
    }
}

// The X server's CPU time is the graphics tests' own, not other processes':
// the private Xvfb's, else that of a local server the display names.
void measure_display_server(const PrivateDisplay *private_display, const nlohmann::json &system,
                            ScheduleOptions &schedule) {
    if (private_display) {
        schedule.measured_server_pids.push_back(private_display->pid());
        return;
    }
    const auto shown = system.find("display");
    if (shown == system.end() || !shown->contains("display") || !(*shown)["display"].is_string())
        return;
    if (const int pid = local_server_pid((*shown)["display"].get<std::string>()); pid > 0)
        schedule.measured_server_pids.push_back(pid);
}

// Everything between the files and the first test: the log, the janitor,
// the display, the temporary folder's storage and the pre-flight lines.
// Returns the private Xvfb, if the run has one.
std::unique_ptr<PrivateDisplay> prepare_run(const RunOptions &o, const Environment &env,
                                            std::vector<PlannedTest> &tests,
                                            const EffectiveCpus &usable, const ResultStore &store,
                                            ScheduleOptions &schedule, RunRecord &record) {
    add_log_file(store.path("log"));
    spdlog::debug("bytebench {} -- {}", BYTEBENCH_VERSION, o.command_line);
    spdlog::debug("results: {}.*; temporary files: {}", store.base(), schedule.temp_root);
    if (geteuid() == 0)  // root is exempt from RLIMIT_NPROC and may see other limits
        spdlog::info(
            "note: running as root: the process limit (ulimit -u) does not apply and results may "
            "differ from a normal user's");
    log_usable_cpus(usable);
    // Cleans up the temp folder and the workers' groups if we are killed.
    start_janitor(env.layout.worker, schedule.temp_root, store.base());
    // After the janitor, which must know the private Xvfb's group, and
    // before the first test; stopped before the janitor is.
    std::unique_ptr<PrivateDisplay> private_display =
        prepare_display(*parse_display_option(o.display), tests, schedule.copies,
                        schedule.temp_root, record.system);
    measure_display_server(private_display.get(), record.system, schedule);
    record.system["tmpdir"] = describe_storage(fs::path(schedule.temp_root).parent_path());
    // What may disturb the run, at info: the console leaves it out with -q,
    // the .log keeps it. No second of sampling here: each pass records its
    // own steal and foreign CPU time.
    for (const std::string &line : preflight_summary(record.system)) spdlog::info("{}", line);
    return private_display;
}

// Writes the result as the run goes. A failure is said once (a full disk
// fails every checkpoint alike) and leaves the file at its previous version.
class ResultSaver {
  public:
    ResultSaver(const ResultStore &store, const RunRecord &record)
        : store_(store), record_(record) {}
    void operator()() {
        try {
            store_.write_result(json_text(to_json(record_), 2));
        } catch (const std::exception &e) {
            if (e.what() != error_)
                spdlog::error("{} (the file keeps its previous version)", e.what());
            error_ = e.what();
            saved_ = false;
        }
    }
    // The last write only: the checkpoints before it were overwritten.
    bool last_saved() {
        saved_ = true;
        (*this)();
        return saved_;
    }

  private:
    const ResultStore &store_;
    const RunRecord &record_;
    bool saved_ = true;
    std::string error_;
};

// Runs the tests with a progress line, saving after each. Returns whether
// the run finished (false: interrupted).
bool run_tests(const GlobalOptions &global, const RunOptions &o, const Environment &env,
               const std::vector<PlannedTest> &tests, const ScheduleOptions &schedule,
               RunRecord &record, ResultSaver &saver) {
    const std::vector<EtaStep> eta_steps = eta_plan(tests, schedule);
    Progress progress(eta_steps,
                      eta_priors(global, tests, record.system.value("hostname", "localhost")),
                      o.show_progress);
    if (const std::string note = settle_note(eta_steps, progress.eta_seconds()); !note.empty())
        spdlog::info("{}", note);
    const bool finished =
        run_schedule(tests, env.suite, schedule, progress, record, [&saver] { saver(); });
    progress.finish();
    return finished;
}

// After the tests: the history, the temporary folder removed, the reports
// and the Results line. Returns whether every report was written.
bool finish_run(const GlobalOptions &global, const RunOptions &o, const Environment &env,
                const ResultStore &store, const RunRecord &record, TempRoot &temp_root,
                const ScheduleOptions &schedule) {
    const nlohmann::json document = to_json(record);
    // Recorded before the reports, so that their run-to-run spread counts
    // this run as the newest of the history's.
    const std::optional<int64_t> history_id =
        record_in_history(global, document, store.path("json"));
    const nlohmann::json repeatability =
        history_id ? run_to_run_for(global, document, history_id) : nlohmann::json();
    // The tests' folder goes before the reports are written: they need none
    // of it, and its descriptor is one a reporter's worker may need under a
    // tight RLIMIT_NOFILE. A reporter that cannot write through memory gets
    // its scratch folder beside it, in the temporary folder.
    if (const std::string left = remove_folder(temp_root.parent, temp_root.folder); !left.empty())
        spdlog::warn("{}", left);
    temp_root.parent = FolderFd();
    std::vector<std::string> written = {store.path("json")};
    const bool reported =
        write_reports(o, env, store, document, repeatability,
                      fs::path(schedule.temp_root).parent_path().string(), written);
    stop_janitor();
    spdlog::info("Results: {} (log: {})", joined_paths(written), store.path("log"));
    if (prints_run_summary(o)) print_run_summary(document, written, store.path("log"), history_id);
    close_log_file();
    return reported;
}

// The exit status of a run that got as far as its tests.
int run_exit_code(const RunOptions &o, const RunRecord &record, bool finished, bool ok) {
    if (!finished) {
        spdlog::warn("interrupted: the result is marked incomplete");
        return 128 + interrupt_signal();
    }
    if (!ok || any_failure(record)) return kExitTestFailed;
    if (o.fail_on_skip) {
        if (const std::string skipped = skipped_tests_text(record); !skipped.empty()) {
            print_error("--fail-on-skip: skipped: " + skipped);
            return kExitTestSkipped;
        }
    }
    return kExitOk;
}

}  // namespace

int run_command(const GlobalOptions &global, const RunOptions &o) {
    install_interrupt_handlers();
    adopt_orphans();  // what a workload leaves outside its group comes back here
    set_benchmark_locale();
    raise_file_limit();
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;

    std::vector<PlannedTest> tests;
    Labels labels;
    try {
        labels = parse_labels(o.labels);
        tests = plan(o, *env);
        for (const std::string &format : o.formats) report_extension(env->catalog, format);
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    const EffectiveCpus usable = read_effective_cpus();
    std::optional<ScheduleOptions> schedule = schedule_options(o, *env, usable);
    std::string method_change = param_method_change(o, env->suite, tests);
    if (!schedule || !apply_quick(o, *env, tests, *schedule, method_change)) return kExitBadInput;

    RunRecord record = started_record(o, *env, usable, *schedule, std::move(labels), method_change);
    std::optional<ResultStore> store;
    TempRoot temp_root;
    if (!open_run_files(o, record, store, temp_root, *schedule)) return kExitBadInput;
    std::unique_ptr<PrivateDisplay> private_display =
        prepare_run(o, *env, tests, usable, *store, *schedule, record);

    ResultSaver saver(*store, record);
    const bool finished = run_tests(global, o, *env, tests, *schedule, record, saver);
    private_display.reset();  // the tests are over: stop the private Xvfb
    record.complete = finished;
    const bool saved = saver.last_saved();
    const bool reported = finish_run(global, o, *env, *store, record, temp_root, *schedule);
    return run_exit_code(o, record, finished, saved && reported);
}

}  // namespace bytebench::cli
