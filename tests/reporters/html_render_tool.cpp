// bytebench_html_render <html.so> <document.json> <page.html> [<reporter id>]
//
// Renders one document with the html reporter (or the reporter of that id in the plugin),
// called through the C ABI as a worker calls it, for html_in_chromium.py to open in a browser
// and for looking at a fixture in any format while working on a reporter.
#include <cstdio>
#include <exception>
#include <string>

#include "reporter_harness.h"

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: %s <html.so> <document.json> <page.html> [<reporter id>]\n",
                     argv[0]);
        return 2;
    }
    try {
        const bb_reporter &reporter =
            bytebench::test::load_reporter(argv[1], argc == 5 ? argv[4] : "html");
        std::string error;
        const bb_status status = bytebench::test::write_report_to(
            reporter, bytebench::test::read_file(argv[2]), argv[3], error);
        if (status != BB_OK) {
            std::fprintf(stderr, "%s: %s\n", argv[2], error.c_str());
            return 1;
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
