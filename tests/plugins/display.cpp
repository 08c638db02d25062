// display.so (test.display): declares that it needs an X display
// (bb_requirements.display, ABI 1.3), names display.d/describe --describe
// (relative to its folder; not shipped: a test writes it) as the program
// that describes the display (ABI 1.4), and records the DISPLAY it was given as
// the detail "display". It fails when DISPLAY is unset (the host promised
// one) and, while it runs, leaves its pid and DISPLAY in the file
// $BYTEBENCH_TEST_DISPLAY_MARKER (when set), so that a test can kill the CLI
// mid-run and then look for the display's server.
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace {

struct Display {
    explicit Display(const bytebench::Context &ctx) {
        const char *display = std::getenv("DISPLAY");
        if (display == nullptr || *display == '\0')
            throw std::runtime_error("DISPLAY is not set although the test needs a display");
        ctx.detail("display", display);
        if (const char *marker = std::getenv("BYTEBENCH_TEST_DISPLAY_MARKER")) {
            if (std::FILE *f = std::fopen(marker, "a")) {
                std::fprintf(f, "%d %s\n", int(getpid()), display);
                std::fclose(f);
            }
        }
    }
    double run(bytebench::Context &ctx) {
        double loops = 0;
        while (!ctx.stopped()) loops += 1;
        return loops;
    }
};

const auto kDisplay = bytebench::Workload<Display>("test.display")
                          .name("Test: needs a display")
                          .category("test")
                          .unit("lps")
                          .duration(1)
                          .description("Records the DISPLAY it was given.")
                          .requires_display({"display.d/describe", "--describe"});

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.display")
                     .name("bytebench test plugin: display")
                     .vendor("bytebench tests")
                     .version("1")
                     .add(kDisplay))
