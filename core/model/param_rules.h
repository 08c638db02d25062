// The one check of a workload parameter: of a value against its declaration
// (type, choices, bounds) and of the declaration itself (ABI 1.2's rules in
// plugin.h, bb_param_desc). Suite files, `run --param`, the worker and the
// plugin loader all use it, so a value is judged the same everywhere.
#pragma once

#include <cstddef>
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

// The most a parameter value may be, and all of a test's values together:
// far above any setting (a path, a list of sizes), and low enough that a
// result, which records them per test, stays readable. Values reach the
// worker through a file descriptor, not its argv (protocol/worker_params.h),
// so they are not bound by the kernel's 128 KiB per argument.
inline constexpr size_t kMaxParamValueBytes = size_t(1) << 20;
inline constexpr size_t kMaxParamBytes = size_t(4) << 20;

// Why `value` is not allowed for `p`, or "" when it is, in words that follow
// "parameter 'k' ": "must be one of auto, on, off, not 'bogus'", "must be an
// int from 1 to 256, not '0'", "must be true or false, not 'maybe'", "must
// be a number, not '1e-400' (not 0 but rounds to 0 as a double)". Types are
// parsed by the SDK's <bytebench/params.h>, the parser the plugins' helpers
// use; values are quoted by their first 48 bytes. A value with a NUL byte,
// or longer than kMaxParamValueBytes, is refused whatever its type.
std::string param_value_problem(const ParamInfo &p, const std::string &value);

// The value a workload is handed for an allowed `value`: "true" or "false"
// for any spelling of a bool (yes, on, 1, ...), so that results, `compare`
// and plugins built with an older helper see one spelling; other values as
// they were written.
std::string canonical_param_value(const ParamInfo &p, const std::string &value);

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
// `given` (the last one for a key given twice) or else its default, made
// canonical (canonical_param_value). Throws ParamError for a key `w` does
// not declare ("workload 'w' has no parameter 'k' (it has: a, b)"), a value
// it does not allow ("parameter 'k' of workload 'w' must be ..., not 'v'"),
// or values longer than kMaxParamBytes in all.
ParamValues resolve_param_values(const WorkloadInfo &w, const ParamValues &given);

}  // namespace bytebench
