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
        ignored,         // not a plugin: not a .so (a README), or a shared library
                         // without the entry point (a helper library): harmless
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
    // The install's own plugin folder (install_layout.h): its plugins win id
    // conflicts wherever it is in the search path. "" = none is first-party.
    std::string first_party_dir;
    double describe_timeout_s = 10;
    // The highest ISA level to load a portable build's plugins at
    // (model/isa_level.h); "" = the highest this CPU runs.
    std::string isa_level_cap;
};

class PluginCatalog {
  public:
    // Scans every directory (in order) for plugin files, describing each with
    // `worker_program describe` unless the descriptor cache knows the file.
    // A missing or unreadable directory is a problem, not a crash. Folders and files open
    // to other users are refused. A folder given twice is scanned once. A
    // plugin packaged per ISA level (model/isa_level.h) is loaded at the
    // highest level this CPU runs; one it runs no level of is a problem.
    // When two plugins provide the same workload or reporter id, the
    // first-party one wins, else the one found first; the other plugin is
    // refused as a whole (a duplicate problem naming both files).
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
    // Why no loaded plugin provides `id` though a refused one does ("plugin
    // FILE was refused: REASON", the same for every refusal: a duplicate id
    // or a broken rule of plugin.h), or "" (loaded, or unknown).
    std::string refusal_of_workload(const std::string &id) const;
    std::string refusal_of_reporter(const std::string &id) const;

  private:
    // A plugin described, before the id conflicts are settled.
    struct Candidate {
        PluginInfo plugin;
        bool first_party = false;
    };
    // A plugin refused for an id conflict or a broken rule, with the
    // reason (for a broken rule, `plugin` holds only the ids it offers).
    struct Refused {
        PluginInfo plugin;
        std::string reason;
    };

    void scan_folder(const std::string &dir, const ScanOptions &options, DescriptorCache &cache,
                     bool first_party);
    static nlohmann::json describe(const std::string &path, const ScanOptions &options,
                                   bool &cacheable);
    // True when the answer became a candidate (the last one).
    bool take_answer(const std::string &path, const nlohmann::json &answer, bool first_party);
    void resolve_conflicts();
    static std::string conflict(const Candidate &candidate,
                                const std::vector<const Candidate *> &winners);

    std::vector<std::string> directories_;
    int describe_runs_ = 0;
    std::vector<Candidate> candidates_;  // during scan() only
    std::vector<PluginInfo> plugins_;
    std::vector<Refused> refused_;
    std::vector<PluginProblem> problems_;
};

}  // namespace bytebench
