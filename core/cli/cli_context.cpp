#include <spdlog/spdlog.h>

#include <cstdio>
#include <filesystem>

#include "../src/descriptor_cache.h"
#include "commands.h"

namespace bytebench::cli {

void print_error(const std::string &message) {
    std::fprintf(stderr, "bytebench: error: %s\n", message.c_str());
}

ScanOptions scan_options(const GlobalOptions &global, const InstallLayout &layout) {
    ScanOptions options;
    options.worker_program = layout.worker;
    options.cache_file = DescriptorCache::default_file();
    options.allow_insecure = global.allow_insecure_plugins;
    return options;
}

std::optional<Environment> load_environment(const GlobalOptions &global) {
    Environment env;
    env.layout = locate_install();
    const std::string suite_file =
        !global.suite_file.empty() ? global.suite_file : env.layout.suite_dir + "/index.toml";
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
