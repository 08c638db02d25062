// `run --display`: gives the tests that need an X display one, before the
// first test, and records it in system.display (docs/graphics.md).
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/planned_test.h"
#include "process/private_display.h"
#include "system/display_choice.h"

namespace bytebench::cli {

// Chooses the display (system/display_choice.h) for `tests` run at
// `copies`; when none of them needs one (a single-copy test needs none in a
// run without a 1-copy pass), does nothing. Otherwise: starts the private Xvfb if the
// choice says so (its log in `temp_root`), sets DISPLAY for the workers,
// runs the graphics helper's -info on it, and sets system["display"]; a
// test that needs a display gets none marks it unavailable with the reason
// (the scheduler records it skipped). Returns the Xvfb, which the caller
// keeps until the run ends (its destructor stops it), or nullptr.
std::unique_ptr<PrivateDisplay> prepare_display(const DisplayOption &option,
                                                std::vector<PlannedTest> &tests,
                                                const std::vector<int> &copies,
                                                const std::string &temp_root,
                                                nlohmann::json &system);

// The graphics helper for a plugin that needs a display: <plugin dir>/<stem>.d/ubgears
// (graphics.d/ubgears beside graphics.so), or "" with `why` set.
std::string graphics_helper(const std::string &plugin_path, std::string &why);

}  // namespace bytebench::cli
