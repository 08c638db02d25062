// What the CLI knows about plugins: their descriptors, read by a worker
// process per plugin file (so a plugin that crashes or hangs while loading
// costs only itself), and the reasons any file was not loaded.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bytebench {

struct ParamInfo {
    std::string key, type, default_value, help;
};

struct WorkloadInfo {
    std::string id, name, description, category, unit, version;
    uint32_t time_base_s = 1;
    bool repeat_long = true;
    double default_duration_s = 10;
    double baseline = 0;  // 0: none
    uint32_t flags = 0;
    uint32_t processes_per_copy = 1;
    std::vector<ParamInfo> params;
};

struct ReporterInfo {
    std::string id, name, description, extension;
};

struct PluginInfo {
    std::string path, id, name, vendor, version, abi;
    std::string build_info;  // compiler and flags, as the plugin says
    std::vector<WorkloadInfo> workloads;
    std::vector<ReporterInfo> reporters;
};

// A file that was looked at and not loaded, and why.
struct PluginProblem {
    enum class Kind {
        ignored,         // not a .so (a README in the folder): harmless
        failed,          // could not be loaded or described; skipped
        duplicate,       // an id another plugin already provides: refused
        missing_folder,  // a plugin folder that does not exist
    };
    std::string path;
    std::string reason;
    Kind kind = Kind::failed;
};

class PluginCatalog {
  public:
    // Scans every directory (in order) for plugin files, describing each with
    // `worker_program describe`. A missing directory is a problem, not a
    // crash. Duplicate workload or reporter ids refuse the later plugin.
    static PluginCatalog scan(const std::vector<std::string> &directories,
                              const std::string &worker_program);

    const std::vector<PluginInfo> &plugins() const { return plugins_; }
    const std::vector<PluginProblem> &problems() const { return problems_; }
    const std::vector<std::string> &directories() const { return directories_; }

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

    // Parses one `describe` answer (exposed for tests).
    static PluginInfo parse_description(const std::string &path, const std::string &json);

  private:
    void add(PluginInfo plugin);

    std::vector<std::string> directories_;
    std::vector<PluginInfo> plugins_;
    std::vector<PluginProblem> problems_;
};

}  // namespace bytebench
