#include "fma_kernels.hpp"

#include <cmath>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace vendor {
namespace {

// Enough independent chains to keep every FMA port busy: FMA latency (4 to 5
// cycles) times FMA ports (2) is 8 to 10 on current x86 cores. AVX2 has 16
// ymm registers: 12 accumulators plus the two constants leave no spills.
// AVX-512 has 32 zmm registers.
constexpr unsigned kAvx512Accumulators = 16;
constexpr unsigned kAvx2Accumulators = 12;

#if defined(__x86_64__)

#define VENDOR_AVX512 __attribute__((target("avx512f"), always_inline))
#define VENDOR_AVX2 __attribute__((target("avx2,fma"), always_inline))

// One register type per ISA and precision. The vector types are members, never
// template arguments (GCC drops their attributes there).
template <class Scalar>
struct Zmm;
template <>
struct Zmm<double> {
    using Vec = __m512d;
    static constexpr unsigned kLanes = 8;
    VENDOR_AVX512 static inline Vec set1(double x) { return _mm512_set1_pd(x); }
    VENDOR_AVX512 static inline Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_pd(a, b, c); }
    VENDOR_AVX512 static inline void store(double *out, Vec v) { _mm512_storeu_pd(out, v); }
};
template <>
struct Zmm<float> {
    using Vec = __m512;
    static constexpr unsigned kLanes = 16;
    VENDOR_AVX512 static inline Vec set1(double x) { return _mm512_set1_ps(float(x)); }
    VENDOR_AVX512 static inline Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
    VENDOR_AVX512 static inline void store(float *out, Vec v) { _mm512_storeu_ps(out, v); }
};
template <class Scalar>
struct Ymm;
template <>
struct Ymm<double> {
    using Vec = __m256d;
    static constexpr unsigned kLanes = 4;
    VENDOR_AVX2 static inline Vec set1(double x) { return _mm256_set1_pd(x); }
    VENDOR_AVX2 static inline Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_pd(a, b, c); }
    VENDOR_AVX2 static inline void store(double *out, Vec v) { _mm256_storeu_pd(out, v); }
};
template <>
struct Ymm<float> {
    using Vec = __m256;
    static constexpr unsigned kLanes = 8;
    VENDOR_AVX2 static inline Vec set1(double x) { return _mm256_set1_ps(float(x)); }
    VENDOR_AVX2 static inline Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
    VENDOR_AVX2 static inline void store(float *out, Vec v) { _mm256_storeu_ps(out, v); }
};

// The kernel body, shared by both ISAs. The accumulators are an array indexed
// only by constants (the fold expression unrolls the update completely), so
// the compiler keeps every one in its own register. A macro, not a template:
// a function without the target attribute cannot inline the intrinsics (GCC
// and Clang refuse), and the attribute cannot depend on a template argument.
#define VENDOR_FMA_KERNEL_BODY(Regs, Scalar)                                    \
    typename Regs::Vec acc[sizeof...(K)];                                       \
    ((acc[K] = Regs::set1(addend * double(K + 1))), ...);                       \
    const typename Regs::Vec m = Regs::set1(multiplier);                        \
    const typename Regs::Vec c = Regs::set1(addend);                            \
    std::uint64_t blocks = 0;                                                   \
    do {                                                                        \
        for (std::uint64_t i = 0; i < block_iterations; ++i)                    \
            ((acc[K] = Regs::fma(acc[K], m, c)), ...);                          \
        ++blocks;                                                               \
    } while (*stop == 0);                                                       \
    Scalar lanes[sizeof...(K)][Regs::kLanes];                                   \
    (Regs::store(lanes[K], acc[K]), ...);                                       \
    double sum = 0.0;                                                           \
    for (unsigned k = 0; k < sizeof...(K); ++k)                                 \
        for (unsigned l = 0; l < Regs::kLanes; ++l) sum += double(lanes[k][l]); \
    return KernelRun{blocks, sum};

template <class Scalar, unsigned... K>
__attribute__((target("avx512f"))) KernelRun zmm_kernel(std::integer_sequence<unsigned, K...>,
                                                        const volatile std::int32_t *stop,
                                                        std::uint64_t block_iterations,
                                                        double multiplier, double addend) {
    VENDOR_FMA_KERNEL_BODY(Zmm<Scalar>, Scalar)
}

template <class Scalar, unsigned... K>
__attribute__((target("avx2,fma"))) KernelRun ymm_kernel(std::integer_sequence<unsigned, K...>,
                                                         const volatile std::int32_t *stop,
                                                         std::uint64_t block_iterations,
                                                         double multiplier, double addend) {
    VENDOR_FMA_KERNEL_BODY(Ymm<Scalar>, Scalar)
}

#endif  // __x86_64__

}  // namespace

KernelShape kernel_shape(Isa isa, Precision precision) {
    const bool single = precision == Precision::single_precision;
    switch (isa) {
        case Isa::avx512:
            return {kAvx512Accumulators, single ? 16u : 8u, 512};
        case Isa::avx2:
            return {kAvx2Accumulators, single ? 8u : 4u, 256};
        case Isa::none:
            break;
    }
    return {};
}

KernelRun run_fma_kernel(Isa isa, Precision precision, const volatile std::int32_t *stop,
                         std::uint64_t block_iterations, double multiplier, double addend) {
#if defined(__x86_64__)
    const bool single = precision == Precision::single_precision;
    if (isa == Isa::avx512) {
        const auto k = std::make_integer_sequence<unsigned, kAvx512Accumulators>();
        return single ? zmm_kernel<float>(k, stop, block_iterations, multiplier, addend)
                      : zmm_kernel<double>(k, stop, block_iterations, multiplier, addend);
    }
    if (isa == Isa::avx2) {
        const auto k = std::make_integer_sequence<unsigned, kAvx2Accumulators>();
        return single ? ymm_kernel<float>(k, stop, block_iterations, multiplier, addend)
                      : ymm_kernel<double>(k, stop, block_iterations, multiplier, addend);
    }
#else
    (void)isa;
    (void)precision;
    (void)stop;
    (void)block_iterations;
    (void)multiplier;
    (void)addend;
#endif
    return {};
}

double kernel_flops(const KernelShape &shape, std::uint64_t blocks,
                    std::uint64_t block_iterations) {
    return 2.0 * double(shape.accumulators) * double(shape.lanes) * double(blocks) *
           double(block_iterations);
}

double expected_checksum(const KernelShape &shape, std::uint64_t iterations, double multiplier,
                         double addend) {
    const long double m_n = std::pow(static_cast<long double>(multiplier), iterations);
    const long double fixed = static_cast<long double>(addend) / (1.0L - multiplier);
    long double sum = 0.0L;
    for (unsigned k = 0; k < shape.accumulators; ++k) {
        const long double start = static_cast<long double>(addend) * (k + 1);
        sum += m_n * start + fixed * (1.0L - m_n);
    }
    return static_cast<double>(sum * shape.lanes);
}

}  // namespace vendor
