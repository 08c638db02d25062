// Test-only stand-in for bytebench-worker's side of the ABI: a bb_host whose
// answers the test sets, and plugin loading with dlopen(), so that tests can
// call a plugin's C entry points the way a worker does.
#pragma once

#include <bytebench/plugin.h>

#include <map>
#include <string>
#include <vector>

#include "base/monotonic_clock.h"

namespace bytebench::test {

// What the fake host answers; a test changes it between calls.
struct FakeHostState {
    std::string temp_dir;                        // temp_dir() answers NULL while this is ""
    std::string plugin_dir;                      // plugin_dir()
    std::map<std::string, std::string> details;  // what record_detail() was given
    std::map<std::string, double> metrics;       // what record_metric() was given
};
FakeHostState &fake_host_state();

// The flag behind should_stop(); pass it as bb_run_context.stop_flag.
extern volatile int32_t g_stop_flag;

// The host table (log and progress do nothing; get_extension answers NULL;
// record_detail and record_metric store into fake_host_state()).
const bb_host *fake_host();

// The clock of the real host (base/monotonic_clock.h).
using bytebench::monotonic_ns;

// Opens `library` once per process (as a worker does, never closed) and
// calls its entry with the fake host. Throws std::runtime_error on failure.
const bb_plugin &load_plugin(const std::string &library);
// The workload or reporter `id` of `library`; throws when there is none.
const bb_workload &find_workload(const std::string &library, const std::string &id);
const bb_reporter &find_reporter(const std::string &library, const std::string &id);

// Parameters as the host passes them: every declared key in declaration
// order, `given` values over the declared defaults.
class ParamArrays {
  public:
    ParamArrays(const bb_workload &w, const std::map<std::string, std::string> &given);
    // Points ctx's param_count/param_keys/param_values at these arrays.
    void apply(bb_run_context &ctx) const;

  private:
    std::vector<const char *> keys_;
    std::vector<std::string> values_;
    std::vector<const char *> value_ptrs_;
};

}  // namespace bytebench::test
