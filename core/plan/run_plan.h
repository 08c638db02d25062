// Turning what the user typed (test names, groups, -i, --duration) into the
// list of tests to run, each resolved to a workload of a loaded plugin with
// validated parameters, pass count, duration and baseline.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "model/planned_test.h"
#include "model/suite.h"
#include "plugins/plugin_catalog.h"

namespace bytebench {

class SelectionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct PlanOptions {
    std::optional<int> iterations;     // -i
    std::optional<double> duration_s;  // --duration
    bool quick = false;                // --quick: a suite test's quick_params apply
};

// Expands names (groups, suite tests, workload ids) into test ids, in order,
// without repeats. An unknown name throws with the nearest known one.
std::vector<std::string> expand_names(const std::vector<std::string> &names, const Suite &suite,
                                      const PluginCatalog &catalog);

// Plans one test. A test whose workload no plugin provides is planned as
// unavailable (it is recorded as skipped); a bad parameter throws.
PlannedTest plan_test(const std::string &id, const Suite &suite, const PluginCatalog &catalog,
                      const PlanOptions &options);

// Passes for a repeat class under `-i N` (UnixBench: long = N, short =
// max(1, (N + 1) / 3)); N defaults to 10.
int passes_for(bool repeat_long, std::optional<int> iterations);

// The known name closest to `name` (edit distance), or "" if none is close.
std::string nearest_name(const std::string &name, const std::vector<std::string> &known);

}  // namespace bytebench
