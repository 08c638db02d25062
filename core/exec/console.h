// The CLI's console: log lines (spdlog) and, on a terminal, one progress line
// at the bottom that log lines scroll above. When stderr is not a terminal,
// progress is printed as plain lines instead of being redrawn.
#pragma once

#include <spdlog/spdlog.h>

#include <string>
#include <vector>

#include "model/run_estimate.h"

namespace bytebench {

enum class Verbosity { quiet, normal, verbose };

// Sets up the default logger: console at the verbosity's level.
void setup_logging(Verbosity verbosity);
// Whether the console was set up verbose (-v): workers' output is shown.
bool console_is_verbose();
// Logs a line a worker sent (bb_log_level: 0 debug, 1 info, 2 warn, 3
// error) at the matching level: the console at its verbosity, and the log;
// within a test, as far as its limit allows (exec/worker_log.h).
void log_worker_line(int level, const std::string &text);
// Adds the run's .log file (always at debug level: per-pass detail).
void add_log_file(const std::string &path);
void close_log_file();

// A time for the progress line, "h:mm:ss"; "unknown" for NaN or a negative
// time, "over 2400:00:00" from 100 days on (never an overflowing conversion).
std::string clock_text(double seconds);

// When the settle before each pass takes as long as the timed passes or
// longer (short --duration runs): one line saying so, with the estimate
// `eta_s` of the whole run; "" otherwise.
// "each pass waits 3 s to settle first (--settle): 45 s of the estimated 0:00:50; ..."
std::string settle_note(const std::vector<EtaStep> &plan, double eta_s);

// The status line while a test's set-up runs: "dhry2reg (1 copy): set-up
// 42%", or without the percentage while the set-up has reported no progress
// (`fraction` negative). A fraction outside [0, 1] is clamped.
std::string setup_status_text(const std::string &test, int copies, double fraction);

// The progress line: the test, its pass and the run's ETA (model/run_estimate.h),
// which the scheduler feeds with when each step and pass starts and ends.
class Progress {
  public:
    // `plan`: the run's steps, in the order the scheduler takes them
    // (exec/scheduler.h, eta_plan); `priors`: what the ETA assumes before it
    // has measured anything.
    Progress(std::vector<EtaStep> plan, EtaPriors priors, bool enabled);
    ~Progress();

    // The plan's next step (a test at a copy count) starts, and ends: also
    // a step that makes no pass (skipped) starts and ends.
    void test_started();
    void test_finished();
    // A pass is about to start (its settle first): the line shows the ETA.
    void pass_started(const std::string &test, int copies, int pass, int passes);
    // The pass that last started has its result (or failed).
    void pass_finished();
    // A test's set-up (ABI 1.2) started (`fraction` -1) or reported
    // progress. On a terminal the status line shows it as it comes (the
    // worker sends at most 5 a second); otherwise a line is printed at the
    // start and at each further tenth.
    void setup_progress(const std::string &test, int copies, double fraction);
    void finish();

    // Seconds the run still needs, from what it has measured so far.
    double eta_seconds() const;

  private:
    void show(const std::string &line);

    std::vector<EtaStep> plan_;
    EtaPriors priors_;
    std::vector<EtaStepTimes> measured_;
    double step_started_at_ = 0, pass_started_at_ = -1;
    bool enabled_;
    int setup_tenth_shown_ = -2;  // off a terminal: the last tenth printed (-1: the start)
};

}  // namespace bytebench
