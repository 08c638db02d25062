#include "system/arm_cpu.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <tuple>

#include "base/text.h"
#include "system/arm_cpu_names.h"
#include "system/sysinfo_readers.h"

#if defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace bytebench {
namespace {

// The AT_HWCAP and AT_HWCAP2 bits, by bit number, named as the kernel's
// /proc/cpuinfo names them (arch/arm64/include/uapi/asm/hwcap.h gives the
// bits). Our own table: the build machine's <asm/hwcap.h> may be older than
// the kernel that runs us, or not the arm64 one at all.
constexpr const char *kHwcapNames[] = {
    "fp",     "asimd",       "evtstrm",  "aes",        "pmull",    "sha1",       "sha2",
    "crc32",  "atomics",     "fphp",     "asimdhp",    "cpuid",    "asimdrdm",   "jscvt",
    "fcma",   "lrcpc",       "dcpop",    "sha3",       "sm3",      "sm4",        "asimddp",
    "sha512", "sve",         "asimdfhm", "dit",        "uscat",    "ilrcpc",     "flagm",
    "ssbs",   "sb",          "paca",     "pacg",       "gcs",      "cmpbr",      "fprcvt",
    "f8mm8",  "f8mm4",       "svef16mm", "sveeltperm", "sveaes2",  "svebfscale", "sve2p2",
    "sme2p2", "smesbitperm", "smeaes",   "smesfexpa",  "smestmop", "smesmop4"};

constexpr const char *kHwcap2Names[] = {
    "dcpodp",    "sve2",      "sveaes",   "svepmull",  "svebitperm", "svesha3",    "svesm4",
    "flagm2",    "frint",     "svei8mm",  "svef32mm",  "svef64mm",   "svebf16",    "i8mm",
    "bf16",      "dgh",       "rng",      "bti",       "mte",        "ecv",        "afp",
    "rpres",     "mte3",      "sme",      "smei16i64", "smef64f64",  "smei8i32",   "smef16f32",
    "smeb16f32", "smef32f32", "smefa64",  "wfxt",      "ebf16",      "sveebf16",   "cssc",
    "rprfm",     "sve2p1",    "sme2",     "sme2p1",    "smei16i32",  "smebi32i32", "smeb16b16",
    "smef16f16", "mops",      "hbc",      "sveb16b16", "lrcpc3",     "lse128",     "fpmr",
    "lut",       "faminmax",  "f8cvt",    "f8fma",     "f8dp4",      "f8dp2",      "f8e4m3",
    "f8e5m2",    "smelutv2",  "smef8f16", "smef8f32",  "smesf8fma",  "smesf8dp4",  "smesf8dp2",
    "poe"};

constexpr size_t kHwcapBits = sizeof kHwcapNames / sizeof kHwcapNames[0];
constexpr size_t kHwcap2Bits = sizeof kHwcap2Names / sizeof kHwcap2Names[0];
static_assert(kHwcap2Bits == 64, "AT_HWCAP2 has 64 named bits");

// Where the system header has the bits, they must be where our table says.
constexpr uint64_t bit_of(const char *const *names, size_t count, const char *name) {
    for (size_t i = 0; i < count; ++i) {
        const char *a = names[i];
        const char *b = name;
        while (*a != '\0' && *a == *b) ++a, ++b;
        if (*a == *b) return uint64_t(1) << i;
    }
    return 0;
}
#if defined(__aarch64__) && defined(__linux__)
#define BYTEBENCH_CHECK_HWCAP(table, count, name, constant) \
    static_assert(bit_of(table, count, name) == uint64_t(constant), name " bit")
#ifdef HWCAP_ASIMD
BYTEBENCH_CHECK_HWCAP(kHwcapNames, kHwcapBits, "asimd", HWCAP_ASIMD);
#endif
#ifdef HWCAP_ATOMICS
BYTEBENCH_CHECK_HWCAP(kHwcapNames, kHwcapBits, "atomics", HWCAP_ATOMICS);
#endif
#ifdef HWCAP_SVE
BYTEBENCH_CHECK_HWCAP(kHwcapNames, kHwcapBits, "sve", HWCAP_SVE);
#endif
#ifdef HWCAP_PACG
BYTEBENCH_CHECK_HWCAP(kHwcapNames, kHwcapBits, "pacg", HWCAP_PACG);
#endif
#ifdef HWCAP2_SVE2
BYTEBENCH_CHECK_HWCAP(kHwcap2Names, kHwcap2Bits, "sve2", HWCAP2_SVE2);
#endif
#ifdef HWCAP2_I8MM
BYTEBENCH_CHECK_HWCAP(kHwcap2Names, kHwcap2Bits, "i8mm", HWCAP2_I8MM);
#endif
#ifdef HWCAP2_BF16
BYTEBENCH_CHECK_HWCAP(kHwcap2Names, kHwcap2Bits, "bf16", HWCAP2_BF16);
#endif
#ifdef HWCAP2_SME
BYTEBENCH_CHECK_HWCAP(kHwcap2Names, kHwcap2Bits, "sme", HWCAP2_SME);
#endif
#ifdef HWCAP2_SME2
BYTEBENCH_CHECK_HWCAP(kHwcap2Names, kHwcap2Bits, "sme2", HWCAP2_SME2);
#endif
#undef BYTEBENCH_CHECK_HWCAP
#endif

void name_bits(uint64_t mask, const char *const *names, size_t count, const char *unknown,
               std::vector<std::string> &out) {
    for (unsigned bit = 0; bit < 64; ++bit)
        if ((mask >> bit & 1) != 0)
            out.push_back(bit < count ? names[bit] : unknown + std::to_string(bit));
}

std::optional<unsigned> number(const std::string &text) {
    if (text.empty()) return std::nullopt;
    char *end = nullptr;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 0);
    if (end == text.c_str() || *end != '\0') return std::nullopt;
    return unsigned(v);
}

