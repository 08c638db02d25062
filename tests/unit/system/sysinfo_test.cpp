// The machine description (system.* in the result): every documented member
// is there, the readers on fixture files, hwloc against sysconf and lscpu,
// virtualisation on fixture roots.
#include "system/sysinfo.h"

#include <gtest/gtest.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "system/display_choice.h"
#include "system/storage_info.h"
#include "system/sysinfo_readers.h"
#include "system/topology.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace bytebench {
namespace {

const std::string kFixtures = std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/sysinfo/";

std::string fixture(const std::string &name) { return read_under(kFixtures, name); }

// A fresh folder standing for "/" in a reader's eyes.
class FakeRoot {
  public:
    FakeRoot() {
        char pattern[] = "/tmp/bytebench-sysinfo-test-XXXXXX";
        path_ = mkdtemp(pattern);
    }
    ~FakeRoot() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const std::string &path() const { return path_; }
    // Writes `text` to the absolute path `file` below the root.
    void write(const std::string &file, const std::string &text) const {
        const fs::path p = path_ + file;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }

  private:
    std::string path_;
};

bool is_unknown(const json &v) { return v.is_string() && v == kUnknown; }

// ---------------------------------------------------------------------------
// The documented field list (docs/result-schema.md) against a real gather.
// ---------------------------------------------------------------------------

struct DocumentedMember {
    std::string name;
    bool optional = false;  // the doc says it is left out at times
};

// The tables of "## `system`" and "### `system…`": section path -> members.
std::map<std::string, std::vector<DocumentedMember>> documented_system_members() {
    std::ifstream in(std::string(BYTEBENCH_SOURCE_DIR) + "/docs/result-schema.md");
    std::map<std::string, std::vector<DocumentedMember>> sections;
    static const std::regex heading(R"(^#{2,3} `(system[^`]*)`\s*$)");
    static const std::regex other_heading(R"(^#{1,3} )");
    static const std::regex row(R"(^\| (`[^|]+`) \| ([^|]+) \| (.*) \|$)");
    static const std::regex name(R"(`([a-z_0-9]+)`)");
    std::string section;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, heading)) {
            section = m[1];
            continue;
        }
        if (std::regex_search(line, other_heading)) {
            section.clear();
            continue;
        }
        if (section.empty() || !std::regex_match(line, m, row)) continue;
        const std::string names = m[1], meaning = m[3];
        // "only when" / "left out" members are not always there.
        const bool optional =
            meaning.find("left out") != std::string::npos || meaning.rfind("only when", 0) == 0;
        for (std::sregex_iterator it(names.begin(), names.end(), name), end; it != end; ++it)
            sections[section].push_back({(*it)[1], optional});
    }
    return sections;
}

// The value(s) a section path names in `system`: "system.topology.caches[]"
// gives every cache entry.
std::vector<const json *> values_at(const json &system, const std::string &path) {
    std::vector<const json *> current = {&system};
    std::stringstream parts(path.substr(std::string("system").size()));
    std::string part;
    std::getline(parts, part, '.');  // the empty part before the first '.'
    while (std::getline(parts, part, '.')) {
        const bool each = part.size() > 2 && part.compare(part.size() - 2, 2, "[]") == 0;
        if (each) part.resize(part.size() - 2);
        std::vector<const json *> next;
        for (const json *v : current) {
            if (!v->is_object() || !v->contains(part)) {
                ADD_FAILURE() << path << ": no member " << part;
                continue;
            }
            const json &m = v->at(part);
            if (!each) {
                next.push_back(&m);
            } else if (m.is_array()) {
                EXPECT_FALSE(m.empty()) << path << " is empty on this machine";
                for (const json &e : m) next.push_back(&e);
            } else {
                EXPECT_TRUE(is_unknown(m)) << path << ": neither an array nor \"unknown\"";
            }
        }
        current = next;
    }
    return current;
}

// What a run records: gather_system_info() plus the members the run adds.
json full_system() {
    json system = gather_system_info();
    PluginInfo cpu;
    cpu.id = "org.bytebench.cpu";
    cpu.build_info = "gcc 12.2.0 -O3";
    cpu.workloads.resize(1);
    add_workload_builds(system, {cpu});
    system["tmpdir"] = describe_storage("/tmp");
    // A run with a graphics test, on a private Xvfb whose helper said nothing.
    system["display"] = display_json("private Xvfb", ":12", std::nullopt, "no graphics helper");
    return system;
}

TEST(SysinfoFields, EveryDocumentedMemberIsARealValueOrUnknown) {
    const auto sections = documented_system_members();
    for (const char *expected :
         {"system", "system.tmpdir", "system.cpu", "system.topology",
          "system.topology.numa_nodes[]", "system.topology.caches[]", "system.frequency",
          "system.memory", "system.virtualization", "system.effective_cpus",
          "system.workload_builds[]", "system.display"})
        ASSERT_TRUE(sections.count(expected) != 0) << "docs/result-schema.md has no " << expected;

    const json system = full_system();
    int checked = 0;
    for (const auto &[section, members] : sections) {
        for (const json *object : values_at(system, section)) {
            ASSERT_TRUE(object->is_object()) << section;
            for (const DocumentedMember &m : members) {
                SCOPED_TRACE(section + "." + m.name);
                if (!object->contains(m.name)) {
                    EXPECT_TRUE(m.optional) << "missing: " << object->dump();
                    continue;
                }
                const json &v = object->at(m.name);
                ++checked;
                EXPECT_FALSE(v.is_null());
                if (is_unknown(v) && m.name != "platform") {
                    // Every "unknown" says why.
                    ASSERT_TRUE(object->contains("why")) << object->dump();
                    EXPECT_TRUE(object->at("why").contains(m.name)) << object->dump();
                    continue;
                }
                if (v.is_string() && m.name != "runlevel") {
                    EXPECT_FALSE(v.get<std::string>().empty());
                }
            }
        }
    }
    EXPECT_GT(checked, 60);
}

