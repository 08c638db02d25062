// The parameters a run worker hands to create() and run() (and a setup or
// teardown worker to setup() and teardown()): every key the
// workload declares, in declaration order, with the value of its --param or
// else its default, each checked as the CLI checks it (model/param_rules.h).
// The CLI passes every key; filling in defaults here keeps plugin.h's
// promise when the worker is started by hand (plugin-guide.md, gdb), where
// a C plugin that trusts it would otherwise read past the array.
#pragma once

#include <bytebench/plugin.h>

#include <string>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench::worker {

class RunParams {
  public:
    // `given`: the --param arguments, "KEY=VALUE". Throws ParamError (one
    // line naming the workload, key and value) for an argument without '=',
    // a key `w` does not declare, or a value it does not allow.
    RunParams(const WorkloadInfo &w, const std::vector<std::string> &given);
    RunParams(const RunParams &) = delete;
    RunParams &operator=(const RunParams &) = delete;

    // Points ctx's param_count, param_keys and param_values at this object,
    // which must outlive every use of ctx.
    void apply(bb_run_context &ctx) const;
    // The same for setup() and teardown() (ABI 1.2), which see the same
    // parameters as the test's passes.
    void apply(bb_setup_context &ctx) const;

  private:
    std::vector<std::string> keys_, values_;
    std::vector<const char *> key_ptrs_, value_ptrs_;
};

// The "KEY=VALUE" records the CLI wrote into a ParamsFile
// (protocol/worker_params.h), read from offset 0 of `fd` (--params-fd),
// which is then closed: the workload never sees it. Throws ParamError
// ("--params-fd 5: ...") when it cannot be read or is not such a file.
std::vector<std::string> read_params_fd(int fd);

// The parameters a worker runs with: those on `fd` when it is not -1, then
// the --param arguments (a later key wins, so `--param` given by hand
// overrides).
std::vector<std::string> param_arguments(int fd, const std::vector<std::string> &given);

}  // namespace bytebench::worker
