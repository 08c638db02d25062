// Where the CLI finds its worker, plugins and suites: relative to its own
// executable, so the same rules hold in the build tree and in an installed
// (and relocated) tree:
//   <prefix>/bin/bytebench, <prefix>/bin/bytebench-worker
//   <prefix>/lib/bytebench/plugins/
//   <prefix>/share/bytebench/suites/
#pragma once

#include <string>
#include <vector>

namespace bytebench {

struct InstallLayout {
    std::string bin_dir;
    std::string worker;
    std::string plugin_dir;
    std::string suite_dir;
};

InstallLayout locate_install();

// Plugin folders in search order: those named with --plugin-path, then
// BYTEBENCH_PLUGIN_PATH (colon-separated), then the install's own folder.
std::vector<std::string> plugin_search_path(const InstallLayout &layout,
                                            const std::vector<std::string> &from_command_line);

}  // namespace bytebench
