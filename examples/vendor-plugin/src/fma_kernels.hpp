// The timed FMA loops: acc = acc * multiplier + addend on many independent
// vector accumulators, in AVX-512F (zmm) or AVX2+FMA (ymm) code chosen at run
// time. The file is built without -march flags; only the kernel functions
// carry a target attribute, so the plugin loads on any x86-64 (and builds,
// without kernels, elsewhere).
#ifndef VENDOR_PLUGIN_FMA_KERNELS_HPP
#define VENDOR_PLUGIN_FMA_KERNELS_HPP

#include <cstdint>

#include "isa.hpp"

namespace vendor {

enum class Precision { double_precision, single_precision };

// The register layout of a kernel.
struct KernelShape {
    unsigned accumulators = 0;  // independent vector registers
    unsigned lanes = 0;         // elements per register
    unsigned vector_bits = 0;   // 512 or 256 (0 for Isa::none)
};

KernelShape kernel_shape(Isa isa, Precision precision);

// What a kernel did: blocks completed and the sum of every accumulator lane
// at the end (the compiler must compute it, so it cannot drop the loop).
struct KernelRun {
    std::uint64_t blocks = 0;
    double checksum = 0.0;
};

// Runs blocks of `block_iterations` iterations, each iteration one FMA per
// accumulator, until *stop is non-zero. The flag is read once per block, after
// it, so at least one block runs. Accumulator k starts at addend * (k + 1).
// `isa` must be one the CPU supports (see choose_isa); Isa::none, or any ISA
// on a non-x86-64 build, returns {0, 0}.
KernelRun run_fma_kernel(Isa isa, Precision precision, const volatile std::int32_t *stop,
                         std::uint64_t block_iterations, double multiplier, double addend);

// Floating-point operations of a run (an FMA is 2).
double kernel_flops(const KernelShape &shape, std::uint64_t blocks, std::uint64_t block_iterations);

// The checksum after `iterations` iterations, in exact arithmetic:
// acc_k(n) = m^n * s_k + c * (1 - m^n) / (1 - m), summed over lanes and k.
double expected_checksum(const KernelShape &shape, std::uint64_t iterations, double multiplier,
                         double addend);

}  // namespace vendor

#endif  // VENDOR_PLUGIN_FMA_KERNELS_HPP
