#include "model/isa_level.h"

#include <sys/utsname.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <set>

#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#elif defined(__powerpc64__)
#include <sys/auxv.h>
#endif

namespace bytebench {
namespace {

// A level and the feature names (as /proc/cpuinfo or the auxiliary vector
// spell them) a CPU needs besides those of the levels below.
struct LevelRule {
    const char *name;
    std::vector<const char *> needs;
};

// The x86-64 psABI's levels. "pni" is SSE3, "abm" LZCNT; "xsave" stands for
// the OS saving the AVX state, which the kernel implies by listing avx.
const std::vector<LevelRule> &x86_64_rules() {
    static const std::vector<LevelRule> rules = {
        {"x86-64", {}},
        {"x86-64-v2", {"cx16", "lahf_lm", "popcnt", "pni", "sse4_1", "sse4_2", "ssse3"}},
        {"x86-64-v3", {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"}},
        {"x86-64-v4", {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}},
    };
    return rules;
}

// What GCC's -march=armv8.2-a lets the compiler emit beyond armv8-a: LSE
// atomics, the rounding doubling multiplies (8.1) and CRC32.
const std::vector<LevelRule> &aarch64_rules() {
    static const std::vector<LevelRule> rules = {
        {"armv8-a", {}},
        {"armv8.2-a", {"atomics", "asimdrdm", "crc32"}},
    };
    return rules;
}

// POWER ISA 3.0 (POWER9) and 3.1 (POWER10), as AT_HWCAP2 names them.
const std::vector<LevelRule> &ppc64le_rules() {
    static const std::vector<LevelRule> rules = {
        {"power8", {}},
        {"power9", {"arch_3_00"}},
        {"power10", {"arch_3_1"}},
    };
    return rules;
}

const std::vector<LevelRule> *rules_of(const std::string &architecture) {
    if (architecture == "x86-64") return &x86_64_rules();
    if (architecture == "aarch64") return &aarch64_rules();
    if (architecture == "ppc64le") return &ppc64le_rules();
    return nullptr;
}

// A level is supported when its features and every lower level's are there.
std::vector<IsaLevel> levels_with(const std::vector<LevelRule> &rules,
                                  const std::set<std::string> &features) {
    std::vector<IsaLevel> levels;
    bool below_supported = true;
    for (const LevelRule &rule : rules) {
        const bool has_all = std::all_of(rule.needs.begin(), rule.needs.end(),
                                         [&](const char *f) { return features.count(f) != 0; });
        below_supported = below_supported && has_all;
        levels.push_back({rule.name, below_supported});
    }
    return levels;
}

#if defined(__x86_64__)
bool bit(unsigned value, int n) { return ((value >> n) & 1U) != 0; }

// This CPU's features by their /proc/cpuinfo names, from cpuid; the AVX
// ones only when the OS saves their registers (XCR0), as the kernel does.
std::set<std::string> cpu_features() {
    std::set<std::string> f;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) == 0) return f;
    const unsigned ecx1 = c;
    unsigned ebx7 = 0;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d) != 0) ebx7 = b;
    unsigned ecx_ext = 0;
    if (__get_cpuid(0x80000001, &a, &b, &c, &d) != 0) ecx_ext = c;

    const std::pair<const char *, bool> plain[] = {
        {"pni", bit(ecx1, 0)},        {"ssse3", bit(ecx1, 9)},   {"fma", bit(ecx1, 12)},
        {"cx16", bit(ecx1, 13)},      {"sse4_1", bit(ecx1, 19)}, {"sse4_2", bit(ecx1, 20)},
        {"movbe", bit(ecx1, 22)},     {"popcnt", bit(ecx1, 23)}, {"xsave", bit(ecx1, 26)},
        {"f16c", bit(ecx1, 29)},      {"bmi1", bit(ebx7, 3)},    {"bmi2", bit(ebx7, 8)},
        {"lahf_lm", bit(ecx_ext, 0)}, {"abm", bit(ecx_ext, 5)},
    };
    for (const auto &[name, present] : plain)
        if (present) f.insert(name);

