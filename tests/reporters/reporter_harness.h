// Test-only stand-in for the worker's reporting path: loads a reporter plugin with dlopen(),
// hands it a do-nothing host and calls its write() the way the core does.
#pragma once

#include <bytebench/plugin.h>

#include <string>

#include "files.h"

namespace bytebench::test {

// What one write() call produced.
struct WriteOutcome {
    bb_status status = BB_ERROR;
    std::string error;   // the error buffer (empty on BB_OK)
    std::string output;  // the file the reporter wrote ("" when it wrote none)
};

// The reporter `id` of the plugin file `library`. The library is opened and its entry called
// once per process (as in a worker) and never closed. Throws std::runtime_error on failure.
const bb_reporter &load_reporter(const std::string &library, const std::string &id);

// Calls reporter.write() on `document` with a fresh temporary file as out_path.
WriteOutcome write_report(const bb_reporter &reporter, const std::string &document);

// Calls reporter.write() with an explicit out_path (NULL = standard output).
bb_status write_report_to(const bb_reporter &reporter, const std::string &document,
                          const char *out_path, std::string &error);

void write_file(const std::string &path, const std::string &content);

}  // namespace bytebench::test
