#include "exec/console.h"

#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <numeric>
#include <utility>

#include "base/decimal.h"
#include "base/monotonic_clock.h"
#include "base/text.h"
#include "exec/worker_log.h"

namespace bytebench {
namespace {

std::string g_status_line;  // what the progress line shows now ("" = none)
bool g_tty = false;
bool g_verbose = false;

// Prints log records on stderr above the progress line.
class ConsoleSink : public spdlog::sinks::base_sink<std::mutex> {
  protected:
    void sink_it_(const spdlog::details::log_msg &msg) override {
        std::string level;
        if (msg.level >= spdlog::level::err)
            level = "error: ";
        else if (msg.level == spdlog::level::warn)
            level = "warning: ";
        else if (msg.level <= spdlog::level::debug)
            level = "debug: ";
        if (g_tty && !g_status_line.empty()) std::fputs("\r\033[K", stderr);
        // A line may carry what a plugin or a file said: on a terminal, shown, not obeyed.
        const std::string_view payload(msg.payload.data(), msg.payload.size());
        const std::string text = g_tty ? terminal_safe(payload) : std::string(payload);
        std::fprintf(stderr, "%s%s\n", level.c_str(), text.c_str());
        if (g_tty && !g_status_line.empty()) std::fputs(g_status_line.c_str(), stderr);
        std::fflush(stderr);
    }
    void flush_() override { std::fflush(stderr); }
};

std::shared_ptr<spdlog::sinks::sink> g_file_sink;

}  // namespace

// An estimate that is not a number, negative or beyond 100 days (a plan of
// absurd durations, a clock that jumped) is shown as such rather than
// converted to a long, which would be undefined.
std::string clock_text(double seconds) {
    constexpr double kLongest = 100 * 86400.0;
    if (!(seconds >= 0)) return "unknown";
    if (seconds >= kLongest) return "over 2400:00:00";
    const long s = long(seconds + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
    return buf;
}

std::string settle_note(const std::vector<EtaStep> &plan, double eta_s) {
    const PlanShares shares = plan_shares(plan);
    if (!(shares.settle_s > 0) || shares.settle_s < shares.timed_s) return "";
    const auto settling = std::find_if(plan.begin(), plan.end(), [](const EtaStep &step) {
        return step.passes > 0 && step.settle_s > 0;
    });
    return "each pass waits " + decimal_text(settling->settle_s) +
           " s to settle first (--settle, UnixBench's sync and sleep): " +
           decimal_text(std::round(shares.settle_s)) + " s of the estimated " + clock_text(eta_s) +
           "; --settle 0 leaves it out for quick checks";
}

std::string setup_status_text(const std::string &test, int copies, double fraction) {
    std::string line = test + " (" + copies_text(copies) + "): set-up";
    if (fraction < 0 || std::isnan(fraction)) return line;
    const int percent = int(std::min(fraction, 1.0) * 100);
    return line + " " + std::to_string(percent) + "%";
}

void log_worker_line(int level, const std::string &text) {
    if (!worker_log_admits(level, text)) return;  // the test's limit (exec/worker_log.h)
    if (level <= 0)
        spdlog::debug(text);
    else if (level == 1)
        spdlog::info(text);
    else if (level == 2)
        spdlog::warn(text);
    else
        spdlog::error(text);
}

void setup_logging(Verbosity verbosity) {
    g_tty = isatty(STDERR_FILENO) != 0;
    g_verbose = verbosity == Verbosity::verbose;
    auto console = std::make_shared<ConsoleSink>();
    console->set_level(verbosity == Verbosity::verbose ? spdlog::level::debug
                       : verbosity == Verbosity::quiet ? spdlog::level::warn
                                                       : spdlog::level::info);
    auto logger = std::make_shared<spdlog::logger>("bytebench", console);
    logger->set_level(spdlog::level::debug);
    logger->flush_on(spdlog::level::debug);
    spdlog::set_default_logger(logger);
}

bool console_is_verbose() { return g_verbose; }

void add_log_file(const std::string &path) {
    try {
        g_file_sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(path, false);
    } catch (const spdlog::spdlog_ex &e) {
        spdlog::warn("no log file: {}", e.what());
        return;
    }
    g_file_sink->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
    g_file_sink->set_level(spdlog::level::debug);
    spdlog::default_logger()->sinks().push_back(g_file_sink);
    // A full disk fails every line alike: say it once, not once a second.
    spdlog::default_logger()->set_error_handler([](const std::string &msg) {
        static bool said = false;
        if (!said) std::fprintf(stderr, "warning: the log file is incomplete: %s\n", msg.c_str());
        said = true;
    });
}

void close_log_file() {
    if (!g_file_sink) return;
    auto &sinks = spdlog::default_logger()->sinks();
    sinks.erase(std::remove(sinks.begin(), sinks.end(), g_file_sink), sinks.end());
    g_file_sink->flush();
    g_file_sink.reset();
}

Progress::Progress(std::vector<EtaStep> plan, EtaPriors priors, bool enabled)
    : plan_(std::move(plan)), priors_(std::move(priors)), enabled_(enabled) {}

Progress::~Progress() { finish(); }

void Progress::test_started() {
    measured_.emplace_back();
    step_started_at_ = monotonic_seconds();
    pass_started_at_ = -1;
}

void Progress::test_finished() {
    if (measured_.empty()) return;
    EtaStepTimes &step = measured_.back();
    const double passes = std::accumulate(step.passes_s.begin(), step.passes_s.end(), 0.0);
    step.fixed_s = std::max(0.0, monotonic_seconds() - step_started_at_ - passes);
}

void Progress::pass_started(const std::string &test, int copies, int pass, int passes) {
    pass_started_at_ = monotonic_seconds();
    if (!enabled_) return;
    char line[256];
    std::snprintf(line, sizeof line, "%s (%s): pass %d of %d; run ETA %s", test.c_str(),
                  copies_text(copies).c_str(), pass, passes, clock_text(eta_seconds()).c_str());
    show(line);
}

void Progress::pass_finished() {
    if (measured_.empty() || pass_started_at_ < 0) return;
    measured_.back().passes_s.push_back(monotonic_seconds() - pass_started_at_);
    pass_started_at_ = -1;
}

double Progress::eta_seconds() const { return bytebench::eta_seconds(plan_, measured_, priors_); }

void Progress::setup_progress(const std::string &test, int copies, double fraction) {
    if (!enabled_) return;
    if (!g_tty) {
        // A log file or a pipe gets a line per tenth, not five a second.
        const int tenth =
            fraction < 0 || std::isnan(fraction) ? -1 : int(std::min(fraction, 1.0) * 10);
        if (tenth == setup_tenth_shown_ && tenth >= 0) return;
        setup_tenth_shown_ = tenth;
    }
    show(setup_status_text(test, copies, fraction));
}

void Progress::show(const std::string &line) {
    if (g_tty) {
        g_status_line = std::string("\r\033[K") + terminal_safe(line);
        std::fputs(g_status_line.c_str(), stderr);
    } else {
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
}

void Progress::finish() {
    if (g_tty && !g_status_line.empty()) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }
    g_status_line.clear();
}

}  // namespace bytebench
