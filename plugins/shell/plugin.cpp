// The first-party "shell" plugin: its table of workloads.
#include <bytebench/plugin.hpp>

namespace bytebench_shell {
// Each workload is defined in its own source file.
struct Shell;
struct Dc;
struct Grep;
struct Cc;
extern const bytebench::Workload<Shell> kShell;  // shell.cpp
extern const bytebench::Workload<Dc> kDc;        // dc.cpp
extern const bytebench::Workload<Grep> kGrep;    // grep.cpp
extern const bytebench::Workload<Cc> kCc;        // cc.cpp
}  // namespace bytebench_shell

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.shell")
                     .name("bytebench shell workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench_shell::kShell)
                     .add(bytebench_shell::kDc)
                     .add(bytebench_shell::kGrep)
                     .add(bytebench_shell::kCc))
