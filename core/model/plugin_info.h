// What a plugin says about itself: its workloads (with their parameters) and
// reporters, as `bytebench-worker describe` reads them through the ABI.
// Plain data; plugins/plugin_catalog.h gathers them.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/direction.h"

namespace bytebench {

struct ParamInfo {
    ParamInfo() = default;
    // The 1.0 fields; the others start empty (a constructor, not an
    // aggregate, so leaving them out is no -Wmissing-field-initializers).
    ParamInfo(std::string key_, std::string type_, std::string default_value_,
              std::string help_ = "")
        : key(std::move(key_)),
          type(std::move(type_)),
          default_value(std::move(default_value_)),
          help(std::move(help_)) {}

    std::string key, type, default_value, help;
    // ABI 1.2: the only values allowed (empty: any value of `type`), and the
    // inclusive bounds of an int or float, as the plugin wrote them. A
    // plugin built before 1.2 has none. model/param_rules.h checks them.
    std::vector<std::string> choices;
    std::optional<std::string> min_value, max_value;
};

// How the copies of a pass combine a metric (bb_combine, ABI 1.2) or the
// main value (ABI 1.4).
enum class Combine { sum, mean, min, max };
const char *to_string(Combine combine);
std::optional<Combine> combine_from_string(const std::string &text);

// How the copies combine a main value that the workload leaves to its
// direction (bb_workload.combine 0, and every workload built before 1.4):
// the sum of a higher-is-better value (UnixBench's sum of the copies'
// rates), the mean of a lower-is-better one (a latency is never summed).
Combine combine_by_direction(Direction better);

// The main value's combine from the workload's bb_workload.combine
// (`declared`, nullopt for a workload built before 1.4): `declared`,
// except that a sum of a lower-is-better value is its mean (plugin.h).
Combine main_value_combine(Direction better, std::optional<Combine> declared);

// A declared secondary metric (bb_metric_desc, ABI 1.2).
struct MetricInfo {
    std::string key;
    std::string name;  // never empty: the key when the plugin gave ""
    std::string unit;
    Direction better = Direction::higher_is_better;
    Combine combine = Combine::sum;
};

// What a workload needs to run (bb_requirements, ABI 1.2; display 1.3); all empty or 0
// for nothing.
struct Requirements {
    std::vector<std::string> cpu_features;  // /proc/cpuinfo flag names
    uint64_t temp_space_bytes = 0;          // per copy
    uint64_t memory_bytes = 0;              // per copy
    std::vector<std::string> tools;         // on PATH
    bool root = false;
    bool display = false;  // an X display (ABI 1.3; run --display gives it)
    // The plugin's program that describes the display (ABI 1.4): its path
    // relative to the plugin's folder, then its arguments; empty for none.
    std::vector<std::string> display_info;
    bool none() const {
        return cpu_features.empty() && temp_space_bytes == 0 && memory_bytes == 0 &&
               tools.empty() && !root && !display;
    }
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
    // ABI 1.2; a workload built before it has the defaults.
    Direction better = Direction::higher_is_better;  // of the main value
    // How the copies of a pass combine the main value (ABI 1.4; before it,
    // and when the workload leaves it to the direction: by direction).
    Combine combine = Combine::sum;
    std::vector<MetricInfo> metrics;
    Requirements requirements;
    bool has_setup = false;     // bb_workload.setup
    bool has_teardown = false;  // bb_workload.teardown
    double setup_timeout_s = kDefaultSetupTimeout;

    static constexpr double kDefaultSetupTimeout = 600;  // bb_workload.setup_timeout_s 0
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
    // Set by the catalog, not the plugin (model/isa_level.h): the ISA level
    // of the file chosen, and every level packaged, lowest first; both
    // empty for a plugin packaged once (a native build, a vendor's plugin).
    std::string isa_level;
    std::vector<std::string> packaged_levels;
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
