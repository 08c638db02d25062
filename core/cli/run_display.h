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
// runs the program that the first such test's workload names to describe
// it (bb_requirements.display_info, ABI 1.4: the core knows no helper by
// name), and sets system["display"]; a test that needs a display and gets
// none is marked unavailable with the reason (the scheduler records it
// skipped). Returns the Xvfb, which the caller keeps until the run ends (its
// destructor stops it), or nullptr.
std::unique_ptr<PrivateDisplay> prepare_display(const DisplayOption &option,
                                                std::vector<PlannedTest> &tests,
                                                const std::vector<int> &copies,
                                                const std::string &temp_root,
                                                nlohmann::json &system);

// The program a workload of the plugin at `plugin_path` names to describe
// the display (`program`, relative to the plugin's folder: the baseline's
// for a portable build), or "" with `why` set when it is missing or not
// executable.
std::string display_describer(const std::string &plugin_path, const std::string &program,
                              std::string &why);

}  // namespace bytebench::cli
