// The 2D graphics tests (UnixBench 6.0's gfx-x11): 2d-rects ... 2d-window.
//
// A pass runs x11perf once for each of the group's 4 tests, one after the
// other, and returns the mean of their scores (x11perf_groups.h): a rate
// already (time base 0), so the pass's time is its wall time, as UnixBench's
// time column shows gfx-x11's. x11perf sets its own time (calibration, then
// `repeat` runs of `time` seconds each): the stop flag is not read, and the
// workload's duration is only the pass's time budget (the CLI stops a pass
// after duration + 10 + duration / 2 s).
//
// Where UnixBench aborts its whole Run, a test here fails or scores 0 alone:
// - no DISPLAY: skipped, with how to get one;
// - a test whose fonts are missing (x11perf prints "benchmark omitted"):
//   scores 0, as in UnixBench, with a warning detail naming the package;
// - a test the server cannot run (aa4trap300 without Render's A4 format,
//   which Xvfb never has; x11perf would die of SIGSEGV): not run, scored 0
//   as UnixBench scores a test x11perf omits, with a warning detail saying
//   why;
// - x11perf failing otherwise (a non-zero exit, a crash): an error of the
//   pass with x11perf's stderr tail.
#include "two_d.h"

#include <bytebench/plugin.hpp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "gears_workload.h"
#include "program_run.h"
#include "render_formats.h"
#include "x11perf_groups.h"

namespace bytebench::plugins::graphics {
namespace {

// The most of x11perf's stderr an error message quotes.
constexpr size_t kStderrTail = 400;

std::string decimal(double value, const char *format) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

}  // namespace

TwoDGroup::TwoDGroup(const X11perfGroup &group, const bytebench::Context &ctx) : group_(group) {
    const char *display = std::getenv("DISPLAY");
    if (display == nullptr || *display == '\0')
        throw bytebench::Skip("no X display: run with --display auto, or set DISPLAY");
    display_ = display;
    settings_.repeat = ctx.param_int("repeat");
    settings_.time_s = ctx.param_int("time");
    settings_.reps = ctx.param_int("reps");
    ctx.detail("display", display);
    ctx.detail(
        "x11perf_options",
        "-repeat " + std::to_string(settings_.repeat) + " -subs 25 -time " +
            std::to_string(settings_.time_s) +
            (settings_.reps > 0 ? " -reps " + std::to_string(settings_.reps) : std::string()));
}

double TwoDGroup::run(bytebench::Context &ctx) {
    std::vector<double> scores;
    for (const X11perfTest &test : group_.tests) scores.push_back(run_test(test, ctx));
    return group_value(scores);
}

double TwoDGroup::run_test(const X11perfTest &test, const bytebench::Context &ctx) const {
    std::string unchecked;  // why the server could not be asked, for a crash's error
    if (test.needs_a4_format) {
        const FormatCheck check = check_a4_format(display_);
        if (check.answer == FormatAnswer::unknown)
            unchecked = " (its A4 Render format was not checked: " + check.why + ")";
        if (check.answer == FormatAnswer::absent) {
            const std::string key = test.name;
            const std::string warning =
                "x11perf -" + key + " not run: " + check.why +
                ", and x11perf would die of SIGSEGV (UnixBench aborts its Run); scored 0, as "
                "UnixBench scores a test x11perf omits";
            ctx.detail((key + "_rate").c_str(), "0");
            ctx.detail((key + "_score").c_str(), "0.0");
            ctx.detail((key + "_warning").c_str(), warning);
            ctx.warn(warning);
            return 0;
        }
        // present, or unknown: x11perf runs, and a crash is the pass's error.
    }
    const ProgramRun run = run_program(x11perf_arguments(test, settings_));
    if (run.wait_status != 0) {
        const std::string tail = output_tail(run.err, kStderrTail);
        throw std::runtime_error(std::string("x11perf -") + test.name + " " +
                                 how_it_ended(run.wait_status) + unchecked +
                                 (tail.empty() ? std::string() : ": " + tail));
    }
    const X11perfReading reading = read_x11perf_output(run.out + "\n" + run.err);
    const double score = x11perf_score(reading.rate, test.reference_rate);
    const std::string key = test.name;
    ctx.detail((key + "_rate").c_str(), reading.measured ? reading.rate_text : "0");
    ctx.detail((key + "_score").c_str(), decimal(score, "%.1f"));
    if (reading.omitted) {
        const std::string warning = "x11perf omitted " + key + " (" + reading.omitted_line +
                                    "): scored 0, as in UnixBench; install the fonts (Debian "
                                    "package xfonts-base)";
        ctx.detail((key + "_warning").c_str(), warning);
        ctx.warn(warning);
    } else if (!reading.measured) {
        const std::string warning = "x11perf printed no rate for " + key +
                                    " (no 'trep' line; -repeat 1 prints none): scored 0, as in "
                                    "UnixBench";
        ctx.detail((key + "_warning").c_str(), warning);
        ctx.warn(warning);
    }
    return score;
}

}  // namespace bytebench::plugins::graphics

