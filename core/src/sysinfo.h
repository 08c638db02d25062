// What the result records about the machine (the "system" member of
// bytebench.result/1), gathered once before the run from uname, sysconf and
// /proc, the way UnixBench's report header shows it.
#pragma once

#include <nlohmann/json.hpp>

namespace bytebench {

nlohmann::json gather_system_info();

// The locale the workloads run under. UnixBench forces LANG=en_US.utf8; we
// do the same (it matters for the shell tests) and record what it resolved to.
void set_benchmark_locale();

int online_cpus();

}  // namespace bytebench
