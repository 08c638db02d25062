// A workload's parameter descriptors as the plugin compiled them: read at
// the plugin's own stride (params[0].struct_size), the 1.2 fields (choices,
// bounds) only when the plugin's struct has them, and checked against the
// rules of plugin.h (model/param_rules.h) when the plugin loads.
#pragma once

#include <bytebench/plugin.h>

#include <string>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench::worker {

// Why `w`'s parameter array breaks a rule, or "": a NULL array, entries too
// small or of different sizes, a malformed key, type or default, NULL
// choices, or a declaration model/param_rules.h refuses. `named` starts the
// message ("workload 'x'"); the message names the parameter's key.
std::string param_descriptors_problem(const bb_workload &w, const std::string &named);

// The parameters of `w`, which passed param_descriptors_problem().
std::vector<ParamInfo> read_params(const bb_workload &w);

}  // namespace bytebench::worker
