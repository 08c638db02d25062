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
//
// On hybrid CPUs (hwloc's CPU kinds, system/topology.h) a placement takes a
// kind after a colon: `spread:only=performance` places copies on that kind's
// PUs only, `compact:prefer=efficiency` on that kind's PUs first and the
// others after, each group in the placement's own order. A kind is named
// "performance" (the fastest), "efficiency" (the slowest), as
// system.topology.cpu_kinds names it, or by hwloc's CoreType (IntelCore).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bytebench {

enum class Placement { none, compact, spread, smt_off };

// "none", "compact", "spread", "smt-off"; nullopt for anything else.
std::optional<Placement> parse_placement(const std::string &text);
std::string to_string(Placement p);

enum class KindRule { any, prefer, only };

// --placement's text: a placement and, optionally, a CPU kind rule.
struct PlacementSpec {
    Placement placement = Placement::none;
    KindRule rule = KindRule::any;
    std::string kind;  // with prefer and only
};

// "spread", "spread:only=performance", "compact:prefer=IntelAtom". Throws
// std::invalid_argument saying what is wrong (without the flag's name),
// also for a kind that is no kind's name on any machine ("garbage!!": a
// kind is letters, digits, '.', '_' and '-'), whatever this machine has.
PlacementSpec parse_placement_spec(const std::string &text);

// One PU as the topology shows it; the indexes are hwloc's logical ones.
struct PuInfo {
    int os_index = 0;         // the CPU number the kernel uses (sched_setaffinity)
    int core = 0;             // logical index of its core, machine-wide
    int package = 0;          // logical index of its package
    std::string kind{};       // its CPU kind's name; "" when hwloc reports no kinds
    std::string core_type{};  // its kind's CoreType info (IntelCore, IntelAtom), if any
};

// The PUs this process may run on, in hwloc's logical order. `xml_file`: a
// topology hwloc exported (tests); "" is this machine (or HWLOC_XMLFILE).
// Throws std::runtime_error when hwloc cannot load the topology.
std::vector<PuInfo> read_pus(const std::string &xml_file = "");

// The PU os indexes in the order copies are placed (empty for none).
std::vector<int> placement_order(Placement p, const std::vector<PuInfo> &pus);

struct PlacementOrder {
    std::vector<int> cpus;  // os indexes, copy i on cpus[i % size]; empty for none
    std::string note;       // what the user should know (a kind rule that changes nothing)
};

// The order with the spec's kind rule applied. Throws std::invalid_argument
// when the kind names none of the PUs' kinds (the message lists those there
// are), except prefer=performance and prefer=efficiency, which change
// nothing where that kind is missing and say so in the note. On a machine
// with one kind (or none reported), prefer of that kind changes nothing and
// only=performance or the kind's own name keeps every PU; both say so in
// the note.
PlacementOrder placement_order(const PlacementSpec &spec, const std::vector<PuInfo> &pus);

// The number of distinct cores among `pus`.
int core_count(const std::vector<PuInfo> &pus);

}  // namespace bytebench
