// The X display the graphics tests draw on (`run --display auto|:N|none`),
// and what the result says about it (system.display).
//
// A workload that declares `display` in its requirements (ABI 1.3) needs an
// X server. `run` decides once, before the first test, which display the
// workers get (they inherit DISPLAY from the CLI's environment):
//   auto   $DISPLAY when it is set and answers; otherwise a private Xvfb
//          that the CLI starts and stops (process/private_display.h);
//          with neither, the tests that need a display are skipped, the
//          reason naming the package to install: never an aborted run.
//   :N     that display (host:N too), when it answers.
//   none   no display: those tests are skipped.
// Runs in which no test needs a display decide nothing and start nothing.
// The choice is a function of facts read beforehand, so the tests can give
// it any machine they like.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace bytebench {

enum class DisplayMode { automatic, given, none };

struct DisplayOption {
    DisplayMode mode = DisplayMode::automatic;
    std::string display;  // DisplayMode::given: ":1", "host:0.0"
};

// "auto", "none" or an X display name ("[host]:N[.S]"); nullopt otherwise.
std::optional<DisplayOption> parse_display_option(const std::string &text);

// "--display auto", "--display :1", "--display none".
std::string display_option_text(const DisplayOption &option);

// What the choice looks at.
struct DisplayFacts {
    std::string env_display;  // $DISPLAY ("" when unset)
    // Why $DISPLAY (or the given display) does not answer; "" when it does.
    std::string env_display_problem;
    std::string given_display_problem;
    std::string xvfb_program;  // Xvfb's path on PATH; "" when it is not installed
};

struct DisplayChoice {
    enum class Action {
        nothing,      // no selected test needs a display
        use_display,  // `display`, from `source`
        start_xvfb,   // a private Xvfb (source "private Xvfb")
        unavailable,  // the tests that need a display are skipped: `skip_reason`
    };
    Action action = Action::nothing;
    std::string display;      // use_display: ":0"
    std::string source;       // "$DISPLAY", "--display :1", "private Xvfb", "none"
    std::string skip_reason;  // unavailable: "needs an X display (--display none)"
    std::string note;         // said once at info ("$DISPLAY :5 does not answer: ...")
};

constexpr const char *kNoDisplayGiven = "needs an X display (--display none)";
constexpr const char *kNoDisplayFound =
    "needs an X display: install xvfb (Debian package xvfb) or set DISPLAY";

DisplayChoice choose_display(const DisplayOption &option, bool any_test_needs_display,
                             const DisplayFacts &facts);

// The display number of an X display name (":12", "unix:12.0",
// "localhost:10.0" -> 12, 12, 10), or -1 when it is not one.
int display_number(const std::string &display);

// Why the X server of `display` does not accept a connection, or "" when it
// does: a connect() to its socket (/tmp/.X11-unix/X<N>, also the abstract
// one, for a local display; TCP port 6000+N for host:N), given up after
// `timeout_s`. No X protocol is spoken: the server answers or it does not.
std::string display_problem(const std::string &display, double timeout_s = 2);

// The pid of the local X server of `display` (":0", "unix:0"), from the
// credentials of its socket (SO_PEERCRED on /tmp/.X11-unix/X<N>); -1 for a
// remote display, no server, or a server in another pid namespace. Its CPU
// time is part of what the graphics tests measure.
int local_server_pid(const std::string &display);

// The facts for this machine: $DISPLAY, whether it (and `given`, when not
// empty) answers, Xvfb on $PATH. Reads no display when `any_needed` is false.
DisplayFacts read_display_facts(const DisplayOption &option, bool any_needed);

// system.display for the result: {"source", "display"} from the choice, and
// from the `key: value` lines of the output of the program a workload names
// to describe the display (bb_requirements.display_info, ABI 1.4; the
// graphics plugin's is `graphics.d/ubgears -info`): x_server_vendor,
// x_server_release, screen, gl_vendor, gl_renderer, gl_version give
// "server" ("The X.Org Foundation 12101007"), "screen", "gl_vendor",
// "gl_renderer", "gl_version" and, for Mesa's CPU renderers (llvmpipe,
// softpipe, swrast), "software_rendering": true. A member the output lacks
// is "unknown", with `why_unknown` (or "the program that describes the
// display did not say") in "why".
nlohmann::json display_json(const std::string &source, const std::string &display,
                            const std::optional<std::string> &info_output,
                            const std::string &why_unknown);

// True when `renderer` is one of Mesa's software rasterizers.
bool is_software_renderer(const std::string &renderer);

}  // namespace bytebench