// The other way round: the objects this change added hold nothing the doc
// does not describe.
TEST(SysinfoFields, EveryMemberIsDocumented) {
    const auto sections = documented_system_members();
    const json system = full_system();
    for (const char *section :
         {"system.cpu", "system.topology", "system.frequency", "system.memory",
          "system.virtualization", "system.effective_cpus"}) {
        std::set<std::string> names = {"why"};
        for (const DocumentedMember &m : sections.at(section)) names.insert(m.name);
        for (const json *object : values_at(system, section))
            for (const auto &[key, value] : object->items())
                EXPECT_TRUE(names.count(key) != 0) << section << "." << key << " is not documented";
    }
}

// Nothing readable (a bare root, no cpuid): every member is still there,
// as "unknown" with a reason, or as a finding ("none").
TEST(SysinfoFields, AnEmptyRootGivesUnknownsWithReasons) {
    FakeRoot root;
    json system = json::object();
    add_machine_details(system, root.path(), CpuidHypervisor{}, "");
    const auto sections = documented_system_members();
    for (const char *section :
         {"system.cpu", "system.frequency", "system.memory", "system.virtualization"}) {
        const json &object = system[std::string(section).substr(7)];
        for (const DocumentedMember &m : sections.at(section)) {
            SCOPED_TRACE(std::string(section) + "." + m.name);
            ASSERT_TRUE(object.contains(m.name)) << object.dump();
            const json &v = object[m.name];
            if (is_unknown(v)) {
                EXPECT_FALSE(object["why"][m.name].get<std::string>().empty());
            } else {
                EXPECT_TRUE(v == "none" || (m.name == "evidence" && v.empty())) << v;
            }
        }
    }
    EXPECT_EQ(system["distribution"], kUnknown);
    EXPECT_EQ(system["topology"]["smt_control"], kUnknown);
    EXPECT_TRUE(system["topology"]["why"].contains("smt_control"));
}

TEST(SysinfoFields, IsCheap) {
    gather_system_info();  // page in the files and hwloc once
    double best_ms = 1e9;
    for (int i = 0; i < 3; ++i) {
        const auto start = std::chrono::steady_clock::now();
        gather_system_info();
        best_ms = std::min(best_ms, std::chrono::duration<double, std::milli>(
                                        std::chrono::steady_clock::now() - start)
                                        .count());
    }
#if defined(__SANITIZE_ADDRESS__)
    EXPECT_LT(best_ms, 250.0);
#else
    EXPECT_LT(best_ms, 50.0);
#endif
}

// ---------------------------------------------------------------------------
// /proc/cpuinfo
// ---------------------------------------------------------------------------

TEST(Cpuinfo, X86) {
    const json cpu = parse_cpuinfo(fixture("cpuinfo-x86_64.txt"));
    EXPECT_EQ(cpu["model_name"], "Intel(R) Xeon(R) Processor");
    EXPECT_EQ(cpu["vendor"], "GenuineIntel");
    EXPECT_EQ(cpu["family"], "6");
    EXPECT_EQ(cpu["model"], "207");
    EXPECT_EQ(cpu["stepping"], "2");
    EXPECT_EQ(cpu["microcode"], "0x1");
    EXPECT_DOUBLE_EQ(cpu["mhz"].get<double>(), 2100.0);
    EXPECT_EQ(cpu["flags"].size(), 118u);
    EXPECT_EQ(cpu["flags"][0], "fpu");
    EXPECT_EQ(cpu["notable_flags"],
              json::parse(R"(["sse4_2", "avx", "avx2", "fma", "avx512f", "avx512bw", "avx512dq",
                  "avx512vl", "avx512_vnni", "avx512_bf16", "avx512_fp16", "avx_vnni", "amx_tile",
                  "amx_int8", "amx_bf16", "sha_ni", "aes", "vaes"])"));
    // Only the aarch64 core types are unknown on x86.
    EXPECT_EQ(cpu["why"].size(), 2u) << cpu["why"];
}

TEST(Cpuinfo, Aarch64) {
    const json cpu = parse_cpuinfo(fixture("cpuinfo-aarch64.txt"));
    EXPECT_EQ(cpu["model_name"], "ARM Neoverse-V1");
    EXPECT_EQ(cpu["vendor"], "ARM");
    EXPECT_EQ(cpu["family"], "8");
    EXPECT_EQ(cpu["model"], "0xd40");
    EXPECT_EQ(cpu["stepping"], "r1p1");
    EXPECT_EQ(cpu["microcode"], kUnknown);
    EXPECT_EQ(cpu["why"]["microcode"], "no \"microcode\" line in /proc/cpuinfo");
    EXPECT_EQ(cpu["mhz"], kUnknown);
    EXPECT_NE(cpu["why"]["mhz"].get<std::string>().find("aarch64"), std::string::npos);
    EXPECT_EQ(cpu["flags"][1], "asimd");
    EXPECT_EQ(cpu["notable_flags"],
              json::parse(R"(["asimd", "asimdhp", "asimddp", "sve", "i8mm", "bf16", "atomics",
                  "aes", "pmull", "sha1", "sha2", "sha3", "sha512"])"));
}

