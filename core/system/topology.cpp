#include "system/topology.h"

#include <hwloc.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "system/sysinfo_readers.h"

namespace bytebench {
namespace {

const char *const kMembers[] = {"packages",         "cores",     "pus",        "pus_allowed",
                                "threads_per_core", "smt",       "numa_nodes", "caches",
                                "pu_os_indexes",    "cpu_kinds", "hybrid"};

// Frees the topology however read_topology() leaves.
struct Topology {
    hwloc_topology_t t = nullptr;
    ~Topology() {
        if (t != nullptr) hwloc_topology_destroy(t);
    }
};

const char *cache_type(hwloc_obj_cache_type_t type) {
    switch (type) {
        case HWLOC_OBJ_CACHE_DATA:
            return "data";
        case HWLOC_OBJ_CACHE_INSTRUCTION:
            return "instruction";
        default:
            return "unified";
    }
}

// The os indexes of the PUs in `set`, ascending.
nlohmann::json pu_indexes(hwloc_topology_t t, hwloc_const_cpuset_t set) {
    nlohmann::json list = nlohmann::json::array();
    if (set == nullptr) return list;
    for (hwloc_obj_t pu = hwloc_get_next_obj_inside_cpuset_by_type(t, set, HWLOC_OBJ_PU, nullptr);
         pu != nullptr; pu = hwloc_get_next_obj_inside_cpuset_by_type(t, set, HWLOC_OBJ_PU, pu))
        list.push_back(pu->os_index);
    std::sort(list.begin(), list.end());
    return list;
}

nlohmann::json caches(hwloc_topology_t t) {
    // (level, type, size, line) -> how many; hybrid CPUs have caches of one
    // level in two sizes, which stay apart.
    std::map<std::tuple<unsigned, int, unsigned long long, unsigned>, int> counts;
    for (int type = HWLOC_OBJ_TYPE_MIN; type < HWLOC_OBJ_TYPE_MAX; ++type) {
        if (!hwloc_obj_type_is_cache(hwloc_obj_type_t(type))) continue;
        for (hwloc_obj_t o = hwloc_get_next_obj_by_type(t, hwloc_obj_type_t(type), nullptr);
             o != nullptr; o = hwloc_get_next_obj_by_type(t, hwloc_obj_type_t(type), o)) {
            const auto &c = o->attr->cache;
            const int kind = c.type == HWLOC_OBJ_CACHE_DATA          ? 0
                             : c.type == HWLOC_OBJ_CACHE_INSTRUCTION ? 1
                                                                     : 2;
            ++counts[{c.depth, kind, c.size, c.linesize}];
        }
    }
    const hwloc_obj_cache_type_t kinds[] = {HWLOC_OBJ_CACHE_DATA, HWLOC_OBJ_CACHE_INSTRUCTION,
                                            HWLOC_OBJ_CACHE_UNIFIED};
    nlohmann::json list = nlohmann::json::array();
    for (const auto &[key, count] : counts)
        list.push_back({{"level", std::get<0>(key)},
                        {"type", cache_type(kinds[std::get<1>(key)])},
                        {"size_bytes", std::get<2>(key)},
                        {"line_bytes", std::get<3>(key)},
                        {"count", count}});
    return list;
}

// Names kinds in hwloc's order (least performant first): see CpuKind::name.
void name_kinds(std::vector<CpuKind> &kinds) {
    const bool ranked =
        std::all_of(kinds.begin(), kinds.end(), [](const CpuKind &k) { return k.efficiency >= 0; });
    for (size_t i = 0; i < kinds.size(); ++i) {
        CpuKind &k = kinds[i];
        if (ranked && i + 1 == kinds.size())
            k.name = "performance";
        else if (ranked && i == 0)
            k.name = "efficiency";
        else if (ranked)
            k.name = "rank" + std::to_string(k.efficiency);
        else
            k.name = k.core_type().empty() ? "kind" + std::to_string(i) : k.core_type();
    }
}

nlohmann::json cpu_kinds_json(const std::vector<CpuKind> &kinds) {
    nlohmann::json list = nlohmann::json::array();
    for (const CpuKind &k : kinds) {
        nlohmann::json j = {{"name", k.name}, {"pus", k.pus}, {"info", k.info}};
        if (k.efficiency >= 0)
            j["efficiency"] = k.efficiency;
        else
            mark_unknown(j, "efficiency", "hwloc could not rank the kinds");
        list.push_back(std::move(j));
    }
    return list;
}

void add_cpu_kinds(nlohmann::json &j, hwloc_topology_t t, const std::string &source) {
    const std::vector<CpuKind> kinds = read_cpu_kinds(t);
    j["hybrid"] = kinds.size() > 1;
    if (!kinds.empty()) {
        j["cpu_kinds"] = cpu_kinds_json(kinds);
        return;
    }
    // hwloc finds kinds in CPUID's hybrid leaf, Linux's cpu_capacity and
    // cpufreq's frequencies: with none of them the CPUs are one kind to it.
    mark_unknown(j, "cpu_kinds",
                 source +
                     " reports no CPU kinds (no hybrid CPUID leaf, cpu_capacity or "
                     "per-CPU cpufreq frequencies): taken as one kind");
}

}  // namespace

std::string CpuKind::core_type() const {
    const auto it = info.find("CoreType");
    return it != info.end() ? it->second : "";
}

std::vector<CpuKind> read_cpu_kinds(hwloc_topology *t) {
    std::vector<CpuKind> kinds;
    const int count = hwloc_cpukinds_get_nr(t, 0);
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    for (int i = 0; i < count; ++i) {
        CpuKind k;
        unsigned nr_infos = 0;
        hwloc_info_s *infos = nullptr;
        if (hwloc_cpukinds_get_info(t, unsigned(i), set, &k.efficiency, &nr_infos, &infos, 0) != 0)
            continue;
        for (unsigned n = 0; n < nr_infos; ++n) k.info[infos[n].name] = infos[n].value;
        for (const nlohmann::json &pu : pu_indexes(t, set)) k.pus.push_back(pu.get<int>());
        kinds.push_back(std::move(k));
    }
    hwloc_bitmap_free(set);
    name_kinds(kinds);
    return kinds;
}

nlohmann::json read_topology(const std::string &xml_file) {
    nlohmann::json j = nlohmann::json::object();
    Topology topo;
    const auto fail = [&](const std::string &why) {
        for (const char *key : kMembers) mark_unknown(j, key, why);
        return j;
    };
    if (hwloc_topology_init(&topo.t) != 0) {
        topo.t = nullptr;
        return fail("hwloc_topology_init failed");
    }
    // Every online CPU, also those the cgroup keeps us from (pus_allowed).
    hwloc_topology_set_flags(topo.t, HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED);
    // hwloc leaves instruction caches out unless asked.
    hwloc_topology_set_icache_types_filter(topo.t, HWLOC_TYPE_FILTER_KEEP_ALL);
    if (!xml_file.empty() && hwloc_topology_set_xml(topo.t, xml_file.c_str()) != 0)
        return fail("hwloc cannot read " + xml_file);
    if (hwloc_topology_load(topo.t) != 0) return fail("hwloc_topology_load failed");
    hwloc_topology_t t = topo.t;

    const char *version = hwloc_obj_get_info_by_name(hwloc_get_root_obj(t), "hwlocVersion");
    j["source"] = std::string("hwloc ") + (version != nullptr ? version : HWLOC_VERSION);

    const auto count = [&](const char *key, hwloc_obj_type_t type, const char *name) {
        const int n = hwloc_get_nbobjs_by_type(t, type);
        if (n > 0)
            j[key] = n;
        else
            mark_unknown(j, key, std::string("hwloc found no ") + name);
        return n;
    };
    count("packages", HWLOC_OBJ_PACKAGE, "package");
    const int cores = count("cores", HWLOC_OBJ_CORE, "core");
    count("pus", HWLOC_OBJ_PU, "PU");

    hwloc_bitmap_t allowed = hwloc_bitmap_dup(hwloc_topology_get_allowed_cpuset(t));
    hwloc_bitmap_and(allowed, allowed, hwloc_topology_get_topology_cpuset(t));
    j["pus_allowed"] = hwloc_bitmap_weight(allowed);
    hwloc_bitmap_free(allowed);

    if (cores > 0) {
        int most = 0;
        for (hwloc_obj_t core = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_CORE, nullptr);
             core != nullptr; core = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_CORE, core))
            most = std::max(most,
                            hwloc_get_nbobjs_inside_cpuset_by_type(t, core->cpuset, HWLOC_OBJ_PU));
        j["threads_per_core"] = most;
        j["smt"] = most > 1;
    } else {
        mark_unknown(j, "threads_per_core", "hwloc found no core");
        mark_unknown(j, "smt", "hwloc found no core");
    }

    nlohmann::json nodes = nlohmann::json::array();
    for (hwloc_obj_t node = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_NUMANODE, nullptr);
         node != nullptr; node = hwloc_get_next_obj_by_type(t, HWLOC_OBJ_NUMANODE, node))
        nodes.push_back({{"os_index", node->os_index},
                         {"memory_bytes", node->attr->numanode.local_memory},
                         {"pus", pu_indexes(t, node->cpuset)}});
    if (!nodes.empty())
        j["numa_nodes"] = nodes;
    else
        mark_unknown(j, "numa_nodes", "hwloc found no NUMA node");

    j["caches"] = caches(t);
    if (j["caches"].empty()) mark_unknown(j, "caches", "hwloc found no cache");
    j["pu_os_indexes"] = pu_indexes(t, hwloc_topology_get_topology_cpuset(t));
    add_cpu_kinds(j, t, j["source"].get<std::string>());
    return j;
}

}  // namespace bytebench
