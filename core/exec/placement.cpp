#include "exec/placement.h"

#include <hwloc.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <stdexcept>

#include "system/topology.h"

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

namespace {

// A kind's name as hwloc and system.topology.cpu_kinds write them
// (performance, efficiency, rank1, IntelAtom): letters, digits, '.', '_'
// and '-', from a letter or digit, at most 64.
bool kind_name_is_well_formed(const std::string &kind) {
    if (kind.empty() || kind.size() > 64 || !std::isalnum(static_cast<unsigned char>(kind[0])))
        return false;
    return std::all_of(kind.begin(), kind.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
    });
}

}  // namespace

PlacementSpec parse_placement_spec(const std::string &text) {
    const size_t colon = text.find(':');
    PlacementSpec spec;
    const std::optional<Placement> p = parse_placement(text.substr(0, colon));
    if (!p)
        throw std::invalid_argument("unknown placement '" + text.substr(0, colon) +
                                    "' (none, compact, spread or smt-off, with :only=KIND or "
                                    ":prefer=KIND on hybrid CPUs)");
    spec.placement = *p;
    if (colon == std::string::npos) return spec;
    const std::string rule = text.substr(colon + 1);
    const size_t equals = rule.find('=');
    const std::string key = rule.substr(0, equals);
    if (key == "only")
        spec.rule = KindRule::only;
    else if (key == "prefer")
        spec.rule = KindRule::prefer;
    if (spec.rule == KindRule::any || equals == std::string::npos || equals + 1 == rule.size())
        throw std::invalid_argument("expected only=KIND or prefer=KIND after ':', not '" + rule +
                                    "'");
    spec.kind = rule.substr(equals + 1);
    if (!kind_name_is_well_formed(spec.kind))
        throw std::invalid_argument("'" + spec.kind +
                                    "' is not a CPU kind: a kind is performance, efficiency, a "
                                    "kind's name (rank1) or hwloc's CoreType (IntelAtom), in "
                                    "letters, digits, '.', '_' and '-'");
    if (spec.placement == Placement::none)
        throw std::invalid_argument(
            "none pins no copy: a CPU kind needs compact, spread or smt-off");
    return spec;
}

std::vector<PuInfo> read_pus(const std::string &xml_file) {
    hwloc_topology_t topology;
    if (hwloc_topology_init(&topology) != 0) throw std::runtime_error("hwloc: cannot initialise");
    if (!xml_file.empty() && hwloc_topology_set_xml(topology, xml_file.c_str()) != 0) {
        hwloc_topology_destroy(topology);
        throw std::runtime_error("hwloc: cannot read " + xml_file);
    }
    if (hwloc_topology_load(topology) != 0) {
        hwloc_topology_destroy(topology);
        throw std::runtime_error("hwloc: cannot load the topology");
    }
    std::map<int, const CpuKind *> kind_of;  // PU os index -> its kind
    const std::vector<CpuKind> kinds = read_cpu_kinds(topology);
    for (const CpuKind &k : kinds)
        for (int pu : k.pus) kind_of[pu] = &k;
    std::vector<PuInfo> pus;
    const int count = hwloc_get_nbobjs_by_type(topology, HWLOC_OBJ_PU);
    for (int i = 0; i < count; ++i) {
        const hwloc_obj_t pu = hwloc_get_obj_by_type(topology, HWLOC_OBJ_PU, unsigned(i));
        const hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topology, HWLOC_OBJ_CORE, pu);
        const hwloc_obj_t package = hwloc_get_ancestor_obj_by_type(topology, HWLOC_OBJ_PACKAGE, pu);
        // A PU without a core (some VMs, some ARM boards) is a core of its own.
        PuInfo info{int(pu->os_index), core != nullptr ? int(core->logical_index) : 100000 + i,
                    package != nullptr ? int(package->logical_index) : 0};
        if (const auto k = kind_of.find(info.os_index); k != kind_of.end()) {
            info.kind = k->second->name;
            info.core_type = k->second->core_type();
        }
        pus.push_back(std::move(info));
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

namespace {

// "performance (IntelCore), efficiency (IntelAtom)": the kinds among `pus`,
// in the order they first appear.
std::string kinds_text(const std::vector<PuInfo> &pus) {
    std::vector<std::string> seen;
    std::string text;
    for (const PuInfo &p : pus) {
        const std::string name = p.kind.empty() ? "performance" : p.kind;
        if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
        seen.push_back(name);
        text += (text.empty() ? "" : ", ") + name;
        if (!p.core_type.empty()) text += " (" + p.core_type + ")";
    }
    return text;
}

bool same_text_ignoring_case(const std::string &a, const std::string &b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// A PU of no reported kind is of the machine's one kind, "performance".
bool pu_is_of_kind(const PuInfo &p, const std::string &kind) {
    const std::string name = p.kind.empty() ? "performance" : p.kind;
    return name == kind || (!p.core_type.empty() && same_text_ignoring_case(p.core_type, kind));
}

size_t kind_count(const std::vector<PuInfo> &pus) {
    std::set<std::string> kinds;
    for (const PuInfo &p : pus) kinds.insert(p.kind);
    return kinds.size();
}

// The two kinds every hybrid machine has: a rule naming one may move
// between machines, and a `prefer` of it changes nothing where it is
// missing. Any other name must be a kind of this machine.
bool kind_of_every_hybrid(const std::string &kind) {
    return kind == "performance" || kind == "efficiency";
}

}  // namespace

PlacementOrder placement_order(const PlacementSpec &spec, const std::vector<PuInfo> &pus) {
    PlacementOrder out;
    if (spec.rule == KindRule::any || spec.placement == Placement::none) {
        out.cpus = placement_order(spec.placement, pus);
        return out;
    }
    const std::string rule = (spec.rule == KindRule::only ? "only=" : "prefer=") + spec.kind;
    std::vector<PuInfo> chosen, others;
    for (const PuInfo &p : pus) (pu_is_of_kind(p, spec.kind) ? chosen : others).push_back(p);
    if (kind_count(pus) <= 1 && spec.rule == KindRule::prefer && !chosen.empty()) {
        out.cpus = placement_order(spec.placement, pus);
        out.note = "one kind of CPU here (" + kinds_text(pus) + "): " + rule + " changes nothing";
        return out;
    }
    if (chosen.empty() && spec.rule == KindRule::prefer && kind_of_every_hybrid(spec.kind)) {
        out.cpus = placement_order(spec.placement, pus);
        out.note = "no CPU of kind '" + spec.kind + "' here, only " + kinds_text(pus) + ": " +
                   rule + " changes nothing";
        return out;
    }
    if (chosen.empty())
        throw std::invalid_argument("no CPU of kind '" + spec.kind + "' here; the kinds are " +
                                    kinds_text(pus));
    out.cpus = placement_order(spec.placement, chosen);
    if (spec.rule == KindRule::prefer) {
        const std::vector<int> rest = placement_order(spec.placement, others);
        out.cpus.insert(out.cpus.end(), rest.begin(), rest.end());
    }
    if (kind_count(pus) <= 1)
        out.note = "one kind of CPU here (" + kinds_text(pus) + "): " + rule + " uses every CPU";
    return out;
}

}  // namespace bytebench
