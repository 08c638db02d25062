// Workload parameters as the CLI shows them: `describe`, `plugins` and
// `list -v` show a table with what each allows; `list` the values on the
// test's own line.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/param_rules.h"
#include "model/plugin_info.h"

namespace bytebench::cli {

// "mode=fast level=3": the values, in declaration order; "" for none.
std::string param_values_text(const ParamValues &values);

// One row per parameter, after `indent`: key, type, "default D", what it
// allows (model/param_rules.h), then `suffix(p)` when given; its help on a
// line of its own below. The columns are as wide as the longest key and
// default, so the rows line up.
std::string param_table(const std::vector<ParamInfo> &params, const std::string &indent,
                        const std::function<std::string(const ParamInfo &)> &suffix = nullptr);

}  // namespace bytebench::cli
