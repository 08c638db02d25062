// The first-party "system" plugin: its table of workloads.
#include <bytebench/plugin.hpp>

namespace bytebench_system {
// Each workload is defined in its own source file.
struct Syscall;
struct Pipe;
extern const bytebench::Workload<Syscall> kSyscall;  // syscall.cpp
extern const bytebench::Workload<Pipe> kPipe;        // pipe.cpp
}  // namespace bytebench_system

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.system")
                     .name("bytebench system workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench_system::kSyscall)
                     .add(bytebench_system::kPipe))
