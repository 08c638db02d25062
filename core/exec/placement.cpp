#include "exec/placement.h"

#include <hwloc.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace bytebench {

std::optional<Placement> parse_placement(const std::string &text) {
    if (text == "none") return Placement::none;
    if (text == "compact") return Placement::compact;
    if (text == "spread") return Placement::spread;
    if (text == "smt-off") return Placement::smt_off;
    return std::nullopt;
}

std::string to_string(Placement p) {
    switch (p) {
        case Placement::compact:
            return "compact";
        case Placement::spread:
            return "spread";
        case Placement::smt_off:
            return "smt-off";
        case Placement::none:
            break;
    }
    return "none";
}

std::vector<PuInfo> read_pus() {
    hwloc_topology_t topology;
    if (hwloc_topology_init(&topology) != 0) throw std::runtime_error("hwloc: cannot initialise");
    if (hwloc_topology_load(topology) != 0) {
        hwloc_topology_destroy(topology);
        throw std::runtime_error("hwloc: cannot load the topology");
    }
    std::vector<PuInfo> pus;
    const int count = hwloc_get_nbobjs_by_type(topology, HWLOC_OBJ_PU);
    for (int i = 0; i < count; ++i) {
        const hwloc_obj_t pu = hwloc_get_obj_by_type(topology, HWLOC_OBJ_PU, unsigned(i));
        const hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topology, HWLOC_OBJ_CORE, pu);
        const hwloc_obj_t package = hwloc_get_ancestor_obj_by_type(topology, HWLOC_OBJ_PACKAGE, pu);
        // A PU without a core (some VMs, some ARM boards) is a core of its own.
        pus.push_back({int(pu->os_index), core != nullptr ? int(core->logical_index) : 100000 + i,
                       package != nullptr ? int(package->logical_index) : 0});
    }
    hwloc_topology_destroy(topology);
    if (pus.empty()) throw std::runtime_error("hwloc: the topology has no processing unit");
    return pus;
}

int core_count(const std::vector<PuInfo> &pus) {
    std::set<int> cores;
    for (const PuInfo &p : pus) cores.insert(p.core);
    return int(cores.size());
}

namespace {

// PUs grouped by core; cores in the order packages are interleaved
// (package 0's first core, package 1's first core, ..., then second cores).
std::vector<std::vector<int>> cores_interleaved(const std::vector<PuInfo> &pus) {
    std::map<int, std::vector<int>> by_core;        // core -> PU os indexes
    std::map<int, std::vector<int>> package_cores;  // package -> cores, in order
    for (const PuInfo &p : pus) {
        if (by_core.count(p.core) == 0) package_cores[p.package].push_back(p.core);
        by_core[p.core].push_back(p.os_index);
    }
    std::vector<std::vector<int>> out;
    for (size_t round = 0;; ++round) {
        bool any = false;
        for (const auto &[package, cores] : package_cores)
            if (round < cores.size()) {
                out.push_back(by_core[cores[round]]);
                any = true;
            }
        if (!any) break;
    }
    return out;
}

}  // namespace

std::vector<int> placement_order(Placement p, const std::vector<PuInfo> &pus) {
    std::vector<int> order;
    switch (p) {
        case Placement::none:
            break;
        case Placement::compact:
            for (const PuInfo &pu : pus) order.push_back(pu.os_index);
            break;
        case Placement::spread: {
            const auto cores = cores_interleaved(pus);
            size_t threads = 0;
            for (const auto &c : cores) threads = std::max(threads, c.size());
            for (size_t t = 0; t < threads; ++t)
                for (const auto &c : cores)
                    if (t < c.size()) order.push_back(c[t]);
            break;
        }
        case Placement::smt_off:
            for (const auto &c : cores_interleaved(pus)) order.push_back(c.front());
            break;
    }
    return order;
}

}  // namespace bytebench
