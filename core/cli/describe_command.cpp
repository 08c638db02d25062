// `bytebench describe TEST|WORKLOAD`: what one test measures and how, its
// parameters with what they allow, and the plugin file it comes from; for a
// suite test, as the suite sets it up.
#include <bytebench/plugin.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "base/text.h"
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
    if (w.time_base_s == 0) return w.unit + " (the workload reports a rate)";
    if (w.time_base_s == 1) return w.unit + " (count per second)";
    return w.unit + " (count per " + duration_text(w.time_base_s) + ")";
}

std::string flags_text(uint32_t flags) {
    std::string text;
    if (flags & BB_WORKLOAD_SINGLE_COPY) text += "single-copy";
    if (flags & BB_WORKLOAD_NEEDS_DISK)
        text += std::string(text.empty() ? "" : ", ") + "needs-disk";
    return text.empty() ? "none" : text;
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
    text += line("category", t.category.empty() ? "-" : t.category);
    text += line("passes", std::to_string(t.passes) + " (" + (w.repeat_long ? "long" : "short") +
                               " repeat class)");
    text += line("duration", duration_text(t.duration_s) + " a pass");
    text += line("baseline", t.baseline ? text_format("%g", *t.baseline) : "none (no index)");
    text += line("flags", flags_text(w.flags));
    text += line("processes", std::to_string(w.processes_per_copy) + " per copy, at most");
    return text + params_text(t);
}

}  // namespace

int describe_command(const GlobalOptions &global, const std::string &id) {
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    if (env->suite.find_test(id) == nullptr && !env->catalog.find_workload(id)) {
        std::vector<std::string> known;
        for (const TestDef &t : env->suite.tests) known.push_back(t.id);
        for (const PluginInfo &p : env->catalog.plugins())
            for (const WorkloadInfo &w : p.workloads) known.push_back(w.id);
        const std::string near = nearest_name(id, known);
        print_error("unknown test or workload '" + id + "'" +
                    (near.empty() ? "" : "; did you mean '" + near + "'?") +
                    " (bytebench list shows them all)");
        return kExitBadInput;
    }
    try {
        print_out(describe_text(plan_test(id, env->suite, env->catalog, {}), env->catalog));
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    return kExitOk;
}

}  // namespace bytebench::cli