TEST(Cpuinfo, UnknownPartsAndMissingFile) {
    const json cpu = parse_cpuinfo(
        "processor\t: 0\nCPU implementer\t: 0x99\nCPU architecture: 8\nCPU variant\t: 0x0\n"
        "CPU part\t: 0x123\nCPU revision\t: 4\nFeatures\t: fp asimd sve2 sme\n");
    EXPECT_EQ(cpu["model_name"], "0x99 0x123");
    EXPECT_EQ(cpu["notable_flags"], json::parse(R"(["asimd", "sve2", "sme"])"));
    const json none = parse_cpuinfo("");
    for (const char *key : {"model_name", "vendor", "mhz", "flags", "notable_flags"}) {
        EXPECT_EQ(none[key], kUnknown) << key;
        EXPECT_TRUE(none["why"].contains(key)) << key;
    }
}

// ---------------------------------------------------------------------------
// aarch64 machines: fixture roots with /proc/cpuinfo and /sys
// ---------------------------------------------------------------------------

json arm_machine(const std::string &name, const AuxvHwcaps &hwcaps = {}) {
    return describe_cpu(kFixtures + name, fixture(name + "/proc/cpuinfo"), hwcaps);
}

TEST(ArmSysinfo, NeoverseN1Server) {
    const json cpu = arm_machine("neoverse-n1");
    EXPECT_EQ(cpu["model_name"], "ARM Neoverse-N1");
    EXPECT_EQ(cpu["vendor"], "ARM");
    EXPECT_EQ(cpu["family"], "8");
    EXPECT_EQ(cpu["model"], "0xd0c");
    EXPECT_EQ(cpu["stepping"], "r3p1");
    EXPECT_EQ(cpu["cores_source"], "midr_el1");
    EXPECT_EQ(cpu["cores"], json::parse(R"([{"implementer": "0x41", "vendor": "ARM",
        "part": "0xd0c", "name": "Neoverse-N1", "count": 4, "stepping": "r3p1",
        "cpus": [0, 1, 2, 3]}])"));
    EXPECT_EQ(cpu["flags_source"], "cpuinfo");
    EXPECT_EQ(cpu["notable_flags"],
              json::parse(R"(["asimd", "asimdhp", "asimddp", "atomics", "aes", "pmull", "sha1",
                  "sha2"])"));
    EXPECT_EQ(cpu["why"].size(), 2u) << cpu["why"];  // microcode, mhz
}

TEST(ArmSysinfo, RaspberryPi4) {
    const json cpu = arm_machine("raspberry-pi-4");
    EXPECT_EQ(cpu["model_name"], "ARM Cortex-A72");
    EXPECT_EQ(cpu["stepping"], "r0p3");
    EXPECT_EQ(cpu["cores"][0]["count"], 4);
    EXPECT_EQ(cpu["flags"], json::parse(R"(["fp", "asimd", "evtstrm", "crc32", "cpuid"])"));
    EXPECT_EQ(cpu["notable_flags"], json::parse(R"(["asimd"])"));
}

TEST(ArmSysinfo, Rk3588BigLittle) {
    const json cpu = arm_machine("rk3588");
    EXPECT_EQ(cpu["model_name"], "ARM Cortex-A76 x4 + Cortex-A55 x4");
    // vendor, model and stepping are the biggest core type's.
    EXPECT_EQ(cpu["model"], "0xd0b");
    EXPECT_EQ(cpu["stepping"], "r4p0");
    ASSERT_EQ(cpu["cores"].size(), 2u);
    EXPECT_EQ(cpu["cores"][0]["name"], "Cortex-A76");
    EXPECT_EQ(cpu["cores"][0]["cpus"], json::parse("[4, 5, 6, 7]"));
    EXPECT_EQ(cpu["cores"][1]["name"], "Cortex-A55");
    EXPECT_EQ(cpu["cores"][1]["stepping"], "r2p0");
    EXPECT_EQ(cpu["cores"][1]["count"], 4);
}

TEST(ArmSysinfo, AppleM1UnderAsahi) {
    const json cpu = arm_machine("apple-m1-asahi");
    EXPECT_EQ(cpu["model_name"], "Apple M1 Firestorm x4 + M1 Icestorm x4");
    EXPECT_EQ(cpu["vendor"], "Apple");
    EXPECT_EQ(cpu["model"], "0x023");
    EXPECT_EQ(cpu["stepping"], "r1p1");
    EXPECT_EQ(cpu["cores"][1]["implementer"], "0x61");
    EXPECT_EQ(cpu["cores"][1]["part"], "0x022");
    EXPECT_EQ(cpu["cores"][1]["name"], "M1 Icestorm");
}

