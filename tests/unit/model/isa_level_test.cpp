// ISA levels: the rules on CPU flag lists (real CPUs' /proc/cpuinfo flags),
// this CPU's levels read with cpuid against what the kernel and glibc's
// dynamic loader say, the package folder of a level's file and the build
// methods.
#include "model/isa_level.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace bytebench {
namespace {

std::vector<std::string> supported_names(const std::vector<IsaLevel> &levels) {
    std::vector<std::string> names;
    for (const IsaLevel &level : levels)
        if (level.supported) names.push_back(level.name);
    return names;
}

std::vector<std::string> words(const std::string &text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// The flags of a Xeon X5570 (Nehalem, 2009) as its kernel lists them.
const char *kNehalemFlags =
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi "
    "mmx fxsr sse sse2 ss ht tm pbe syscall nx rdtscp lm constant_tsc arch_perfmon pebs bts "
    "rep_good nopl xtopology nonstop_tsc cpuid aperfmperf pni dtes64 monitor ds_cpl vmx est tm2 "
    "ssse3 cx16 xtpr pdcm dca sse4_1 sse4_2 popcnt lahf_lm pti ssbd ibrs ibpb stibp tpr_shadow "
    "vnmi flexpriority ept vpid dtherm ida flush_l1d";
// A Haswell-era Xeon E5-2680 v3: v3, no AVX-512.
const char *kHaswellFlags =
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr "
    "sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology cpuid "
    "pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes "
    "xsave avx f16c rdrand hypervisor lahf_lm abm cpuid_fault invpcid_single pti fsgsbase bmi1 "
    "avx2 smep bmi2 erms invpcid xsaveopt";
// An Ice Lake server: v4.
const char *kIceLakeFlags =
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr "
    "sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology cpuid pni "
    "pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c rdrand "
    "hypervisor lahf_lm abm 3dnowprefetch fsgsbase bmi1 avx2 smep bmi2 erms invpcid avx512f "
    "avx512dq rdseed adx smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl "
    "xsaveopt xsavec xgetbv1 xsaves avx512vbmi umip pku ospke avx512_vbmi2 gfni vaes";

TEST(IsaLevel, X86LevelsFromRealCpusFlags) {
    using V = std::vector<std::string>;
    EXPECT_EQ(supported_names(isa_levels_from_flags("x86-64", words(kNehalemFlags))),
              (V{"x86-64", "x86-64-v2"}));
    EXPECT_EQ(supported_names(isa_levels_from_flags("x86-64", words(kHaswellFlags))),
              (V{"x86-64", "x86-64-v2", "x86-64-v3"}));
    EXPECT_EQ(supported_names(isa_levels_from_flags("x86-64", words(kIceLakeFlags))),
              (V{"x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4"}));
    EXPECT_EQ(supported_names(isa_levels_from_flags("x86-64", {})), (V{"x86-64"}));
}

TEST(IsaLevel, ALevelNeedsEveryLevelBelowIt) {
    // AVX-512 without SSE4.2 (impossible in silicon, possible in a VM's
    // masked cpuid): no v2, so no v3 or v4 either.
    std::vector<std::string> flags = words(kIceLakeFlags);
    flags.erase(std::find(flags.begin(), flags.end(), "sse4_2"));
    EXPECT_EQ(supported_names(isa_levels_from_flags("x86-64", flags)),
              std::vector<std::string>{"x86-64"});
    const std::vector<IsaLevel> all = isa_levels_from_flags("x86-64", flags);
    ASSERT_EQ(all.size(), 4U);
    EXPECT_EQ(all[3].name, "x86-64-v4");
    EXPECT_FALSE(all[3].supported);
}

TEST(IsaLevel, Aarch64AndOtherArchitectures) {
    using V = std::vector<std::string>;
    // A Cortex-A72 (Raspberry Pi 4) is armv8.0; a Neoverse-N1 is 8.2.
    EXPECT_EQ(
        supported_names(isa_levels_from_flags("aarch64", words("fp asimd evtstrm crc32 cpuid"))),
        (V{"armv8-a"}));
    EXPECT_EQ(supported_names(isa_levels_from_flags(
                  "aarch64", words("fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp "
                                   "asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs"))),
              (V{"armv8-a", "armv8.2-a"}));
    EXPECT_EQ(supported_names(isa_levels_from_flags("riscv64", {})), (V{"riscv64"}));
}

TEST(IsaLevel, ThisCpuAsTheKernelSeesIt) {
    if (isa_architecture() != "x86-64") GTEST_SKIP() << "the kernel's flags are x86 names";
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("flags", 0) == 0) break;
    ASSERT_NE(line.find(':'), std::string::npos) << "no flags line in /proc/cpuinfo";
    const std::vector<std::string> kernel = words(line.substr(line.find(':') + 1));
    // The kernel's flags are a floor, not the answer: a kernel may leave out
    // a feature that cpuid reports (a Firecracker guest on an AMD EPYC, Linux
    // 6.18, lists no "abm" while cpuid and glibc report LZCNT). So every level
    // the kernel's flags allow must be one of ours; ThisCpuAsGlibcSeesIt
    // checks that ours claim no more than the CPU runs.
    using V = std::vector<std::string>;
    const V ours = supported_names(isa_levels());
    const V kernels = supported_names(isa_levels_from_flags("x86-64", kernel));
    ASSERT_LE(kernels.size(), ours.size()) << "the kernel's flags allow more levels than cpuid";
    EXPECT_EQ(kernels, V(ours.begin(), ours.begin() + kernels.size()));
}

// glibc's loader prints the glibc-hwcaps levels it found supported, for
// x86-64 and POWER: the same question asked of another implementation.
TEST(IsaLevel, ThisCpuAsGlibcSeesIt) {
    const char *loaders[] = {"/lib64/ld-linux-x86-64.so.2", "/lib64/ld64.so.2"};
    std::string text;
    for (const char *loader : loaders) {
        FILE *pipe = popen((std::string(loader) + " --help 2>/dev/null").c_str(), "r");
        if (pipe == nullptr) continue;
        char buffer[4096];
        for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
        pclose(pipe);
        if (text.find("glibc-hwcaps") != std::string::npos) break;
    }
    if (text.find("Subdirectories of glibc-hwcaps") == std::string::npos)
        GTEST_SKIP() << "no glibc loader that lists its glibc-hwcaps levels";
    int compared = 0;
    for (const IsaLevel &level : isa_levels()) {
        // Only the levels glibc has folders for (x86-64's v2-v4, POWER's
        // power9 and power10; none on aarch64 in glibc 2.36).
        if (text.find("  " + level.name + " (") == std::string::npos) continue;
        const bool glibc = text.find("  " + level.name + " (supported") != std::string::npos;
        EXPECT_EQ(level.supported, glibc) << level.name;
        ++compared;
    }
    if (compared == 0)
        GTEST_SKIP() << "glibc has no folder for any level of " << isa_architecture();
}

TEST(IsaLevel, TheBestLevelIsTheLastSupported) {
    const std::vector<std::string> names = supported_names(isa_levels());
    ASSERT_FALSE(names.empty());
    EXPECT_EQ(names.front(), isa_levels().front().name) << "every CPU runs the baseline";
    EXPECT_EQ(best_supported_level(), names.back());
}

TEST(IsaLevel, PackageFolderOfALevelsFile) {
    EXPECT_EQ(plugin_package_dir("/usr/lib/bytebench/plugins/cpu.so"),
              "/usr/lib/bytebench/plugins");
    EXPECT_EQ(plugin_package_dir("/usr/lib/bytebench/plugins/levels/x86-64-v3/cpu.so"),
              "/usr/lib/bytebench/plugins");
    // Only a file two folders below a "levels" folder.
    EXPECT_EQ(plugin_package_dir("/opt/levels/cpu.so"), "/opt/levels");
    EXPECT_EQ(plugin_package_dir("/opt/x/levels2/v3/cpu.so"), "/opt/x/levels2/v3");
}

TEST(IsaLevel, BuildMethods) {
    EXPECT_EQ(build_method_of("gcc 12.2.0 -O3 -ffast-math -march=native -mtune=native", ""),
              "native");
    EXPECT_EQ(build_method_of("gcc 12.2.0 -O3 -ffast-math -mcpu=native", ""), "native");
    EXPECT_EQ(build_method_of("gcc 12.2.0 -O3 -ffast-math -march=x86-64-v3", "x86-64-v3"),
              "portable");
    EXPECT_EQ(build_method_of("clang 14.0.6 -O2", ""), "custom");
    EXPECT_EQ(build_method_of("", ""), "");
}

}  // namespace
}  // namespace bytebench
