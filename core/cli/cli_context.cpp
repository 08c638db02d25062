#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>

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
    options.isa_level_cap = global.isa_level;
    options.first_party_dir = layout.plugin_dir;
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

std::vector<std::string> not_plugin_summaries(const std::vector<PluginProblem> &problems) {
    constexpr size_t kNamed = 5;
    std::map<std::string, std::vector<std::string>> by_folder;
    for (const PluginProblem &p : problems)
        if (p.kind == PluginProblem::Kind::ignored) {
            const std::filesystem::path path(p.path);
            by_folder[path.parent_path().string()].push_back(path.filename().string());
        }
    std::vector<std::string> lines;
    for (const auto &[folder, names] : by_folder) {
        std::string line = std::to_string(names.size()) +
                           (names.size() == 1 ? " file in " : " files in ") + folder +
                           (names.size() == 1 ? " is not a plugin: " : " are not plugins: ");
        for (size_t i = 0; i < names.size() && i < kNamed; ++i)
            line += (i == 0 ? "" : ", ") + names[i];
        if (names.size() > kNamed)
            line += ", ... (" + std::to_string(names.size() - kNamed) + " more)";
        lines.push_back(line);
    }
    return lines;
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
    for (const std::string &line : not_plugin_summaries(env.catalog.problems()))
        spdlog::debug("{}", line);
    for (const PluginProblem &p : env.catalog.problems()) {
        switch (p.kind) {
            case PluginProblem::Kind::ignored:  // summarised above
                break;
            case PluginProblem::Kind::failed:
                spdlog::warn("plugin {} skipped: {}", p.path, p.reason);
                break;
            // The winner's plugin serves its ids; a command that names one
            // only the refused plugin provides fails, saying why
            // (PluginCatalog::refusal_of_workload).
            case PluginProblem::Kind::duplicate:
                spdlog::warn("plugin {} refused: {}", p.path, p.reason);
                break;
            case PluginProblem::Kind::refused:  // the reason names the file
                print_error(p.reason);
                fatal = true;
                break;
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
