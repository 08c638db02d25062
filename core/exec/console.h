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
// Adds the run's .log file (always at debug level: per-pass detail).
void add_log_file(const std::string &path);
void close_log_file();

// A time for the progress line, "h:mm:ss"; "unknown" for NaN or a negative
// time, "over 2400:00:00" from 100 days on (never an overflowing conversion).
std::string clock_text(double seconds);

class Progress {
  public:
    // `total_s`: planned seconds of the whole run (for the ETA).
    explicit Progress(double total_s, bool enabled);
    ~Progress();

    // A pass is about to start; `planned_s` is its planned length.
    void pass_started(const std::string &test, int copies, int pass, int passes, double planned_s);
    // Planned seconds that will not be spent after all (a test failed early).
    void skip_planned(double seconds);
    void finish();

  private:
    double total_s_;
    double done_planned_s_ = 0;
    double started_at_;
    bool enabled_;
};

}  // namespace bytebench
