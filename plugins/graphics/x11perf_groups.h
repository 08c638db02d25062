// The 2D graphics tests of UnixBench 6.0 (gfx-x11): which x11perf tests each
// group runs, their reference rates, how x11perf is started and how its
// output becomes a score. Pure functions, no I/O: the workloads (two_d.cpp)
// run x11perf, and tests/workloads/graphics checks these against x11perf
// output fixtures.
//
// The arithmetic (docs/graphics.md): for each of a group's 4 tests x11perf
// runs with `-repeat 3 -subs 25 -time 2 -<test>`; R is the rate of its last
// "trep" line (0 when it printed none: the test was omitted, or was
// unmeasurably fast); the test's score is R / ref * 1000; the group's value is
// the arithmetic mean of the 4 scores, zeros included.
#ifndef BYTEBENCH_PLUGINS_GRAPHICS_X11PERF_GROUPS_H
#define BYTEBENCH_PLUGINS_GRAPHICS_X11PERF_GROUPS_H

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace bytebench::plugins::graphics {

// One x11perf test of a group: its option name without the dash, and the
// reference rate its score is taken against (UnixBench's table, quirks
// included: rgb24text 2510, putimagexy500 0.1).
struct X11perfTest {
    const char *name;
    double reference_rate;
    // x11perf dies of SIGSEGV when the server lacks Render's A4 format
    // (render_formats.h), so the workload asks the server first.
    bool needs_a4_format = false;
};

// A group: the workload id ("2d-rects"), UnixBench's group name ("rects"),
// the test's name in reports and its 4 x11perf tests, in UnixBench's order.
struct X11perfGroup {
    const char *workload_id;
    const char *group;
    const char *logmsg;
    std::array<X11perfTest, 4> tests;
};

// The ten groups, in UnixBench's order of the tests' names.
const std::array<X11perfGroup, 10> &x11perf_groups();
// The group of a workload id ("2d-rects") or group name ("rects"); nullptr
// when there is none.
const X11perfGroup *find_x11perf_group(std::string_view name);

// How x11perf is run: `-repeat R -subs 25 -time T` as UnixBench does, plus
// `-reps N` when N > 0 (a fixed count instead of x11perf's calibration, which
// takes most of a test's time; not UnixBench's).
struct X11perfSettings {
    long long repeat = 3;
    long long time_s = 2;
    long long reps = 0;
};

// x11perf's arguments for `test`, program name first.
std::vector<std::string> x11perf_arguments(const X11perfTest &test,
                                           const X11perfSettings &settings);

// What x11perf's output says about one test.
struct X11perfReading {
    double rate = 0;           // R, 0 when no trep line gave one
    bool measured = false;     // a trep line gave a rate
    std::string rate_text;     // R as x11perf printed it ("9690000.0"), "" when none
    bool omitted = false;      // x11perf printed "benchmark omitted" (a font is missing)
    std::string omitted_line;  // that line, trimmed
};

// Reads x11perf's output (stdout and stderr together, in any order). The
// rate is that of the last line of the form
//   `<n> trep @ <t> msec (<R>/sec): <label>`
// and every other line is ignored.
X11perfReading read_x11perf_output(std::string_view output);

// R / ref * 1000.
double x11perf_score(double rate, double reference_rate);
// The arithmetic mean of the scores, zeros included; 0 for none.
double group_value(const std::vector<double> &scores);

// The last lines of `text`, at most `max_bytes` long, cut at a line start
// when possible, on one line for an error message: each line trimmed of
// blank space, blank lines left out, " | " between lines.
std::string output_tail(std::string_view text, size_t max_bytes);

}  // namespace bytebench::plugins::graphics

#endif  // BYTEBENCH_PLUGINS_GRAPHICS_X11PERF_GROUPS_H
