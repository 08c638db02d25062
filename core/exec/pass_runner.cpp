#include "exec/pass_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>

#include "base/decimal.h"
#include "base/made_folder.h"
#include "base/monotonic_clock.h"
#include "base/names.h"
#include "base/text.h"
#include "exec/console.h"
#include "exec/output_lines.h"
#include "process/file_budget.h"
#include "process/interrupt.h"
#include "process/janitor_client.h"
#include "process/orphans.h"
#include "process/params_file.h"
#include "process/worker_process.h"
#include "system/sysinfo.h"

namespace bytebench {
namespace {

struct Copy {
    std::unique_ptr<WorkerProcess> worker;
    MadeFolder temp_dir;  // made in the run's temporary folder for this pass
    bool ready = false;
    bool has_result = false;
    bool stopped_by_us = false;  // still running when the pass was stopped
    bool msg_open = true;        // its pipes, until they hang up
    bool out_open = true;
    Status status = Status::ok;
    std::string error;
    CopyOutcome outcome;
    bool stop_watch = false;  // its worker can tell whether the flag was read late
    bool stop_seen = false;   // ... and it was
    bool counting = false;    // released and no result yet: its output is timed output
    uint64_t timed_output_bytes = 0;
    OutputLines lines;  // -v
};

// The PU copy `copy` is pinned to, or -1 when copies are not pinned.
int pinned_pu(const PassRequest &r, int copy) {
    return r.cpus.empty() ? -1 : r.cpus[size_t(copy) % r.cpus.size()];
}

std::vector<std::string> worker_args(const PassRequest &r, int copy, const std::string &temp_dir) {
    const PlannedTest &t = *r.test;
    std::vector<std::string> args = {"run",
                                     "--plugin",
                                     t.plugin_path,
                                     "--workload",
                                     t.workload.id,
                                     "--copy",
                                     std::to_string(copy),
                                     "--copies",
                                     std::to_string(r.copies),
                                     "--pass",
                                     std::to_string(r.pass_index),
                                     "--duration-ns",
                                     std::to_string(uint64_t(t.duration_s * 1e9)),
                                     "--temp-dir",
                                     temp_dir,
                                     "--test-dir",
                                     r.test_dir};
    // The parameters go through a ParamsFile, never argv (its 128 KiB per
    // argument).
    if (const int pu = pinned_pu(r, copy); pu >= 0) {
        args.push_back("--cpu");
        args.push_back(std::to_string(pu));
    }
    return args;
}

// Keeps the finite values; the first that is not (the worker refuses them,
// so only a confused worker sends one) is the copy's error.
void take_metrics(Copy &c, const MetricValues &metrics) {
    for (const auto &[key, value] : metrics) {
        const std::string problem = metric_value_problem(key, value);
        if (problem.empty()) {
            c.outcome.metrics[key] = value;
        } else if (c.status == Status::ok) {
            c.status = Status::error;
            c.error = problem;
        }
    }
}

void handle_message(Copy &c, const WorkerMessage &message, const std::string &label) {
    if (const auto *ready = std::get_if<ReadyMessage>(&message)) {
        c.ready = true;
        c.stop_watch = ready->stop_watch;
    } else if (std::holds_alternative<StopSeenMessage>(message)) {
        c.stop_seen = true;
        spdlog::debug("{}: read the stop flag after the deadline", label);
    } else if (const auto *r = std::get_if<ResultMessage>(&message)) {
        c.has_result = true;
        c.status = r->status;
        c.error = r->error;
        c.outcome.count = r->count;
        // A count that is NaN, infinite or negative is this copy's error
        // (so its test's), never a value: it would make every number
        // computed from it, and the result document, meaningless.
        const std::string problem =
            decimal_problem(r->count, DecimalRange::at_least(0), "the count the workload returned");
        if (!problem.empty()) {
            c.outcome.count = 0;
            if (c.status == Status::ok) {
                c.status = Status::error;
                c.error = problem;
            }
        }
        c.outcome.seconds = double(r->elapsed_ns) / 1e9;
        c.outcome.start_ns = r->start_ns;
        c.outcome.details = r->details;
        take_metrics(c, r->metrics);
        c.outcome.cpu_start = r->cpu_start;
        c.outcome.cpu_end = r->cpu_end;
    } else if (const auto *fail = std::get_if<FailMessage>(&message)) {
        c.has_result = true;
        c.status = Status::error;
        c.error = fail->error.empty() ? "worker failed" : fail->error;
    } else if (const auto *log = std::get_if<LogMessage>(&message)) {
        log_worker_line(log->level, label + ": " + log->text);
    } else if (const auto *garbage = std::get_if<GarbageMessage>(&message)) {
        spdlog::debug("{}: unexpected message: {}", label, garbage->text);
    }
}

// Drives all copies until every worker has been reaped.
class Pass {
  public:
    explicit Pass(const PassRequest &r)
        : r_(r),
          label_(r.test->id),
          crowding_s_(
              crowding_seconds(r.copies, r.usable_cpus > 0 ? r.usable_cpus : online_cpus())) {}

