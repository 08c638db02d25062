// The one check of a workload parameter: of a value against its declaration
// (type, choices, bounds) and of the declaration itself (ABI 1.2's rules in
// plugin.h, bb_param_desc). Suite files, `run --param`, the worker and the
// plugin loader all use it, so a value is judged the same everywhere.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench {

class ParamError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Why `value` is not allowed for `p`, or "" when it is, in words that follow
// "parameter 'k' ": "must be one of auto, on, off, not 'bogus'", "must be an
// int from 1 to 256, not '0'", "must be true or false, not 'yes'".
std::string param_value_problem(const ParamInfo &p, const std::string &value);

// Why the declaration breaks a rule of plugin.h, or "" when it is sound:
// an unknown type, choices on a bool, a choice that is not of the type or
// appears twice, bounds on a bool or string, a bound that does not parse as
// the type, min above max, a choice or the default outside what is allowed.
// Words that follow "parameter 'k': ".
std::string param_declaration_problem(const ParamInfo &p);

// What `p` allows beyond its type, for people: "one of auto, on, off",
// "1 to 256", "at least 1", "at most 8"; "" when any value of the type is.
std::string allowed_values_text(const ParamInfo &p);

using ParamValues = std::vector<std::pair<std::string, std::string>>;

// Every parameter `w` declares, in declaration order, with the value from
// `given` (the last one for a key given twice) or else its default. Throws
// ParamError for a key `w` does not declare ("workload 'w' has no parameter
// 'k' (it has: a, b)") or a value it does not allow ("parameter 'k' of
// workload 'w' must be ..., not 'v'").
ParamValues resolve_param_values(const WorkloadInfo &w, const ParamValues &given);

}  // namespace bytebench
