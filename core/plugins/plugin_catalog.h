// What the CLI knows about plugins: their descriptors, read by a worker
// process per plugin file (so a plugin that crashes or hangs while loading
// costs only itself), and the reasons any file was not loaded.
#pragma once

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench {

// A file that was looked at and not loaded, and why.
struct PluginProblem {
    enum class Kind {
        ignored,         // not a .so (a README in the folder): harmless
        failed,          // could not be loaded or described; skipped
        duplicate,       // an id another plugin already provides: refused
        missing_folder,  // a plugin folder that does not exist or cannot be read
        refused,         // open to other users (plugin_security.h): refused
    };
    std::string path;
    std::string reason;
    Kind kind = Kind::failed;
};

class DescriptorCache;

struct ScanOptions {
    std::string worker_program;
    std::string cache_file;       // descriptor cache (descriptor_cache.h); "" = none
    bool allow_insecure = false;  // --allow-insecure-plugins: skip plugin_security.h
    double describe_timeout_s = 10;
};

class PluginCatalog {
  public:
    // Scans every directory (in order) for plugin files, describing each with
    // `worker_program describe` unless the descriptor cache knows the file.
    // A missing or unreadable directory is a problem, not a crash. Folders and files open
    // to other users are refused. Duplicate workload or reporter ids refuse
    // the later plugin.
    static PluginCatalog scan(const std::vector<std::string> &directories,
                              const ScanOptions &options);
    // Without a cache, with the security checks.
    static PluginCatalog scan(const std::vector<std::string> &directories,
                              const std::string &worker_program);

    const std::vector<PluginInfo> &plugins() const { return plugins_; }
    const std::vector<PluginProblem> &problems() const { return problems_; }
    const std::vector<std::string> &directories() const { return directories_; }
    // How many describe workers the scan started (the cache saves the rest).
    int describe_runs() const { return describe_runs_; }

    struct WorkloadRef {
        const PluginInfo *plugin;
        const WorkloadInfo *workload;
    };
    struct ReporterRef {
        const PluginInfo *plugin;
        const ReporterInfo *reporter;
    };
    std::optional<WorkloadRef> find_workload(const std::string &id) const;
    std::optional<ReporterRef> find_reporter(const std::string &id) const;

  private:
    void scan_folder(const std::string &dir, const ScanOptions &options, DescriptorCache &cache);
    static nlohmann::json describe(const std::string &path, const ScanOptions &options,
                                   bool &cacheable);
    void take_answer(const std::string &path, const nlohmann::json &answer);
    void add(PluginInfo plugin);

    std::vector<std::string> directories_;
    int describe_runs_ = 0;
    std::vector<PluginInfo> plugins_;
    std::vector<PluginProblem> problems_;
};

}  // namespace bytebench