    PassOutcome run() {
        // The copies' folders are made and removed through it (base/made_folder.h).
        try {
            root_ = FolderFd(r_.temp_root);
        } catch (const FolderError &e) {
            return failed(Status::error, e.what());
        }
        // Not enough descriptors: skipped, not an EMFILE half way through.
        const std::string short_of = ensure_file_budget(uint64_t(r_.copies));
        if (!short_of.empty()) return failed(Status::skipped, short_of);
        try {
            params_ = std::make_unique<ParamsFile>(r_.test->params);
        } catch (const std::exception &e) {
            return failed(Status::error, e.what());
        }
        int barrier[2];
        if (pipe2(barrier, O_CLOEXEC) != 0)
            return failed(Status::error,
                          std::string("cannot create the start barrier: ") + std::strerror(errno));
        barrier_write_ = barrier[1];
        start_all(barrier[0]);
        close(barrier[0]);
        supervise();
        if (barrier_write_ >= 0) close(barrier_write_);
        if (const int left = kill_orphans({janitor_pid()}); left > 0)
            spdlog::warn("{}: killed {} the workload left outside its process group", label_,
                         count_text(uint64_t(left), "process", "processes"));
        return collect();
    }

  private:
    void start_all(int barrier_read) {
        const double begin = monotonic_seconds();
        copies_.resize(size_t(r_.copies));
        for (int i = 0; i < r_.copies && launch_error_.empty(); ++i) {
            Copy &c = copies_[size_t(i)];
            c.outcome.pu = pinned_pu(r_, i);
            try {
                c.temp_dir = make_folder(root_, copy_folder_name(r_.test->id, r_.pass_index, i));
                std::vector<std::string> args = worker_args(r_, i, c.temp_dir.path);
                std::vector<int> passed;
                params_->hand_to(args, passed);
                c.worker = std::make_unique<WorkerProcess>(r_.worker_program, std::move(args),
                                                           barrier_read, passed);
            } catch (const std::exception &e) {
                launch_error_ = e.what();
            }
        }
        if (!launch_error_.empty()) stop(Status::error, launch_error_);
        spdlog::debug("{}: {} workers started in {:.3f} s", label_, r_.copies,
                      monotonic_seconds() - begin);
    }

    bool all_ready() const {
        return std::all_of(copies_.begin(), copies_.end(), [](const Copy &c) { return c.ready; });
    }
    bool any_failed_before_start() const {
        return std::any_of(copies_.begin(), copies_.end(), [](const Copy &c) {
            return (c.has_result && !c.ready) || (c.worker && c.worker->exited() && !c.ready);
        });
    }

    bool any_failed_after_start() const {
        return std::any_of(copies_.begin(), copies_.end(), [](const Copy &c) {
            return (c.has_result && c.status != Status::ok) ||
                   (c.worker && c.worker->exited() && !c.has_result);
        });
    }

    void release() {
        // The copies wait at the barrier: what is in their pipes now was
        // written before run(); from here to its result, a copy's output is
        // timed output.
        for (size_t i = 0; i < copies_.size(); ++i) {
            read_output(i);
            copies_[i].counting = true;
        }
        close(barrier_write_);
        barrier_write_ = -1;
        released_at_ = monotonic_seconds();
        stalled_before_release_ = stalled_s_;
        spdlog::debug("{}: {} copies ready {:.3f} s after the last start, released", label_,
                      r_.copies, released_at_ - supervised_at_);
    }

    void kill_all(int sig) {
        for (Copy &c : copies_)
            if (c.worker && !c.worker->exited()) c.worker->kill_group(sig);
    }