// One "processor" record of /proc/cpuinfo while it is read.
struct CpuinfoRecord {
    int cpu = 0;
    std::optional<unsigned> implementer, variant, part, revision;
    bool complete() const { return implementer && variant && part && revision; }
    Midr midr() const {
        Midr m;
        m.implementer = *implementer;
        m.variant = *variant;
        m.architecture = 0xf;
        m.part = *part;
        m.revision = *revision;
        return m;
    }
};

void set_field(CpuinfoRecord &r, const std::string &key, const std::string &value) {
    if (key == "CPU implementer") r.implementer = number(value);
    if (key == "CPU variant") r.variant = number(value);
    if (key == "CPU part") r.part = number(value);
    if (key == "CPU revision") r.revision = number(value);
}

}  // namespace

Midr decode_midr(uint64_t value) {
    Midr m;
    m.implementer = unsigned(value >> 24 & 0xff);
    m.variant = unsigned(value >> 20 & 0xf);
    m.architecture = unsigned(value >> 16 & 0xf);
    m.part = unsigned(value >> 4 & 0xfff);
    m.revision = unsigned(value & 0xf);
    return m;
}

std::string arm_stepping(const Midr &midr) {
    return "r" + std::to_string(midr.variant) + "p" + std::to_string(midr.revision);
}

std::vector<CpuMidr> read_sysfs_midrs(const std::string &root) {
    std::vector<CpuMidr> cpus;
    for (const auto &[cpu, folder] : cpu_folders(root)) {
        const std::string text =
            trim(read_under("", (folder / "regs/identification/midr_el1").string()));
        char *end = nullptr;
        const unsigned long long value = std::strtoull(text.c_str(), &end, 16);
        if (text.empty() || *end != '\0') continue;
        cpus.push_back({cpu, decode_midr(value)});
    }
    return cpus;
}

