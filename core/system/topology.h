// The machine's topology as hwloc sees it (system.topology in the result):
// packages, cores, PUs, SMT, NUMA nodes with their memory, caches, CPU kinds.
// One hwloc topology load, a few milliseconds.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

struct hwloc_topology;  // hwloc_topology_t points to one

namespace bytebench {

// One kind of CPU core as hwloc sees it: hybrid CPUs have two or more
// (Intel's P and E cores, ARM's big and LITTLE).
struct CpuKind {
    // "performance" (the highest efficiency rank; also the name of the only
    // kind of a machine with one), "efficiency" (the lowest), "rank<N>" (one
    // between); when hwloc cannot rank them, the CoreType info or "kind<i>".
    std::string name;
    int efficiency = -1;   // hwloc's rank, 0 for the least performant; -1: unknown
    std::vector<int> pus;  // os indexes, ascending
    // hwloc's infos: CoreType (IntelAtom, IntelCore), FrequencyMaxMHz,
    // FrequencyBaseMHz, LinuxCapacity, ...
    std::map<std::string, std::string> info;

    std::string core_type() const;  // info's CoreType, "" when there is none
};

// The kinds hwloc found in a loaded topology, least performant first; none
// when hwloc has no such information (see cpu_kinds in docs/result-schema.md).
std::vector<CpuKind> read_cpu_kinds(hwloc_topology *topology);

// {"source": "hwloc 2.9.0", "packages", "cores", "pus", "pus_allowed",
//  "threads_per_core", "smt", "numa_nodes": [{"os_index", "memory_bytes",
//  "pus"}], "caches": [{"level", "type", "size_bytes", "line_bytes",
//  "count"}], "pu_os_indexes", "cpu_kinds": [{"name", "efficiency", "pus",
//  "info"}], "hybrid"}. Members hwloc cannot give are "unknown", with the
// reason in "why" (sysinfo_readers.h). PUs are the online CPUs, including
// those this process's cgroup may not use (pus_allowed counts those it may).
// `xml_file`: a topology hwloc exported (tests); "" is this machine, or
// the file HWLOC_XMLFILE names, as hwloc itself honours it.
nlohmann::json read_topology(const std::string &xml_file = "");

}  // namespace bytebench