    // One poll over every open pipe; only the copies whose pipes have
    // something are read, and waitpid is asked only once some child has
    // exited: with 1024 copies the CLI must not cost the workloads a CPU.
    void poll_workers(int timeout_ms) {
        fds_.clear();
        owners_.clear();
        for (size_t i = 0; i < copies_.size(); ++i) {
            const Copy &c = copies_[i];
            if (!c.worker || c.worker->exited()) continue;
            if (c.msg_open) add_fd(c.worker->message_fd(), i);
            if (c.out_open) add_fd(c.worker->output_fd(), i);
        }
        if (poll(fds_.data(), fds_.size(), timeout_ms) > 0)
            for (size_t k = 0; k < fds_.size(); ++k)
                if (fds_[k].revents != 0) read_copy(owners_[k], fds_[k]);
        if (some_child_exited()) reap_all();
    }

    void add_fd(int fd, size_t owner) {
        fds_.push_back({fd, POLLIN, 0});
        owners_.push_back(owner);
    }

    void read_copy(size_t i, const pollfd &p) {
        Copy &c = copies_[i];
        const bool is_msg = p.fd == c.worker->message_fd();
        if (is_msg)
            handle_messages(i);
        else
            read_output(i);
        // Hung up with nothing left: polling it again would return at once.
        if ((p.revents & POLLIN) == 0) (is_msg ? c.msg_open : c.out_open) = false;
    }

    void handle_messages(size_t i) {
        Copy &c = copies_[i];
        for (const auto &m : c.worker->read_messages()) {
            if (std::holds_alternative<ResultMessage>(m)) {
                // All it wrote before its result is in the pipe by now.
                read_output(i);
                c.counting = false;
            }
            handle_message(c, m, label_ + "#" + std::to_string(i));
        }
    }

    // Reads copy i's stdout and stderr: counted while it is timed, shown
    // line by line with -v.
    void read_output(size_t i) {
        Copy &c = copies_[i];
        if (!c.worker) return;
        std::string fresh;
        const size_t n = c.worker->read_output(r_.show_output ? &fresh : nullptr);
        if (c.counting) c.timed_output_bytes += n;
        for (const std::string &line : c.lines.feed(fresh)) show_line(i, line);
    }

    void show_line(size_t i, const std::string &line) const {
        spdlog::info("[{} copy {}/{} pass {}] {}", label_, i + 1, r_.copies, r_.pass_index + 1,
                     line);
    }

    // Whether some child is waiting to be reaped, without reaping it.
    static bool some_child_exited() {
        siginfo_t info{};
        return waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid != 0;
    }

    // Reaps the workers that have exited and reads what they left in their
    // pipes (they are not polled again).
    void reap_all() {
        for (size_t i = 0; i < copies_.size(); ++i) {
            Copy &c = copies_[i];
            if (!c.worker || c.worker->exited() || !c.worker->reap()) continue;
            handle_messages(i);
            read_output(i);
            if (const std::string rest = c.lines.finish(); !rest.empty()) show_line(i, rest);
        }
    }

    bool all_exited() const {
        return std::all_of(copies_.begin(), copies_.end(),
                           [](const Copy &c) { return !c.worker || c.worker->exited(); });
    }

    void supervise() {
        const double started = supervised_at_ = monotonic_seconds();
        const double setup_limit = r_.setup_timeout_s + crowding_s_;
        const double grace_s = r_.grace_s >= 0 ? r_.grace_s : grace_seconds(r_.test->duration_s);
        const double run_limit = r_.test->duration_s + grace_s + crowding_s_;
        double kill_at = 0;  // when SIGTERM was sent: SIGKILL follows 2 s later
        while (!all_exited()) {
            const double polled_at = monotonic_seconds();
            const int timeout_ms = poll_timeout_ms(run_limit);
            poll_workers(timeout_ms);
            count_stall(polled_at, timeout_ms);
            if (interrupt_signal() != 0 && !stopping_) stop(Status::error, "interrupted");
            if (barrier_write_ >= 0 && !stopping_) {
                if (any_failed_before_start())
                    stop(Status::ok, "");  // reasons come from the copies
                else if (all_ready())
                    release();
                else if (setup_seconds(started) > setup_limit)
                    stop(Status::timeout, "setup took longer than " + duration_text(setup_limit));
            }
            if (released_at_ > 0 && !stopping_ && any_failed_after_start()) stop(Status::ok, "");
            if (released_at_ > 0 && !stopping_ && run_seconds() > run_limit)
                stop(Status::timeout, late_run_message(r_.test->duration_s,
                                                       run_limit - r_.test->duration_s, late()));
            if (stopping_ && kill_at == 0) kill_at = monotonic_seconds() + 2;
            if (kill_at > 0 && monotonic_seconds() > kill_at) kill_all(SIGKILL);
        }
    }

