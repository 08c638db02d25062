// The machine's topology as hwloc sees it (system.topology in the result):
// packages, cores, PUs, SMT, NUMA nodes with their memory, caches. One
// hwloc topology load, a few milliseconds.
#pragma once

#include <nlohmann/json.hpp>

namespace bytebench {

// {"source": "hwloc 2.9.0", "packages", "cores", "pus", "pus_allowed",
//  "threads_per_core", "smt", "numa_nodes": [{"os_index", "memory_bytes",
//  "pus"}], "caches": [{"level", "type", "size_bytes", "line_bytes",
//  "count"}], "pu_os_indexes"}. Members hwloc cannot give are "unknown",
// with the reason in "why" (sysinfo_readers.h). PUs are the online CPUs,
// including those this process's cgroup may not use (pus_allowed counts
// those it may).
nlohmann::json read_topology();

}  // namespace bytebench
