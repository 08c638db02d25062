// The parts of the machine description (system.* in the result) that come
// from files: /proc/cpuinfo, /proc/meminfo, /etc/os-release, cpufreq and
// DMI in /sys, container marks. Every reader takes the root folder it reads
// under ("/" for the machine, a folder of fixture files in the tests), and
// every member it cannot find is the string "unknown", with the reason in
// the object's "why" member ({"governor": "unknown", "why": {"governor":
// "no cpufreq in /sys ..."}}); docs/result-schema.md lists the members.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "system/arm_cpu.h"

namespace bytebench {

constexpr const char *kUnknown = "unknown";

// Sets `object[key]` to "unknown" and says why in `object["why"][key]`.
void mark_unknown(nlohmann::json &object, const std::string &key, const std::string &why);

// The contents of `root` + `path` ("" when it cannot be read; the path is
// absolute, "/proc/cpuinfo").
std::string read_under(const std::string &root, const std::string &path);

// The cpuN folders of /sys/devices/system/cpu under `root`, by number.
std::vector<std::pair<int, std::filesystem::path>> cpu_folders(const std::string &root);

// system.cpu from the text of /proc/cpuinfo: model_name, vendor, family,
// model, stepping, microcode, mhz, flags (x86 "flags" or aarch64
// "Features", in full), flags_source, notable_flags (the SIMD and crypto
// extensions that move benchmark numbers, in a fixed order), and on aarch64
// the core types (cores, cores_source) from the processors' blocks.
nlohmann::json parse_cpuinfo(const std::string &text);

// system.cpu as the machine under `root` gives it: parse_cpuinfo(cpuinfo),
// with, on aarch64, the core types from each CPU's midr_el1 in /sys when
// there is one, and the flags from `hwcaps` when they are available (the
// live aarch64 machine; not a fixture's).
nlohmann::json describe_cpu(const std::string &root, const std::string &cpuinfo,
                            const AuxvHwcaps &hwcaps);

// The PRETTY_NAME of an os-release file ("" when there is none); quotes
// and shell escapes undone.
std::string parse_os_release(const std::string &text);

// /proc/meminfo's "Name:   123 kB" lines, by name, in bytes ("kB" is KiB
// there); lines without a number are left out.
std::map<std::string, double> meminfo_bytes(const std::string &text);

// system.memory: total and available bytes, huge pages (/proc/meminfo) and
// the transparent huge page modes (/sys/kernel/mm/transparent_hugepage).
nlohmann::json read_memory(const std::string &root);

// system.vulnerabilities: every file of /sys/devices/system/cpu/vulnerabilities
// as {file name: its text} ("spectre_v2": "Mitigation: Retpolines; ..."), a
// file that cannot be read as "unknown"; an empty object when there is no
// such folder (kernels before 4.15, other systems).
nlohmann::json read_vulnerabilities(const std::string &root);

// system.frequency: the cpufreq driver, governor(s), boost state (cpufreq
// boost, intel_pstate/no_turbo, amd-pstate), hardware min/max in MHz.
nlohmann::json read_frequency(const std::string &root);

// What cpuid says about a hypervisor (x86 only; `available` false elsewhere).
struct CpuidHypervisor {
    bool available = false;       // cpuid could be asked (x86)
    bool hypervisor_bit = false;  // leaf 1, ECX bit 31
    std::string vendor_id;        // leaf 0x40000000: "KVMKVMKVM", "VMwareVMware", ...
};
CpuidHypervisor read_cpuid_hypervisor();

// The hypervisor's common name for a cpuid vendor id ("KVMKVMKVM" -> "KVM");
// the id itself when it is not known.
std::string hypervisor_name(const std::string &vendor_id);

// system.virtualization: type (vm, container, none, unknown), hypervisor,
// hypervisor_vendor_id, engine, wsl, sys_vendor, product_name, evidence.
nlohmann::json detect_virtualization(const std::string &root, const CpuidHypervisor &cpuid);

// "glibc 2.36", or "" when the C library is not glibc.
std::string libc_version();

// The compiler that built this code: "gcc 12.2.0", "clang 14.0.6".
std::string compiler_version();

}  // namespace bytebench