    // The limits count the time the CLI supervised, not time it was itself
    // stopped (SIGSTOP, Ctrl-Z, a debugger): a poll that returned long after
    // it should have is a stall, and is not charged to the copies. What they
    // sent meanwhile was read by that poll, so a copy that finished while
    // the CLI was stopped is never called late.
    void count_stall(double polled_at, int timeout_ms) {
        constexpr double kStallS = 1;  // far above a poll's lateness on a busy machine
        const double late = monotonic_seconds() - polled_at - timeout_ms / 1e3;
        if (late > kStallS) {
            stalled_s_ += late;
            spdlog::debug("{}: the CLI was stopped for {:.1f} s; not counted against the copies",
                          label_, late);
        }
    }

    // Seconds supervised since the supervision began, and since the release.
    double setup_seconds(double started) const {
        return monotonic_seconds() - started - stalled_s_;
    }
    double run_seconds() const {
        return monotonic_seconds() - released_at_ - (stalled_s_ - stalled_before_release_);
    }

    // How long one poll may sleep. While copies run, the CLI waits for a
    // message, a hang-up or a signal (poll is never restarted), or the run
    // limit: a 20 ms tick there woke the CLI 500 times in a 10-s pass, CPU
    // taken from the copies (docs/performance.md). Once every copy has given
    // its result, only their exits are left to reap, which no pipe announces
    // (they are closed before the child can be waited for), so the tick is
    // short: the old 20 ms added that much to every pass. Setup and stopping
    // keep the tick their time limits are checked by.
    int poll_timeout_ms(double run_limit) const {
        constexpr int kTickMs = 20, kReapMs = 1, kLongestMs = 1000;
        if (released_at_ <= 0 || stopping_) return kTickMs;
        if (!any_running()) return kReapMs;
        const double left_ms = (run_limit - run_seconds()) * 1e3;
        return int(std::clamp(left_ms, double(kTickMs), double(kLongestMs)));
    }

    // What the copies that have not given their result did with the flag.
    LateCopies late() const {
        LateCopies late;
        late.copies = r_.copies;
        for (const Copy &c : copies_) {
            if (!c.worker || c.worker->exited() || c.has_result) continue;
            int &kind = !c.stop_watch ? late.unwatched : c.stop_seen ? late.read : late.never_read;
            ++kind;
        }
        return late;
    }

    // Whether some copy may still send its result.
    bool any_running() const {
        return std::any_of(copies_.begin(), copies_.end(), [](const Copy &c) {
            return c.worker && !c.worker->exited() && c.msg_open && !c.has_result;
        });
    }

    // Stops every copy: SIGTERM now, SIGKILL shortly after (see supervise).
    void stop(Status status, const std::string &reason) {
        stopping_ = true;
        for (Copy &c : copies_)
            if (c.worker && !c.worker->exited()) c.stopped_by_us = true;
        if (!reason.empty()) {
            forced_status_ = status;
            forced_error_ = reason;
        }
        kill_all(SIGTERM);
    }

    PassOutcome failed(Status status, const std::string &error) {
        PassOutcome out;
        out.status = status;
        out.error = error;
        return out;
    }

    // Why a copy did not give an ok result. Copies that were stopped because
    // another copy failed are collateral: they keep status ok and the pass
    // takes the failing copy's reason.
    void judge_copy(Copy &c, size_t index) {
        if (!c.worker) return;
        const int ws = c.worker->wait_status();
        if (c.has_result && (c.status != Status::ok || (WIFEXITED(ws) && WEXITSTATUS(ws) == 0)))
            return;
        if (!c.has_result && c.stopped_by_us) {
            c.status = forced_error_.empty() ? Status::ok : forced_status_;
            c.error = forced_error_;
            return;
        }
        c.status = WIFSIGNALED(ws) ? Status::crashed : Status::error;
        c.error = "copy " + std::to_string(index) + ": worker " + describe_wait_status(ws) +
                  (c.has_result ? "" : " before reporting a result");
        std::string tail = c.worker->output_tail();
        while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
        if (!tail.empty()) {
            spdlog::debug("{}#{} output (last bytes):\n{}", label_, index, tail);
            const auto nl = tail.rfind('\n');
            c.error += "; last output: " + tail.substr(nl == std::string::npos ? 0 : nl + 1);
        }
    }