TEST(ArmSysinfo, WithoutSysTheCpuinfoBlocksTell) {
    // The big.LITTLE machine with no /sys: its per-processor blocks.
    const json cpu =
        describe_cpu("/nonexistent", fixture("apple-m1-asahi/proc/cpuinfo"), AuxvHwcaps{});
    EXPECT_EQ(cpu["model_name"], "Apple M1 Firestorm x4 + M1 Icestorm x4");
    EXPECT_EQ(cpu["cores_source"], "cpuinfo");
    // A 3.14 kernel: one "Processor" line, the boot CPU's codes once.
    const json old = arm_machine("odroid-c2-3.14");
    EXPECT_EQ(old["model_name"], "ARM Cortex-A53");
    EXPECT_EQ(old["stepping"], "r0p4");
    EXPECT_EQ(old["family"], "AArch64");
    EXPECT_EQ(old["cores_source"], "cpuinfo");
    EXPECT_EQ(old["cores"][0]["count"], 4);
    EXPECT_EQ(old["notable_flags"], json::parse(R"(["asimd"])"));
}

TEST(ArmSysinfo, FlagsFromHwcapWhenTheMachineIsLive) {
    AuxvHwcaps hwcaps;
    hwcaps.available = true;
    hwcaps.hwcap = 0x103;                        // fp asimd atomics
    hwcaps.hwcap2 = (1ull << 1) | (1ull << 13);  // sve2 i8mm
    const json cpu = arm_machine("neoverse-n1", hwcaps);
    EXPECT_EQ(cpu["flags_source"], "hwcap");
    EXPECT_EQ(cpu["flags"], json::parse(R"(["fp", "asimd", "atomics", "sve2", "i8mm"])"));
    EXPECT_EQ(cpu["notable_flags"], json::parse(R"(["asimd", "sve2", "i8mm", "atomics"])"));
    // No /proc/cpuinfo at all: the flags and the /sys cores still tell.
    const json bare = describe_cpu(kFixtures + "rk3588", "", hwcaps);
    EXPECT_EQ(bare["flags_source"], "hwcap");
    EXPECT_EQ(bare["model_name"], "ARM Cortex-A76 x4 + Cortex-A55 x4");
    EXPECT_EQ(bare["family"], "8");
    for (const char *key : {"model_name", "vendor", "family", "flags", "cores"})
        EXPECT_FALSE(bare["why"].contains(key)) << key;
    EXPECT_TRUE(bare["why"].contains("microcode"));
}

// The aarch64 members hold nothing the doc does not describe, and all it does.
TEST(ArmSysinfo, EveryMemberIsDocumented) {
    const auto sections = documented_system_members();
    json system = {{"cpu", arm_machine("rk3588")}};
    for (const char *section : {"system.cpu", "system.cpu.cores[]"}) {
        std::set<std::string> names = {"why"};
        for (const DocumentedMember &m : sections.at(section)) names.insert(m.name);
        for (const json *object : values_at(system, section)) {
            for (const auto &[key, value] : object->items())
                EXPECT_TRUE(names.count(key) != 0) << section << "." << key;
            for (const DocumentedMember &m : sections.at(section))
                EXPECT_TRUE(m.optional || object->contains(m.name)) << section << "." << m.name;
        }
    }
}

TEST(ArmSysinfo, UnknownCoresSayWhy) {
    const json cpu = parse_cpuinfo(
        "processor\t: 0\nCPU implementer\t: 0x99\nCPU architecture: 8\nCPU variant\t: 0x0\n"
        "CPU part\t: 0x123\nCPU revision\t: 4\n");
    EXPECT_EQ(cpu["cores"][0]["name"], kUnknown);
    EXPECT_EQ(cpu["cores"][0]["vendor"], kUnknown);
    EXPECT_NE(cpu["cores"][0]["why"]["name"].get<std::string>().find("arm_cpu_names"),
              std::string::npos);
    const json x86 = parse_cpuinfo(fixture("cpuinfo-x86_64.txt"));
    EXPECT_EQ(x86["cores"], kUnknown);
    EXPECT_TRUE(x86["why"].contains("cores_source"));
    EXPECT_EQ(x86["flags_source"], "cpuinfo");
}

// ---------------------------------------------------------------------------
// os-release, meminfo, cpufreq
// ---------------------------------------------------------------------------

TEST(OsRelease, PrettyName) {
    EXPECT_EQ(parse_os_release(fixture("os-release-debian")), "Debian GNU/Linux 12 (bookworm)");
    EXPECT_EQ(parse_os_release(fixture("os-release-quirks")), "Example \"Linux\" 1.0 $x");
    EXPECT_EQ(parse_os_release("PRETTY_NAME='Alpine Linux v3.19'\n"), "Alpine Linux v3.19");
    EXPECT_EQ(parse_os_release("PRETTY_NAME=Plain\n"), "Plain");
    EXPECT_EQ(parse_os_release("NAME=x\n"), "");
}

