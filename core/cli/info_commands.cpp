// `bytebench list` and `bytebench plugins`: what can run, with which
// parameters, and where it comes from.
#include <algorithm>
#include <cstdio>
#include <set>
#include <vector>

#include "base/text.h"
#include "cli/json_output.h"
#include "cli/param_text.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "plan/run_plan.h"
#include "system/display_choice.h"
#include "system/requirement_check.h"

namespace bytebench::cli {
namespace {

// `list` fits 100 columns (a terminal's usual width and more): the
// workload, the parameters' values and why a test cannot run move to
// `describe` and the JSON form; the row keeps a count and a mark.
constexpr size_t kListWidth = 100;

// Width of the TEST column: the longest id, so that the columns line up.
int test_column(const std::vector<PlannedTest> &rows) {
    int width = 4;
    for (const PlannedTest &t : rows) width = std::max(width, int(t.id.size()));
    return width;
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

// What keeps a test from running here: "" when nothing does, else its
// workload is missing (`unavailable` says why) or this machine lacks what
// it needs for one copy (the check `run` makes).
std::string cannot_run_reason(const PlannedTest &t, const MachineFacts &here) {
    if (!t.unavailable.empty()) return t.unavailable;
    std::string unmet = unmet_requirements(t.workload.requirements, 1, here);
    if (t.workload.requirements.display && !display_unmet().empty())
        unmet += (unmet.empty() ? "" : "; ") + display_unmet();
    return unmet;
}

std::string cannot_run_mark(const PlannedTest &t, const MachineFacts &here) {
    if (!t.unavailable.empty()) return "  [unavailable]";
    return cannot_run_reason(t, here).empty() ? "" : "  (cannot run here)";
}

// `text` cut to `width` bytes (the names are ASCII in practice; a UTF-8
// sequence is never split), "..." marking the cut.
std::string fitted(const std::string &text, size_t width) {
    if (text.size() <= width) return text;
    return width <= 3 ? text.substr(0, width) : utf8_prefix(text, width - 3) + "...";
}

// The text before the NAME column is this much wider than the TEST column.
constexpr size_t kColumnsBeforeName = 45;
// The widest mark after a name.
constexpr size_t kMarkWidth = sizeof("  (cannot run here)") - 1;

// One line per test, its name shortened so that the line fits, and padded
// to `name_width` when a mark follows (the marks line up); with -v, its
// parameters' table below it.
void print_test_row(const PlannedTest &t, int test_width, size_t name_width,
                    const MachineFacts &here, bool verbose) {
    const std::string params =
        t.workload.params.empty() ? "-" : std::to_string(t.workload.params.size());
    const std::string start =
        text_format("  %-*s  %-7s %6d %8s %8s %6s  ", test_width, t.id.c_str(),
                    fitted(t.workload.unit.empty() ? "-" : t.workload.unit, 7).c_str(), t.passes,
                    (text_format("%g", t.duration_s) + " s").c_str(),
                    t.baseline ? text_format("%g", *t.baseline).c_str() : "-", params.c_str());
    const std::string mark = cannot_run_mark(t, here);
    const size_t room =
        kListWidth > start.size() + mark.size() ? kListWidth - start.size() - mark.size() : 0;
    std::string name = fitted(t.name, mark.empty() ? room : std::min(room, name_width));
    if (!mark.empty() && name.size() < name_width) name.resize(name_width, ' ');
    std::string row = fitted(start + name + mark, kListWidth);
    row.erase(row.find_last_not_of(' ') + 1);  // no padding after the last column
    print_out(row + "\n");
    if (verbose) print_out(param_table(t.workload.params, "      "));
}

// How wide the names of marked rows are padded: the longest name, as far
// as 100 columns leave room beside the widest mark.
size_t name_column(const std::vector<PlannedTest> &rows, int test_width) {
    size_t longest = 4;
    for (const PlannedTest &t : rows) longest = std::max(longest, t.name.size());
    const size_t used = size_t(test_width) + kColumnsBeforeName + kMarkWidth;
    return std::min(longest, kListWidth > used ? kListWidth - used : 0);
}

// `words` after `label`, wrapped at kListWidth, the lines after the first
// indented under the first word.
std::string wrapped(const std::string &label, const std::vector<std::string> &words) {
    const size_t indent = label.size();
    std::string text = label, line_so_far = label;
    for (const std::string &word : words) {
        if (line_so_far.size() > indent && line_so_far.size() + 1 + word.size() > kListWidth) {
            text += "\n" + std::string(indent, ' ');
            line_so_far = std::string(indent, ' ');
        } else if (line_so_far.size() > indent) {
            text += " ";
            line_so_far += " ";
        }
        text += word;
        line_so_far += word;
    }
    return text + "\n";
}

std::vector<std::string> split_words(const std::string &text) {
    std::vector<std::string> words;
    size_t start = 0;
    for (size_t space; (space = text.find(' ', start)) != std::string::npos; start = space + 1)
        if (space > start) words.push_back(text.substr(start, space - start));
    if (start < text.size()) words.push_back(text.substr(start));
    return words;
}

// " (results only)" or " (comparisons only)"; "" for a reporter of both.
std::string renders_only(const ReporterInfo &r) {
    if (r.renders_results == r.renders_comparisons) return "";
    return r.renders_results ? " (results only)" : " (comparisons only)";
}

// The suite's tests, then the workloads of loaded plugins that no suite
// test runs. Throws with a one-line message.
struct ListedTests {
    std::vector<PlannedTest> suite, other;
};

ListedTests listed_tests(const Environment &env) {
    ListedTests rows;
    std::set<std::string> listed;
    for (const TestDef &def : env.suite.tests) {
        rows.suite.push_back(plan_test(def.id, env.suite, env.catalog, {}));
        listed.insert(def.workload);
    }
    for (const PluginInfo &p : env.catalog.plugins())
        for (const WorkloadInfo &w : p.workloads)
            if (listed.count(w.id) == 0)
                rows.other.push_back(plan_test(w.id, env.suite, env.catalog, {}));
    return rows;
}

// Why each test marked "[unavailable]" or "(cannot run here)" cannot run:
// the tests sharing a reason (the graphics tests without a display) named
// under it once.
void print_cannot_run(const std::vector<PlannedTest> &rows, const MachineFacts &here) {
    std::vector<std::pair<std::string, std::vector<std::string>>> reasons;
    for (const PlannedTest &t : rows) {
        const std::string reason = cannot_run_reason(t, here);
        if (reason.empty()) continue;
        auto found = std::find_if(reasons.begin(), reasons.end(),
                                  [&](const auto &r) { return r.first == reason; });
        if (found == reasons.end()) found = reasons.insert(reasons.end(), {reason, {}});
        found->second.push_back(t.id);
    }
    if (reasons.empty()) return;
    print_out("\nCannot run here:\n");
    for (const auto &[reason, tests] : reasons) {
        print_out(wrapped("  ", split_words(reason)));
        print_out(wrapped("    tests: ", tests));
    }
}

// The tests' table, the groups and the default selection, in 100 columns.
void print_list_text(const Environment &env, const ListedTests &rows, bool verbose) {
    std::vector<PlannedTest> all = rows.suite;
    all.insert(all.end(), rows.other.begin(), rows.other.end());
    const int width = test_column(all);
    print_out(
        text_format("Tests of suite '%s' (%s):\n", env.suite.name.c_str(), env.suite.path.c_str()));
    print_out(text_format("  %-*s  %-7s %6s %8s %8s %6s  %s\n", width, "TEST", "UNIT", "PASSES",
                          "DURATION", "BASELINE", "PARAMS", "NAME"));
    // Read once: /proc/cpuinfo is not free on big machines.
    const MachineFacts here = read_machine_facts(default_tmpdir());
    const size_t names = name_column(all, width);
    for (const PlannedTest &t : rows.suite) print_test_row(t, width, names, here, verbose);
    if (!rows.other.empty()) print_out("\nOther workloads of loaded plugins:\n");
    for (const PlannedTest &t : rows.other) print_test_row(t, width, names, here, verbose);
    print_cannot_run(all, here);
    print_out("\nGroups:\n");
    for (const auto &[group, members] : env.suite.groups)
        print_out(wrapped(text_format("  %-12s ", group.c_str()), members));
    print_out("\n" + wrapped("Default (bytebench run): ", env.suite.default_tests));
    print_out("bytebench describe TEST shows a test's workload, parameters and requirements.\n");
}

nlohmann::json test_json(const PlannedTest &t, bool in_suite, const MachineFacts &here) {
    nlohmann::json params = nlohmann::json::object();
    for (const auto &[key, value] : t.params) params[key] = value;
    const std::string reason = cannot_run_reason(t, here);
    return {{"id", t.id},
            {"name", t.name},
            {"workload", t.workload.id.empty() ? nlohmann::json() : nlohmann::json(t.workload.id)},
            {"in_suite", in_suite},
            {"category", t.category},
            {"unit", t.workload.unit},
            {"passes", t.passes},
            {"duration_s", t.duration_s},
            {"baseline", t.baseline ? nlohmann::json(*t.baseline) : nlohmann::json()},
            {"params", params},
            {"available", t.unavailable.empty()},
            {"runs_here", reason.empty()},
            {"cannot_run_because", reason.empty() ? nlohmann::json() : nlohmann::json(reason)}};
}

void print_list_json(const Environment &env, const ListedTests &rows) {
    const MachineFacts here = read_machine_facts(default_tmpdir());
    nlohmann::json tests = nlohmann::json::array(), groups = nlohmann::json::array();
    for (const PlannedTest &t : rows.suite) tests.push_back(test_json(t, true, here));
    for (const PlannedTest &t : rows.other) tests.push_back(test_json(t, false, here));
    for (const auto &[group, members] : env.suite.groups)
        groups.push_back({{"name", group}, {"members", members}});
    print_json_document("list", {{"suite", {{"name", env.suite.name}, {"file", env.suite.path}}},
                                 {"tests", tests},
                                 {"groups", groups},
                                 {"default", env.suite.default_tests}});
}

}  // namespace

int list_command(const GlobalOptions &global, const ListOptions &options) {
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    ListedTests rows;
    try {
        rows = listed_tests(*env);
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    if (options.format == "json")
        print_list_json(*env, rows);
    else
        print_list_text(*env, rows, global.verbose);
    return kExitOk;
}

int complete_names(const GlobalOptions &global, const std::string &what) {
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    std::set<std::string> names;
    if (what == "tests" || what == "names") {
        for (const TestDef &t : env->suite.tests) names.insert(t.id);
        for (const PluginInfo &p : env->catalog.plugins())
            for (const WorkloadInfo &w : p.workloads) names.insert(w.id);
    }
    if (what == "groups" || what == "names")
        for (const auto &[group, members] : env->suite.groups) names.insert(group);
    std::string text;
    for (const std::string &name : names) text += name + "\n";
    print_out(text);
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

namespace {

const char *problem_kind_name(PluginProblem::Kind kind) {
    switch (kind) {
        case PluginProblem::Kind::ignored:
            return "ignored";
        case PluginProblem::Kind::failed:
            return "failed";
        case PluginProblem::Kind::duplicate:
            return "duplicate";
        case PluginProblem::Kind::missing_folder:
            return "missing_folder";
        case PluginProblem::Kind::refused:
            return "refused";
    }
    return "failed";
}

nlohmann::json plugin_json(const PluginInfo &p) {
    nlohmann::json workloads = nlohmann::json::array(), reporters = nlohmann::json::array();
    for (const WorkloadInfo &w : p.workloads) workloads.push_back(w.id);
    for (const ReporterInfo &r : p.reporters)
        reporters.push_back({{"id", r.id},
                             {"extension", r.extension},
                             {"renders_results", r.renders_results},
                             {"renders_comparisons", r.renders_comparisons}});
    return {{"id", p.id},
            {"name", p.name},
            {"version", p.version},
            {"abi", p.abi},
            {"vendor", p.vendor},
            {"file", p.path},
            {"isa_level", p.isa_level.empty() ? nlohmann::json() : nlohmann::json(p.isa_level)},
            {"packaged_levels", p.packaged_levels},
            {"workloads", workloads},
            {"reporters", reporters},
            {"extra_exports", p.extra_exports}};
}

void print_plugins_json(const PluginCatalog &catalog) {
    nlohmann::json plugins = nlohmann::json::array(), problems = nlohmann::json::array();
    for (const PluginInfo &p : catalog.plugins()) plugins.push_back(plugin_json(p));
    for (const PluginProblem &p : catalog.problems())
        problems.push_back(
            {{"file", p.path}, {"kind", problem_kind_name(p.kind)}, {"reason", p.reason}});
    print_json_document(
        "plugins",
        {{"folders", catalog.directories()}, {"plugins", plugins}, {"not_loaded", problems}});
}

void print_plugins_text(const PluginCatalog &catalog) {
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
}

}  // namespace

int plugins_command(const GlobalOptions &global, const std::string &format) {
    const InstallLayout layout = locate_install();
    const PluginCatalog catalog = PluginCatalog::scan(
        plugin_search_path(layout, global.plugin_paths), scan_options(global, layout));
    if (format == "json")
        print_plugins_json(catalog);
    else
        print_plugins_text(catalog);
    return plugins_exit_code(catalog.problems());
}

}  // namespace bytebench::cli
