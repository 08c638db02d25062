// The first-party "fs" plugin: its table of workloads.
#include <bytebench/plugin.hpp>

namespace bytebench::plugins::fs {
// Each workload is defined in its own source file.
struct Fstime;
extern const bytebench::Workload<Fstime> kFstime;  // fstime.cpp
}  // namespace bytebench::plugins::fs

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.fs")
                     .name("bytebench file system workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench::plugins::fs::kFstime))
