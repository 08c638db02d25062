// What a plugin says about itself: its workloads (with their parameters) and
// reporters, as `bytebench-worker describe` reads them through the ABI.
// Plain data; plugins/plugin_catalog.h gathers them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
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
    // The documents it renders (bb_reporter.documents; both for a reporter
    // that does not say, as one built before ABI 1.2).
    bool renders_results = true;
    bool renders_comparisons = true;
};

struct PluginInfo {
    std::string path, id, name, vendor, version, abi;
    std::string build_info;  // compiler and flags, as the plugin says
    // Symbols the file exports besides bytebench_plugin_entry (a plugin
    // built without hidden visibility): `bytebench plugins` warns.
    std::vector<std::string> extra_exports;
    std::vector<WorkloadInfo> workloads;
    std::vector<ReporterInfo> reporters;
};

// The JSON form `bytebench-worker describe` answers with (and the
// descriptor cache keeps): plugin_info_from_json(to_json(p)) == p, but for
// `path`, which the reader is given (the file the answer is about).
nlohmann::json to_json(const PluginInfo &plugin);
// Throws nlohmann::json::exception when a required member (a plugin's id, a
// workload's id, name or unit, a parameter's key, type or default, a
// reporter's id) is missing or not a string.
PluginInfo plugin_info_from_json(const std::string &path, const nlohmann::json &description);

}  // namespace bytebench
