#include "metric_descriptors.h"

#include <cstddef>
#include <cstring>
#include <set>

#include "base/decimal.h"
#include "descriptor_rules.h"

namespace bytebench::worker {
namespace {

// The fields every reader of a metric needs, in order (descriptor_rules.h).
const std::vector<FieldEnd> kMetricFields = {
    BB_FIELD_END(bb_metric_desc, key), BB_FIELD_END(bb_metric_desc, name),
    BB_FIELD_END(bb_metric_desc, unit), BB_FIELD_END(bb_metric_desc, better),
    BB_FIELD_END(bb_metric_desc, combine)};

const std::vector<FieldEnd> kRequirementFields = {BB_FIELD_END(bb_requirements, cpu_feature_count),
                                                  BB_FIELD_END(bb_requirements, cpu_features),
                                                  BB_FIELD_END(bb_requirements, temp_space_bytes),
                                                  BB_FIELD_END(bb_requirements, memory_bytes),
                                                  BB_FIELD_END(bb_requirements, tool_count),
                                                  BB_FIELD_END(bb_requirements, tools),
                                                  BB_FIELD_END(bb_requirements, root)};

bool known_direction(bb_direction d) { return d == BB_HIGHER_IS_BETTER || d == BB_LOWER_IS_BETTER; }

bool known_combine(bb_combine c) { return c >= BB_COMBINE_SUM && c <= BB_COMBINE_MAX; }

constexpr size_t kMaxKeyBytes = 64;

std::string metric_problem(const bb_metric_desc &m, const std::string &number,
                           const std::string &named) {
    if (const std::string why = key_problem(number + " key", m.key); !why.empty()) return why;
    const std::string where = named + " metric '" + m.key + "'";
    if (std::strlen(m.key) > kMaxKeyBytes) return where + ": the key is longer than 64 bytes";
    if (!known_direction(m.better))
        return where + ": better is " + std::to_string(m.better) +
               ", not BB_HIGHER_IS_BETTER (0) or BB_LOWER_IS_BETTER (1)";
    if (!known_combine(m.combine))
        return where + ": combine is " + std::to_string(m.combine) +
               ", not one of BB_COMBINE_SUM (0), MEAN (1), MIN (2) or MAX (3)";
    return "";
}

std::string metrics_problem(const bb_workload &w, const std::string &named) {
    if (w.metric_count == 0) return "";
    if (w.metric_count > BB_MAX_METRICS)
        return named + " declares " + std::to_string(w.metric_count) +
               " metrics; BB_MAX_METRICS is " + std::to_string(BB_MAX_METRICS);
    if (w.metrics == nullptr) return named + " declares metrics but metrics is NULL";
    if (const std::string why =
            size_problem(named + " metric #0", w.metrics[0].struct_size, kMetricFields, "1.2");
        !why.empty())
        return why;
    std::set<std::string> keys;
    for (uint32_t i = 0; i < w.metric_count; ++i) {
        const bb_metric_desc &m = entry_at(w.metrics, i);
        const std::string number = named + " metric #" + std::to_string(i);
        if (m.struct_size != w.metrics[0].struct_size)
            return number + " has another struct_size than metric #0";
        if (const std::string why = metric_problem(m, number, named); !why.empty()) return why;
        if (!keys.insert(m.key).second) return named + " metric '" + m.key + "' is declared twice";
    }
    return "";
}

// Every name of a list (CPU features, tools) present and made of
// [a-z0-9_]+ (features) or of printable characters without a slash
// (tools: a name looked up on PATH, not a path).
std::string names_problem(uint32_t count, const char *const *names, const std::string &what,
                          bool is_tool) {
    if (count > 0 && names == nullptr) return what + " count is set but the array is NULL";
    for (uint32_t i = 0; i < count; ++i) {
        const char *name = names[i];
        const std::string number = what + " #" + std::to_string(i);
        if (!is_tool) {
            if (const std::string why = key_problem(number, name); !why.empty()) return why;
            continue;
        }
        if (name == nullptr || *name == '\0') return number + " is missing";
        for (const char *p = name; *p != '\0'; ++p)
            if (*p == '/' || static_cast<unsigned char>(*p) <= ' ')
                return number + " '" + name +
                       "' is not a program name (no slash, no space: it is looked up on PATH)";
    }
    return "";
}

constexpr uint32_t kMaxDisplayInfoArgs = 16;

// The display program (ABI 1.4): a relative path that stays in the plugin's
// folder, with its arguments, each present.
std::string display_info_problem(const bb_requirements &r, const std::string &named) {
    if (!BB_HAS_FIELD(&r, bb_requirements, display_info) || r.display_info_count == 0) return "";
    const std::string what = named + " display_info";
    if (r.display_info == nullptr)
        return what + ": display_info_count is set but the array is NULL";
    if (r.display_info_count > kMaxDisplayInfoArgs)
        return what + ": " + std::to_string(r.display_info_count) + " entries, at most " +
               std::to_string(kMaxDisplayInfoArgs);
    if (r.display == 0) return what + " is given but display (the requirement) is not set";
    for (uint32_t i = 0; i < r.display_info_count; ++i)
        if (r.display_info[i] == nullptr) return what + " #" + std::to_string(i) + " is NULL";
    if (const std::string why = relative_path_problem(r.display_info[0]); !why.empty())
        return what + " program '" + r.display_info[0] + "' " + why;
    return "";
}

std::string requirements_problem(const bb_requirements *r, const std::string &named) {
    if (r == nullptr) return "";
    if (const std::string why =
            size_problem(named + " requirements", r->struct_size, kRequirementFields, "1.2");
        !why.empty())
        return why;
    if (std::string why = names_problem(r->cpu_feature_count, r->cpu_features,
                                        named + " required CPU feature", false);
        !why.empty())
        return why;
    if (std::string why = names_problem(r->tool_count, r->tools, named + " required tool", true);
        !why.empty())
        return why;
    return display_info_problem(*r, named);
}

Requirements read_requirements(const bb_requirements &r) {
    Requirements needs;
    for (uint32_t i = 0; i < r.cpu_feature_count; ++i)
        needs.cpu_features.emplace_back(r.cpu_features[i]);
    needs.temp_space_bytes = r.temp_space_bytes;
    needs.memory_bytes = r.memory_bytes;
    for (uint32_t i = 0; i < r.tool_count; ++i) needs.tools.emplace_back(r.tools[i]);
    needs.root = r.root != 0;
    if (BB_HAS_FIELD(&r, bb_requirements, display_info))
        for (uint32_t i = 0; i < r.display_info_count; ++i)
            needs.display_info.emplace_back(r.display_info[i]);
    return needs;
}

Direction direction_of(bb_direction d) {
    return d == BB_LOWER_IS_BETTER ? Direction::lower_is_better : Direction::higher_is_better;
}

}  // namespace

bool needs_display(const bb_workload &w, uint16_t plugin_minor) {
    if (plugin_minor < 3 || !BB_HAS_FIELD(&w, bb_workload, setup_timeout_s)) return false;
    const bb_requirements *r = w.requirements;
    return r != nullptr && BB_HAS_FIELD(r, bb_requirements, display) && r->display != 0;
}

std::string abi_1_2_descriptors_problem(const bb_workload &w, const std::string &named) {
    if (!BB_HAS_FIELD(&w, bb_workload, setup_timeout_s)) return "";
    if (!known_direction(w.better))
        return named + ": better is " + std::to_string(w.better) +
               ", not BB_HIGHER_IS_BETTER (0) or BB_LOWER_IS_BETTER (1)";
    if (BB_HAS_FIELD(&w, bb_workload, combine) && !known_combine(w.combine))
        return named + ": combine is " + std::to_string(w.combine) +
               ", not one of BB_COMBINE_SUM (0), MEAN (1), MIN (2) or MAX (3)";
    if (std::string why = metrics_problem(w, named); !why.empty()) return why;
    if (std::string why = requirements_problem(w.requirements, named); !why.empty()) return why;
    if (w.setup_timeout_s != 0)
        return decimal_problem(w.setup_timeout_s, DecimalRange::from_to(0.001, 86400, "seconds"),
                               "the set-up time limit (setup_timeout_s) of " + named);
    return "";
}

void read_abi_1_2_descriptors(const bb_workload &w, uint16_t plugin_minor, WorkloadInfo &info) {
    // A workload built before 1.2 ends before these members: the defaults.
    if (!BB_HAS_FIELD(&w, bb_workload, setup_timeout_s)) return;
    info.better = direction_of(w.better);
    info.combine = main_value_combine(info.better,
                                      BB_HAS_FIELD(&w, bb_workload, combine)
                                          ? std::optional<Combine>(static_cast<Combine>(w.combine))
                                          : std::nullopt);
    for (uint32_t i = 0; i < w.metric_count; ++i) {
        const bb_metric_desc &m = entry_at(w.metrics, i);
        MetricInfo &metric = info.metrics.emplace_back();
        metric.key = m.key;
        metric.name = text_of(m.name).empty() ? metric.key : text_of(m.name);
        metric.unit = text_of(m.unit);
        metric.better = direction_of(m.better);
        metric.combine = static_cast<Combine>(m.combine);
    }
    if (w.requirements != nullptr) info.requirements = read_requirements(*w.requirements);
    info.requirements.display = needs_display(w, plugin_minor);
    if (!info.requirements.display) info.requirements.display_info.clear();
    info.has_setup = w.setup != nullptr;
    info.has_teardown = w.teardown != nullptr;
    if (w.setup_timeout_s != 0) info.setup_timeout_s = w.setup_timeout_s;
}

}  // namespace bytebench::worker
