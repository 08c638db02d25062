// Whether a run's index is UnixBench's index: the number people put beside
// the published corpus. It is when the run's suite indexes the same tests,
// with the same workloads, parameters, pass lengths, pass counts and
// baselines as the standard suite, and no command-line option changed how
// the tests are measured. Comments, order, names, groups and tests without a
// baseline do not matter.
#pragma once

#include <optional>
#include <string>

#include "model/suite.h"

namespace bytebench {

struct IndexComparability {
    bool comparable = false;
    std::string reason;  // why not; "" when comparable
};

// `standard` is the standard suite (share/bytebench/suites/index.toml), or
// nullptr when it could not be loaded; `duration_override` is --duration;
// `method_change` describes any other way the run departs from UnixBench's
// method (--quick), "" when none.
IndexComparability compare_with_standard_index(const Suite &suite, const Suite *standard,
                                               std::optional<double> duration_override,
                                               const std::string &method_change = "");

}  // namespace bytebench
