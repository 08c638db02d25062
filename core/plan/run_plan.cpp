#include "plan/run_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "base/names.h"
#include "model/param_rules.h"

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

// `where` starts every error message: "test 'fsdisk': " or "test 'fsdisk': quick_params: ".
ParamValues resolve_params(const std::string &where, const WorkloadInfo &w,
                           const ParamValues &given) {
    try {
        return resolve_param_values(w, given);
    } catch (const ParamError &e) {
        throw SelectionError(where + e.what());
    }
}

// Each of a suite test's values against the workload, the message led by
// the file:line:column it was written at ("s.toml:7:12: test 'a': ...").
void check_suite_params(const std::string &where, const WorkloadInfo &w, const ParamValues &given,
                        const std::map<std::string, std::string> &places) {
    for (const auto &[key, value] : given) {
        const auto place = places.find(key);
        resolve_params((place == places.end() ? "" : place->second + ": ") + where, w,
                       {{key, value}});
    }
}

std::string joined(const std::set<std::string> &items) {
    std::string list;
    for (const std::string &item : items) list += (list.empty() ? "" : ", ") + item;
    return list.empty() ? "none" : list;
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
        if (const std::string problem = name_problem("test or group", name); !problem.empty())
            throw SelectionError(problem);
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
    // load_suite() and expand_names() refuse them first; a suite made in
    // code is held to the rule here.
    for (const auto &[what, name] : {std::pair{"test", &id}, std::pair{"workload", &workload_id}})
        if (const std::string problem = name_problem(what, *name); !problem.empty())
            throw SelectionError(problem);
    PlannedTest t;
    t.id = id;
    const auto found = catalog.find_workload(workload_id);
    if (found) {
        t.workload = *found->workload;
        t.plugin_path = found->plugin->path;
        t.plugin_id = found->plugin->id;
        t.plugin_build = found->plugin->build_info;
        t.plugin_isa_level = found->plugin->isa_level;
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
        // Each value on its own first, so that the message names the line
        // it was written on. quick_params are checked on every run, so a
        // typo in them shows before anyone runs --quick; under --quick they
        // win over params.
        check_suite_params(where + "quick_params: ", w, def->quick_params, def->quick_param_places);
        check_suite_params(where, w, def->params, def->param_places);
        given = def->params;
        if (options.quick)
            given.insert(given.end(), def->quick_params.begin(), def->quick_params.end());
    }
    // The command line wins over the suite: later values replace earlier ones.
    for (const ParamOverride &o : options.overrides) {
        if (!o.applies_to(id, w)) continue;
        resolve_params("--param " + o.text() + ": " + where, w, {{o.key, o.value}});
        given.emplace_back(o.key, o.value);
    }
    t.params = resolve_params(where, w, given);
    return t;
}

std::string ParamOverride::text() const {
    return (test.empty() ? "" : test + ".") + key + "=" + value;
}

// TEST.KEY names the test; a bare KEY applies to every test declaring it.
bool ParamOverride::applies_to(const std::string &id, const WorkloadInfo &w) const {
    if (!test.empty()) return test == id;
    return std::any_of(w.params.begin(), w.params.end(),
                       [&](const ParamInfo &p) { return p.key == key; });
}

ParamOverride parse_param_override(const std::string &text) {
    const size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw SelectionError("--param " + text + ": expected KEY=VALUE or TEST.KEY=VALUE");
    ParamOverride o;
    o.value = text.substr(eq + 1);
    // Keys are [a-z0-9_]+, test ids may hold dots: the last dot ends the test.
    const std::string name = text.substr(0, eq);
    const size_t dot = name.rfind('.');
    o.key = dot == std::string::npos ? name : name.substr(dot + 1);
    if (dot != std::string::npos) o.test = name.substr(0, dot);
    if (o.key.empty() || (dot != std::string::npos && o.test.empty()))
        throw SelectionError("--param " + text + ": expected KEY=VALUE or TEST.KEY=VALUE");
    return o;
}

void check_param_overrides(const std::vector<ParamOverride> &overrides,
                           const std::vector<PlannedTest> &tests) {
    std::set<std::string> keys, ids;
    for (const PlannedTest &t : tests) {
        if (!t.unavailable.empty()) continue;
        ids.insert(t.id);
        for (const ParamInfo &p : t.workload.params) keys.insert(p.key);
    }
    for (const ParamOverride &o : overrides) {
        if (!o.test.empty() && ids.count(o.test) == 0)
            throw SelectionError("--param " + o.text() + ": '" + o.test +
                                 "' is not a selected test (selected: " + joined(ids) + ")");
        if (o.test.empty() && keys.count(o.key) == 0)
            throw SelectionError("--param " + o.text() + ": no selected test has a parameter '" +
                                 o.key + "' (their parameters: " + joined(keys) + ")");
    }
}

}  // namespace bytebench
