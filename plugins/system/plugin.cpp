// The first-party "system" plugin: its table of workloads.
#include <bytebench/plugin.hpp>

namespace bytebench::plugins::system {
// Each workload is defined in its own source file.
struct Syscall;
struct Pipe;
struct Context1;
struct Spawn;
struct Execl;
extern const bytebench::Workload<Syscall> kSyscall;    // syscall.cpp
extern const bytebench::Workload<Pipe> kPipe;          // pipe.cpp
extern const bytebench::Workload<Context1> kContext1;  // context1.cpp
extern const bytebench::Workload<Spawn> kSpawn;        // spawn.cpp
extern const bytebench::Workload<Execl> kExecl;        // execl.cpp
}  // namespace bytebench::plugins::system

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.system")
                     .name("bytebench system workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench::plugins::system::kSyscall)
                     .add(bytebench::plugins::system::kPipe)
                     .add(bytebench::plugins::system::kContext1)
                     .add(bytebench::plugins::system::kSpawn)
                     .add(bytebench::plugins::system::kExecl))
