#include "isa.hpp"

#include <stdexcept>

namespace vendor {
namespace {

// "AVX2 and FMA", "FMA", ...: the flags of a set that the CPU lacks.
std::string missing_flags(const CpuFeatures &cpu, bool want_avx512) {
    std::string missing;
    const auto add = [&missing](bool present, const char *flag) {
        if (present) return;
        if (!missing.empty()) missing += " and ";
        missing += flag;
    };
    if (want_avx512) {
        add(cpu.avx512f, "AVX512F");
    } else {
        add(cpu.avx2, "AVX2");
        add(cpu.fma, "FMA");
    }
    return missing;
}

}  // namespace

IsaChoice choose_isa(const CpuFeatures &cpu, std::string_view requested) {
    const bool avx2_fma = cpu.avx2 && cpu.fma;
    if (requested == "auto") {
        if (cpu.avx512f) return {Isa::avx512, ""};
        if (avx2_fma) return {Isa::avx2, ""};
        return {Isa::none, "this CPU has neither AVX-512 (AVX512F) nor AVX2 with FMA (lacks " +
                               missing_flags(cpu, false) + ")"};
    }
    if (requested == "avx512") {
        if (cpu.avx512f) return {Isa::avx512, ""};
        return {Isa::none, "isa=avx512 was asked for, but this CPU lacks AVX512F"};
    }
    if (requested == "avx2") {
        if (avx2_fma) return {Isa::avx2, ""};
        return {Isa::none,
                "isa=avx2 was asked for, but this CPU lacks " + missing_flags(cpu, false)};
    }
    throw std::invalid_argument("isa must be \"auto\", \"avx512\" or \"avx2\", not \"" +
                                std::string(requested) + "\"");
}

const char *isa_name(Isa isa) {
    switch (isa) {
        case Isa::avx512:
            return "avx512";
        case Isa::avx2:
            return "avx2";
        case Isa::none:
            break;
    }
    return "none";
}

CpuFeatures detect_cpu_features() {
    CpuFeatures cpu;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    // libgcc / compiler-rt also check (XGETBV) that the OS saves the registers.
    __builtin_cpu_init();
    cpu.avx512f = __builtin_cpu_supports("avx512f");
    cpu.avx2 = __builtin_cpu_supports("avx2");
    cpu.fma = __builtin_cpu_supports("fma");
#endif
    return cpu;
}

}  // namespace vendor