    PassOutcome collect() {
        PassOutcome out;
        std::vector<double> counts;
        uint64_t first = UINT64_MAX, last = 0;
        for (size_t i = 0; i < copies_.size(); ++i) {
            Copy &c = copies_[i];
            judge_copy(c, i);
            if (c.status != Status::ok && worse(out.status, c.status) != out.status) {
                out.status = c.status;
                out.error = c.error;
            }
            out.copies.push_back(c.outcome);
            counts.push_back(c.outcome.count);
            out.timed_output_bytes += c.timed_output_bytes;
            out.seconds += c.outcome.seconds / double(copies_.size());
            if (c.outcome.start_ns != 0) {
                first = std::min(first, c.outcome.start_ns);
                last = std::max(last, c.outcome.start_ns);
            }
            if (const std::string left = remove_folder(root_, c.temp_dir); !left.empty())
                spdlog::warn("{}: {}", label_, left);
        }
        if (first != UINT64_MAX) out.start_spread_ms = double(last - first) / 1e6;
        // The workload's combine (ABI 1.4): a rate is summed, a latency is not.
        if (!counts.empty()) out.count = combine_metric(r_.test->workload.combine, counts);
        out.metrics = combine_copies(r_.test->workload.metrics, copy_metrics(out));
        if (out.status == Status::ok && !forced_error_.empty()) {
            out.status = forced_status_;
            out.error = forced_error_;
        }
        copies_.clear();  // reaps and closes
        return out;
    }

    static std::vector<MetricValues> copy_metrics(const PassOutcome &pass) {
        std::vector<MetricValues> metrics;
        for (const CopyOutcome &c : pass.copies) metrics.push_back(c.metrics);
        return metrics;
    }

    const PassRequest &r_;
    FolderFd root_;  // the run's temporary folder
    std::string label_;
    double crowding_s_;
    double supervised_at_ = 0;
    std::vector<Copy> copies_;
    std::vector<pollfd> fds_;     // reused by every poll_workers()
    std::vector<size_t> owners_;  // fds_[k] belongs to copies_[owners_[k]]
    int barrier_write_ = -1;
    std::unique_ptr<ParamsFile> params_;  // the test's parameters, for every copy
    double released_at_ = 0;
    double stalled_s_ = 0;  // time the CLI was stopped while supervising (count_stall)
    double stalled_before_release_ = 0;
    bool stopping_ = false;
    Status forced_status_ = Status::ok;
    std::string forced_error_;
    std::string launch_error_;
};

}  // namespace

double grace_seconds(double duration_s) { return 10.0 + duration_s / 2; }

std::string copy_folder_name(const std::string &test_id, int pass_index, int copy) {
    return file_name_part(test_id) + "-p" + std::to_string(pass_index) + "-c" +
           std::to_string(copy);
}

namespace {

// One part of the message per kind of late copy; counted when the pass has
// several copies, so that "1 copy: ..." says which kind is which.
void add_late_part(std::string &text, int n, int copies, const char *what) {
    if (n == 0) return;
    text += text.empty() ? ": " : "; ";
    if (copies > 1) text += copies_text(n) + ": ";
    text += what;
}

}  // namespace

std::string late_run_message(double duration_s, double waited_s, const LateCopies &late) {
    const std::string within = " within " + duration_text(waited_s) + " after the end of its " +
                               duration_text(duration_s) + " pass";
    if (late.never_read + late.read + late.unwatched == 0)  // every run() returned
        return "a copy did not exit" + within + ", after its result (in destroy() or unloading)";
    std::string parts;
    add_late_part(parts, late.never_read, late.copies,
                  "the stop flag was set at the deadline but never read afterwards; poll "
                  "*ctx->stop_flag (or host->should_stop()) in the timed loop");
    add_late_part(parts, late.read, late.copies,
                  "the stop flag was read after the deadline, but run() kept going; return once "
                  "it is set");
    add_late_part(parts, late.unwatched, late.copies,
                  "whether the stop flag was read cannot be told here (no userfaultfd); poll "
                  "*ctx->stop_flag (or host->should_stop()) in the timed loop and return once it "
                  "is set");
    return "run() did not return" + within + parts;
}

std::string timed_output_warning(const std::string &test, int pass, uint64_t bytes) {
    return test + " wrote " + size_text(double(bytes)) + " to stdout or stderr during timed pass " +
           std::to_string(pass) + ": output inside the timed loop distorts the result";
}

double crowding_seconds(int copies, int cpus) {
    if (cpus < 1) cpus = 1;
    return copies > cpus ? 0.5 * double(copies) / double(cpus) : 0.0;
}

PassOutcome run_pass(const PassRequest &request) { return Pass(request).run(); }

}  // namespace bytebench
