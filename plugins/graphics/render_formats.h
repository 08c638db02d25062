// Which Render picture formats an X server offers, asked before x11perf runs a
// test that needs one. x11perf does not check: without Render's standard
// 4-bit alpha format it passes a null format to XRenderCreatePicture and dies
// of SIGSEGV (aa4trap300; Xvfb offers no A4 format, as its depth-4 pixmaps are
// 8 bits a pixel). UnixBench then aborts its whole Run.
#ifndef BYTEBENCH_PLUGINS_GRAPHICS_RENDER_FORMATS_H
#define BYTEBENCH_PLUGINS_GRAPHICS_RENDER_FORMATS_H

#include <string>

namespace bytebench::plugins::graphics {

enum class FormatAnswer {
    present,  // the server offers it
    absent,   // the server has Render but not this format
    unknown,  // no answer (no Render, no Xlib, no display): `why` says
};

struct FormatCheck {
    FormatAnswer answer = FormatAnswer::unknown;
    std::string why;  // for absent and unknown: one line, for a message
};

// Asks the server at `display` for Render's standard A4 format
// (PictStandardA4). Xlib and Xrender are loaded at run time (x11perf needs
// both, so they are present wherever it is) in a forked child, so neither
// Xlib's exit() on a broken connection nor its allocations reach the worker.
// Blocks for one round trip; at most `timeout_s` seconds.
FormatCheck check_a4_format(const std::string &display, double timeout_s = 10.0);

}  // namespace bytebench::plugins::graphics

#endif  // BYTEBENCH_PLUGINS_GRAPHICS_RENDER_FORMATS_H