std::vector<CpuMidr> cpuinfo_midrs(const std::string &text) {
    std::vector<CpuinfoRecord> records;
    CpuinfoRecord before_any;  // fields ahead of the first "processor" line
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = trim(line.substr(0, colon));
        const std::string value = trim(line.substr(colon + 1));
        if (key == "processor") {
            records.push_back({});
            records.back().cpu = std::atoi(value.c_str());
            continue;
        }
        set_field(records.empty() ? before_any : records.back(), key, value);
    }
    if (records.empty() && before_any.complete()) return {{0, before_any.midr()}};
    const auto complete = std::count_if(records.begin(), records.end(),
                                        [](const CpuinfoRecord &r) { return r.complete(); });
    std::vector<CpuMidr> cpus;
    for (const CpuinfoRecord &r : records) {
        if (r.complete())
            cpus.push_back({r.cpu, r.midr()});
        else if (complete == 1)  // the old kernels' one set for all processors
            cpus.push_back(
                {r.cpu, std::find_if(records.begin(), records.end(), [](const CpuinfoRecord &x) {
                            return x.complete();
                        })->midr()});
    }
    return cpus;
}

std::map<int, long> read_cpu_capacities(const std::string &root) {
    std::map<int, long> capacities;
    for (const auto &[cpu, folder] : cpu_folders(root)) {
        const std::string text = trim(read_under("", (folder / "cpu_capacity").string()));
        const long value = std::atol(text.c_str());
        if (value > 0) capacities[cpu] = value;
    }
    return capacities;
}

std::vector<ArmCoreType> arm_core_types(const std::vector<CpuMidr> &cpus,
                                        const std::map<int, long> &capacities) {
    std::vector<ArmCoreType> types;
    for (const CpuMidr &c : cpus) {
        auto it = std::find_if(types.begin(), types.end(), [&](const ArmCoreType &t) {
            return t.midr.implementer == c.midr.implementer && t.midr.part == c.midr.part;
        });
        if (it == types.end()) {
            types.push_back({});
            it = types.end() - 1;
            it->midr = c.midr;
            it->efficiency = arm_is_efficiency_core(c.midr.implementer, c.midr.part);
        }
        const std::string stepping = arm_stepping(c.midr);
        if (std::find(it->steppings.begin(), it->steppings.end(), stepping) == it->steppings.end())
            it->steppings.push_back(stepping);
        it->cpus.push_back(c.cpu);
        if (const auto cap = capacities.find(c.cpu); cap != capacities.end())
            it->capacity = std::max(it->capacity, cap->second);
    }
    for (ArmCoreType &t : types) std::sort(t.cpus.begin(), t.cpus.end());
    const bool all_capacities = std::all_of(types.begin(), types.end(),
                                            [](const ArmCoreType &t) { return t.capacity > 0; });
    std::stable_sort(types.begin(), types.end(), [&](const ArmCoreType &a, const ArmCoreType &b) {
        const long cap_a = all_capacities ? a.capacity : 0;
        const long cap_b = all_capacities ? b.capacity : 0;
        return std::make_tuple(-cap_a, a.efficiency, a.cpus.front()) <
               std::make_tuple(-cap_b, b.efficiency, b.cpus.front());
    });
    return types;
}

std::vector<std::string> aarch64_hwcap_names(uint64_t hwcap, uint64_t hwcap2) {
    std::vector<std::string> names;
    // Bits 62 and 63 of AT_HWCAP are the C library's, not the CPU's.
    hwcap &= ~(uint64_t(3) << 62);
    name_bits(hwcap, kHwcapNames, kHwcapBits, "hwcap_bit", names);
    name_bits(hwcap2, kHwcap2Names, kHwcap2Bits, "hwcap2_bit", names);
    return names;
}

AuxvHwcaps read_auxv_hwcaps() {
    AuxvHwcaps h;
#if defined(__aarch64__) && defined(__linux__)
    h.available = true;
    h.hwcap = getauxval(AT_HWCAP);
#ifdef AT_HWCAP2
    h.hwcap2 = getauxval(AT_HWCAP2);
#endif
#endif
    return h;
}

}  // namespace bytebench
