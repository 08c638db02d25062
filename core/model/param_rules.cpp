#include "model/param_rules.h"

#include <bytebench/params.h>

#include <algorithm>
#include <optional>
#include <set>

namespace bytebench {
namespace {

const std::set<std::string> kTypes = {"int", "float", "bool", "string"};

// The SDK's parser (<bytebench/params.h>), which the plugins' helpers use
// too: what the host accepts here, a workload reads as the same number.
std::optional<long long> parse_int(const std::string &text) {
    int64_t v = 0;
    if (bb_parse_int(text.c_str(), &v) != BB_PARAM_PARSED) return std::nullopt;
    return v;
}

std::optional<double> parse_float(const std::string &text) {
    double v = 0;
    if (bb_parse_float(text.c_str(), &v) != BB_PARAM_PARSED) return std::nullopt;
    return v;
}

// Why `value` is not of `type`, in the parser's words ("" when it is, or
// when "must be an int" says it all).
bb_param_verdict type_verdict(const std::string &type, const std::string &value) {
    int64_t i = 0;
    double x = 0;
    int b = 0;
    if (type == "int") return bb_parse_int(value.c_str(), &i);
    if (type == "float") return bb_parse_float(value.c_str(), &x);
    if (type == "bool") return bb_parse_bool(value.c_str(), &b);
    return BB_PARAM_PARSED;
}

// How a message quotes a value: its first bytes (a value may be 1 MiB).
std::string quoted(const std::string &value) {
    char buf[BB_PARAM_QUOTE_MAX_BYTES + 4];
    return bb_param_quote(value.c_str(), buf, sizeof buf);
}

// -1, 0, 1 as a <=> b, for two texts already known to parse as `type`.
int compare_numbers(const std::string &type, const std::string &a, const std::string &b) {
    if (type == "int") {
        const long long x = *parse_int(a), y = *parse_int(b);
        return x < y ? -1 : x > y ? 1 : 0;
    }
    const double x = *parse_float(a), y = *parse_float(b);
    return x < y ? -1 : x > y ? 1 : 0;
}

bool of_type(const std::string &type, const std::string &value) {
    return type_verdict(type, value) == BB_PARAM_PARSED;
}

bool numeric(const ParamInfo &p) { return p.type == "int" || p.type == "float"; }

// A bound the declaration gives and that parses (the loader refuses the
// others; a value is not judged by a bound nobody can read).
bool usable(const ParamInfo &p, const std::optional<std::string> &bound) {
    return bound && numeric(p) && of_type(p.type, *bound);
}

// Of the type and within the bounds; choices aside.
bool fits(const ParamInfo &p, const std::string &value) {
    if (!of_type(p.type, value)) return false;
    if (usable(p, p.min_value) && compare_numbers(p.type, value, *p.min_value) < 0) return false;
    if (usable(p, p.max_value) && compare_numbers(p.type, value, *p.max_value) > 0) return false;
    return true;
}

std::string range_text(const ParamInfo &p) {
    const bool low = usable(p, p.min_value), high = usable(p, p.max_value);
    if (low && high) return "from " + *p.min_value + " to " + *p.max_value;
    if (low) return "at least " + *p.min_value;
    if (high) return "at most " + *p.max_value;
    return "";
}

// "an int from 1 to 256", "a number", "true or false", "a string".
std::string fitting_text(const ParamInfo &p) {
    const std::string noun = p.type == "int"     ? "an int"
                             : p.type == "float" ? "a number"
                             : p.type == "bool"  ? "true or false"
                                                 : "a string";
    const std::string range = range_text(p);
    return range.empty() ? noun : noun + " " + range;
}

std::string choices_text(const ParamInfo &p) {
    std::string list;
    for (const std::string &c : p.choices) list += (list.empty() ? "" : ", ") + c;
    return "one of " + list;
}

bool is_choice(const ParamInfo &p, const std::string &value) {
    return std::find(p.choices.begin(), p.choices.end(), value) != p.choices.end();
}

std::string bounds_problem(const ParamInfo &p) {
    if (!p.min_value && !p.max_value) return "";
    if (!numeric(p)) return "a " + p.type + " parameter may not have min_value or max_value";
    const ParamInfo unbounded{p.key, p.type, "", ""};
    if (p.min_value && !of_type(p.type, *p.min_value))
        return "min_value '" + *p.min_value + "' is not " + fitting_text(unbounded);
    if (p.max_value && !of_type(p.type, *p.max_value))
        return "max_value '" + *p.max_value + "' is not " + fitting_text(unbounded);
    if (p.min_value && p.max_value && compare_numbers(p.type, *p.min_value, *p.max_value) > 0)
        return "min_value " + *p.min_value + " is above max_value " + *p.max_value;
    return "";
}

std::string choices_problem(const ParamInfo &p) {
    if (p.choices.empty()) return "";
    if (p.type == "bool") return "a bool parameter may not have choices";
    std::set<std::string> seen;
    for (const std::string &c : p.choices) {
        if (!fits(p, c)) return "choice '" + c + "' is not " + fitting_text(p);
        if (!seen.insert(c).second) return "choice '" + c + "' appears twice";
    }
    return "";
}

}  // namespace

std::string param_value_problem(const ParamInfo &p, const std::string &value) {
    if (value.find('\0') != std::string::npos)
        return "may not contain a NUL byte (a workload reads its values as C strings)";
    if (value.size() > kMaxParamValueBytes)
        return "is " + std::to_string(value.size()) + " bytes long, more than the " +
               std::to_string(kMaxParamValueBytes) + " bytes (1 MiB) a value may have";
    if (!p.choices.empty() && !is_choice(p, value))
        return "must be " + choices_text(p) + ", not '" + quoted(value) + "'";
    if (!fits(p, value)) {
        const std::string reason = bb_param_verdict_reason(type_verdict(p.type, value));
        return "must be " + fitting_text(p) + ", not '" + quoted(value) + "'" +
               (reason.empty() ? "" : " (" + reason + ")");
    }
    return "";
}

std::string canonical_param_value(const ParamInfo &p, const std::string &value) {
    int b = 0;
    if (p.type == "bool" && bb_parse_bool(value.c_str(), &b) == BB_PARAM_PARSED)
        return b != 0 ? "true" : "false";
    return value;
}

std::string param_declaration_problem(const ParamInfo &p) {
    if (kTypes.count(p.type) == 0)
        return "has an unknown type '" + p.type + "' (int, float, bool or string)";
    for (const std::string &problem : {bounds_problem(p), choices_problem(p)})
        if (!problem.empty()) return problem;
    if (!p.choices.empty() && !is_choice(p, p.default_value))
        return "default_value '" + p.default_value + "' is not " + choices_text(p);
    if (!fits(p, p.default_value))
        return "default_value '" + p.default_value + "' is not " + fitting_text(p);
    return "";
}

std::string allowed_values_text(const ParamInfo &p) {
    return p.choices.empty() ? range_text(p) : choices_text(p);
}

ParamValues resolve_param_values(const WorkloadInfo &w, const ParamValues &given) {
    for (const auto &[key, value] : given) {
        const ParamInfo *declared = nullptr;
        for (const ParamInfo &p : w.params)
            if (p.key == key) declared = &p;
        if (declared == nullptr) {
            std::string list;
            for (const ParamInfo &p : w.params) list += (list.empty() ? "" : ", ") + p.key;
            throw ParamError("workload '" + w.id + "' has no parameter '" + quoted(key) +
                             "' (it has: " + (list.empty() ? "none" : list) + ")");
        }
        if (const std::string problem = param_value_problem(*declared, value); !problem.empty())
            throw ParamError("parameter '" + key + "' of workload '" + w.id + "' " + problem);
    }
    ParamValues resolved;
    size_t total = 0;
    for (const ParamInfo &p : w.params) {
        std::string value = p.default_value;
        for (const auto &[key, v] : given)
            if (key == p.key) value = v;
        total += value.size();
        resolved.emplace_back(p.key, canonical_param_value(p, value));
    }
    if (total > kMaxParamBytes)
        throw ParamError("the parameters of workload '" + w.id + "' are " + std::to_string(total) +
                         " bytes long in all, more than the " + std::to_string(kMaxParamBytes) +
                         " bytes (4 MiB) a test's values may have");
    return resolved;
}

}  // namespace bytebench
