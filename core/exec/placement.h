// CPU placement of the copies (--placement): which processing unit (PU, a
// hardware thread) each copy is pinned to.
//
//   none     not pinned: the kernel places and moves copies (UnixBench's way)
//   compact  fill a core's hardware threads, then the next core, then the next
//            package: copies share caches and cores as early as possible
//   spread   one copy per core, across packages first, before any core gets a
//            second copy on its SMT sibling
//   smt-off  only the first hardware thread of each core, in spread's order:
//            SMT siblings are never used; with more copies than cores, copies
//            share cores (and the result says so)
//
// Copy i goes to order[i % order.size()].
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bytebench {

enum class Placement { none, compact, spread, smt_off };

// "none", "compact", "spread", "smt-off"; nullopt for anything else.
std::optional<Placement> parse_placement(const std::string &text);
std::string to_string(Placement p);

// One PU as the topology shows it; the indexes are hwloc's logical ones.
struct PuInfo {
    int os_index = 0;  // the CPU number the kernel uses (sched_setaffinity)
    int core = 0;      // logical index of its core, machine-wide
    int package = 0;   // logical index of its package
};

// The PUs this process may run on, in hwloc's logical order. Throws
// std::runtime_error when hwloc cannot load the topology.
std::vector<PuInfo> read_pus();

// The PU os indexes in the order copies are placed (empty for none).
std::vector<int> placement_order(Placement p, const std::vector<PuInfo> &pus);

// The number of distinct cores among `pus`.
int core_count(const std::vector<PuInfo> &pus);

}  // namespace bytebench
