#include "system/sysinfo.h"

#include <langinfo.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <clocale>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "base/text.h"
#include "model/isa_level.h"
#include "system/cpu_quota.h"
#include "system/sysinfo_readers.h"
#include "system/topology.h"

namespace bytebench {
namespace {

constexpr const char *kBenchmarkLang = "en_US.utf8";

// UnixBench's descriptive names for a few x86 flags, in its order.
const std::vector<std::pair<std::string, std::string>> &flag_names() {
    static const std::vector<std::pair<std::string, std::string>> names = {
        {"ht", "Hyper-Threading"},
        {"lm", "x86-64"},
        {"mmx", "MMX"},
        {"mmxext", "AMD MMX"},
        {"cxmmx", "Cyrix MMX"},
        {"xmm", "Streaming SIMD"},
        {"xmm2", "Streaming SIMD-2"},
        {"xmm3", "Streaming SIMD-3"},
        {"pae", "Physical Address Ext"},
        {"sep", "SYSENTER/SYSEXIT"},
        {"syscall", "SYSCALL/SYSRET"},
        {"ia64", "IA-64"},
        {"vmx", "Intel virtualization"},
        {"svm", "AMD virtualization"}};
    return names;
}

nlohmann::json cpu_entry(const std::map<std::string, std::string> &fields) {
    nlohmann::json cpu = {{"model", "unknown"}, {"flags", nlohmann::json::array()}};
    if (auto it = fields.find("model name"); it != fields.end())
        cpu["model"] = it->second;
    else if (auto cpu_it = fields.find("cpu model"); cpu_it != fields.end())
        cpu["model"] = cpu_it->second;
    if (auto it = fields.find("bogomips"); it != fields.end())
        cpu["bogomips"] = std::atof(it->second.c_str());
    else if (auto b = fields.find("BogoMIPS"); b != fields.end())
        cpu["bogomips"] = std::atof(b->second.c_str());
    if (auto it = fields.find("flags"); it != fields.end()) {
        std::string all = " " + it->second + " ";
        for (const auto &[flag, name] : flag_names())
            if (all.find(" " + flag + " ") != std::string::npos) cpu["flags"].push_back(name);
    } else if (auto f = fields.find("Features"); f != fields.end()) {
        cpu["features"] = f->second;
    }
    return cpu;
}

nlohmann::json read_cpus(const std::string &cpuinfo) {
    nlohmann::json cpus = nlohmann::json::array();
    std::istringstream in(cpuinfo);
    std::map<std::string, std::string> fields;
    std::string line;
    auto flush = [&] {
        if (fields.count("processor") != 0) cpus.push_back(cpu_entry(fields));
        fields.clear();
    };
    while (std::getline(in, line)) {
        if (trim(line).empty()) {
            flush();
            continue;
        }
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        fields[trim(line.substr(0, colon))] = trim(line.substr(colon + 1));
    }
    flush();
    return cpus;
}

nlohmann::json load_average() {
    double a = 0, b = 0, c = 0;
    std::ifstream in("/proc/loadavg");
    in >> a >> b >> c;
    return nlohmann::json::array({a, b, c});
}

double uptime_seconds() {
    double up = 0;
    std::ifstream in("/proc/uptime");
    in >> up;
    return up;
}

std::string runlevel() {
    // Containers and systemd machines often have no utmp runlevel record;
    // UnixBench then prints an empty field, and so do we.
    const char *env = std::getenv("RUNLEVEL");
    return env != nullptr ? env : "";
}

}  // namespace

void set_benchmark_locale() {
    // LC_ALL and every LC_* category override LANG: a user's LC_ALL would be
    // what the workloads (sort, grep, the shell scripts) really ran under.
    // UnixBench sets LANG and means it for everything, so they go.
    std::vector<std::string> overrides;
    for (char **entry = environ; *entry != nullptr; ++entry)
        if (std::strncmp(*entry, "LC_", 3) == 0 || std::strncmp(*entry, "LANGUAGE=", 9) == 0)
            overrides.emplace_back(*entry, std::strcspn(*entry, "="));
    for (const std::string &name : overrides) unsetenv(name.c_str());
    setenv("LANG", kBenchmarkLang, 1);
}

int online_cpus() {
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? int(n) : 1;
}

nlohmann::json gather_system_info() {
    utsname u{};
    uname(&u);
    const std::string sysname = u.sysname;
    const std::string cpuinfo = read_under("/", "/proc/cpuinfo");
    nlohmann::json cpus = read_cpus(cpuinfo);
    const std::string model =
        !cpus.empty() ? cpus[0].value("model", "unknown") : std::string("unknown");

    // What the locale resolves to for the workloads (the environment as
    // set_benchmark_locale() left it): "resolved" is what setlocale() made of
    // it, "C" when the machine has no such locale (the workloads then run in C).
    const char *lang = std::getenv("LANG");
    std::string charmap = "unknown", collate = "unknown", resolved = "unknown";
    if (const char *old = std::setlocale(LC_ALL, nullptr); old != nullptr) {
        const std::string saved = old;
        const char *now = std::setlocale(LC_ALL, "");
        if (now == nullptr) now = std::setlocale(LC_ALL, "C");
        resolved = now != nullptr ? now : "unknown";
        charmap = nl_langinfo(CODESET);
        collate = charmap;  // LANG sets LC_COLLATE too, so both share one codeset
        std::setlocale(LC_ALL, saved.c_str());
    }

    const long configured = sysconf(_SC_NPROCESSORS_CONF);
    nlohmann::json system = {{"hostname", u.nodename},
                             {"os", sysname == "Linux" ? "GNU/Linux" : sysname},
                             {"kernel", u.release},
                             {"kernel_version", u.version},
                             {"machine", u.machine},
                             {"platform", "unknown"},
                             {"cpu_model", model},
                             {"cpus_online", online_cpus()},
                             {"cpus_configured", configured > 0 ? int(configured) : online_cpus()},
                             {"cpus", cpus},
                             {"language",
                              {{"lang", lang != nullptr ? lang : ""},
                               {"charmap", charmap},
                               {"collate", collate},
                               {"resolved", resolved}}},
                             {"load_average", load_average()},
                             {"uptime_s", uptime_seconds()},
                             {"runlevel", runlevel()}};
    add_machine_details(system, "/", read_cpuid_hypervisor(), cpuinfo, read_auxv_hwcaps());
    // aarch64's /proc/cpuinfo names no model: the one built from the MIDR.
    if (model == "unknown" && system["cpu"]["model_name"] != kUnknown)
        system["cpu_model"] = system["cpu"]["model_name"];
    system["isa_levels"] = isa_levels_json();
    system["effective_cpus"] = effective_cpus_json(read_effective_cpus());
    return system;
}

nlohmann::json isa_levels_json() {
    nlohmann::json supported = nlohmann::json::array();
    for (const IsaLevel &level : isa_levels())
        if (level.supported) supported.push_back(level.name);
    return {{"architecture", isa_architecture()}, {"supported", supported}};
}

void add_machine_details(nlohmann::json &system, const std::string &root,
                         const CpuidHypervisor &cpuid, const std::string &cpuinfo,
                         const AuxvHwcaps &hwcaps) {
    system["cpu"] = describe_cpu(root, cpuinfo, hwcaps);
    nlohmann::json topology = read_topology();
    const std::string smt_control = read_under(root, "/sys/devices/system/cpu/smt/control");
    if (!smt_control.empty())
        topology["smt_control"] = smt_control.substr(0, smt_control.find_first_of("\r\n"));
    else
        mark_unknown(topology, "smt_control",
                     "no /sys/devices/system/cpu/smt/control (a kernel without SMT control)");
    system["topology"] = topology;
    system["frequency"] = read_frequency(root);
    system["memory"] = read_memory(root);
    system["virtualization"] = detect_virtualization(root, cpuid);
    const nlohmann::json vulnerabilities = read_vulnerabilities(root);
    if (!vulnerabilities.empty())
        system["vulnerabilities"] = vulnerabilities;
    else
        mark_unknown(system, "vulnerabilities",
                     "no /sys/devices/system/cpu/vulnerabilities (a kernel before 4.15, or not "
                     "Linux)");

    std::string os_release = read_under(root, "/etc/os-release");
    if (os_release.empty()) os_release = read_under(root, "/usr/lib/os-release");
    const std::string distribution = parse_os_release(os_release);
    if (!distribution.empty())
        system["distribution"] = distribution;
    else
        mark_unknown(system, "distribution",
                     os_release.empty() ? "no /etc/os-release or /usr/lib/os-release"
                                        : "os-release has no PRETTY_NAME");
    const std::string libc = libc_version();
    if (!libc.empty())
        system["libc"] = libc;
    else
        mark_unknown(system, "libc", "not glibc (no gnu_get_libc_version)");
    system["bytebench_compiler"] = compiler_version();
}

nlohmann::json workload_builds(const std::vector<PluginInfo> &plugins) {
    std::map<std::pair<std::string, std::string>, const PluginInfo *> builds;
    for (const PluginInfo &p : plugins)
        if (!p.workloads.empty()) builds.emplace(std::make_pair(p.id, p.build_info), &p);
    nlohmann::json list = nlohmann::json::array();
    for (const auto &[key, p] : builds) {
        nlohmann::json entry = {{"plugin", p->id}, {"build", p->build_info}};
        if (p->build_info.empty()) {
            mark_unknown(entry, "build", "the plugin gives no build_info");
            mark_unknown(entry, "method", "the plugin gives no build_info");
        } else {
            entry["method"] = build_method_of(p->build_info, p->isa_level);
        }
        if (!p->isa_level.empty()) {
            entry["isa_level"] = p->isa_level;
            entry["packaged_levels"] = p->packaged_levels;
        }
        list.push_back(entry);
    }
    return list;
}

void add_workload_builds(nlohmann::json &system, const std::vector<PluginInfo> &plugins) {
    system["workload_builds"] = workload_builds(plugins);
    std::set<std::string> methods;
    for (const nlohmann::json &entry : system["workload_builds"])
        methods.insert(entry.value("method", kUnknown));
    if (methods.empty())
        mark_unknown(system, "build_method", "no loaded plugin has workloads");
    else
        system["build_method"] = methods.size() == 1 ? *methods.begin() : "mixed";
}

}  // namespace bytebench
