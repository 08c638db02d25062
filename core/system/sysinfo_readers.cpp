#include "system/sysinfo_readers.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "base/text.h"
#include "system/arm_cpu_names.h"

#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace fs = std::filesystem;

namespace bytebench {
namespace {

std::string lower(std::string s) {
    for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool contains(const std::string &text, const std::string &needle) {
    return text.find(needle) != std::string::npos;
}

bool exists_under(const std::string &root, const std::string &path) {
    std::error_code ec;
    return fs::exists(fs::path(root + path), ec);
}

// The first line of a small /sys file, trimmed ("" when it cannot be read).
std::string first_line_under(const std::string &root, const std::string &path) {
    std::ifstream in(root + path);
    std::string line;
    std::getline(in, line);
    return trim(line);
}

// Firmware and cpuid strings as printable ASCII: a stray byte would make
// the result invalid UTF-8, which JSON cannot hold.
std::string printable(std::string s) {
    for (char &c : s)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
    return s;
}

std::vector<std::string> words(const std::string &text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// "key : value" lines, one block of /proc/cpuinfo.
using Fields = std::map<std::string, std::string>;

std::vector<Fields> cpuinfo_blocks(const std::string &text) {
    std::vector<Fields> blocks(1);
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (trim(line).empty()) {
            if (!blocks.back().empty()) blocks.emplace_back();
            continue;
        }
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = trim(line.substr(0, colon));
        if (blocks.back().count(key) == 0) blocks.back()[key] = trim(line.substr(colon + 1));
    }
    if (blocks.back().empty()) blocks.pop_back();
    return blocks;
}

// The SIMD and crypto extensions that move benchmark numbers, in the order
// they are shown: x86 /proc/cpuinfo "flags", then aarch64 "Features".
const std::vector<std::string> &notable_x86() {
    static const std::vector<std::string> names = {
        "sse4_2",   "avx",         "avx2",        "fma",         "avx512f",  "avx512bw", "avx512dq",
        "avx512vl", "avx512_vnni", "avx512_bf16", "avx512_fp16", "avx_vnni", "amx_tile", "amx_int8",
        "amx_bf16", "amx_fp16",    "sha_ni",      "aes",         "vaes"};
    return names;
}

const std::vector<std::string> &notable_aarch64() {
    static const std::vector<std::string> names = {
        "asimd", "asimdhp", "asimddp", "sve",   "sve2", "sme",  "sme2", "i8mm",
        "bf16",  "atomics", "aes",     "pmull", "sha1", "sha2", "sha3", "sha512"};
    return names;
}

// Sets `object[key]`, dropping a reason for "unknown" an earlier reader gave.
void set_known(nlohmann::json &object, const std::string &key, const nlohmann::json &value) {
    object[key] = value;
    if (!object.contains("why")) return;
    object["why"].erase(key);
    if (object["why"].empty()) object.erase("why");
}

std::string hex_code(unsigned value, int digits) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%0*x", digits, value);
    return text;
}

const char *const kNoArmCores =
    "core types come from aarch64's MIDR (/sys midr_el1 or /proc/cpuinfo's CPU part); "
    "x86's /proc/cpuinfo does not tell hybrid cores apart";

// The vendor and core names of a core type, their codes when the table
// does not know them.
std::string vendor_or_code(const Midr &m) {
    const std::string name = arm_implementer_name(m.implementer);
    return name.empty() ? hex_code(m.implementer, 2) : name;
}

std::string part_or_code(const Midr &m) {
    const std::string name = arm_part_name(m.implementer, m.part);
    return name.empty() ? hex_code(m.part, 3) : name;
}

// "ARM Neoverse-N1" for one core type; "ARM Cortex-A76 x4 + Cortex-A55 x4"
// for several, biggest first, the vendor said once while it stays the same.
std::string arm_model_name(const std::vector<ArmCoreType> &types) {
    if (types.size() == 1) return vendor_or_code(types[0].midr) + " " + part_or_code(types[0].midr);
    std::string name, vendor;
    for (const ArmCoreType &t : types) {
        if (!name.empty()) name += " + ";
        if (vendor_or_code(t.midr) != vendor) {
            vendor = vendor_or_code(t.midr);
            name += vendor + " ";
        }
        name += part_or_code(t.midr) + " x" + std::to_string(t.cpus.size());
    }
    return name;
}

nlohmann::json arm_core_entry(const ArmCoreType &t) {
    nlohmann::json entry = {{"implementer", hex_code(t.midr.implementer, 2)},
                            {"part", hex_code(t.midr.part, 3)},
                            {"count", t.cpus.size()},
                            {"stepping", joined(t.steppings, "/")},
                            {"cpus", t.cpus}};
    const std::string vendor = arm_implementer_name(t.midr.implementer);
    const std::string name = arm_part_name(t.midr.implementer, t.midr.part);
    const std::string table = " is not in bytebench's table (core/system/arm_cpu_names.cpp)";
    if (!vendor.empty())
        entry["vendor"] = vendor;
    else
        mark_unknown(entry, "vendor", "implementer " + hex_code(t.midr.implementer, 2) + table);
    if (!name.empty())
        entry["name"] = name;
    else
        mark_unknown(entry, "name",
                     "part " + hex_code(t.midr.part, 3) + " of implementer " +
                         hex_code(t.midr.implementer, 2) + table);
    return entry;
}

// system.cpu's vendor, model, stepping (of the biggest core type),
// model_name and cores from the core types of an aarch64 machine.
void describe_arm_cores(nlohmann::json &cpu, const std::vector<ArmCoreType> &types,
                        const char *source) {
    const ArmCoreType &first = types.front();
    set_known(cpu, "vendor", vendor_or_code(first.midr));
    set_known(cpu, "model", hex_code(first.midr.part, 3));
    set_known(cpu, "stepping", joined(first.steppings, "/"));
    set_known(cpu, "model_name", arm_model_name(types));
    nlohmann::json cores = nlohmann::json::array();
    for (const ArmCoreType &t : types) cores.push_back(arm_core_entry(t));
    set_known(cpu, "cores", cores);
    set_known(cpu, "cores_source", source);
}

// flags (in full), where they came from, and the notable ones.
void set_flags(nlohmann::json &cpu, const std::vector<std::string> &all, bool arm,
               const char *source) {
    const std::set<std::string> present(all.begin(), all.end());
    nlohmann::json notable = nlohmann::json::array();
    for (const std::string &name : arm ? notable_aarch64() : notable_x86())
        if (present.count(name) != 0) notable.push_back(name);
    set_known(cpu, "flags", all);
    set_known(cpu, "flags_source", source);
    set_known(cpu, "notable_flags", notable);
}

void set_or_unknown(nlohmann::json &object, const std::string &key, const Fields &fields,
                    const std::string &field) {
    const auto it = fields.find(field);
    if (it != fields.end() && !it->second.empty())
        object[key] = it->second;
    else
        mark_unknown(object, key, "no \"" + field + "\" line in /proc/cpuinfo");
}

// system.cpu.microcode: the revision every processor shows, or the distinct
// ones in the order they appear, comma-separated: a late microcode update can
// leave CPUs at different revisions, and that moves mitigations and numbers.
void set_microcode(nlohmann::json &cpu, const std::vector<Fields> &blocks) {
    std::vector<std::string> revisions;
    for (const Fields &block : blocks) {
        const auto it = block.find("microcode");
        if (it == block.end() || it->second.empty()) continue;
        if (std::find(revisions.begin(), revisions.end(), it->second) == revisions.end())
            revisions.push_back(it->second);
    }
    if (!revisions.empty())
        cpu["microcode"] = bytebench::joined(revisions, ",");
    else
        mark_unknown(cpu, "microcode", "no \"microcode\" line in /proc/cpuinfo");
}

// The [selected] word of a sysfs mode file ("always [madvise] never").
std::string selected_mode(const std::string &line) {
    const auto open = line.find('[');
    const auto close = line.find(']', open);
    if (open == std::string::npos || close == std::string::npos) return trim(line);
    return line.substr(open + 1, close - open - 1);
}

std::string read_small(const fs::path &path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return trim(line);
}

std::string joined(const std::set<std::string> &values, const char *separator) {
    return bytebench::joined(std::vector<std::string>(values.begin(), values.end()), separator);
}

// A DMI vendor or product that only virtual machines show, and the
// hypervisor it names ("" for none). Bare-metal cloud machines share their
// vendor with the VMs (Amazon EC2), so only unambiguous names count.
std::string hypervisor_from_dmi(const std::string &vendor, const std::string &product) {
    const std::string v = lower(vendor), p = lower(product);
    if (contains(v, "qemu") || contains(p, "qemu")) return "QEMU";
    if (p == "kvm" || contains(p, "kvm virtual")) return "KVM";
    if (contains(v, "vmware") || contains(p, "vmware")) return "VMware";
    if (contains(v, "innotek") || contains(p, "virtualbox")) return "VirtualBox";
    if (v == "xen" || contains(p, "hvm domu")) return "Xen";
    if (contains(v, "parallels")) return "Parallels";
    if (contains(v, "microsoft") && contains(p, "virtual machine")) return "Hyper-V";
    if (contains(v, "bochs") || contains(p, "bochs")) return "Bochs";
    if (contains(v, "bhyve") || contains(p, "bhyve")) return "bhyve";
    if (contains(p, "google compute engine")) return "Google Compute Engine";
    return "";
}

// A container engine named by a cgroup path ("" for none). The engines'
// own services on the host (docker.service, containerd.service) do not count.
std::string engine_from_cgroup(const std::string &path) {
    const bool scope = contains(path, ".scope");
    if (contains(path, "kubepods")) return "kubernetes";
    if (contains(path, "/libpod-") || contains(path, "/libpod_parent/")) return "podman";
    if (contains(path, "/docker/") || (contains(path, "/docker-") && scope)) return "docker";
    if (contains(path, "/lxc/") || contains(path, "lxc.payload")) return "lxc";
    if (contains(path, "/crio-") && scope) return "cri-o";
    if (contains(path, "/cri-containerd-") && scope) return "containerd";
    return "";
}

}  // namespace

std::vector<std::pair<int, fs::path>> cpu_folders(const std::string &root) {
    std::vector<std::pair<int, fs::path>> cpus;
    std::error_code ec;
    for (fs::directory_iterator it(root + "/sys/devices/system/cpu", ec), end; !ec && it != end;
         it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() < 4 || name.compare(0, 3, "cpu") != 0 ||
            !std::all_of(name.begin() + 3, name.end(),
                         [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            continue;
        cpus.emplace_back(std::atoi(name.c_str() + 3), it->path());
    }
    std::sort(cpus.begin(), cpus.end());
    return cpus;
}

void mark_unknown(nlohmann::json &object, const std::string &key, const std::string &why) {
    object[key] = kUnknown;
    object["why"][key] = why;
}

std::string read_under(const std::string &root, const std::string &path) {
    std::ifstream in(root + path, std::ios::binary);
    if (!in) return "";
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

nlohmann::json parse_cpuinfo(const std::string &text) {
    nlohmann::json cpu = nlohmann::json::object();
    const std::vector<Fields> blocks = cpuinfo_blocks(text);
    if (blocks.empty()) {
        for (const char *key :
             {"model_name", "vendor", "family", "model", "stepping", "microcode", "mhz", "flags",
              "flags_source", "notable_flags", "cores", "cores_source"})
            mark_unknown(cpu, key, "/proc/cpuinfo could not be read");
        return cpu;
    }
    // The first processor's block, with the lines that old kernels print
    // once for all processors ("Processor : AArch64 Processor", "Features").
    Fields fields;
    for (const Fields &block : blocks)
        if (block.count("processor") != 0) {
            fields = block;
            break;
        }
    for (const Fields &block : blocks)
        for (const auto &[key, value] : block) fields.emplace(key, value);

    const bool arm = fields.count("CPU implementer") != 0;
    if (arm) {
        set_or_unknown(cpu, "family", fields, "CPU architecture");
        const std::vector<ArmCoreType> types = arm_core_types(cpuinfo_midrs(text), {});
        if (!types.empty()) {
            describe_arm_cores(cpu, types, "cpuinfo");
        } else {
            const std::string why = "no complete CPU implementer/variant/part/revision lines";
            for (const char *key :
                 {"model_name", "vendor", "model", "stepping", "cores", "cores_source"})
                mark_unknown(cpu, key, why);
        }
    } else {
        set_or_unknown(cpu, "model_name", fields,
                       fields.count("model name") != 0 || fields.count("cpu model") == 0
                           ? "model name"
                           : "cpu model");
        set_or_unknown(cpu, "vendor", fields, "vendor_id");
        set_or_unknown(cpu, "family", fields, "cpu family");
        set_or_unknown(cpu, "model", fields, "model");
        set_or_unknown(cpu, "stepping", fields, "stepping");
        for (const char *key : {"cores", "cores_source"}) mark_unknown(cpu, key, kNoArmCores);
    }
    set_microcode(cpu, blocks);

    const auto mhz = fields.find("cpu MHz");
    if (mhz != fields.end() && std::strtod(mhz->second.c_str(), nullptr) > 0)
        cpu["mhz"] = std::strtod(mhz->second.c_str(), nullptr);
    else
        mark_unknown(cpu, "mhz",
                     arm ? "aarch64's /proc/cpuinfo gives no clock (see system.frequency)"
                         : "no \"cpu MHz\" line in /proc/cpuinfo");

    const char *flag_field = arm || fields.count("flags") == 0 ? "Features" : "flags";
    const auto flags = fields.find(flag_field);
    if (flags == fields.end()) {
        for (const char *key : {"flags", "flags_source", "notable_flags"})
            mark_unknown(cpu, key, "no \"flags\" or \"Features\" line in /proc/cpuinfo");
        return cpu;
    }
    set_flags(cpu, words(flags->second), arm, "cpuinfo");
    return cpu;
}

nlohmann::json describe_cpu(const std::string &root, const std::string &cpuinfo,
                            const AuxvHwcaps &hwcaps) {
    nlohmann::json cpu = parse_cpuinfo(cpuinfo);
    const std::map<int, long> capacities = read_cpu_capacities(root);
    std::vector<CpuMidr> midrs = read_sysfs_midrs(root);
    const char *source = "midr_el1";
    if (midrs.empty()) {
        midrs = cpuinfo_midrs(cpuinfo);
        source = "cpuinfo";
    }
    if (!midrs.empty()) {
        describe_arm_cores(cpu, arm_core_types(midrs, capacities), source);
        // The kernel prints "CPU architecture: 8" for every aarch64 core.
        if (cpu["family"] == kUnknown) set_known(cpu, "family", "8");
    }
    if (hwcaps.available)
        set_flags(cpu, aarch64_hwcap_names(hwcaps.hwcap, hwcaps.hwcap2), true, "hwcap");
    return cpu;
}

std::string parse_os_release(const std::string &text) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        line = trim(line);
        if (line.compare(0, 12, "PRETTY_NAME=") != 0) continue;
        const std::string value = line.substr(12);
        if (value.empty() || (value[0] != '"' && value[0] != '\'')) return value;
        // A quoted shell value: \" \\ \$ \` are escapes inside double quotes.
        std::string out;
        const char quote = value[0];
        for (size_t i = 1; i < value.size() && value[i] != quote; ++i) {
            if (quote == '"' && value[i] == '\\' && i + 1 < value.size()) ++i;
            out += value[i];
        }
        return out;
    }
    return "";
}

nlohmann::json read_memory(const std::string &root) {
    nlohmann::json memory = nlohmann::json::object();
    const std::map<std::string, double> values = meminfo_bytes(read_under(root, "/proc/meminfo"));
    const auto put = [&](const char *key, const char *field) {
        const auto it = values.find(field);
        if (it != values.end())
            memory[key] = static_cast<uint64_t>(it->second);
        else
            mark_unknown(memory, key,
                         values.empty() ? "/proc/meminfo could not be read"
                                        : std::string("no ") + field + " in /proc/meminfo");
    };
    put("total_bytes", "MemTotal");
    put("available_bytes", "MemAvailable");
    put("hugepages_total", "HugePages_Total");
    put("hugepages_free", "HugePages_Free");
    put("hugepage_size_bytes", "Hugepagesize");
    const std::string thp = "/sys/kernel/mm/transparent_hugepage/";
    for (const auto &[key, file] : {std::pair<const char *, const char *>{"thp_enabled", "enabled"},
                                    {"thp_defrag", "defrag"}}) {
        const std::string line = first_line_under(root, thp + file);
        if (!line.empty())
            memory[key] = selected_mode(line);
        else
            mark_unknown(memory, key, "no " + thp + file + " (a kernel without THP)");
    }
    return memory;
}

nlohmann::json read_vulnerabilities(const std::string &root) {
    const std::string folder = "/sys/devices/system/cpu/vulnerabilities";
    nlohmann::json found = nlohmann::json::object();
    std::error_code ec;
    for (fs::directory_iterator it(root + folder, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code file_ec;
        if (!it->is_regular_file(file_ec)) continue;
        // A file that cannot be read says so rather than vanish: a missing
        // line would read as "not affected" in a comparison.
        const std::string text = printable(read_small(it->path()));
        found[it->path().filename().string()] = text.empty() ? kUnknown : text;
    }
    return found;
}

nlohmann::json read_frequency(const std::string &root) {
    nlohmann::json f = nlohmann::json::object();
    const std::string cpu_dir = "/sys/devices/system/cpu";
    std::set<std::string> drivers, governors, boosts;
    double min_khz = 0, max_khz = 0;
    bool any_cpufreq = false;
    for (const auto &cpu : cpu_folders(root)) {
        const fs::path freq = cpu.second / "cpufreq";
        std::error_code ec;
        if (!fs::is_directory(freq, ec)) continue;
        any_cpufreq = true;
        if (const std::string d = read_small(freq / "scaling_driver"); !d.empty())
            drivers.insert(d);
        if (const std::string g = read_small(freq / "scaling_governor"); !g.empty())
            governors.insert(g);
        if (const std::string b = read_small(freq / "boost"); !b.empty()) boosts.insert(b);
        const double lo = std::strtod(read_small(freq / "cpuinfo_min_freq").c_str(), nullptr);
        const double hi = std::strtod(read_small(freq / "cpuinfo_max_freq").c_str(), nullptr);
        if (lo > 0 && (min_khz == 0 || lo < min_khz)) min_khz = lo;
        if (hi > max_khz) max_khz = hi;
    }
    const std::string no_cpufreq =
        "no cpufreq in /sys (a VM, or no cpufreq driver: the host or firmware sets the clock)";

    if (!drivers.empty())
        f["driver"] = joined(drivers, ",");
    else
        mark_unknown(f, "driver", any_cpufreq ? "no scaling_driver in cpufreq" : no_cpufreq);
    // Governors per CPU are usually all alike; different ones are listed.
    if (!governors.empty())
        f["governor"] = joined(governors, ",");
    else
        mark_unknown(f, "governor", any_cpufreq ? "no scaling_governor in cpufreq" : no_cpufreq);

    const std::string no_turbo = first_line_under(root, cpu_dir + "/intel_pstate/no_turbo");
    const std::string global_boost = first_line_under(root, cpu_dir + "/cpufreq/boost");
    if (!no_turbo.empty())
        f["boost"] = no_turbo == "0" ? "on" : "off";
    else if (!global_boost.empty())
        f["boost"] = global_boost == "0" ? "off" : "on";
    else if (boosts.size() == 1)
        f["boost"] = *boosts.begin() == "0" ? "off" : "on";
    else if (boosts.size() > 1)
        f["boost"] = "mixed";
    else
        mark_unknown(f, "boost",
                     any_cpufreq ? "the cpufreq driver shows no boost control (no "
                                   "intel_pstate/no_turbo, cpufreq/boost or per-CPU boost)"
                                 : no_cpufreq);

    if (min_khz > 0)
        f["min_mhz"] = min_khz / 1000;
    else
        mark_unknown(f, "min_mhz", any_cpufreq ? "no cpuinfo_min_freq in cpufreq" : no_cpufreq);
    if (max_khz > 0)
        f["max_mhz"] = max_khz / 1000;
    else
        mark_unknown(f, "max_mhz", any_cpufreq ? "no cpuinfo_max_freq in cpufreq" : no_cpufreq);

    const std::string intel = first_line_under(root, cpu_dir + "/intel_pstate/status");
    const std::string amd = first_line_under(root, cpu_dir + "/amd_pstate/status");
    if (!intel.empty())
        f["pstate"] = "intel_pstate " + intel;
    else if (!amd.empty())
        f["pstate"] = "amd-pstate " + amd;
    else
        mark_unknown(f, "pstate", "neither intel_pstate nor amd_pstate in /sys");
    return f;
}

CpuidHypervisor read_cpuid_hypervisor() {
    CpuidHypervisor h;
#if defined(__x86_64__) || defined(__i386__)
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) == 0) return h;
    h.available = true;
    h.hypervisor_bit = (c & (1u << 31)) != 0;
    if (!h.hypervisor_bit) return h;
    // Leaf 0x40000000 is the hypervisor's own; __get_cpuid only asks the
    // basic and extended ranges.
    __cpuid(0x40000000, a, b, c, d);
    char id[13] = {};
    for (int i = 0; i < 4; ++i) {
        id[i] = char(b >> (8 * i));
        id[4 + i] = char(c >> (8 * i));
        id[8 + i] = char(d >> (8 * i));
    }
    h.vendor_id = printable(std::string(id, strnlen(id, sizeof id - 1)));
    while (!h.vendor_id.empty() && (h.vendor_id.back() == ' ' || h.vendor_id.back() == '\0'))
        h.vendor_id.pop_back();
#endif
    return h;
}

std::string hypervisor_name(const std::string &vendor_id) {
    static const std::map<std::string, std::string> names = {
        {"KVMKVMKVM", "KVM"},           {"Linux KVM Hv", "KVM"},
        {"VMwareVMware", "VMware"},     {"Microsoft Hv", "Hyper-V"},
        {"XenVMMXenVMM", "Xen"},        {"TCGTCGTCGTCG", "QEMU (TCG)"},
        {"VBoxVBoxVBox", "VirtualBox"}, {"bhyve bhyve", "bhyve"},
        {" lrpepyh  vr", "Parallels"},  {"prl hyperv", "Parallels"},
        {"ACRNACRNACRN", "ACRN"},       {"QNXQVMBSQG", "QNX"},
        {"Jailhouse", "Jailhouse"},     {"EVMMEVMMEVMM", "Intel KGT"}};
    const auto it = names.find(vendor_id);
    return it != names.end() ? it->second : vendor_id;
}

namespace {

// What the firmware's DMI table names; a name it does not give is marked
// unknown in `v`, with why.
struct DmiNames {
    std::string sys_vendor;
    std::string product;
    bool present = false;  // /sys/class/dmi/id exists
};

DmiNames read_dmi_names(const std::string &root, nlohmann::json &v) {
    const std::string dmi = "/sys/class/dmi/id/";
    DmiNames names{printable(first_line_under(root, dmi + "sys_vendor")),
                   printable(first_line_under(root, dmi + "product_name")),
                   exists_under(root, dmi)};
    const std::string no_dmi =
        "no /sys/class/dmi/id (the firmware gives no DMI table: Firecracker, many ARM machines)";
    if (!names.sys_vendor.empty())
        v["sys_vendor"] = names.sys_vendor;
    else
        mark_unknown(v, "sys_vendor", names.present ? "sys_vendor is empty or unreadable" : no_dmi);
    if (!names.product.empty())
        v["product_name"] = names.product;
    else
        mark_unknown(v, "product_name",
                     names.present ? "product_name is empty or unreadable" : no_dmi);
    return names;
}

// The hypervisor cpuid names (x86), "" when none or no name; records
// hypervisor_vendor_id in `v`.
std::string hypervisor_from_cpuid(const CpuidHypervisor &cpuid, nlohmann::json &v,
                                  nlohmann::json &evidence) {
    if (!cpuid.available) {
        mark_unknown(v, "hypervisor_vendor_id", "no cpuid on this architecture");
        return "";
    }
    if (!cpuid.hypervisor_bit) {
        v["hypervisor_vendor_id"] = "none";
        return "";
    }
    v["hypervisor_vendor_id"] = cpuid.vendor_id.empty() ? kUnknown : cpuid.vendor_id;
    evidence.push_back("cpuid: hypervisor bit set, vendor id \"" + cpuid.vendor_id + "\"");
    if (cpuid.vendor_id.empty()) {
        v["why"]["hypervisor_vendor_id"] = "cpuid leaf 0x40000000 names no vendor";
        return "";
    }
    return hypervisor_name(cpuid.vendor_id);
}

// Where there is no cpuid: the hypervisor that DMI, /sys/hypervisor or the
// device tree names, the first of them; each adds its evidence.
std::string hypervisor_without_cpuid(const std::string &root, const DmiNames &dmi,
                                     nlohmann::json &evidence) {
    std::string hypervisor;
    const std::string dmi_hypervisor = hypervisor_from_dmi(dmi.sys_vendor, dmi.product);
    if (!dmi_hypervisor.empty()) {
        evidence.push_back("DMI: \"" + dmi.sys_vendor + "\" \"" + dmi.product + "\"");
        hypervisor = dmi_hypervisor;
    }
    const std::string xen = first_line_under(root, "/sys/hypervisor/type");
    if (!xen.empty()) {
        evidence.push_back("/sys/hypervisor/type: " + xen);
        if (hypervisor.empty()) hypervisor = xen == "xen" ? "Xen" : xen;
    }
    std::string dt = read_under(root, "/proc/device-tree/hypervisor/compatible");
    dt = dt.substr(0, dt.find('\0'));
    if (!dt.empty()) {
        evidence.push_back("device tree hypervisor: " + dt);
        if (hypervisor.empty()) hypervisor = contains(dt, "kvm") ? "KVM" : dt;
    }
    return hypervisor;
}

// WSL: its kernel says so in its release string.
void detect_wsl(const std::string &root, nlohmann::json &v, nlohmann::json &evidence) {
    const std::string release = lower(first_line_under(root, "/proc/sys/kernel/osrelease"));
    if (!contains(release, "microsoft")) {
        v["wsl"] = "none";
        return;
    }
    v["wsl"] =
        contains(release, "wsl2") || contains(release, "microsoft-standard") ? "WSL2" : "WSL1";
    evidence.push_back("kernel release \"" + first_line_under(root, "/proc/sys/kernel/osrelease") +
                       "\"");
}

// The container engine, from what engines leave behind, strongest first
// ("" when none); every mark found is evidence.
std::string container_engine(const std::string &root, nlohmann::json &evidence) {
    std::string engine;
    const auto found = [&](const std::string &name, const std::string &why) {
        evidence.push_back(printable(why));
        if (engine.empty()) engine = printable(name);
    };
    const std::string environ = read_under(root, "/proc/1/environ");
    for (size_t at = 0; at < environ.size();) {
        const size_t end = std::min(environ.find('\0', at), environ.size());
        const std::string entry = environ.substr(at, end - at);
        if (entry.compare(0, 10, "container=") == 0 && entry.size() > 10)
            found(entry.substr(10), "/proc/1/environ: " + entry);
        at = end + 1;
    }
    if (const std::string c = first_line_under(root, "/run/systemd/container"); !c.empty())
        found(c, "/run/systemd/container: " + c);
    if (const std::string c = first_line_under(root, "/run/host/container-manager"); !c.empty())
        found(c, "/run/host/container-manager: " + c);
    if (exists_under(root, "/run/.containerenv")) found("podman", "/run/.containerenv exists");
    if (exists_under(root, "/.dockerenv")) found("docker", "/.dockerenv exists");
    std::istringstream cgroups(read_under(root, "/proc/self/cgroup"));
    for (std::string line; std::getline(cgroups, line);) {
        const std::string path = line.substr(std::min(line.rfind(':') + 1, line.size()));
        if (const std::string e = engine_from_cgroup(path); !e.empty()) {
            found(e, "cgroup path " + path);
            break;
        }
    }
    if (exists_under(root, "/proc/vz") && !exists_under(root, "/proc/bc"))
        found("openvz", "/proc/vz without /proc/bc");
    return engine;
}

// `hypervisor` and `type` in `v`: `vm` when some sign of one was found,
// `can_tell` when its absence means there is none (cpuid or DMI to ask).
void record_kind(nlohmann::json &v, const std::string &hypervisor, const std::string &engine,
                 bool vm, bool can_tell) {
    if (!hypervisor.empty())
        v["hypervisor"] = hypervisor;
    else if (vm)
        mark_unknown(v, "hypervisor", "cpuid's hypervisor bit is set but no vendor is named");
    else if (can_tell)
        v["hypervisor"] = "none";
    else
        mark_unknown(v, "hypervisor", "no cpuid (not x86), no DMI, no /sys/hypervisor");
    v["engine"] = engine.empty() ? "none" : engine;
    if (!engine.empty())
        v["type"] = "container";
    else if (vm)
        v["type"] = "vm";
    else if (can_tell)
        v["type"] = "none";
    else
        mark_unknown(v, "type",
                     "no cpuid (not x86), no DMI, no /sys/hypervisor, no container mark");
}

}  // namespace

nlohmann::json detect_virtualization(const std::string &root, const CpuidHypervisor &cpuid) {
    nlohmann::json v = nlohmann::json::object();
    nlohmann::json evidence = nlohmann::json::array();
    const DmiNames dmi = read_dmi_names(root, v);
    // The hypervisor: cpuid first (x86), then DMI, /sys/hypervisor and the
    // device tree (where there is no cpuid).
    std::string hypervisor = hypervisor_from_cpuid(cpuid, v, evidence);
    const std::string elsewhere = hypervisor_without_cpuid(root, dmi, evidence);
    if (hypervisor.empty()) hypervisor = elsewhere;
    const bool vm = !hypervisor.empty() || (cpuid.available && cpuid.hypervisor_bit);
    detect_wsl(root, v, evidence);
    const std::string engine = container_engine(root, evidence);
    // With cpuid (or DMI) and no sign of a hypervisor we know there is none.
    record_kind(v, hypervisor, engine, vm, cpuid.available || dmi.present);
    // Strings from the file system and firmware, kept to printable ASCII.
    for (nlohmann::json &e : evidence) e = printable(e.get<std::string>());
    v["evidence"] = evidence;
    for (auto &item : v.items())
        if (item.value().is_string()) item.value() = printable(item.value().get<std::string>());
    return v;
}

std::string libc_version() {
#if defined(__GLIBC__)
    return std::string("glibc ") + gnu_get_libc_version();
#else
    return "";
#endif
}

std::string compiler_version() {
#if defined(__clang__)
    return "clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) +
           "." + std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
    return std::string("gcc ") + __VERSION__;
#else
    return "unknown compiler";
#endif
}

std::map<std::string, double> meminfo_bytes(const std::string &text) {
    std::map<std::string, double> values;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::istringstream rest(line.substr(colon + 1));
        double value = 0;
        std::string unit;
        if (!(rest >> value)) continue;
        rest >> unit;
        values[trim(line.substr(0, colon))] = unit == "kB" ? value * 1024 : value;
    }
    return values;
}

}  // namespace bytebench
