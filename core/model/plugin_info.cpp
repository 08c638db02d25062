#include "model/plugin_info.h"

#include <algorithm>

namespace bytebench {
namespace {

using nlohmann::json;

// The 1.2 members are written only when the plugin declared them, so a
// descriptor without them reads as before.
ParamInfo parse_param(const json &p) {
    ParamInfo param{p.at("key"), p.at("type"), p.at("default"), p.value("help", "")};
    for (const auto &choice : p.value("choices", json::array()))
        param.choices.push_back(choice.get<std::string>());
    if (p.contains("min")) param.min_value = p.at("min").get<std::string>();
    if (p.contains("max")) param.max_value = p.at("max").get<std::string>();
    return param;
}

json param_json(const ParamInfo &p) {
    json j = {{"key", p.key}, {"type", p.type}, {"default", p.default_value}, {"help", p.help}};
    if (!p.choices.empty()) j["choices"] = p.choices;
    if (p.min_value) j["min"] = *p.min_value;
    if (p.max_value) j["max"] = *p.max_value;
    return j;
}

// The 1.2 members are written only when they differ from the defaults, so
// that the description of a workload built before 1.2 reads as before.
MetricInfo parse_metric(const json &m) {
    MetricInfo metric;
    metric.key = m.at("key");
    metric.name = m.value("name", metric.key);
    metric.unit = m.value("unit", "");
    metric.better = direction_member(m);
    metric.combine = combine_from_string(m.value("combine", "")).value_or(Combine::sum);
    return metric;
}

json metric_json(const MetricInfo &m) {
    return {{"key", m.key},
            {"name", m.name},
            {"unit", m.unit},
            {"better", direction_name(m.better)},
            {"combine", to_string(m.combine)}};
}

Requirements parse_requirements(const json &r) {
    Requirements needs;
    needs.cpu_features = r.value("cpu_features", std::vector<std::string>{});
    needs.temp_space_bytes = r.value("temp_space_bytes", uint64_t{0});
    needs.memory_bytes = r.value("memory_bytes", uint64_t{0});
    needs.tools = r.value("tools", std::vector<std::string>{});
    needs.root = r.value("root", false);
    needs.display = r.value("display", false);  // absent in descriptions before ABI 1.3
    needs.display_info = r.value("display_info", std::vector<std::string>{});  // ABI 1.4
    return needs;
}

json requirements_json(const Requirements &r) {
    json j = {{"cpu_features", r.cpu_features},
              {"temp_space_bytes", r.temp_space_bytes},
              {"memory_bytes", r.memory_bytes},
              {"tools", r.tools},
              {"root", r.root}};
    if (r.display) j["display"] = true;
    if (!r.display_info.empty()) j["display_info"] = r.display_info;
    return j;
}

void parse_abi_1_2_members(const json &j, WorkloadInfo &w) {
    w.better = direction_member(j);
    w.combine = main_value_combine(w.better, combine_from_string(j.value("combine", "")));
    for (const auto &m : j.value("metrics", json::array())) w.metrics.push_back(parse_metric(m));
    if (j.contains("requirements")) w.requirements = parse_requirements(j.at("requirements"));
    w.has_setup = j.value("setup", false);
    w.has_teardown = j.value("teardown", false);
    w.setup_timeout_s = j.value("setup_timeout_s", WorkloadInfo::kDefaultSetupTimeout);
}

void add_abi_1_2_members(const WorkloadInfo &w, json &j) {
    j["better"] = direction_name(w.better);  // always: "higher" for a plugin built before 1.2
    j["combine"] = to_string(w.combine);     // always: by direction before 1.4
    if (!w.metrics.empty()) {
        json metrics = json::array();
        for (const MetricInfo &m : w.metrics) metrics.push_back(metric_json(m));
        j["metrics"] = std::move(metrics);
    }
    if (!w.requirements.none()) j["requirements"] = requirements_json(w.requirements);
    if (w.has_setup) j["setup"] = true;
    if (w.has_teardown) j["teardown"] = true;
    if (w.has_setup || w.has_teardown) j["setup_timeout_s"] = w.setup_timeout_s;
}

WorkloadInfo parse_workload(const json &j) {
    WorkloadInfo w;
    w.id = j.at("id");
    w.name = j.at("name");
    w.description = j.value("description", "");
    w.category = j.value("category", "");
    w.unit = j.at("unit");
    w.version = j.value("version", "");
    w.time_base_s = j.value("time_base_s", 1u);
    w.repeat_long = j.value("repeat", "long") == "long";
    w.default_duration_s = j.value("default_duration_s", 10.0);
    w.baseline = j.value("baseline", 0.0);
    w.flags = j.value("flags", 0u);
    w.processes_per_copy = j.value("processes_per_copy", 1u);
    for (const auto &p : j.value("params", json::array())) w.params.push_back(parse_param(p));
    parse_abi_1_2_members(j, w);
    return w;
}

json workload_json(const WorkloadInfo &w) {
    json params = json::array();
    for (const ParamInfo &p : w.params) params.push_back(param_json(p));
    json j = {{"id", w.id},
              {"name", w.name},
              {"description", w.description},
              {"category", w.category},
              {"unit", w.unit},
              {"version", w.version},
              {"time_base_s", w.time_base_s},
              {"repeat", w.repeat_long ? "long" : "short"},
              {"default_duration_s", w.default_duration_s},
              {"baseline", w.baseline},
              {"flags", w.flags},
              {"processes_per_copy", w.processes_per_copy},
              {"params", params}};
    add_abi_1_2_members(w, j);
    return j;
}

}  // namespace

const char *to_string(Combine combine) {
    switch (combine) {
        case Combine::sum:
            return "sum";
        case Combine::mean:
            return "mean";
        case Combine::min:
            return "min";
        case Combine::max:
            return "max";
    }
    return "sum";
}

Combine combine_by_direction(Direction better) {
    return better == Direction::lower_is_better ? Combine::mean : Combine::sum;
}

Combine main_value_combine(Direction better, std::optional<Combine> declared) {
    if (!declared || *declared == Combine::sum) return combine_by_direction(better);
    return *declared;
}

std::optional<Combine> combine_from_string(const std::string &text) {
    for (Combine c : {Combine::sum, Combine::mean, Combine::min, Combine::max})
        if (text == to_string(c)) return c;
    return std::nullopt;
}

PluginInfo plugin_info_from_json(const std::string &path, const nlohmann::json &j) {
    PluginInfo info;
    info.path = path;
    info.id = j.at("id");
    info.name = j.value("name", "");
    info.vendor = j.value("vendor", "");
    info.version = j.value("version", "");
    info.abi = j.value("abi", "");
    info.build_info = j.value("build_info", "");
    info.extra_exports = j.value("extra_exports", std::vector<std::string>{});
    for (const auto &w : j.value("workloads", json::array()))
        info.workloads.push_back(parse_workload(w));
    for (const auto &r : j.value("reporters", json::array())) {
        const json documents = r.value("documents", json::array({"result", "comparison"}));
        const auto renders = [&documents](const char *kind) {
            return std::find(documents.begin(), documents.end(), kind) != documents.end();
        };
        info.reporters.push_back({r.at("id"), r.value("name", ""), r.value("description", ""),
                                  r.value("extension", ""), renders("result"),
                                  renders("comparison")});
    }
    return info;
}

json to_json(const PluginInfo &plugin) {
    json workloads = json::array();
    for (const WorkloadInfo &w : plugin.workloads) workloads.push_back(workload_json(w));
    json reporters = json::array();
    for (const ReporterInfo &r : plugin.reporters) {
        json documents = json::array();
        if (r.renders_results) documents.push_back("result");
        if (r.renders_comparisons) documents.push_back("comparison");
        reporters.push_back({{"id", r.id},
                             {"name", r.name},
                             {"description", r.description},
                             {"extension", r.extension},
                             {"documents", documents}});
    }
    return {{"path", plugin.path},
            {"id", plugin.id},
            {"name", plugin.name},
            {"vendor", plugin.vendor},
            {"version", plugin.version},
            {"abi", plugin.abi},
            {"build_info", plugin.build_info},
            {"extra_exports", plugin.extra_exports},
            {"workloads", workloads},
            {"reporters", reporters}};
}

}  // namespace bytebench