namespace bytebench::plugins::graphics {
namespace {

// The workload of group number Index of x11perf_groups().
template <size_t Index>
struct TwoD : TwoDGroup {
    explicit TwoD(const bytebench::Context &ctx) : TwoDGroup(x11perf_groups()[Index], ctx) {}
};

// UnixBench's graphics index has six of the ten groups, with a baseline of 15.
constexpr double kIndexBaseline = 15.0;

template <size_t Index>
bytebench::Workload<TwoD<Index>> two_d(const char *description, bool indexed) {
    const X11perfGroup &group = x11perf_groups()[Index];
    auto workload =
        bytebench::Workload<TwoD<Index>>(group.workload_id)
            .name(group.logmsg)
            .description(description)
            .category("2d")
            .unit("score")
            .version("1")
            .time_base(0)
            .repeat_short()
            // x11perf sets its own time: 35 to 85 s a pass. This is the
            // pass's budget (the CLI stops it after 90 + 10 + 45 s).
            .duration(90)
            .baseline(indexed ? kIndexBaseline : 0.0)
            .flags(BB_WORKLOAD_SINGLE_COPY)
            .processes_per_copy(2)  // the worker and x11perf
            .requires_tools({"x11perf"})
            .param_range("repeat", "int", "3", "2", "1000",
                         "x11perf -repeat: timed runs of each test (UnixBench: 3; 1 prints no "
                         "'trep' line, so it would score 0)")
            .param_range("time", "int", "2", "1", "3600",
                         "x11perf -time: seconds of each timed run (UnixBench: 2)")
            .param_range("reps", "int", "0", "0", "1000000000",
                         "x11perf -reps: a fixed repetition count instead of x11perf's calibration "
                         "(0, UnixBench's); for quick checks, not UnixBench's numbers");
    // The host gives the workers a display, or skips the test before any
    // starts (create()'s own check stays for a 1.2 host), and records what
    // ubgears -info says of it (ABI 1.4: the plugin names its describer).
    workload.requires_display({gears::kDisplayDescriber[0], gears::kDisplayDescriber[1]});
    return workload;
}

const auto kRects = two_d<0>(
    "x11perf's rect10, rect100, oddtilerect10 and eschertilerect100, scored against "
    "UnixBench's reference rates and averaged (UnixBench 6.0 2d-rects).",
    true);
const auto kLines = two_d<1>(
    "x11perf's seg100c3, wvseg100, ddline100 and worect500, scored against UnixBench's "
    "reference rates and averaged (UnixBench 6.0 2d-lines).",
    false);
const auto kCircle = two_d<2>(
    "x11perf's circle500, wddcircle100, wpcircle100 and fspcircle100, scored against "
    "UnixBench's reference rates and averaged (UnixBench 6.0 2d-circle).",
    false);
const auto kEllipse = two_d<3>(
    "x11perf's ddellipse100, wddellipse100, pellipse10 and fspellipse100, scored against "
    "UnixBench's reference rates and averaged (UnixBench 6.0 2d-ellipse).",
    true);
const auto kShapes = two_d<4>(
    "x11perf's triangle10, trap300, oddostrap300 and eschertiletrap300, scored against "
    "UnixBench's reference rates and averaged (UnixBench 6.0 2d-shapes).",
    false);
const auto kAaShapes = two_d<5>(
    "x11perf's aa4trap300, aa1trap10, aatrap2x300 and addaatrapezoid300, scored against "
    "UnixBench's reference rates and averaged (UnixBench 6.0 2d-aashapes).",
    true);
const auto kPolys = two_d<6>(
    "x11perf's complex10, 64poly100convex, 64poly10complex and 64poly100complex, scored "
    "against UnixBench's reference rates and averaged (UnixBench 6.0 2d-polys).",
    false);
const auto kText = two_d<7>(
    "x11perf's polytext16, rgb24text, caa10text and ca24text, scored against UnixBench's "
    "reference rates and averaged; needs the xfonts-base fonts (UnixBench 6.0 2d-text).",
    true);
const auto kBlit = two_d<8>(
    "x11perf's scroll100, copypixwin10, deepcopyplane10 and putimagexy500, scored against "
    "UnixBench's reference rates and averaged (UnixBench 6.0 2d-blit).",
    true);
const auto kWindow = two_d<9>(
    "x11perf's popup, move, movetree and resize with 25 subwindows, scored against "
    "UnixBench's reference rates and averaged (UnixBench 6.0 2d-window).",
    true);

}  // namespace

std::vector<const bb_workload *> two_d_workloads() {
    return {kRects.descriptor(),   kLines.descriptor(),  kCircle.descriptor(),
            kEllipse.descriptor(), kShapes.descriptor(), kAaShapes.descriptor(),
            kPolys.descriptor(),   kText.descriptor(),   kBlit.descriptor(),
            kWindow.descriptor()};
}

}  // namespace bytebench::plugins::graphics
