// Which vector instruction set the FMA workload uses: a pure function of the
// CPU's features and the `isa` parameter, so that it can be tested anywhere.
#ifndef VENDOR_PLUGIN_ISA_HPP
#define VENDOR_PLUGIN_ISA_HPP

#include <string>
#include <string_view>

namespace vendor {

enum class Isa { none, avx2, avx512 };

// What the CPU (and the OS, which must save the wider registers) supports.
struct CpuFeatures {
    bool avx512f = false;
    bool avx2 = false;
    bool fma = false;
};

// The outcome: an instruction set, or none and the reason (for a skip).
struct IsaChoice {
    Isa isa = Isa::none;
    std::string reason;  // set when isa == Isa::none
};

// `requested` is the `isa` parameter: "auto" (the widest the CPU has),
// "avx512" or "avx2". Throws std::invalid_argument for any other value.
IsaChoice choose_isa(const CpuFeatures &cpu, std::string_view requested);

// "avx512", "avx2" or "none".
const char *isa_name(Isa isa);

// The features of the CPU this process runs on (all false off x86-64).
CpuFeatures detect_cpu_features();

}  // namespace vendor

#endif  // VENDOR_PLUGIN_ISA_HPP
