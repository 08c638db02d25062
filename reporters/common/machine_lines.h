// The machine a result was measured on, as labelled lines: distribution, CPU, notable flags,
// topology, CPU kinds (hybrid CPUs), NUMA, caches, frequency, memory, virtualisation, temp folder
// and compilers. The text report prints them as "   Label: text" after UnixBench's header lines;
// the html report as rows of its system table. A line is made only when the document has its
// member, so older results describe themselves as before. Header-only, nlohmann-json only.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/join.h"
#include "common/number_text.h"

namespace bytebench::reporters {

struct MachineLine {
    std::string label;  // "Topology"
    std::string text;   // "1 package, 2 cores, ..."
};

// "48 KiB", "2 MiB", "20.2 GiB": binary units, one decimal unless whole.
inline std::string bytes_text(double bytes) {
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int unit = 0;
    double value = bytes;
    while (unit < 5 && std::fabs(value) >= 1024) {
        value /= 1024;
        ++unit;
    }
    if (value == std::floor(value)) return format("%.0f %s", value, units[unit]);
    return format("%.1f %s", value, units[unit]);
}

// "0-3,8,10-11" for a list of CPU numbers.
inline std::string ranges_text(const nlohmann::json &numbers) {
    std::vector<long long> list;
    for (const nlohmann::json &n : elements(numbers))
        if (const std::optional<double> v = number_of(n); v && fits_integer(*v))
            list.push_back(to_integer(*v));
    std::string out;
    for (size_t i = 0; i < list.size();) {
        size_t j = i;
        while (j + 1 < list.size() && list[j + 1] == list[j] + 1) ++j;
        out += (out.empty() ? "" : ",") +
               (j == i ? format("%lld", list[i]) : format("%lld-%lld", list[i], list[j]));
        i = j + 1;
    }
    return out.empty() ? "none" : out;
}

namespace machine_detail {

using nlohmann::json;
using Lines = std::vector<MachineLine>;

// A member as text: strings as they are ("unknown" among them), whole numbers without
// decimals, absent members as "unknown".
inline std::string text(const json &object, const char *key) {
    const json &value = member(object, key);
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "yes" : "no";
    if (const std::optional<double> n = number_of(value)) {
        if (fits_integer(*n) && *n == std::floor(*n)) return format("%lld", to_integer(*n));
        return format("%.1f", *n);
    }
    return "unknown";
}

// The distinct reasons the object gives for its unknown members among `keys`.
inline std::string reasons(const json &object, std::initializer_list<const char *> keys) {
    std::vector<std::string> list;
    std::set<std::string> seen;
    for (const char *key : keys) {
        const std::string why = string_member(member(object, "why"), key);
        if (!why.empty() && seen.insert(why).second) list.push_back(why);
    }
    return list.empty() ? "" : " (" + join_known(list, "; ") + ")";
}

inline std::string bytes_member(const json &object, const char *key) {
    const std::optional<double> n = number_member(object, key);
    return n ? bytes_text(*n) : text(object, key);
}

inline std::string mhz_member(const json &object, const char *key) {
    const std::optional<double> n = number_member(object, key);
    return n ? format("%.1f MHz", *n) : text(object, key);
}

inline void distribution(const json &system, Lines &lines) {
    if (!member(system, "distribution").is_string()) return;
    lines.push_back(
        {"Distribution", text(system, "distribution") + "; libc: " + text(system, "libc")});
}

inline void cpu(const json &system, Lines &lines) {
    const json &cpu = member(system, "cpu");
    if (!cpu.is_object()) return;
    lines.push_back({"CPU", format("%s (%s family %s model %s stepping %s, microcode %s), %s",
                                   text(cpu, "model_name").c_str(), text(cpu, "vendor").c_str(),
                                   text(cpu, "family").c_str(), text(cpu, "model").c_str(),
                                   text(cpu, "stepping").c_str(), text(cpu, "microcode").c_str(),
                                   mhz_member(cpu, "mhz").c_str())});
    std::vector<std::string> flags;
    for (const json &flag : elements(member(cpu, "notable_flags")))
        if (flag.is_string()) flags.push_back(flag.get<std::string>());
    const json &notable = member(cpu, "notable_flags");
    lines.push_back({"Notable flags", notable.is_array()
                                          ? (flags.empty() ? "none" : join_known(flags, ", "))
                                          : text(cpu, "notable_flags")});
}

inline std::string topology_summary(const json &t) {
    const auto count = [&](const char *key, const char *one, const char *many) {
        const std::optional<long long> n = integer_member(t, key);
        return n ? counted(*n, one, many) : std::string("unknown ") + many;
    };
    std::string pus = count("pus", "PU", "PUs");
    const std::optional<long long> allowed = integer_member(t, "pus_allowed");
    const std::optional<long long> all = integer_member(t, "pus");
    if (allowed && all && *allowed != *all) pus += format(", %lld allowed", *allowed);
    const json &smt = member(t, "smt");
    const std::string smt_text =
        smt.is_boolean() ? (smt.get<bool>() ? "SMT on" : "SMT off") : "SMT unknown";
    const std::string per_core = count("threads_per_core", "thread", "threads") + " per core";
    const json &pu_list = member(t, "pu_os_indexes");
    const std::string numa =
        member(t, "numa_nodes").is_array()
            ? counted(elements(member(t, "numa_nodes")).size(), "NUMA node", "NUMA nodes")
            : "unknown NUMA nodes";
    return format(
        "%s, %s, %s (%s, %s; control %s), %s; PUs %s",
        count("packages", "package", "packages").c_str(), count("cores", "core", "cores").c_str(),
        pus.c_str(), per_core.c_str(), smt_text.c_str(), text(t, "smt_control").c_str(),
        numa.c_str(),
        pu_list.is_array() ? ranges_text(pu_list).c_str() : text(t, "pu_os_indexes").c_str());
}

// "performance PUs 0-3 (IntelCore, max 4700 MHz); efficiency PUs 4-7 (IntelAtom, max 3300
// MHz)": hwloc's CPU kinds, only on a hybrid machine (one kind says nothing).
inline std::string cpu_kinds_text(const json &t) {
    if (member(t, "hybrid") != true) return "";
    std::vector<std::string> kinds;
    for (const json &kind : elements(member(t, "cpu_kinds"))) {
        const json &info = member(kind, "info");
        const std::string max_mhz = string_member(info, "FrequencyMaxMHz");
        const std::string facts = join_known(
            {string_member(info, "CoreType"), max_mhz.empty() ? "" : "max " + max_mhz + " MHz"},
            ", ");
        kinds.push_back(string_member(kind, "name") + " PUs " + ranges_text(member(kind, "pus")) +
                        (facts.empty() ? "" : " (" + facts + ")"));
    }
    return join_known(kinds, "; ");
}

inline void topology(const json &system, Lines &lines) {
    const json &t = member(system, "topology");
    if (!t.is_object()) return;
    lines.push_back({"Topology", topology_summary(t)});
    if (const std::string kinds = cpu_kinds_text(t); !kinds.empty())
        lines.push_back({"CPU kinds", kinds});

    std::vector<std::string> nodes;
    for (const json &node : elements(member(t, "numa_nodes")))
        nodes.push_back(format("node %s %s (PUs %s)", text(node, "os_index").c_str(),
                               bytes_member(node, "memory_bytes").c_str(),
                               ranges_text(member(node, "pus")).c_str()));
    if (!nodes.empty()) lines.push_back({"NUMA", join_known(nodes, ", ")});

    std::vector<std::string> caches;
    std::set<std::string> line_sizes;
    for (const json &cache : elements(member(t, "caches"))) {
        const std::string type = string_member(cache, "type");
        const char *suffix = type == "data" ? "d" : type == "instruction" ? "i" : "";
        caches.push_back(format("L%s%s %s x %s", text(cache, "level").c_str(), suffix,
                                bytes_member(cache, "size_bytes").c_str(),
                                text(cache, "count").c_str()));
        line_sizes.insert(text(cache, "line_bytes"));
    }
    if (!caches.empty())
        lines.push_back({"Caches", join_known(caches, ", ") + " (" +
                                       join_known({line_sizes.begin(), line_sizes.end()}, "/") +
                                       "-byte lines)"});
    else
        lines.push_back({"Caches", text(t, "caches") + reasons(t, {"caches"})});
}

inline void frequency(const json &system, Lines &lines) {
    const json &f = member(system, "frequency");
    if (!f.is_object()) return;
    lines.push_back(
        {"Frequency",
         format("governor %s, boost %s, driver %s, pstate %s, min %s, max %s%s",
                text(f, "governor").c_str(), text(f, "boost").c_str(), text(f, "driver").c_str(),
                text(f, "pstate").c_str(), mhz_member(f, "min_mhz").c_str(),
                mhz_member(f, "max_mhz").c_str(),
                reasons(f, {"governor", "boost", "driver", "min_mhz", "max_mhz"}).c_str())});
}

inline void memory(const json &system, Lines &lines) {
    const json &m = member(system, "memory");
    if (!m.is_object()) return;
    lines.push_back(
        {"Memory",
         format("%s, %s available; huge pages %s of %s (%s free); THP %s, defrag %s",
                bytes_member(m, "total_bytes").c_str(), bytes_member(m, "available_bytes").c_str(),
                text(m, "hugepages_total").c_str(), bytes_member(m, "hugepage_size_bytes").c_str(),
                text(m, "hugepages_free").c_str(), text(m, "thp_enabled").c_str(),
                text(m, "thp_defrag").c_str())});
}

inline void virtualization(const json &system, Lines &lines) {
    const json &v = member(system, "virtualization");
    if (!v.is_object()) return;
    const std::string type = text(v, "type");
    const std::string hypervisor = text(v, "hypervisor");
    const bool has_hypervisor = hypervisor != "none" && hypervisor != "unknown";
    std::string line;
    if (type == "container")
        line = "container (" + text(v, "engine") + ")" +
               (has_hypervisor ? ", in a VM (" + hypervisor + ")" : "");
    else if (type == "vm")
        line = "VM (" + hypervisor + ")";
    else
        line = type;
    const std::string wsl = text(v, "wsl");
    if (wsl != "none" && wsl != "unknown") line += ", " + wsl;
    lines.push_back({"Virtualization",
                     line + "; DMI: " + text(v, "sys_vendor") + " / " + text(v, "product_name")});
}

inline void tmpdir(const json &system, Lines &lines) {
    const json &t = member(system, "tmpdir");
    if (!t.is_object()) return;
    const std::string device = string_member(t, "device");
    lines.push_back({"Temp folder", text(t, "path") + ": " + text(t, "fs_type") +
                                        (device.empty() ? "" : " on " + device) + " (" +
                                        text(t, "media") + "), " + bytes_member(t, "free_bytes") +
                                        " free"});
}

inline void compilers(const json &system, Lines &lines) {
    if (member(system, "bytebench_compiler").is_string())
        lines.push_back({"Compiler", "bytebench " + text(system, "bytebench_compiler")});
    // One line per distinct build, naming the plugins built that way.
    std::vector<std::pair<std::string, std::vector<std::string>>> builds;
    for (const json &entry : elements(member(system, "workload_builds"))) {
        std::string build = text(entry, "build");
        if (member(entry, "isa_level").is_string())  // not UnixBench's -march=native
            build += " [portable: ISA level " + text(entry, "isa_level") + "]";
        auto it = builds.begin();
        while (it != builds.end() && it->first != build) ++it;
        if (it == builds.end()) it = builds.insert(builds.end(), {build, {}});
        it->second.push_back(text(entry, "plugin"));
    }
    for (const auto &[build, plugins] : builds)
        lines.push_back({"Workloads", build + " (" + join_known(plugins, ", ") + ")"});
}

// The X display the graphics tests drew on (system.display): "private Xvfb :12, The X.Org
// Foundation 12101007, 1280x1024x24; GL: Mesa llvmpipe (LLVM 15.0.6, 256 bits) 4.5 (Compatibility
// Profile) Mesa 22.3.6 [software rendering: the 3D numbers measure the CPU]".
inline void display(const json &system, Lines &lines) {
    const json &d = member(system, "display");
    if (!d.is_object()) return;
    if (string_member(d, "source") == "none") {
        lines.push_back({"Display", "none: " + text(d, "reason")});
        return;
    }
    std::string line = text(d, "source") + " " + text(d, "display") + ", " + text(d, "server") +
                       ", " + text(d, "screen") + "; GL: " + text(d, "gl_vendor") + " " +
                       text(d, "gl_renderer") + " " + text(d, "gl_version");
    if (member(d, "software_rendering").is_boolean() && member(d, "software_rendering").get<bool>())
        line += " [software rendering: the 3D numbers measure the CPU]";
    lines.push_back({"Display", line + reasons(d, {"server", "screen", "gl_renderer"})});
}

}  // namespace machine_detail

// `system` is a result's "system" member.
inline std::vector<MachineLine> machine_lines(const nlohmann::json &system) {
    std::vector<MachineLine> lines;
    machine_detail::distribution(system, lines);
    machine_detail::cpu(system, lines);
    machine_detail::topology(system, lines);
    machine_detail::frequency(system, lines);
    machine_detail::memory(system, lines);
    machine_detail::virtualization(system, lines);
    machine_detail::tmpdir(system, lines);
    machine_detail::display(system, lines);
    machine_detail::compilers(system, lines);
    return lines;
}

}  // namespace bytebench::reporters