    // XCR0: bits 1-2 the SSE and AVX state, 5-7 the AVX-512 state.
    uint64_t xcr0 = 0;
    if (bit(ecx1, 27)) {  // OSXSAVE: xgetbv may be used
        unsigned lo = 0, hi = 0;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = (uint64_t(hi) << 32) | lo;
    }
    const bool avx_state = (xcr0 & 0x6) == 0x6;
    const bool avx512_state = avx_state && (xcr0 & 0xe0) == 0xe0;
    const std::pair<const char *, bool> avx[] = {
        {"avx", avx_state && bit(ecx1, 28)},         {"avx2", avx_state && bit(ebx7, 5)},
        {"avx512f", avx512_state && bit(ebx7, 16)},  {"avx512dq", avx512_state && bit(ebx7, 17)},
        {"avx512cd", avx512_state && bit(ebx7, 28)}, {"avx512bw", avx512_state && bit(ebx7, 30)},
        {"avx512vl", avx512_state && bit(ebx7, 31)},
    };
    for (const auto &[name, present] : avx)
        if (present) f.insert(name);
    if (!avx_state) {  // VEX-encoded: they need the AVX state too
        f.erase("fma");
        f.erase("f16c");
    }
    return f;
}
#elif defined(__aarch64__)
std::set<std::string> cpu_features() {
    const unsigned long hwcap = getauxval(AT_HWCAP);
    std::set<std::string> f;
    if (hwcap & HWCAP_CRC32) f.insert("crc32");
    if (hwcap & HWCAP_ATOMICS) f.insert("atomics");
    if (hwcap & HWCAP_ASIMDRDM) f.insert("asimdrdm");
    return f;
}
#elif defined(__powerpc64__)
std::set<std::string> cpu_features() {
    // PPC_FEATURE2_ARCH_3_00 and PPC_FEATURE2_ARCH_3_1 in AT_HWCAP2.
    const unsigned long hwcap2 = getauxval(AT_HWCAP2);
    std::set<std::string> f;
    if (hwcap2 & 0x00800000UL) f.insert("arch_3_00");
    if (hwcap2 & 0x00040000UL) f.insert("arch_3_1");
    return f;
}
#else
std::set<std::string> cpu_features() { return {}; }
#endif

}  // namespace

std::string isa_architecture() {
#if defined(__x86_64__)
    return "x86-64";
#elif defined(__aarch64__)
    return "aarch64";
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return "ppc64le";
#else
    struct utsname u {};
    return uname(&u) == 0 ? u.machine : "unknown";
#endif
}

std::vector<IsaLevel> isa_levels_from_flags(const std::string &architecture,
                                            const std::vector<std::string> &flags) {
    const std::vector<LevelRule> *rules = rules_of(architecture);
    if (rules == nullptr) return {{architecture, true}};
    return levels_with(*rules, std::set<std::string>(flags.begin(), flags.end()));
}

std::vector<IsaLevel> isa_levels() {
    const std::string architecture = isa_architecture();
    const std::vector<LevelRule> *rules = rules_of(architecture);
    if (rules == nullptr) return {{architecture, true}};
    return levels_with(*rules, cpu_features());
}

std::string best_supported_level() {
    std::string best;
    for (const IsaLevel &level : isa_levels())
        if (level.supported) best = level.name;
    return best;
}

std::vector<IsaLevel> capped_levels(std::vector<IsaLevel> levels, const std::string &cap) {
    if (cap.empty()) return levels;
    bool above = false;
    for (IsaLevel &level : levels) {
        if (above) level.supported = false;
        above = above || level.name == cap;
    }
    return levels;
}

std::string isa_level_problem(const std::string &level) {
    std::vector<std::string> all, runs;
    bool known = false, supported = false;
    for (const IsaLevel &l : isa_levels()) {
        all.push_back(l.name);
        if (l.supported) runs.push_back(l.name);
        known = known || l.name == level;
        supported = supported || (l.name == level && l.supported);
    }
    std::string names;
    for (const std::string &name : known ? runs : all) names += (names.empty() ? "" : ", ") + name;
    if (!known)
        return "'" + level + "' is not an ISA level of " + isa_architecture() + " (" + names + ")";
    if (!supported) return "this CPU does not run " + level + " (it runs " + names + ")";
    return "";
}

std::string build_method_of(const std::string &build_info, const std::string &isa_level) {
    if (!isa_level.empty()) return "portable";
    if (build_info.empty()) return "";
    for (const char *native : {"-march=native", "-mcpu=native"})
        if (build_info.find(native) != std::string::npos) return "native";
    return "custom";
}

std::string plugin_package_dir(const std::string &plugin_path) {
    const std::filesystem::path folder = std::filesystem::path(plugin_path).parent_path();
    const std::filesystem::path levels = folder.parent_path();
    if (levels.filename() == kLevelsFolder && !folder.filename().empty())
        return levels.parent_path().string();
    return folder.string();
}

}  // namespace bytebench
