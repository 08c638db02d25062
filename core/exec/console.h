// The CLI's console: log lines (spdlog) and, on a terminal, one progress line
// at the bottom that log lines scroll above. When stderr is not a terminal,
// progress is printed as plain lines instead of being redrawn.
#pragma once

#include <spdlog/spdlog.h>

#include <string>

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

// The status line while a test's set-up runs: "dhry2reg (1 copy): set-up
// 42%", or without the percentage while the set-up has reported no progress
// (`fraction` negative). A fraction outside [0, 1] is clamped.
std::string setup_status_text(const std::string &test, int copies, double fraction);

class Progress {
  public:
    // `total_s`: planned seconds of the whole run (for the ETA).
    explicit Progress(double total_s, bool enabled);
    ~Progress();

    // A pass is about to start; `planned_s` is its planned length.
    void pass_started(const std::string &test, int copies, int pass, int passes, double planned_s);
    // A test's set-up (ABI 1.2) started (`fraction` -1) or reported
    // progress. On a terminal the status line shows it as it comes (the
    // worker sends at most 5 a second); otherwise a line is printed at the
    // start and at each further tenth.
    void setup_progress(const std::string &test, int copies, double fraction);
    // Planned seconds that will not be spent after all (a test failed early).
    void skip_planned(double seconds);
    void finish();

  private:
    void show(const std::string &line);

    double total_s_;
    double done_planned_s_ = 0;
    double started_at_;
    bool enabled_;
    int setup_tenth_shown_ = -2;  // off a terminal: the last tenth printed (-1: the start)
};

}  // namespace bytebench
