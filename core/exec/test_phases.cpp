#include "exec/test_phases.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "base/decimal.h"
#include "base/names.h"
#include "base/text.h"
#include "process/interrupt.h"
#include "process/janitor_client.h"
#include "process/orphans.h"
#include "process/params_file.h"
#include "process/worker_process.h"

namespace bytebench {
namespace {

enum class Phase { setup, teardown };

// What a phase's worker said it did: its result message, if any.
struct PhaseResult {
    bool has_result = false;
    Status status = Status::ok;
    std::string error;
};

std::vector<std::string> phase_args(Phase phase, const PlannedTest &t, int copies,
                                    const std::string &test_dir) {
    std::vector<std::string> args = {phase == Phase::setup ? "setup" : "teardown",
                                     "--plugin",
                                     t.plugin_path,
                                     "--workload",
                                     t.workload.id,
                                     "--test-dir",
                                     test_dir,
                                     "--copies",
                                     std::to_string(copies),
                                     "--passes",
                                     std::to_string(t.passes)};
    return args;  // the parameters go through a ParamsFile, never argv
}

// Starts the phase's worker and waits for it, showing its log lines as a
// pass's are shown and handing progress to `on_progress`.
WorkerOutcome run_phase_worker(Phase phase, const PlannedTest &t, int copies,
                               const std::string &worker_program, const std::string &test_dir,
                               const std::function<void(double)> &on_progress,
                               PhaseResult &result) {
    const std::string label = t.id + (phase == Phase::setup ? " (set-up)" : " (teardown)");
    WorkerWatch watch;
    watch.on_message = [&](const WorkerMessage &m) {
        if (const auto *log = std::get_if<LogMessage>(&m)) {
            log_worker_line(log->level, label + ": " + log->text);
        } else if (const auto *p = std::get_if<ProgressMessage>(&m)) {
            if (on_progress) on_progress(p->fraction);
        } else if (const auto *r = std::get_if<ResultMessage>(&m)) {
            result = {true, r->status, r->error};
        } else if (const auto *garbage = std::get_if<GarbageMessage>(&m)) {
            spdlog::debug("{}: unexpected message: {}", label, garbage->text);
        }
    };
    // An interrupted run does not wait for a set-up, but does for the
    // teardown: it undoes what the set-up did outside the test's folder.
    if (phase == Phase::setup) watch.cancelled = [] { return interrupt_signal() != 0; };
    WorkerOutcome out;
    try {
        const ParamsFile params(t.params);
        std::vector<std::string> args = phase_args(phase, t, copies, test_dir);
        std::vector<int> passed;
        params.hand_to(args, passed);
        out = run_worker_to_end(worker_program, args, t.workload.setup_timeout_s, watch, passed);
    } catch (const std::exception &e) {  // fork failed
        out.error = e.what();
    }
    if (const int left = kill_orphans({janitor_pid()}); left > 0)
        spdlog::warn("{}: killed {} the workload left outside its process group", label,
                     count_text(uint64_t(left), "process", "processes"));
    if (!out.output_tail.empty())
        spdlog::debug("{} output (last bytes):\n{}", label, out.output_tail);
    return out;
}

// Why the worker failed, with its last line of output when it died
// without a word (a crash names the fault there).
std::string failure_text(const WorkerOutcome &out) {
    std::string text = out.error.empty() ? "the worker gave no result" : out.error;
    const std::string last = last_output_line(out.output_tail);
    if (!out.answered && !last.empty()) text += "; last output: " + last;
    return text;
}

PhaseOutcome judge_setup(const WorkerOutcome &out, const PhaseResult &result) {
    if (out.cancelled) return {Status::error, "interrupted"};
    if (out.timed_out) return {Status::error, "set-up " + out.error};
    if (!out.error.empty() || !result.has_result)
        return {Status::error, "set-up failed: " + failure_text(out)};
    if (result.status == Status::skipped) return {Status::skipped, result.error};
    if (result.status != Status::ok) return {Status::error, "set-up failed: " + result.error};
    return {};
}

}  // namespace

std::string test_folder_name(const std::string &test_id, int copies) {
    return file_name_part(test_id) + "-n" + std::to_string(copies) + "-test";
}

TestPhases::TestPhases(const PlannedTest &test, int copies, std::string worker_program,
                       const std::string &temp_root)
    : test_(test),
      copies_(copies),
      worker_program_(std::move(worker_program)),
      temp_root_(temp_root) {}

TestPhases::~TestPhases() {
    try {
        tear_down();
    } catch (const std::exception &e) {
        spdlog::warn("{}: teardown: {}", test_.id, e.what());
    }
}

PhaseOutcome TestPhases::set_up(Progress &progress) {
    set_up_called_ = true;
    try {
        root_ = FolderFd(temp_root_);
        folder_ = make_folder(root_, test_folder_name(test_.id, copies_));
    } catch (const FolderError &e) {
        return {Status::error, e.what()};
    }
    if (!test_.workload.has_setup) return {};

    spdlog::debug("{}: set-up (time limit {} s)", test_.id,
                  decimal_text(test_.workload.setup_timeout_s));
    progress.setup_progress(test_.id, copies_, -1);
    PhaseResult result;
    const WorkerOutcome out = run_phase_worker(
        Phase::setup, test_, copies_, worker_program_, folder_.path,
        [&](double fraction) { progress.setup_progress(test_.id, copies_, fraction); }, result);
    return judge_setup(out, result);
}

void TestPhases::tear_down() {
    if (!set_up_called_ || torn_down_) return;
    torn_down_ = true;
    // Without its folder the set-up never ran: there is nothing to undo.
    if (test_.workload.has_teardown && folder_.made()) {
        PhaseResult result;
        const WorkerOutcome out = run_phase_worker(Phase::teardown, test_, copies_, worker_program_,
                                                   folder_.path, {}, result);
        if (!out.error.empty() || !result.has_result)
            spdlog::warn("{}: teardown failed: {}", test_.id, failure_text(out));
    }
    if (const std::string left = remove_folder(root_, folder_); !left.empty())
        spdlog::warn("{}: {}", test_.id, left);
    root_ = FolderFd();
}

}  // namespace bytebench
