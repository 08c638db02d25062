// Turning what the user typed (test names, groups, -i, --duration) into the
// list of tests to run, each resolved to a workload of a loaded plugin with
// validated parameters, pass count, duration and baseline.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "plugin_catalog.h"
#include "suite.h"

namespace bytebench {

class SelectionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct PlannedTest {
    std::string id;    // test name
    std::string name;  // display name
    std::string category;
    WorkloadInfo workload;  // id empty when no plugin provides it
    std::string plugin_path, plugin_id, plugin_build;
    std::string unavailable;  // why it cannot run; "" when it can
    double duration_s = 10;
    int passes = 10;
    std::optional<double> baseline;
    std::vector<std::pair<std::string, std::string>> params;  // declaration order
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