TEST(Memory, MeminfoAndTransparentHugePages) {
    FakeRoot root;
    root.write("/proc/meminfo",
               "MemTotal:       24731708 kB\nMemFree:         9099776 kB\n"
               "MemAvailable:   23702176 kB\nHugePages_Total:      16\nHugePages_Free:        8\n"
               "Hugepagesize:       2048 kB\n");
    root.write("/sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
    root.write("/sys/kernel/mm/transparent_hugepage/defrag",
               "always defer defer+madvise [madvise] never\n");
    const json m = read_memory(root.path());
    EXPECT_EQ(m["total_bytes"].get<double>(), 24731708.0 * 1024);
    EXPECT_EQ(m["available_bytes"].get<double>(), 23702176.0 * 1024);
    EXPECT_EQ(m["hugepages_total"].get<double>(), 16);
    EXPECT_EQ(m["hugepages_free"].get<double>(), 8);
    EXPECT_EQ(m["hugepage_size_bytes"].get<double>(), 2097152);
    EXPECT_EQ(m["thp_enabled"], "madvise");
    EXPECT_EQ(m["thp_defrag"], "madvise");
    EXPECT_FALSE(m.contains("why"));

    FakeRoot empty;
    const json none = read_memory(empty.path());
    EXPECT_EQ(none["total_bytes"], kUnknown);
    EXPECT_EQ(none["why"]["total_bytes"], "/proc/meminfo could not be read");
    EXPECT_EQ(none["thp_enabled"], kUnknown);
}

void write_cpufreq(const FakeRoot &root, int cpu, const std::string &driver,
                   const std::string &governor, const std::string &min_khz,
                   const std::string &max_khz) {
    const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/";
    root.write(dir + "scaling_driver", driver + "\n");
    root.write(dir + "scaling_governor", governor + "\n");
    root.write(dir + "cpuinfo_min_freq", min_khz + "\n");
    root.write(dir + "cpuinfo_max_freq", max_khz + "\n");
}

TEST(Frequency, IntelPstate) {
    FakeRoot root;
    write_cpufreq(root, 0, "intel_pstate", "performance", "800000", "4200000");
    write_cpufreq(root, 1, "intel_pstate", "powersave", "800000", "4600000");
    root.write("/sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
    root.write("/sys/devices/system/cpu/intel_pstate/status", "active\n");
    const json f = read_frequency(root.path());
    EXPECT_EQ(f["driver"], "intel_pstate");
    EXPECT_EQ(f["governor"], "performance,powersave");
    EXPECT_EQ(f["boost"], "on");
    EXPECT_DOUBLE_EQ(f["min_mhz"].get<double>(), 800);
    EXPECT_DOUBLE_EQ(f["max_mhz"].get<double>(), 4600);
    EXPECT_EQ(f["pstate"], "intel_pstate active");
    EXPECT_FALSE(f.contains("why"));

    root.write("/sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
    EXPECT_EQ(read_frequency(root.path())["boost"], "off");
}

TEST(Frequency, AcpiCpufreqAndAmdPstate) {
    FakeRoot acpi;
    write_cpufreq(acpi, 0, "acpi-cpufreq", "schedutil", "1500000", "3000000");
    acpi.write("/sys/devices/system/cpu/cpufreq/boost", "0\n");
    const json a = read_frequency(acpi.path());
    EXPECT_EQ(a["boost"], "off");
    EXPECT_EQ(a["governor"], "schedutil");
    EXPECT_EQ(a["pstate"], kUnknown);
    EXPECT_TRUE(a["why"].contains("pstate"));

    FakeRoot amd;
    write_cpufreq(amd, 0, "amd-pstate-epp", "powersave", "400000", "5700000");
    write_cpufreq(amd, 1, "amd-pstate-epp", "powersave", "400000", "5700000");
    amd.write("/sys/devices/system/cpu/cpu0/cpufreq/boost", "1\n");
    amd.write("/sys/devices/system/cpu/cpu1/cpufreq/boost", "1\n");
    amd.write("/sys/devices/system/cpu/amd_pstate/status", "active\n");
    const json b = read_frequency(amd.path());
    EXPECT_EQ(b["driver"], "amd-pstate-epp");
    EXPECT_EQ(b["boost"], "on");
    EXPECT_EQ(b["pstate"], "amd-pstate active");
    amd.write("/sys/devices/system/cpu/cpu1/cpufreq/boost", "0\n");
    EXPECT_EQ(read_frequency(amd.path())["boost"], "mixed");
}

TEST(Frequency, NoCpufreqIsUnknownWithAReason) {
    FakeRoot root;
    root.write("/sys/devices/system/cpu/cpu0/topology/core_id", "0\n");
    root.write("/sys/devices/system/cpu/cpu1/topology/core_id", "1\n");
    const json f = read_frequency(root.path());
    for (const char *key : {"driver", "governor", "boost", "min_mhz", "max_mhz", "pstate"}) {
        EXPECT_EQ(f[key], kUnknown) << key;
        ASSERT_TRUE(f["why"].contains(key)) << key;
    }
    EXPECT_NE(f["why"]["governor"].get<std::string>().find("no cpufreq in /sys"),
              std::string::npos);
}

// ---------------------------------------------------------------------------
// Virtualisation
// ---------------------------------------------------------------------------

CpuidHypervisor cpuid(const std::string &vendor) {
    CpuidHypervisor c;
    c.available = true;
    c.hypervisor_bit = !vendor.empty();
    c.vendor_id = vendor;
    return c;
}

TEST(Virtualization, HypervisorFromCpuid) {
    FakeRoot root;
    root.write("/sys/class/dmi/id/sys_vendor", "QEMU\n");
    root.write("/sys/class/dmi/id/product_name", "Standard PC (Q35 + ICH9, 2009)\n");
    const json v = detect_virtualization(root.path(), cpuid("KVMKVMKVM"));
    EXPECT_EQ(v["type"], "vm");
    EXPECT_EQ(v["hypervisor"], "KVM");
    EXPECT_EQ(v["hypervisor_vendor_id"], "KVMKVMKVM");
    EXPECT_EQ(v["engine"], "none");
    EXPECT_EQ(v["wsl"], "none");
    EXPECT_EQ(v["sys_vendor"], "QEMU");
    EXPECT_EQ(v["product_name"], "Standard PC (Q35 + ICH9, 2009)");
    EXPECT_EQ(v["evidence"].size(), 2u);  // cpuid and DMI

    EXPECT_EQ(detect_virtualization(root.path(), cpuid("VMwareVMware"))["hypervisor"], "VMware");
    EXPECT_EQ(hypervisor_name("Microsoft Hv"), "Hyper-V");
    EXPECT_EQ(hypervisor_name("XenVMMXenVMM"), "Xen");
    EXPECT_EQ(hypervisor_name("NewHypervsr"), "NewHypervsr");
}

TEST(Virtualization, FirmwareStringsStayValidText) {
    FakeRoot root;
    root.write("/sys/class/dmi/id/sys_vendor", "Vendor\xff\x01\n");
    root.write("/sys/class/dmi/id/product_name", "Box\n");
    const json v = detect_virtualization(root.path(), cpuid("KVM\x80KVM"));
    EXPECT_EQ(v["sys_vendor"], "Vendor??");
    EXPECT_NO_THROW(v.dump());
}

TEST(Virtualization, BareMetal) {
    FakeRoot root;
    root.write("/sys/class/dmi/id/sys_vendor", "Dell Inc.\n");
    root.write("/sys/class/dmi/id/product_name", "PowerEdge R750\n");
    root.write("/proc/self/cgroup", "0::/user.slice/user-1000.slice/session-2.scope\n");
    const json v = detect_virtualization(root.path(), cpuid(""));
    EXPECT_EQ(v["type"], "none");
    EXPECT_EQ(v["hypervisor"], "none");
    EXPECT_EQ(v["hypervisor_vendor_id"], "none");
    EXPECT_EQ(v["engine"], "none");
    EXPECT_TRUE(v["evidence"].empty());
    EXPECT_FALSE(v.contains("why"));
}

TEST(Virtualization, Containers) {
    {
        FakeRoot root;
        root.write("/.dockerenv", "");
        const json v = detect_virtualization(root.path(), cpuid(""));
        EXPECT_EQ(v["type"], "container");
        EXPECT_EQ(v["engine"], "docker");
        EXPECT_EQ(v["hypervisor"], "none");
        EXPECT_EQ(v["sys_vendor"], kUnknown);  // no DMI in the fake root
        EXPECT_TRUE(v["why"].contains("sys_vendor"));
    }
    {
        FakeRoot root;
        root.write("/run/.containerenv", "engine=\"podman-4.3.1\"\n");
        EXPECT_EQ(detect_virtualization(root.path(), cpuid(""))["engine"], "podman");
    }
    {
        FakeRoot root;
        root.write("/proc/1/environ", std::string("PATH=/bin\0container=lxc\0HOME=/", 30));
        const json v = detect_virtualization(root.path(), cpuid("KVMKVMKVM"));
        EXPECT_EQ(v["type"], "container");
        EXPECT_EQ(v["engine"], "lxc");
        EXPECT_EQ(v["hypervisor"], "KVM");  // a container in a VM
    }
    {
        FakeRoot root;
        root.write("/proc/self/cgroup",
                   "12:memory:/kubepods/burstable/pod1234/abcd\n0::/kubepods/burstable/pod1234\n");
        EXPECT_EQ(detect_virtualization(root.path(), cpuid(""))["engine"], "kubernetes");
    }
    {
        FakeRoot root;
        root.write("/proc/self/cgroup", "0::/system.slice/docker-0123abcd.scope\n");
        EXPECT_EQ(detect_virtualization(root.path(), cpuid(""))["engine"], "docker");
    }
    {
        // The engines' own services on a host are not containers.
        FakeRoot root;
        root.write("/proc/self/cgroup",
                   "9:pids:/system.slice/docker.service\n"
                   "8:memory:/system.slice/containerd.service\n0::/user.slice\n");
        EXPECT_EQ(detect_virtualization(root.path(), cpuid(""))["engine"], "none");
    }
    {
        FakeRoot root;
        root.write("/run/systemd/container", "systemd-nspawn\n");
        EXPECT_EQ(detect_virtualization(root.path(), cpuid(""))["engine"], "systemd-nspawn");
    }
}

TEST(Virtualization, Wsl) {
    FakeRoot root;
    root.write("/proc/sys/kernel/osrelease", "5.15.153.1-microsoft-standard-WSL2\n");
    const json v = detect_virtualization(root.path(), cpuid("Microsoft Hv"));
    EXPECT_EQ(v["type"], "vm");
    EXPECT_EQ(v["hypervisor"], "Hyper-V");
    EXPECT_EQ(v["wsl"], "WSL2");
    root.write("/proc/sys/kernel/osrelease", "4.4.0-19041-Microsoft\n");
    EXPECT_EQ(detect_virtualization(root.path(), cpuid(""))["wsl"], "WSL1");
}

TEST(Virtualization, WithoutCpuid) {
    CpuidHypervisor none;  // not x86
    {
        FakeRoot root;
        const json v = detect_virtualization(root.path(), none);
        EXPECT_EQ(v["type"], kUnknown);
        EXPECT_EQ(v["hypervisor"], kUnknown);
        EXPECT_EQ(v["hypervisor_vendor_id"], kUnknown);
        for (const char *key : {"type", "hypervisor", "hypervisor_vendor_id"})
            EXPECT_TRUE(v["why"].contains(key)) << key;
    }
    {
        FakeRoot root;
        root.write("/sys/class/dmi/id/sys_vendor", "QEMU\n");
        root.write("/sys/class/dmi/id/product_name", "KVM Virtual Machine\n");
        const json v = detect_virtualization(root.path(), none);
        EXPECT_EQ(v["type"], "vm");
        EXPECT_EQ(v["hypervisor"], "QEMU");
    }
    {
        FakeRoot root;
        root.write("/sys/class/dmi/id/sys_vendor", "Amazon EC2\n");  // also bare metal
        root.write("/sys/class/dmi/id/product_name", "c7g.metal\n");
        EXPECT_EQ(detect_virtualization(root.path(), none)["type"], "none");
    }
    {
        FakeRoot root;
        root.write("/sys/hypervisor/type", "xen\n");
        EXPECT_EQ(detect_virtualization(root.path(), none)["hypervisor"], "Xen");
    }
}

// ---------------------------------------------------------------------------
// hwloc against the kernel and lscpu
// ---------------------------------------------------------------------------

std::vector<long long> cpu_list(const std::string &text) {
    std::vector<long long> cpus;
    std::stringstream in(text);
    for (std::string part; std::getline(in, part, ',');) {
        if (part.find_first_of("0123456789") == std::string::npos) continue;
        const auto dash = part.find('-');
        const long long lo = std::stoll(part.substr(0, dash));
        const long long hi = dash == std::string::npos ? lo : std::stoll(part.substr(dash + 1));
        for (long long c = lo; c <= hi; ++c) cpus.push_back(c);
    }
    return cpus;
}

TEST(Topology, AgreesWithTheKernel) {
    const json t = read_topology();
    json why = t.value("why", json::object());
    // A kernel may list no caches (a Firecracker guest has no cpu*/cache in
    // /sys), and hwloc reads them nowhere else on arm64.
    if (!fs::exists("/sys/devices/system/cpu/cpu0/cache")) why.erase("caches");
    ASSERT_TRUE(why.empty()) << t.dump();
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    EXPECT_EQ(t["pus"].get<long>(), online);
    EXPECT_EQ(t["pu_os_indexes"].size(), size_t(online));
    std::vector<long long> pus = t["pu_os_indexes"].get<std::vector<long long>>();
    EXPECT_EQ(pus, cpu_list(read_under("/", "/sys/devices/system/cpu/online")));
    EXPECT_LE(t["pus_allowed"].get<long>(), online);
    EXPECT_GE(t["pus_allowed"].get<long>(), 1);
    EXPECT_LE(t["packages"].get<long>(), t["cores"].get<long>());
    EXPECT_LE(t["cores"].get<long>(), online);
    EXPECT_LE(online, t["cores"].get<long>() * t["threads_per_core"].get<long>());
    EXPECT_EQ(t["smt"].get<bool>(), t["threads_per_core"].get<long>() > 1);
    // The NUMA nodes share out the PUs.
    std::vector<long long> in_nodes;
    for (const json &node : t["numa_nodes"]) {
        EXPECT_GT(node["memory_bytes"].get<double>(), 0);
        for (const json &pu : node["pus"]) in_nodes.push_back(pu.get<long long>());
    }
    std::sort(in_nodes.begin(), in_nodes.end());
    EXPECT_EQ(in_nodes, pus);
    if (t["caches"].is_string()) return;  // "unknown": the kernel listed none (above)
    for (const json &cache : t["caches"]) {
        EXPECT_GE(cache["level"].get<int>(), 1);
        EXPECT_GT(cache["size_bytes"].get<double>(), 0);
        EXPECT_GE(cache["count"].get<int>(), 1);
    }
}

// lscpu -J: {"lscpu": [{"field": "CPU(s):", "data": "2", "children": [...]}, ...]}.
void collect_lscpu(const json &entries, std::map<std::string, std::string> &fields) {
    for (const json &e : entries) {
        if (e.contains("field") && e.contains("data") && e["data"].is_string()) {
            std::string field = e["field"];
            if (!field.empty() && field.back() == ':') field.pop_back();
            fields.emplace(field, e["data"]);
        }
        if (e.contains("children")) collect_lscpu(e["children"], fields);
    }
}

// This program's machine (uname -m): what an emulator (qemu-user) reports,
// not the host's.
std::string machine_name() {
    struct utsname u {};
    return uname(&u) == 0 ? u.machine : "";
}

// "96 KiB (2 instances)" -> bytes of all instances; -1 when not in that form.

double lscpu_cache_total(const std::string &text) {
    static const std::regex form(R"(^([0-9.]+) ([KMGT]i?B) \([0-9]+ instances?\)$)");
    std::smatch m;
    if (!std::regex_match(text, m, form)) return -1;
    const std::string unit = m[2];
    const double scale = unit[0] == 'K'   ? 1024.0
                         : unit[0] == 'M' ? 1048576.0
                         : unit[0] == 'G' ? 1073741824.0
                                          : 1099511627776.0;
    return std::stod(m[1]) * scale;
}

TEST(Topology, AgreesWithLscpu) {
    FILE *p = popen("lscpu -J 2>/dev/null", "r");
    std::string out;
    if (p != nullptr) {
        char buf[4096];
        for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
        if (pclose(p) != 0) out.clear();
    }
    if (out.empty()) GTEST_SKIP() << "no lscpu -J here";
    std::map<std::string, std::string> f;
    collect_lscpu(json::parse(out)["lscpu"], f);

    const json t = read_topology();
    const json cpu = parse_cpuinfo(read_under("/", "/proc/cpuinfo"));
    if (f.count("On-line CPU(s) list") != 0) {
        EXPECT_EQ(t["pu_os_indexes"].get<std::vector<long long>>(),
                  cpu_list(f["On-line CPU(s) list"]));
    }
    if (f.count("Thread(s) per core") != 0) {
        EXPECT_EQ(std::to_string(t["threads_per_core"].get<int>()), f["Thread(s) per core"]);
    }
    if (f.count("Socket(s)") != 0 && f.count("Core(s) per socket") != 0) {
        EXPECT_EQ(t["cores"].get<long>(),
                  std::stol(f["Socket(s)"]) * std::stol(f["Core(s) per socket"]));
    }
    if (f.count("NUMA node(s)") != 0) {
        EXPECT_EQ(std::to_string(t["numa_nodes"].size()), f["NUMA node(s)"]);
    }
    for (const auto &[field, key] : std::map<std::string, std::string>{{"Vendor ID", "vendor"},
                                                                       {"Model name", "model_name"},
                                                                       {"CPU family", "family"},
                                                                       {"Model", "model"},
                                                                       {"Stepping", "stepping"}})
        if (f.count(field) != 0 && cpu[key] != kUnknown) {
            EXPECT_EQ(cpu[key], f[field]) << field;
        }
    // Caches: lscpu sums each level's instances.
    for (const auto &[field, level_type] :
         std::map<std::string, std::pair<int, std::string>>{{"L1d cache", {1, "data"}},
                                                            {"L1i cache", {1, "instruction"}},
                                                            {"L2 cache", {2, "unified"}},
                                                            {"L3 cache", {3, "unified"}}}) {
        if (f.count(field) == 0) continue;
        const double expected = lscpu_cache_total(f[field]);
        if (expected < 0) continue;  // an older lscpu's per-core form
        double total = 0;
        for (const json &c : t["caches"])
            if (c["level"] == level_type.first && c["type"] == level_type.second)
                total += c["size_bytes"].get<double>() * c["count"].get<double>();
        EXPECT_NEAR(total, expected, expected * 0.01) << field;
    }
    // lscpu reads cpuid, which this test cannot when it is emulated (make
    // test-arm64 runs an arm64 build under qemu-user, lscpu natively).
    if (f.count("Hypervisor vendor") != 0 && f["Architecture"] == machine_name()) {
        const json v = detect_virtualization("/", read_cpuid_hypervisor());
        EXPECT_EQ(v["hypervisor"], f["Hypervisor vendor"] == "Microsoft" ? std::string("Hyper-V")
                                                                         : f["Hypervisor vendor"]);
    }
}

// ---------------------------------------------------------------------------
// Builds
// ---------------------------------------------------------------------------

TEST(WorkloadBuilds, DistinctPluginsWithWorkloads) {
    PluginInfo a, b, reporter, bare;
    a.id = "org.x.b";
    a.build_info = "gcc 12.2.0 -O3";
    a.workloads.resize(2);
    b.id = "org.x.a";
    b.build_info = "clang 16.0.0 -O2";
    b.workloads.resize(1);
    reporter.id = "org.x.text";
    reporter.reporters.resize(1);
    bare.id = "org.x.c";
    bare.workloads.resize(1);
    PluginInfo portable;
    portable.id = "org.x.p";
    portable.build_info = "gcc 12.2.0 -O3 -march=x86-64-v3";
    portable.workloads.resize(1);
    portable.isa_level = "x86-64-v3";
    portable.packaged_levels = {"x86-64", "x86-64-v3"};
    const json builds = workload_builds({a, b, reporter, a, bare, portable});
    ASSERT_EQ(builds.size(), 4u);
    EXPECT_EQ(builds[0],
              json({{"plugin", "org.x.a"}, {"build", "clang 16.0.0 -O2"}, {"method", "custom"}}));
    EXPECT_EQ(builds[1],
              json({{"plugin", "org.x.b"}, {"build", "gcc 12.2.0 -O3"}, {"method", "custom"}}));
    EXPECT_EQ(builds[2]["build"], kUnknown);
    EXPECT_TRUE(builds[2]["why"].contains("build"));
    EXPECT_EQ(builds[3], json({{"plugin", "org.x.p"},
                               {"build", "gcc 12.2.0 -O3 -march=x86-64-v3"},
                               {"method", "portable"},
                               {"isa_level", "x86-64-v3"},
                               {"packaged_levels", {"x86-64", "x86-64-v3"}}}));

    json system;
    add_workload_builds(system, {a, portable});
    EXPECT_EQ(system["build_method"], "mixed");
    add_workload_builds(system, {portable});
    EXPECT_EQ(system["build_method"], "portable");
    EXPECT_EQ(compiler_version().rfind(
#if defined(__clang__)
                  "clang ",
#else
                  "gcc ",
#endif
                  0),
              0u);
}

}  // namespace
}  // namespace bytebench
