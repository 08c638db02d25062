#include "param_descriptors.h"

#include <cstddef>
#include <vector>

#include "descriptor_rules.h"
#include "model/param_rules.h"

namespace bytebench::worker {
namespace {

const bb_param_desc &param_at(const bb_workload &w, uint32_t i) { return entry_at(w.params, i); }

// The 1.0 fields, which every entry has.
constexpr size_t kParamSize1_0 = offsetof(bb_param_desc, help) + sizeof(const char *);

// The fields every reader needs, in order (descriptor_rules.h).
const std::vector<FieldEnd> kParamFields = {
    BB_FIELD_END(bb_param_desc, key), BB_FIELD_END(bb_param_desc, type),
    BB_FIELD_END(bb_param_desc, default_value), BB_FIELD_END(bb_param_desc, help)};

// A 1.2 array that says it has choices must point at that many strings.
bool choices_readable(const bb_param_desc &p) {
    if (!BB_HAS_FIELD(&p, bb_param_desc, choices) || p.choice_count == 0) return true;
    if (p.choices == nullptr) return false;
    for (uint32_t c = 0; c < p.choice_count; ++c)
        if (p.choices[c] == nullptr) return false;
    return true;
}

std::optional<std::string> optional_text(const char *s) {
    if (s == nullptr) return std::nullopt;
    return std::string(s);
}

ParamInfo read_param(const bb_param_desc &p) {
    ParamInfo info{p.key, p.type, p.default_value, p.help != nullptr ? p.help : ""};
    if (BB_HAS_FIELD(&p, bb_param_desc, choices))
        for (uint32_t c = 0; c < p.choice_count; ++c) info.choices.emplace_back(p.choices[c]);
    if (BB_HAS_FIELD(&p, bb_param_desc, min_value)) info.min_value = optional_text(p.min_value);
    if (BB_HAS_FIELD(&p, bb_param_desc, max_value)) info.max_value = optional_text(p.max_value);
    return info;
}

}  // namespace

std::string param_descriptors_problem(const bb_workload &w, const std::string &named) {
    if (w.param_count == 0) return "";
    if (w.params == nullptr) return named + " declares parameters but params is NULL";
    if (w.params[0].struct_size < kParamSize1_0)
        return size_problem(named + " parameter #0", w.params[0].struct_size, kParamFields);
    for (uint32_t i = 0; i < w.param_count; ++i) {
        const std::string number = named + " parameter #" + std::to_string(i);
        const bb_param_desc &p = param_at(w, i);
        if (p.struct_size != w.params[0].struct_size)
            return number + " has another struct_size than parameter #0";
        if (const std::string why = key_problem(number + " key", p.key); !why.empty()) return why;
        if (p.type == nullptr || p.default_value == nullptr) return number + " is malformed";
        const std::string where = named + " parameter '" + p.key + "'";
        if (!choices_readable(p)) return where + ": choice_count is set but a choice is NULL";
        if (const std::string problem = param_declaration_problem(read_param(p)); !problem.empty())
            return where + ": " + problem;
        for (uint32_t j = 0; j < i; ++j)
            if (std::string(param_at(w, j).key) == p.key) return where + " is declared twice";
    }
    return "";
}

std::vector<ParamInfo> read_params(const bb_workload &w) {
    std::vector<ParamInfo> params;
    for (uint32_t i = 0; i < w.param_count; ++i) params.push_back(read_param(param_at(w, i)));
    return params;
}

}  // namespace bytebench::worker
