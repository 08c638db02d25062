#include "plugins/install_layout.h"

#include <boost/dll/runtime_symbol_info.hpp>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;

namespace bytebench {

InstallLayout locate_install() {
    boost::dll::fs::error_code ec;
    const fs::path exe = boost::dll::program_location(ec).string();
    const fs::path bin = exe.parent_path();
    const fs::path prefix = bin.parent_path();
    InstallLayout layout;
    layout.bin_dir = bin.string();
    layout.worker = (bin / "bytebench-worker").string();
    layout.plugin_dir = (prefix / "lib" / "bytebench" / "plugins").string();
    layout.suite_dir = (prefix / "share" / "bytebench" / "suites").string();
    return layout;
}

std::vector<std::string> plugin_search_path(const InstallLayout &layout,
                                            const std::vector<std::string> &from_command_line) {
    std::vector<std::string> dirs = from_command_line;
    if (const char *env = std::getenv("BYTEBENCH_PLUGIN_PATH"); env != nullptr) {
        std::stringstream parts(env);
        for (std::string dir; std::getline(parts, dir, ':');)
            if (!dir.empty()) dirs.push_back(dir);
    }
    dirs.push_back(layout.plugin_dir);
    return dirs;
}

}  // namespace bytebench
