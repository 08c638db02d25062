#include "exec/scheduler.h"

#include <bytebench/plugin.h>
#include <spdlog/spdlog.h>
#include <time.h>
#include <unistd.h>

#include "base/local_time.h"
#include "base/monotonic_clock.h"
#include "base/text.h"
#include "exec/pass_runner.h"
#include "exec/test_phases.h"
#include "exec/worker_log.h"
#include "process/interrupt.h"
#include "process/process_budget.h"
#include "system/environment_probe.h"
#include "system/requirement_check.h"
#include "system/sysinfo.h"

namespace bytebench {
namespace {

// Sleeps, waking early when the run is interrupted.
void pause_for(double seconds) {
    const double end = seconds;
    double slept = 0;
    while (slept < end && interrupt_signal() == 0) {
        const double step = std::min(0.1, end - slept);
        timespec ts{time_t(step), long((step - double(time_t(step))) * 1e9)};
        nanosleep(&ts, nullptr);
        slept += step;
    }
}

// UnixBench's "sync; sleep 1; sync; sleep 2" before every pass, scaled.
void settle(double seconds) {
    if (seconds <= 0) return;
    sync();
    pause_for(seconds / 3);
    sync();
    pause_for(seconds * 2 / 3);
}

// A single-copy workload (the graphics tests) is skipped at more copies, as
// in UnixBench.
bool single_copy_only(const PlannedTest &test, int copies) {
    return copies > 1 && (test.workload.flags & BB_WORKLOAD_SINGLE_COPY) != 0;
}

std::string params_text(const PlannedTest &t) {
    std::string s;
    for (const auto &[k, v] : t.params) s += " " + k + "=" + v;
    return s;
}

// The CPUs a pass's copies are pinned to (empty: not pinned).
std::vector<int> copies_cpus(const PassRequest &request) {
    std::vector<int> cpus;
    for (size_t i = 0; i < request.cpus.size() && int(i) < request.copies; ++i)
        cpus.push_back(request.cpus[i]);
    return cpus;
}

// run_pass with the environment measured around it.
PassOutcome measured_pass(const PassRequest &request, const ScheduleOptions &options) {
    EnvironmentProbe probe(copies_cpus(request));
    probe.count_as_own(options.measured_server_pids);
    probe.start();
    PassOutcome outcome = run_pass(request);
    PassEnvironment environment = probe.stop();
    // A pass that failed or was skipped has no number to doubt.
    if (outcome.status == Status::ok) judge_disturbance(environment, options.disturbance);
    for (const std::string &why : environment.disturbed)
        spdlog::info("{} pass {}: disturbed: {}", request.test->id, request.pass_index + 1, why);
    outcome.environment = std::move(environment);
    return outcome;
}

void log_pass(const TestRecord &r, int pass, const PassOutcome &p) {
    spdlog::debug("#### Pass {}: {} {}, count {:.1f} in {:.3f} s (start spread {:.3f} ms)",
                  pass + 1, r.test.id, to_string(p.status), p.count, p.seconds, p.start_spread_ms);
    for (size_t c = 0; c < p.copies.size(); ++c)
        spdlog::debug("# copy {}: COUNT {:.1f} TIME {:.3f}", c, p.copies[c].count,
                      p.copies[c].seconds);
    if (p.status != Status::ok) spdlog::debug("# {}", p.error);
}

// Output inside the timed loop distorts the result: said once per test, at
// the first pass that wrote any.
void warn_of_timed_output(TestRecord &r, int pass, const PassOutcome &p) {
    if (p.timed_output_bytes == 0 || !r.warnings.empty()) return;
    r.warnings.push_back(timed_output_warning(r.test.id, pass + 1, p.timed_output_bytes));
    spdlog::warn("{}", r.warnings.back());
}

void log_score(const TestRecord &r, int copies) {
    if (!r.score) return;
    for (size_t i = 0; i < r.score->kept.size(); ++i)
        spdlog::debug("{} {:.1f}",
                      r.score->kept[i] ? "Count score:" : "*Dump score:", r.score->pass_values[i]);
    spdlog::debug(">>>> {} of {}: score {:.1f} {}, time {:.1f} s, {} samples",
                  copies == 1 ? "Results" : "Sum", copies_text(copies), r.score->value,
                  r.test.workload.unit, r.score->time_s, r.score->samples);
}

// Marks the test skipped when it cannot run here at all (not available, one
// copy only, a requirement this machine does not meet) and says so. No
// worker has started, so there is nothing to clean up. Returns whether it
// was skipped.
bool skipped_before_start(const PlannedTest &test, int copies, const ScheduleOptions &options,
                          TestRecord &record) {
    const bool single_copy_skip = single_copy_only(test, copies);
    if (!test.unavailable.empty()) {
        record.status = Status::skipped;
        record.error = test.unavailable;
    } else if (single_copy_skip) {
        record.status = Status::skipped;
        record.error = "runs with one copy only";
    } else if (std::string unmet =
                   unmet_requirements_here(test.workload.requirements, copies, options.temp_root);
               !unmet.empty()) {
        record.status = Status::skipped;
        record.error = std::move(unmet);
    }
    if (record.status == Status::ok) return false;
    // A single-copy test (the graphics tests) skipped at N copies is what
    // UnixBench does too: said once per test, not warned about.
    const bool expected = single_copy_skip && test.unavailable.empty();
    spdlog::log(expected ? spdlog::level::info : spdlog::level::warn, "{}: {}: {}{}", test.id,
                to_string(record.status), record.error, expected ? " (as in UnixBench)" : "");
    return true;
}

// A set-up, process budget or pass that failed or skipped the test: its
// status, and one line in the log (a warning for a skip, an error else).
void record_stop(TestRecord &record, int copies, Status status, const std::string &error) {
    record.status = status;
    record.error = error;
    spdlog::log(status == Status::skipped ? spdlog::level::warn : spdlog::level::err,
                "{} ({}): {}: {}", record.test.id, copies_text(copies), to_string(status), error);
}

PassRequest pass_request(const PlannedTest &test, int copies, int pass,
                         const ScheduleOptions &options, const TestPhases &phases) {
    PassRequest request;
    request.test = &test;
    request.copies = copies;
    request.pass_index = pass;
    request.worker_program = options.worker_program;
    request.temp_root = options.temp_root;
    request.test_dir = phases.test_dir();
    request.cpus = options.cpus;
    request.usable_cpus = options.usable_cpus;
    request.show_output = console_is_verbose();
    return request;
}

// One pass of the test, recorded. Returns false when the test stops here:
// too few processes allowed, interrupted, or the pass did not succeed.
bool run_one_pass(const PlannedTest &test, int copies, int pass, int planned,
                  const ScheduleOptions &options, Progress &progress, const TestPhases &phases,
                  TestRecord &record) {
    progress.pass_started(test.id, copies, pass + 1, planned);
    // Not enough processes allowed: skipped, not a fork failure mid-pass.
    const std::string short_of =
        ensure_process_budget({uint64_t(copies), test.workload.processes_per_copy});
    if (!short_of.empty()) {
        record_stop(record, copies, Status::skipped, short_of);
        return false;
    }
    settle(options.settle_s);
    if (interrupt_signal() != 0) return false;
    PassOutcome outcome = measured_pass(pass_request(test, copies, pass, options, phases), options);
    progress.pass_finished();
    log_pass(record, pass, outcome);
    warn_of_timed_output(record, pass, outcome);
    const Status status = outcome.status;
    const std::string error = outcome.error;
    record.passes.push_back(std::move(outcome));
    if (status == Status::ok) return true;
    record_stop(record, copies, status, error);
    return false;
}

// --quick: whether the passes so far are enough; if so, the record says why
// it stopped. `values` are the undisturbed passes' values so far.
bool quick_done(const QuickOptions &quick, const PlannedTest &test, double test_started_s,
                std::vector<double> &values, TestRecord &record) {
    const PassOutcome &last = record.passes.back();
    // A disturbed pass is no evidence that the value has settled: it
    // counts toward neither the minimum nor the target.
    if (last.environment->disturbed.empty())
        values.push_back(pass_value({last.count, last.seconds}, test.workload.time_base_s));
    const QuickStop stop = quick_decision(quick, values, monotonic_seconds() - test_started_s);
    if (stop == QuickStop::go_on) return false;
    record.quick_stop = to_string(stop);
    record.quick_half_width = relative_half_width(values);
    return true;
}

// The test's passes after a successful set-up: all it plans, or with
// --quick until the interval is narrow enough.
void run_passes(const PlannedTest &test, int copies, const ScheduleOptions &options,
                Progress &progress, const TestPhases &phases, TestRecord &record) {
    std::vector<double> values;  // of the passes so far, for --quick
    const double test_started_s = monotonic_seconds();
    for (int pass = 0; pass < test.passes; ++pass) {
        if (!run_one_pass(test, copies, pass, test.passes, options, progress, phases, record))
            break;
        if (options.quick && quick_done(*options.quick, test, test_started_s, values, record))
            break;
    }
}

TestRecord run_test(const PlannedTest &test, int copies, const ScheduleOptions &options,
                    Progress &progress) {
    const WorkerLogScope worker_log;  // the test's log lines, limited; a summary at its end
    TestRecord record;
    record.test = test;
    if (skipped_before_start(test, copies, options, record)) return record;
    spdlog::debug("######## {} -- {} ==> {}{} ({} passes of {} s)", test.name, copies_text(copies),
                  test.workload.id, params_text(test), test.passes, test.duration_s);
    // The test's folder, set-up and (below) teardown.
    TestPhases phases(test, copies, options.worker_program, options.temp_root);
    const PhaseOutcome set_up = phases.set_up(progress);
    if (set_up.status != Status::ok)
        record_stop(record, copies, set_up.status, set_up.error);
    else
        run_passes(test, copies, options, progress, phases, record);
    phases.tear_down();
    if (interrupt_signal() != 0 && record.status == Status::ok) {
        record.status = Status::error;
        record.error = "interrupted";
    }
    finish_test(record);
    log_score(record, copies);
    return record;
}

}  // namespace

std::vector<EtaStep> eta_plan(const std::vector<PlannedTest> &tests,
                              const ScheduleOptions &options) {
    std::vector<EtaStep> plan;
    for (int copies : options.copies)
        for (const PlannedTest &t : tests) {
            EtaStep &step = plan.emplace_back();
            step.test = t.id;
            step.copies = copies;
            // What is known to make no pass costs nothing; a skip found
            // when the test comes (its requirements) just ends its step.
            const bool runs = t.unavailable.empty() && !single_copy_only(t, copies);
            step.passes = runs ? t.passes : 0;
            step.settle_s = options.settle_s;
            step.duration_s = t.duration_s;
            step.has_setup = t.workload.has_setup;
            step.has_teardown = t.workload.has_teardown;
            if (options.quick)
                step.quick = EtaQuickBound{options.quick->min_passes, options.quick->budget_s};
        }
    return plan;
}

bool run_schedule(const std::vector<PlannedTest> &tests, const Suite &suite,
                  const ScheduleOptions &options, Progress &progress, RunRecord &record,
                  const std::function<void()> &checkpoint) {
    // What the copies may use: a 1-CPU quota on a 64-CPU host is 1 CPU.
    const int cpus = options.usable_cpus > 0 ? options.usable_cpus : online_cpus();
    for (int copies : options.copies) {
        CopyPassRecord &run = record.copy_passes.emplace_back();
        run.copies = copies;
        run.cpus = cpus;
        run.start = iso_now();
        spdlog::info("Running {} with {}", count_text(tests.size(), "test", "tests"),
                     count_text(uint64_t(copies), "parallel copy", "parallel copies"));
        for (const PlannedTest &test : tests) {
            if (interrupt_signal() != 0) break;
            progress.test_started();
            run.tests.push_back(run_test(test, copies, options, progress));
            progress.test_finished();
            run.end = iso_now();
            run.indexes.clear();
            compute_indexes(run, suite);
            checkpoint();
        }
        if (interrupt_signal() != 0) return false;
    }
    return true;
}

}  // namespace bytebench
