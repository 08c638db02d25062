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

// One `run --param`: KEY=VALUE for every selected test that declares KEY, or
// TEST.KEY=VALUE for test TEST alone.
struct ParamOverride {
    std::string test;  // "" = every test declaring `key`
    std::string key, value;
    std::string text() const;  // as typed: "[TEST.]KEY=VALUE"
    // Whether it sets a parameter of test `id`, whose workload is `w`.
    bool applies_to(const std::string &id, const WorkloadInfo &w) const;
};

struct PlanOptions {
    std::optional<int> iterations;     // -i
    std::optional<double> duration_s;  // --duration
    bool quick = false;                // --quick: a suite test's quick_params apply
    // --param, in command-line order; they win over the suite's params (and
    // quick_params), a later one over an earlier one.
    std::vector<ParamOverride> overrides = {};
};

// "[TEST.]KEY=VALUE" (keys have no dots, so the last dot ends TEST). Throws
// SelectionError when there is no '=' or no key.
ParamOverride parse_param_override(const std::string &text);

// Expands names (groups, suite tests, workload ids) into test ids, in order,
// without repeats. A name that breaks the rule of base/names.h throws with
// the rule; an unknown name throws with the nearest known one.
std::vector<std::string> expand_names(const std::vector<std::string> &names, const Suite &suite,
                                      const PluginCatalog &catalog);

// Plans one test. A test whose workload no plugin provides is planned as
// unavailable (it is recorded as skipped); a bad parameter, or a test or
// workload id that is not a name (base/names.h), throws.
PlannedTest plan_test(const std::string &id, const Suite &suite, const PluginCatalog &catalog,
                      const PlanOptions &options);

// Every --param must set something: TEST.KEY a selected (available) test,
// KEY a parameter some selected test declares. Throws SelectionError naming
// the selected tests, or the keys they declare. (plan_test() has already
// refused a TEST.KEY whose test does not declare KEY, and every bad value.)
void check_param_overrides(const std::vector<ParamOverride> &overrides,
                           const std::vector<PlannedTest> &tests);

// Passes for a repeat class under `-i N` (UnixBench: long = N, short =
// max(1, (N + 1) / 3)); N defaults to 10.
int passes_for(bool repeat_long, std::optional<int> iterations);

// The known name closest to `name` (edit distance), or "" if none is close.
std::string nearest_name(const std::string &name, const std::vector<std::string> &known);

}  // namespace bytebench
