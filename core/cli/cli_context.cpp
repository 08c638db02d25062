#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "cli/terminal_output.h"
#include "commands.h"
#include "plugins/descriptor_cache.h"

namespace bytebench::cli {

void print_error(const std::string &message) { print_err("bytebench: error: " + message + "\n"); }

std::string default_tmpdir() {
    for (const char *name : {"BYTEBENCH_TMPDIR", "TMPDIR"})
        if (const char *env = std::getenv(name); env != nullptr && *env != '\0') return env;
    return "/tmp";
}

ScanOptions scan_options(const GlobalOptions &global, const InstallLayout &layout) {
    ScanOptions options;
    options.worker_program = layout.worker;
    options.cache_file = DescriptorCache::default_file();
    options.allow_insecure = global.allow_insecure_plugins;
    return options;
}

// --suite FILE, or a bare NAME of an installed suite (share/bytebench/suites/
// NAME.toml) when no such file exists here.
std::string suite_file_for(const std::string &given, const InstallLayout &layout) {
    if (given.empty()) return layout.suite_dir + "/index.toml";
    std::error_code ec;  // a path that cannot be examined is left to be reported below
    if (given.find('/') != std::string::npos || std::filesystem::exists(given, ec)) return given;
    const bool has_extension = given.size() > 5 && given.substr(given.size() - 5) == ".toml";
    const std::string installed = layout.suite_dir + "/" + given + (has_extension ? "" : ".toml");
    return std::filesystem::exists(installed, ec) ? installed : given;
}

std::optional<Environment> load_environment(const GlobalOptions &global) {
    Environment env;
    env.layout = locate_install();
    const std::string suite_file = suite_file_for(global.suite_file, env.layout);
    std::error_code ec;
    if (!std::filesystem::exists(suite_file, ec)) {
        if (ec && ec != std::errc::no_such_file_or_directory) {
            print_error("--suite " + global.suite_file + ": cannot read: " + ec.message());
            return std::nullopt;
        }
        print_error("--suite " + global.suite_file + ": no such file" +
                    (global.suite_file.find('/') == std::string::npos
                         ? ", and no installed suite of that name in " + env.layout.suite_dir
                         : ""));
        return std::nullopt;
    }
    try {
        env.suite = load_suite(suite_file);
    } catch (const SuiteError &e) {
        print_error(e.what());
        return std::nullopt;
    }
    env.catalog = PluginCatalog::scan(plugin_search_path(env.layout, global.plugin_paths),
                                      scan_options(global, env.layout));
    bool fatal = false;
    for (const PluginProblem &p : env.catalog.problems()) {
        switch (p.kind) {
            case PluginProblem::Kind::ignored:
                spdlog::debug("{}: {}", p.path, p.reason);
                break;
            case PluginProblem::Kind::failed:
                spdlog::warn("plugin {} skipped: {}", p.path, p.reason);
                break;
            case PluginProblem::Kind::refused:  // the reason names the file
                print_error(p.reason);
                fatal = true;
                break;
            case PluginProblem::Kind::duplicate:
            case PluginProblem::Kind::missing_folder:
                print_error(p.path + ": " + p.reason);
                fatal = true;
                break;
        }
    }
    if (fatal) return std::nullopt;
    return env;
}

}  // namespace bytebench::cli
