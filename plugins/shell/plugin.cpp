// The first-party "shell" plugin: its table of workloads.
#include <bytebench/plugin.hpp>

namespace bytebench::plugins::shell {
// Each workload is defined in its own source file.
struct Shell;
struct Dc;
struct Grep;
struct Cc;
extern const bytebench::Workload<Shell> kShell;  // shell.cpp
extern const bytebench::Workload<Dc> kDc;        // dc.cpp
extern const bytebench::Workload<Grep> kGrep;    // grep.cpp
extern const bytebench::Workload<Cc> kCc;        // cc.cpp
}  // namespace bytebench::plugins::shell

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.shell")
                     .name("bytebench shell workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench::plugins::shell::kShell)
                     .add(bytebench::plugins::shell::kDc)
                     .add(bytebench::plugins::shell::kGrep)
                     .add(bytebench::plugins::shell::kCc))
