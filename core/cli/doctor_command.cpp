// `bytebench doctor`: is this machine ready for numbers that can be trusted?
// Runs every pre-flight check of system/preflight.h, the sampled ones over
// one second, and prints a line each (what was found; for warn and bad, what
// to do). Exit 1 when a check is bad: results taken now would not be
// trustworthy; 4 when nothing that would disturb a run could be checked
// (/proc hidden): no news is then no verdict. `run` prints the warn and bad instant checks before
// it starts (preflight_summary).
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "base/json_text.h"
#include "cli/json_output.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "system/preflight.h"
#include "system/storage_info.h"
#include "system/sysinfo.h"

namespace bytebench::cli {
namespace {

// The steal and busy-process checks compare two samples this far apart.
constexpr double kSampleSeconds = 1.0;

SampledInterval sample_one_second() {
    SampledInterval interval;
    interval.self_pid = int(getpid());
    // Each sample reads /proc/stat first: the clock is read just before it.
    const auto start = std::chrono::steady_clock::now();
    interval.before = take_sample("/");
    std::this_thread::sleep_for(std::chrono::duration<double>(kSampleSeconds));
    const auto end = std::chrono::steady_clock::now();
    interval.after = take_sample("/");
    interval.wall_s = std::chrono::duration<double>(end - start).count();
    return interval;
}

// Whether every check came back unknown.
bool none_known(const std::vector<CheckResult> &checks) {
    return std::all_of(checks.begin(), checks.end(),
                       [](const CheckResult &c) { return c.status == CheckStatus::unknown; });
}

// `unchecked`: unchecked_reason(), "" when what disturbs a run could be checked.
std::string verdict_text(const std::vector<CheckResult> &checks, const std::string &unchecked) {
    int warn = 0, bad = 0;
    for (const CheckResult &c : checks) {
        warn += c.status == CheckStatus::warn;
        bad += c.status == CheckStatus::bad;
    }
    const auto count = [](int n, const char *what) {
        return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
    };
    if (bad > 0)
        return count(bad, "check") + " bad" + (warn ? ", " + count(warn, "warning") : "") +
               ": results taken now would not be trustworthy (exit 1)";
    // Silence is no verdict: say that nothing was looked at, not that all is well.
    if (!unchecked.empty())
        return std::string(none_known(checks) ? "Nothing could be checked"
                                              : "Nothing that would disturb a run could be "
                                                "checked") +
               ": " + unchecked + " (exit 4)";
    if (warn > 0)
        return count(warn, "warning") +
               ": results can be trusted; what the warnings say makes them steadier";
    return "Nothing found that would disturb a run";
}

void print_text(const std::vector<CheckResult> &checks, const std::string &unchecked) {
    std::string out;
    for (const CheckResult &c : checks) {
        out +=
            text_format("%-15s %-8s %s\n", c.name.c_str(), status_name(c.status), c.found.c_str());
        if (!c.advice.empty()) out += std::string(25, ' ') + "what to do: " + c.advice + "\n";
    }
    print_out(out + verdict_text(checks, unchecked) + "\n");
}

}  // namespace

int doctor_command(const GlobalOptions &, const DoctorOptions &o) {
    nlohmann::json system = gather_system_info();
    system["tmpdir"] = describe_storage(o.tmpdir.empty() ? default_tmpdir() : o.tmpdir);
    PreflightReadings readings;
    readings.system = std::move(system);
    readings.interval = sample_one_second();
    const std::vector<CheckResult> checks = run_checks("/", readings);
    const std::string unchecked = unchecked_reason("/", checks);
    const int rc = any_bad(checks)      ? kExitUntrustworthy
                   : !unchecked.empty() ? kExitInconclusive
                                        : kExitOk;

    if (o.format == "json") {
        nlohmann::json list = nlohmann::json::array();
        for (const CheckResult &c : checks) list.push_back(to_json(c));
        nlohmann::json doc = {{"checks", list}, {"exit_code", rc}};
        if (!unchecked.empty()) doc["unchecked"] = unchecked;
        print_json_document("doctor", std::move(doc));
    } else {
        print_text(checks, unchecked);
    }
    return rc;
}

std::vector<std::string> preflight_summary(const nlohmann::json &system) {
    try {
        PreflightReadings readings;
        readings.system = system;
        std::vector<CheckResult> checks = run_checks("/", readings);
        // run says itself why the copies get fewer CPUs than are online.
        checks.erase(std::remove_if(checks.begin(), checks.end(),
                                    [](const CheckResult &c) { return c.name == "cpu_quota"; }),
                     checks.end());
        std::vector<std::string> lines = summary_lines(checks);
        if (const std::string unchecked = unchecked_reason("/", checks); !unchecked.empty())
            lines.push_back("pre-flight: what would disturb the run could not be checked: " +
                            unchecked);
        return lines;
    } catch (const std::exception &e) {  // never a reason not to run
        spdlog::debug("pre-flight: {}", e.what());
        return {};
    }
}

}  // namespace bytebench::cli
