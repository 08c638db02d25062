// `bytebench list` and `bytebench plugins`: what can run, with which
// parameters, and where it comes from.
#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

#include "base/text.h"
#include "cli/param_text.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "plan/run_plan.h"
#include "system/display_choice.h"
#include "system/requirement_check.h"

namespace bytebench::cli {
namespace {

// Widths of the TEST, WORKLOAD and NAME columns: the longest of each, so that
// a plugin's long workload ids do not push the other columns out of line.
struct Columns {
    int test = 4;
    int workload = 8;
    int name = 4;
};

Columns columns_for(const std::vector<PlannedTest> &rows) {
    Columns c;
    for (const PlannedTest &t : rows) {
        c.test = std::max(c.test, int(t.id.size()));
        c.workload = std::max(c.workload, int(t.workload.id.size()));
        c.name = std::max(c.name, int(t.name.size()));
    }
    return c;
}

// Why `run --display auto` would find no display for the tests that need
// one, or "": asked once, and only when a listed test needs a display.
const std::string &display_unmet() {
    static const std::string reason = [] {
        const DisplayOption automatic;
        const DisplayChoice c =
            choose_display(automatic, true, read_display_facts(automatic, true));
        return c.action == DisplayChoice::Action::unavailable ? c.skip_reason : std::string();
    }();
    return reason;
}

// What keeps a test from running here: its workload is missing, or this
// machine lacks what it needs for one copy (the check `run` makes).
std::string cannot_run_mark(const PlannedTest &t, const MachineFacts &here) {
    if (!t.unavailable.empty()) return "  [unavailable]";
    std::string unmet = unmet_requirements(t.workload.requirements, 1, here);
    if (t.workload.requirements.display && !display_unmet().empty())
        unmet += (unmet.empty() ? "" : "; ") + display_unmet();
    return unmet.empty() ? "" : "  (cannot run here: " + unmet + ")";
}

// One line per test; with -v, its parameters' table below it.
void print_test_row(const PlannedTest &t, const Columns &c, const MachineFacts &here,
                    bool verbose) {
    const std::string passes = std::to_string(t.passes);
    std::string row = text_format(
        "  %-*s  %-*s  %-7s %6s %8s s %10s  %-*s  %s%s", c.test, t.id.c_str(), c.workload,
        t.workload.id.c_str(), t.workload.unit.empty() ? "-" : t.workload.unit.c_str(),
        passes.c_str(), text_format("%g", t.duration_s).c_str(),
        t.baseline ? text_format("%g", *t.baseline).c_str() : "-", c.name, t.name.c_str(),
        param_values_text(t.params).c_str(), cannot_run_mark(t, here).c_str());
    row.erase(row.find_last_not_of(' ') + 1);  // no padding after the last column
    print_out(row + "\n");
    if (verbose) print_out(param_table(t.workload.params, "      "));
}

// " (results only)" or " (comparisons only)"; "" for a reporter of both.
std::string renders_only(const ReporterInfo &r) {
    if (r.renders_results == r.renders_comparisons) return "";
    return r.renders_results ? " (results only)" : " (comparisons only)";
}

}  // namespace

int list_command(const GlobalOptions &global) {
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    std::vector<PlannedTest> suite_rows, other_rows;
    try {
        std::set<std::string> listed;
        for (const TestDef &def : env->suite.tests) {
            suite_rows.push_back(plan_test(def.id, env->suite, env->catalog, {}));
            listed.insert(def.workload);
        }
        for (const PluginInfo &p : env->catalog.plugins())
            for (const WorkloadInfo &w : p.workloads)
                if (listed.count(w.id) == 0)
                    other_rows.push_back(plan_test(w.id, env->suite, env->catalog, {}));
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    std::vector<PlannedTest> all = suite_rows;
    all.insert(all.end(), other_rows.begin(), other_rows.end());
    const Columns c = columns_for(all);

    print_out(text_format("Tests of suite '%s' (%s):\n", env->suite.name.c_str(),
                          env->suite.path.c_str()));
    print_out(text_format("  %-*s  %-*s  %-7s %6s %10s %10s  %-*s  %s\n", c.test, "TEST",
                          c.workload, "WORKLOAD", "UNIT", "PASSES", "DURATION", "BASELINE", c.name,
                          "NAME", "PARAMETERS"));
    // Read once: /proc/cpuinfo is not free on big machines.
    const MachineFacts here = read_machine_facts(default_tmpdir());
    for (const PlannedTest &t : suite_rows) print_test_row(t, c, here, global.verbose);
    if (!other_rows.empty()) print_out("\nOther workloads of loaded plugins:\n");
    for (const PlannedTest &t : other_rows) print_test_row(t, c, here, global.verbose);

    print_out("\nGroups:\n");
    for (const auto &[group, members] : env->suite.groups) {
        std::string list;
        for (const std::string &m : members) list += (list.empty() ? "" : " ") + m;
        print_out(text_format("  %-12s %s\n", group.c_str(), list.c_str()));
    }
    print_out("\nDefault (bytebench run):");
    for (const std::string &t : env->suite.default_tests) print_out(text_format(" %s", t.c_str()));
    print_out("\n");
    return kExitOk;
}

namespace {

// What a plugin exports besides its entry, when it does: any of it can
// clash with another plugin's or the host's symbols.
void print_extra_exports(const PluginInfo &p) {
    constexpr size_t kNamed = 3;
    if (p.extra_exports.empty()) return;
    std::string names;
    for (size_t i = 0; i < p.extra_exports.size() && i < kNamed; ++i)
        names += (i == 0 ? "" : ", ") + p.extra_exports[i];
    if (p.extra_exports.size() > kNamed) names += ", ...";
    print_out(text_format(
        "    warning: exports %zu symbol%s besides bytebench_plugin_entry (%s); build it with "
        "bytebench_add_plugin(), or hidden visibility and a version script\n",
        p.extra_exports.size(), p.extra_exports.size() == 1 ? "" : "s", names.c_str()));
}

void print_loaded(const PluginInfo &p) {
    print_out(text_format("  %s %s (ABI %s)%s%s\n    file: %s\n", p.id.c_str(), p.version.c_str(),
                          p.abi.c_str(), p.vendor.empty() ? "" : " by ", p.vendor.c_str(),
                          p.path.c_str()));
    if (!p.isa_level.empty())
        print_out(text_format("    ISA level: %s (packaged: %s)\n", p.isa_level.c_str(),
                              joined(p.packaged_levels, ", ").c_str()));
    std::string workloads, reporters;
    for (const WorkloadInfo &w : p.workloads) workloads += (workloads.empty() ? "" : ", ") + w.id;
    for (const ReporterInfo &r : p.reporters)
        reporters += (reporters.empty() ? "" : ", ") + r.id + renders_only(r);
    if (!workloads.empty()) print_out(text_format("    workloads: %s\n", workloads.c_str()));
    for (const WorkloadInfo &w : p.workloads)
        if (!w.params.empty())
            print_out(text_format("    parameters of %s:\n", w.id.c_str()) +
                      param_table(w.params, "      "));
    if (!reporters.empty()) print_out(text_format("    reporters: %s\n", reporters.c_str()));
    print_extra_exports(p);
}

// 2 for what every command refuses (a missing folder, files open to other
// users), 1 when a plugin failed to load or was refused for a duplicate id
// (the other commands go on with a warning), else 0.
int plugins_exit_code(const std::vector<PluginProblem> &problems) {
    int code = kExitOk;
    for (const PluginProblem &p : problems) {
        if (p.kind == PluginProblem::Kind::missing_folder || p.kind == PluginProblem::Kind::refused)
            return kExitBadInput;
        if (p.kind == PluginProblem::Kind::failed || p.kind == PluginProblem::Kind::duplicate)
            code = kExitTestFailed;
    }
    return code;
}

}  // namespace

int plugins_command(const GlobalOptions &global) {
    const InstallLayout layout = locate_install();
    const PluginCatalog catalog = PluginCatalog::scan(
        plugin_search_path(layout, global.plugin_paths), scan_options(global, layout));
    print_out("Plugin folders (in search order):\n");
    for (const std::string &dir : catalog.directories())
        print_out(text_format("  %s\n", dir.c_str()));
    print_out("\nLoaded:\n");
    if (catalog.plugins().empty()) print_out("  (none)\n");
    for (const PluginInfo &p : catalog.plugins()) print_loaded(p);
    const std::vector<std::string> not_plugins = not_plugin_summaries(catalog.problems());
    if (!catalog.problems().empty()) print_out("\nNot loaded:\n");
    for (const PluginProblem &p : catalog.problems())
        if (p.kind != PluginProblem::Kind::ignored)
            print_out(text_format(
                "  %s\n    %s\n", p.path.c_str(),
                (p.kind == PluginProblem::Kind::duplicate ? "refused: " + p.reason : p.reason)
                    .c_str()));
    for (const std::string &line : not_plugins) print_out(text_format("  %s\n", line.c_str()));
    return plugins_exit_code(catalog.problems());
}

}  // namespace bytebench::cli
