// ISA levels: the instruction-set generations a portable build compiles its
// workload plugins for, as glibc's glibc-hwcaps folders do for libraries.
//
// A native build (UnixBench's method: -march=native) compiles each workload
// plugin once, for the CPU it is built on; that file dies of SIGILL on an
// older CPU. A portable build (BYTEBENCH_PORTABLE, what `make deb` makes)
// compiles each workload plugin once per level of its architecture:
//
//   <plugins>/cpu.so                    the baseline level (x86-64, armv8-a)
//   <plugins>/levels/x86-64-v3/cpu.so   the same plugin for a higher level
//
// and the CLI loads, per plugin, the highest level this CPU runs
// (plugins/plugin_catalog.h), recording it in the result.
#pragma once

#include <string>
#include <vector>

namespace bytebench {

// The folder, beside the baseline files, that holds one folder per level.
inline constexpr const char *kLevelsFolder = "levels";

// A level of the running architecture, and whether this CPU runs its code.
struct IsaLevel {
    std::string name;  // "x86-64-v3", as GCC's -march and glibc-hwcaps name it
    bool supported = false;
};

// The levels of the architecture this program was built for, lowest first;
// the first is the baseline, which every CPU of the architecture runs. On
// an architecture without levels, one: its name (e.g. "riscv64").
//   x86-64:  x86-64, x86-64-v2, x86-64-v3, x86-64-v4 (the psABI's levels,
//            read with cpuid and xgetbv)
//   aarch64: armv8-a, armv8.2-a (AT_HWCAP: atomics, asimdrdm, crc32)
//   ppc64le: power8, power9, power10 (AT_HWCAP2: arch_3_00, arch_3_1)
std::vector<IsaLevel> isa_levels();

// The same, with the support of each level from the given facts, for the
// tests: x86-64 levels from /proc/cpuinfo flag names ("avx2", "avx512vl"...;
// the OS's support for the AVX state is implied by the kernel listing them),
// aarch64 from "Features" names.
std::vector<IsaLevel> isa_levels_from_flags(const std::string &architecture,
                                            const std::vector<std::string> &flags);

// The name of the running architecture as the levels know it ("x86-64",
// "aarch64", "ppc64le", or uname's machine name elsewhere).
std::string isa_architecture();

// The highest level this CPU runs.
std::string best_supported_level();

// `levels` with those above `cap` marked not supported, so that a portable
// build loads `cap` or lower (--isa-level: to measure what a level gives);
// unchanged when `cap` is "".
std::vector<IsaLevel> capped_levels(std::vector<IsaLevel> levels, const std::string &cap);

// "" when this CPU runs `level`; else why not, in one line naming the
// levels it does run (for --isa-level).
std::string isa_level_problem(const std::string &level);

// How a workload plugin was built, from what the plugin and the catalog
// say: "portable" when it was loaded at an ISA level; "native" when its
// build_info names -march=native or -mcpu=native (UnixBench's method);
// "custom" for other flags; "" when build_info is empty (unknown).
std::string build_method_of(const std::string &build_info, const std::string &isa_level);

// The folder a plugin's helpers and data sit in: the plugin file's folder,
// or for a level's file (<dir>/levels/<level>/x.so) the package's <dir>,
// where the baseline and everything installed beside it are.
std::string plugin_package_dir(const std::string &plugin_path);

}  // namespace bytebench
