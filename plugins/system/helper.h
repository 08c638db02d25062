// Helper programs of the system plugin. They live in system.d/ beside
// system.so (the core's plugin scanner ignores folders) and are found through
// the host's plugin_dir(). Each is started with its arguments followed by the
// number of a descriptor on which it reports one line: a count on success, or
// "error: ..." together with a non-zero exit status.
#ifndef BYTEBENCH_PLUGINS_SYSTEM_HELPER_H
#define BYTEBENCH_PLUGINS_SYSTEM_HELPER_H

#include <bytebench/plugin.hpp>
#include <string>
#include <vector>

namespace bytebench::plugins::system {

// <plugin dir>/system.d/<name>. Throws bytebench::Skip, naming the path and
// prefixed with `workload`, when the program is missing or not executable.
std::string find_helper(const bytebench::Context &ctx, const std::string &workload,
                        const char *name);

// The deadline the helpers run to: the end of the timed interval, in
// CLOCK_MONOTONIC ns (now + duration when the host gave none).
uint64_t helper_deadline(const bytebench::Context &ctx);

// Forks, execs `path` with `args` and the report descriptor's number, reads
// the report until end-of-file, reaps the child and returns the count. Throws
// std::runtime_error, prefixed with `workload`, when the helper fails. No
// child is left behind, whatever happens.
unsigned long long run_helper(const std::string &workload, const std::string &path,
                              const std::vector<std::string> &args);

}  // namespace bytebench::plugins::system

#endif  // BYTEBENCH_PLUGINS_SYSTEM_HELPER_H
