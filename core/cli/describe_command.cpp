// `bytebench describe TEST|GROUP|WORKLOAD`: what one test measures and how
// (which way its value is better, its metrics, what it needs, its set-up),
// its parameters with what they allow, and the plugin file it comes from;
// for a suite test, as the suite sets it up. A group (a name `run` takes,
// from the suite's [groups]) lists the tests `run GROUP` runs, in its order,
// each with its name and the first sentence of its description.
#include <bytebench/plugin.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "base/text.h"
#include "cli/json_output.h"
#include "cli/param_text.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "model/param_rules.h"
#include "plan/run_plan.h"

namespace bytebench::cli {
namespace {

std::string line(const char *label, const std::string &value) {
    return text_format("  %-12s %s\n", label, value.c_str());
}

std::string count_text(const WorkloadInfo &w) {
    if (w.time_base_s == 0) return w.unit + " (the workload reports the value itself)";
    if (w.time_base_s == 1) return w.unit + " (count per second)";
    return w.unit + " (count per " + duration_text(w.time_base_s) + ")";
}

// How the copies of a pass make its value (ABI 1.4).
std::string combine_text(const WorkloadInfo &w) {
    const char *how = "";
    switch (w.combine) {
        case CopyCombine::sum:
            how = "the sum of the copies' values";
            break;
        case CopyCombine::mean:
            how = "the mean of the copies' values";
            break;
        case CopyCombine::min:
            how = "the lowest copy's value";
            break;
        case CopyCombine::max:
            how = "the highest copy's value";
            break;
    }
    return std::string(to_string(w.combine)) + " (a pass's value is " + how + ")";
}

std::string flags_text(uint32_t flags) {
    std::string text;
    if (flags & BB_WORKLOAD_SINGLE_COPY) text += "single-copy";
    if (flags & BB_WORKLOAD_NEEDS_DISK)
        text += std::string(text.empty() ? "" : ", ") + "needs-disk";
    return text.empty() ? "none" : text;
}

std::string better_text(Direction better) {
    return better == Direction::lower_is_better
               ? "lower (index = baseline / value * 10, so a higher index is still better)"
               : "higher";
}

// "64 MiB", "1.5 GiB": requirements are whole MiB or GiB in practice.
std::string bytes_text(uint64_t bytes) {
    constexpr double kMiB = 1024.0 * 1024.0;
    if (bytes >= uint64_t(1) << 30) return text_format("%g GiB", double(bytes) / (kMiB * 1024));
    if (bytes >= uint64_t(1) << 20) return text_format("%g MiB", double(bytes) / kMiB);
    return std::to_string(bytes) + " bytes";
}

// What the workload needs (checked before any worker starts), or "nothing".
std::string requirements_text(const Requirements &r) {
    std::vector<std::string> parts;
    if (!r.cpu_features.empty()) parts.push_back("CPU features " + joined(r.cpu_features, ", "));
    if (r.temp_space_bytes > 0) parts.push_back(bytes_text(r.temp_space_bytes) + " temp space");
    if (r.memory_bytes > 0) parts.push_back(bytes_text(r.memory_bytes) + " memory");
    if (!r.tools.empty()) parts.push_back("tools " + joined(r.tools, ", "));
    if (r.root) parts.push_back("root");
    if (r.display) parts.push_back("an X display (run --display)");
    if (parts.empty()) return "nothing";
    std::string text = joined(parts, ", ");
    if (r.temp_space_bytes > 0 || r.memory_bytes > 0) text += " (per copy)";
    return text;
}

std::string setup_text(const WorkloadInfo &w) {
    if (!w.has_setup && !w.has_teardown) return "no";
    std::string text = w.has_setup ? "yes" : "teardown only";
    if (w.has_setup && w.has_teardown) text += ", with teardown";
    return text + text_format(" (time limit %g s)", w.setup_timeout_s);
}

std::string metrics_text(const std::vector<MetricInfo> &metrics) {
    if (metrics.empty()) return "Metrics: none\n";
    size_t key_width = 3, name_width = 4, unit_width = 4;
    for (const MetricInfo &m : metrics) {
        key_width = std::max(key_width, m.key.size());
        name_width = std::max(name_width, m.name.size());
        unit_width = std::max(unit_width, m.unit.size());
    }
    std::string text = "Metrics (recorded by each copy in each pass):\n";
    for (const MetricInfo &m : metrics)
        text += text_format("  %-*s  %-*s  %-*s  %-6s better  combine %s\n", int(key_width),
                            m.key.c_str(), int(name_width), m.name.c_str(), int(unit_width),
                            m.unit.empty() ? "-" : m.unit.c_str(), direction_name(m.better),
                            to_string(m.combine));
    return text;
}

// The value the test runs with, when the suite sets another than the default.
std::string suite_value(const PlannedTest &t, const ParamInfo &p) {
    for (const auto &[key, value] : t.params)
        if (key == p.key && value != p.default_value) return "  (this test: " + value + ")";
    return "";
}

std::string params_text(const PlannedTest &t) {
    if (t.workload.params.empty()) return "Parameters: none\n";
    return "Parameters (run --param KEY=VALUE):\n" +
           param_table(t.workload.params, "  ",
                       [&t](const ParamInfo &p) { return suite_value(t, p); });
}

std::string describe_text(const PlannedTest &t, const PluginCatalog &catalog) {
    const WorkloadInfo &w = t.workload;
    std::string text = t.id + ": " + t.name + "\n";
    if (!w.description.empty()) text += "  " + w.description + "\n";
    text += line("workload", w.id + (w.version.empty() ? "" : " (version " + w.version + ")"));
    if (!t.unavailable.empty()) return text + line("unavailable", t.unavailable);
    const auto found = catalog.find_workload(w.id);
    const PluginInfo &plugin = *found->plugin;
    text += line("plugin", plugin.id + " " + plugin.version + " (ABI " + plugin.abi + ")");
    text += line("plugin file", plugin.path);
    text += line("unit", count_text(w));
    text += line("better", better_text(w.better));
    text += line("copies", combine_text(w));
    text += line("category", t.category.empty() ? "-" : t.category);
    text += line("passes", std::to_string(t.passes) + " (" + (w.repeat_long ? "long" : "short") +
                               " repeat class)");
    text += line("duration", duration_text(t.duration_s) + " a pass");
    text += line("baseline", t.baseline ? text_format("%g", *t.baseline) : "none (no index)");
    text += line("flags", flags_text(w.flags));
    text += line("processes", std::to_string(w.processes_per_copy) + " per copy, at most");
    text += line("requires", requirements_text(w.requirements));
    text += line("set-up", setup_text(w));
    return text + metrics_text(w.metrics) + params_text(t);
}

// The first sentence of a description, at most about a line: what a
// group's listing shows of each test.
std::string first_sentence(const std::string &description) {
    const size_t end = description.find(". ");
    std::string text = end == std::string::npos ? description : description.substr(0, end + 1);
    text = text.substr(0, text.find('\n'));
    constexpr size_t kMost = 80;
    if (text.size() > kMost) text = utf8_prefix(text, kMost - 3) + "...";
    return text;
}

// `describe GROUP`: the tests `run GROUP` runs, in its order.
std::string group_text(const std::string &group, const Suite &suite, const PluginCatalog &catalog) {
    std::vector<PlannedTest> tests;
    for (const std::string &id : expand_names({group}, suite, catalog))
        tests.push_back(plan_test(id, suite, catalog, {}));
    size_t id_width = 4, name_width = 4;
    for (const PlannedTest &t : tests) {
        id_width = std::max(id_width, t.id.size());
        name_width = std::max(name_width, t.name.size());
    }
    std::string text = group + ": a group of " + std::to_string(tests.size()) + " test" +
                       (tests.size() == 1 ? "" : "s") + " of suite '" + suite.name +
                       "' (bytebench run " + group + " runs them in this order)\n";
    const std::vector<std::string> &members = *suite.find_group(group);
    if (std::any_of(members.begin(), members.end(),
                    [&](const std::string &m) { return suite.find_group(m) != nullptr; }))
        text += "  members: " + joined(members, ", ") + "\n";
    for (const PlannedTest &t : tests) {
        const std::string about = !t.unavailable.empty() ? "(unavailable: " + t.unavailable + ")"
                                                         : first_sentence(t.workload.description);
        std::string row = text_format("  %-*s  %-*s  %s", int(id_width), t.id.c_str(),
                                      int(name_width), t.name.c_str(), about.c_str());
        row.erase(row.find_last_not_of(' ') + 1);
        text += row + "\n";
    }
    return text + "bytebench describe TEST shows one of them.\n";
}

nlohmann::json params_json(const PlannedTest &t) {
    nlohmann::json params = nlohmann::json::array();
    for (const ParamInfo &p : t.workload.params) {
        nlohmann::json j = {{"key", p.key},   {"type", p.type},       {"default", p.default_value},
                            {"help", p.help}, {"choices", p.choices}, {"value", p.default_value}};
        if (p.min_value) j["min"] = *p.min_value;
        if (p.max_value) j["max"] = *p.max_value;
        for (const auto &[key, value] : t.params)
            if (key == p.key) j["value"] = value;  // as this test runs it
        params.push_back(std::move(j));
    }
    return params;
}

nlohmann::json requirements_json(const Requirements &r) {
    return {{"cpu_features", r.cpu_features},
            {"temp_space_bytes", r.temp_space_bytes},
            {"memory_bytes", r.memory_bytes},
            {"tools", r.tools},
            {"root", r.root},
            {"display", r.display}};
}

nlohmann::json metrics_json(const std::vector<MetricInfo> &metrics) {
    nlohmann::json list = nlohmann::json::array();
    for (const MetricInfo &m : metrics)
        list.push_back({{"key", m.key},
                        {"name", m.name},
                        {"unit", m.unit},
                        {"better", direction_name(m.better)},
                        {"combine", to_string(m.combine)}});
    return list;
}

// Everything describe_text() says, as members (docs/cli-json.md).
nlohmann::json describe_json(const PlannedTest &t, const PluginCatalog &catalog) {
    const WorkloadInfo &w = t.workload;
    nlohmann::json j = {{"kind", "test"},
                        {"id", t.id},
                        {"name", t.name},
                        {"description", w.description},
                        {"workload", {{"id", w.id}, {"version", w.version}}},
                        {"available", t.unavailable.empty()}};
    if (!t.unavailable.empty()) {
        j["unavailable_because"] = t.unavailable;
        return j;
    }
    const PluginInfo &plugin = *catalog.find_workload(w.id)->plugin;
    j["plugin"] = {
        {"id", plugin.id}, {"version", plugin.version}, {"abi", plugin.abi}, {"file", plugin.path}};
    j["unit"] = w.unit;
    j["time_base_s"] = w.time_base_s;
    j["better"] = direction_name(w.better);
    j["combine"] = to_string(w.combine);
    j["category"] = t.category;
    j["passes"] = t.passes;
    j["repeat"] = w.repeat_long ? "long" : "short";
    j["duration_s"] = t.duration_s;
    j["baseline"] = t.baseline ? nlohmann::json(*t.baseline) : nlohmann::json();
    j["single_copy"] = (w.flags & BB_WORKLOAD_SINGLE_COPY) != 0;
    j["needs_disk"] = (w.flags & BB_WORKLOAD_NEEDS_DISK) != 0;
    j["processes_per_copy"] = w.processes_per_copy;
    j["requires"] = requirements_json(w.requirements);
    j["setup"] = {
        {"setup", w.has_setup}, {"teardown", w.has_teardown}, {"timeout_s", w.setup_timeout_s}};
    j["metrics"] = metrics_json(w.metrics);
    j["params"] = params_json(t);
    return j;
}

nlohmann::json group_json(const std::string &group, const Suite &suite,
                          const PluginCatalog &catalog) {
    nlohmann::json tests = nlohmann::json::array();
    for (const std::string &id : expand_names({group}, suite, catalog)) {
        const PlannedTest t = plan_test(id, suite, catalog, {});
        tests.push_back({{"id", t.id},
                         {"name", t.name},
                         {"available", t.unavailable.empty()},
                         {"summary", t.unavailable.empty() ? first_sentence(t.workload.description)
                                                           : t.unavailable}});
    }
    return {{"kind", "group"},
            {"id", group},
            {"suite", suite.name},
            {"members", *suite.find_group(group)},
            {"tests", tests}};
}

// The one-line error for an id that is no group, test or workload.
std::string unknown_id_error(const std::string &id, const Environment &env) {
    if (const std::string why = env.catalog.refusal_of_workload(id); !why.empty())
        return "test '" + id + "' is not available: " + why;  // as run says it
    std::vector<std::string> known;
    for (const auto &[name, members] : env.suite.groups) known.push_back(name);
    for (const TestDef &t : env.suite.tests) known.push_back(t.id);
    for (const PluginInfo &p : env.catalog.plugins())
        for (const WorkloadInfo &w : p.workloads) known.push_back(w.id);
    const std::string near = nearest_name(id, known);
    return "unknown test, group or workload '" + id + "'" +
           (near.empty() ? "" : "; did you mean '" + near + "'?") +
           " (bytebench list shows them all)";
}

}  // namespace

int describe_command(const GlobalOptions &global, const DescribeOptions &o) {
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    // A group first, as `run` reads a name.
    const std::string &id = o.id;
    const bool group = env->suite.find_group(id) != nullptr;
    if (!group && env->suite.find_test(id) == nullptr && !env->catalog.find_workload(id)) {
        print_error(unknown_id_error(id, *env));
        return kExitBadInput;
    }
    try {
        if (o.format == "json")
            print_json_document(
                "describe",
                group ? group_json(id, env->suite, env->catalog)
                      : describe_json(plan_test(id, env->suite, env->catalog, {}), env->catalog));
        else
            print_out(
                group ? group_text(id, env->suite, env->catalog)
                      : describe_text(plan_test(id, env->suite, env->catalog, {}), env->catalog));
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    return kExitOk;
}

}  // namespace bytebench::cli
