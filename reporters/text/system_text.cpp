#include "system_text.hpp"

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "../common/c_format.hpp"
#include "../common/json_access.hpp"
#include "../common/number_text.hpp"

namespace bytebench::reporters::text {
namespace {

using nlohmann::json;

// A member as text: strings as they are ("unknown" among them), whole
// numbers without decimals, absent members as "unknown".
std::string text(const json &object, const char *key) {
    const json &value = member(object, key);
    if (value.is_string()) return value.get<std::string>();
    if (value.is_boolean()) return value.get<bool>() ? "yes" : "no";
    if (const std::optional<double> n = number_of(value)) {
        if (fits_integer(*n) && *n == std::floor(*n)) return format("%lld", to_integer(*n));
        return format("%.1f", *n);
    }
    return "unknown";
}

std::string join(const std::vector<std::string> &parts, const char *separator) {
    std::string out;
    for (const std::string &p : parts)
        if (!p.empty()) out += (out.empty() ? "" : separator) + p;
    return out;
}

// The distinct reasons the object gives for its unknown members among `keys`.
std::string reasons(const json &object, std::initializer_list<const char *> keys) {
    std::vector<std::string> list;
    std::set<std::string> seen;
    for (const char *key : keys) {
        const std::string why = string_member(member(object, "why"), key);
        if (!why.empty() && seen.insert(why).second) list.push_back(why);
    }
    return list.empty() ? "" : " (" + join(list, "; ") + ")";
}

std::string bytes_member(const json &object, const char *key) {
    const std::optional<double> n = number_member(object, key);
    return n ? bytes_text(*n) : text(object, key);
}

std::string mhz_member(const json &object, const char *key) {
    const std::optional<double> n = number_member(object, key);
    return n ? format("%.1f MHz", *n) : text(object, key);
}

void write_distribution(const json &system, std::ostream &out) {
    if (!member(system, "distribution").is_string()) return;
    out << format("   Distribution: %s; libc: %s\n", text(system, "distribution").c_str(),
                  text(system, "libc").c_str());
}

void write_cpu(const json &system, std::ostream &out) {
    const json &cpu = member(system, "cpu");
    if (!cpu.is_object()) return;
    out << format("   CPU: %s (%s family %s model %s stepping %s, microcode %s), %s\n",
                  text(cpu, "model_name").c_str(), text(cpu, "vendor").c_str(),
                  text(cpu, "family").c_str(), text(cpu, "model").c_str(),
                  text(cpu, "stepping").c_str(), text(cpu, "microcode").c_str(),
                  mhz_member(cpu, "mhz").c_str());
    std::vector<std::string> flags;
    for (const json &flag : elements(member(cpu, "notable_flags")))
        if (flag.is_string()) flags.push_back(flag.get<std::string>());
    const json &notable = member(cpu, "notable_flags");
    out << format("   Notable flags: %s\n",
                  notable.is_array() ? (flags.empty() ? "none" : join(flags, ", ")).c_str()
                                     : text(cpu, "notable_flags").c_str());
}

void write_topology(const json &system, std::ostream &out) {
    const json &t = member(system, "topology");
    if (!t.is_object()) return;
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
    out << format(
        "   Topology: %s, %s, %s (%s, %s; control %s), %s; PUs %s\n",
        count("packages", "package", "packages").c_str(), count("cores", "core", "cores").c_str(),
        pus.c_str(), per_core.c_str(), smt_text.c_str(), text(t, "smt_control").c_str(),
        member(t, "numa_nodes").is_array()
            ? counted(elements(member(t, "numa_nodes")).size(), "NUMA node", "NUMA nodes").c_str()
            : "unknown NUMA nodes",
        pu_list.is_array() ? ranges_text(pu_list).c_str() : text(t, "pu_os_indexes").c_str());

    std::vector<std::string> nodes;
    for (const json &node : elements(member(t, "numa_nodes")))
        nodes.push_back(format("node %s %s (PUs %s)", text(node, "os_index").c_str(),
                               bytes_member(node, "memory_bytes").c_str(),
                               ranges_text(member(node, "pus")).c_str()));
    if (!nodes.empty()) out << format("   NUMA: %s\n", join(nodes, ", ").c_str());

    std::vector<std::string> caches;
    std::set<std::string> lines;
    for (const json &cache : elements(member(t, "caches"))) {
        const std::string type = string_member(cache, "type");
        const char *suffix = type == "data" ? "d" : type == "instruction" ? "i" : "";
        caches.push_back(format("L%s%s %s x %s", text(cache, "level").c_str(), suffix,
                                bytes_member(cache, "size_bytes").c_str(),
                                text(cache, "count").c_str()));
        lines.insert(text(cache, "line_bytes"));
    }
    if (!caches.empty())
        out << format("   Caches: %s (%s-byte lines)\n", join(caches, ", ").c_str(),
                      join(std::vector<std::string>(lines.begin(), lines.end()), "/").c_str());
    else
        out << format("   Caches: %s%s\n", text(t, "caches").c_str(),
                      reasons(t, {"caches"}).c_str());
}

void write_frequency(const json &system, std::ostream &out) {
    const json &f = member(system, "frequency");
    if (!f.is_object()) return;
    out << format("   Frequency: governor %s, boost %s, driver %s, pstate %s, min %s, max %s%s\n",
                  text(f, "governor").c_str(), text(f, "boost").c_str(), text(f, "driver").c_str(),
                  text(f, "pstate").c_str(), mhz_member(f, "min_mhz").c_str(),
                  mhz_member(f, "max_mhz").c_str(),
                  reasons(f, {"governor", "boost", "driver", "min_mhz", "max_mhz"}).c_str());
}

void write_memory(const json &system, std::ostream &out) {
    const json &m = member(system, "memory");
    if (!m.is_object()) return;
    out << format("   Memory: %s, %s available; huge pages %s of %s (%s free); THP %s, defrag %s\n",
                  bytes_member(m, "total_bytes").c_str(),
                  bytes_member(m, "available_bytes").c_str(), text(m, "hugepages_total").c_str(),
                  bytes_member(m, "hugepage_size_bytes").c_str(), text(m, "hugepages_free").c_str(),
                  text(m, "thp_enabled").c_str(), text(m, "thp_defrag").c_str());
}

void write_virtualization(const json &system, std::ostream &out) {
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
    out << format("   Virtualization: %s; DMI: %s / %s\n", line.c_str(),
                  text(v, "sys_vendor").c_str(), text(v, "product_name").c_str());
}

void write_tmpdir(const json &system, std::ostream &out) {
    const json &t = member(system, "tmpdir");
    if (!t.is_object()) return;
    const std::string device = string_member(t, "device");
    out << format("   Temp folder: %s: %s%s (%s), %s free\n", text(t, "path").c_str(),
                  text(t, "fs_type").c_str(), device.empty() ? "" : (" on " + device).c_str(),
                  text(t, "media").c_str(), bytes_member(t, "free_bytes").c_str());
}

void write_compilers(const json &system, std::ostream &out) {
    if (member(system, "bytebench_compiler").is_string())
        out << format("   Compiler: bytebench %s\n", text(system, "bytebench_compiler").c_str());
    // One line per distinct build, naming the plugins built that way.
    std::vector<std::pair<std::string, std::vector<std::string>>> builds;
    for (const json &entry : elements(member(system, "workload_builds"))) {
        const std::string build = text(entry, "build");
        auto it = builds.begin();
        while (it != builds.end() && it->first != build) ++it;
        if (it == builds.end()) it = builds.insert(builds.end(), {build, {}});
        it->second.push_back(text(entry, "plugin"));
    }
    for (const auto &[build, plugins] : builds)
        out << format("   Workloads: %s (%s)\n", build.c_str(), join(plugins, ", ").c_str());
}

}  // namespace

std::string bytes_text(double bytes) {
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

std::string ranges_text(const json &numbers) {
    std::vector<long long> list;
    for (const json &n : elements(numbers))
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

void write_machine_lines(const json &system, std::ostream &out) {
    write_distribution(system, out);
    write_cpu(system, out);
    write_topology(system, out);
    write_frequency(system, out);
    write_memory(system, out);
    write_virtualization(system, out);
    write_tmpdir(system, out);
    write_compilers(system, out);
}

}  // namespace bytebench::reporters::text
