// The `ubgears` workload of the graphics plugin: UnixBench's "3D graphics:
// gears". Each pass runs <plugin dir>/graphics.d/ubgears -time <duration> on
// the X display in $DISPLAY and reports its frames per second (COUNT frames
// in TIME seconds, time base 1 s). One copy only; skipped, with the reason,
// when there is no display or no GL (docs/graphics.md, "ubgears").
#ifndef BYTEBENCH_PLUGINS_GRAPHICS_GEARS_WORKLOAD_H
#define BYTEBENCH_PLUGINS_GRAPHICS_GEARS_WORKLOAD_H

#include <bytebench/plugin.h>

#include <map>
#include <optional>
#include <string>

// The workload's descriptor, for the graphics plugin's table
// (bytebench::Plugin::add(gears_workload())). Static storage: valid until
// the plugin is unloaded.
const bb_workload *gears_workload();

// What the workload reads from ubgears, exposed for its tests.
namespace bytebench::plugins::graphics::gears {

// ubgears, relative to the plugin's folder (graphics.d/ beside graphics.so),
// and the command that describes a display with it: what every graphics
// test names for the result's system.display (bb_requirements.display_info,
// ABI 1.4; the core knows no helper by name).
inline constexpr const char *kUbgearsPath = "graphics.d/ubgears";
inline constexpr const char *kDisplayDescriber[] = {kUbgearsPath, "-info"};

// The skip reason when $DISPLAY is unset or empty.
inline constexpr const char *kNoDisplay = "no X display: run with --display auto, or set DISPLAY";

// The "COUNT|<frames>|1|fps" and "TIME|<seconds>" lines of ubgears' stderr.
struct Report {
    std::optional<double> frames;
    std::optional<double> seconds;
    std::string other_lines;  // the lines without '|' (driver warnings), joined by '\n'
};
Report parse_report(const std::string &stderr_text);

// ubgears -info's "key: value" lines.
std::map<std::string, std::string> parse_info(const std::string &stdout_text);

// Whether the GL renderer draws on the CPU (Mesa's llvmpipe, softpipe,
// swrast): its frame rate then measures the CPU, not a graphics card.
bool is_software_renderer(const std::string &gl_renderer);

// Why ubgears could not run, from how it ended (a wait status) and its
// stderr: a skip reason naming the package to install when GL is missing,
// "" when the failure is an error of the test.
std::string missing_gl_reason(int wait_status, const std::string &stderr_text);

}  // namespace bytebench::plugins::graphics::gears

#endif  // BYTEBENCH_PLUGINS_GRAPHICS_GEARS_WORKLOAD_H
