#include "plan/run_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

namespace bytebench {
namespace {

size_t edit_distance(const std::string &a, const std::string &b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            const bool same = std::tolower(a[i - 1]) == std::tolower(b[j - 1]);
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

std::vector<std::string> known_names(const Suite &suite, const PluginCatalog &catalog) {
    std::vector<std::string> names;
    for (const auto &[group, members] : suite.groups) names.push_back(group);
    for (const TestDef &t : suite.tests) names.push_back(t.id);
    for (const PluginInfo &p : catalog.plugins())
        for (const WorkloadInfo &w : p.workloads) names.push_back(w.id);
    return names;
}

bool valid_value(const std::string &type, const std::string &value) {
    char *end = nullptr;
    if (type == "int") {
        std::strtoll(value.c_str(), &end, 10);
        return !value.empty() && *end == '\0';
    }
    if (type == "float") {
        const double v = std::strtod(value.c_str(), &end);
        return !value.empty() && *end == '\0' && std::isfinite(v);
    }
    if (type == "bool") return value == "true" || value == "false";
    return true;
}

// `where` starts every error message: "test 'fsdisk': " or "test 'fsdisk': quick_params: ".
std::vector<std::pair<std::string, std::string>> resolve_params(
    const std::string &where, const WorkloadInfo &w,
    const std::vector<std::pair<std::string, std::string>> &given) {
    for (const auto &param : given) {
        // Not a structured binding: C++17 lambdas cannot capture those (clang refuses).
        const std::string &key = param.first, &value = param.second;
        const auto declared = std::find_if(w.params.begin(), w.params.end(),
                                           [&](const ParamInfo &p) { return p.key == key; });
        if (declared == w.params.end()) {
            std::string list;
            for (const ParamInfo &p : w.params) list += (list.empty() ? "" : ", ") + p.key;
            throw SelectionError(where + "workload '" + w.id + "' has no parameter '" + key +
                                 "' (it has: " + (list.empty() ? "none" : list) + ")");
        }
        if (!valid_value(declared->type, value))
            throw SelectionError(where + "parameter '" + key + "' must be " + declared->type +
                                 ", got '" + value + "'");
    }
    std::vector<std::pair<std::string, std::string>> resolved;
    for (const ParamInfo &p : w.params) {
        std::string value = p.default_value;
        for (const auto &[key, v] : given)
            if (key == p.key) value = v;
        resolved.emplace_back(p.key, value);
    }
    return resolved;
}

}  // namespace

int passes_for(bool repeat_long, std::optional<int> iterations) {
    const int n = iterations.value_or(10);
    return repeat_long ? n : std::max(1, (n + 1) / 3);
}

std::string nearest_name(const std::string &name, const std::vector<std::string> &known) {
    std::string best;
    size_t best_distance = std::max<size_t>(2, name.size() / 3) + 1;
    for (const std::string &k : known) {
        const size_t d = edit_distance(name, k);
        if (d < best_distance) {
            best_distance = d;
            best = k;
        }
    }
    return best;
}

std::vector<std::string> expand_names(const std::vector<std::string> &names, const Suite &suite,
                                      const PluginCatalog &catalog) {
    std::vector<std::string> ids;
    std::set<std::string> seen;
    auto add = [&](const std::string &id) {
        if (seen.insert(id).second) ids.push_back(id);
    };
    // A group's members in order, a member group's tests in its place, depth
    // first without recursion. A group is expanded once: again it would add
    // nothing, and a suite of groups that each name the next one twice would
    // take 2^n steps. (load_suite refuses cycles; a Suite built in code may
    // have them, and they end here too.)
    std::map<std::string, const std::vector<std::string> *> groups;
    for (const auto &[group, members] : suite.groups) groups.emplace(group, &members);
    std::set<std::string> expanded;
    const auto add_group = [&](const std::string &group) {
        if (!expanded.insert(group).second) return;
        std::vector<std::pair<const std::vector<std::string> *, size_t>> path = {
            {groups.at(group), 0}};
        while (!path.empty()) {
            const std::vector<std::string> &members = *path.back().first;
            if (path.back().second == members.size()) {
                path.pop_back();
                continue;
            }
            const std::string &member = members[path.back().second++];
            const auto inner = groups.find(member);
            if (inner == groups.end())
                add(member);
            else if (expanded.insert(member).second)
                path.emplace_back(inner->second, 0);
        }
    };
    for (const std::string &name : names) {
        if (groups.count(name) != 0) {
            add_group(name);
        } else if (suite.find_test(name) != nullptr || catalog.find_workload(name)) {
            add(name);
        } else if (const std::string why = catalog.refusal_of_workload(name); !why.empty()) {
            throw SelectionError("test '" + name + "' is not available: " + why);
        } else {
            const std::string near = nearest_name(name, known_names(suite, catalog));
            throw SelectionError("unknown test or group '" + name + "'" +
                                 (near.empty() ? "" : "; did you mean '" + near + "'?") +
                                 " (bytebench list shows them all)");
        }
    }
    return ids;
}

PlannedTest plan_test(const std::string &id, const Suite &suite, const PluginCatalog &catalog,
                      const PlanOptions &options) {
    const TestDef *def = suite.find_test(id);
    const std::string workload_id = def != nullptr ? def->workload : id;
    PlannedTest t;
    t.id = id;
    const auto found = catalog.find_workload(workload_id);
    if (found) {
        t.workload = *found->workload;
        t.plugin_path = found->plugin->path;
        t.plugin_id = found->plugin->id;
        t.plugin_build = found->plugin->build_info;
    } else {
        const std::string refused = catalog.refusal_of_workload(workload_id);
        t.unavailable = refused.empty() ? "no loaded plugin provides workload '" + workload_id + "'"
                                        : "workload '" + workload_id + "': " + refused;
        t.workload.id = workload_id;
    }
    const WorkloadInfo &w = t.workload;
    t.name = def != nullptr && !def->name.empty() ? def->name : (w.name.empty() ? id : w.name);
    t.category = def != nullptr && !def->category.empty() ? def->category : w.category;
    if (def != nullptr && def->baseline)
        t.baseline = def->baseline;
    else if (def == nullptr && w.baseline > 0)
        t.baseline = w.baseline;
    const bool repeat_long = def != nullptr && def->repeat_long ? *def->repeat_long : w.repeat_long;
    t.passes = def != nullptr && def->passes && !options.iterations
                   ? *def->passes
                   : passes_for(repeat_long, options.iterations);
    t.duration_s = options.duration_s.value_or(
        def != nullptr && def->duration_s ? *def->duration_s : w.default_duration_s);
    if (!found) return t;
    const std::string where = "test '" + id + "': ";
    std::vector<std::pair<std::string, std::string>> given;
    if (def != nullptr) {
        // quick_params are checked on every run, so a typo in them shows
        // before anyone runs --quick; under --quick they win over params.
        resolve_params(where + "quick_params: ", w, def->quick_params);
        given = def->params;
        if (options.quick)
            given.insert(given.end(), def->quick_params.begin(), def->quick_params.end());
    }
    t.params = resolve_params(where, w, given);
    return t;
}

}  // namespace bytebench
