// The cpu plugin's benchmark kernels, free of the plugin ABI so that tests can
// drive them directly. Built into the static library bytebench_cpu_kernels
// with the workload flags (UnixBench's -O3 -ffast-math -march=native).
#ifndef BYTEBENCH_CPU_KERNELS_H
#define BYTEBENCH_CPU_KERNELS_H

#include <array>
#include <cstdint>
#include <string>

namespace bytebench::plugins::cpu {

// --- Whetstone (Roy Longbottom's C/C++ Whetstone, double precision) ---------
namespace whetstone {

// What one call of the benchmark body (sections N1..N8) produced. Index 1..8
// is the section; index 0 is unused, as in the original's tables.
struct Pass {
    long xtra = 0;                    // outer repeat count ("passes x 100")
    long x100 = 0;                    // inner loop scale (100)
    std::array<double, 9> result{};   // each section's check value
    std::array<double, 9> seconds{};  // each section's time (N1 already / 10)
    double time_used = 0.0;           // Σ seconds: what MWIPS is based on
};

// Runs sections N1..N8 once with the given scale and times each section.
Pass whetstones(long xtra, long x100);

// UnixBench's whetstone-double: calibrate (xtra = 1, x5 while a pass takes no
// more than `calibration_s` = 0.5 s, at most 10 tries), then one measured pass
// with xtra = duration * xtra / time. Tests may shorten the calibration.
struct Outcome {
    Pass first;        // the first calibration pass (xtra 1): the check values
    Pass measured;     // the measured pass
    int calibrations;  // calibration passes made
    double mwips;      // xtra * x100 / (10 * measured.time_used)
};
Outcome run(double duration_s, double calibration_s = 0.5);

// MWIPS of a measured pass: xtra * x100 / (10 * time_used).
double mwips(const Pass &pass);

// Checks a pass made with xtra 1, x100 100 against the section results the
// benchmark is known to print (within a relative tolerance). "" when right.
std::string check_reference(const Pass &pass);

// Checks the measured pass: the sections whose result does not depend on
// xtra must match exactly, the others must be finite and in their range.
std::string check_measured(const Pass &pass);

// Names of the sections, "N1 floating point" .. "N8 exp,sqrt etc.".
const char *section_name(int section);

}  // namespace whetstone

// --- arith (UnixBench arith.c) ----------------------------------------------
namespace arith {

enum class Type { none, short_, int_, long_, float_, double_ };

// Parses "none", "short", "int", "long", "float", "double"; throws
// std::invalid_argument for anything else.
Type parse_type(const std::string &name);

// One call of the benchmark's dumb_stuff() in each type: 100 iterations of
// x = i; y = x*x; z += y/(y-1), returning x + y + z (as a double here).
double dumb_stuff(Type type);

// Counts loops (one dumb_stuff() call each; none for Type::none) until *stop
// becomes non-zero.
unsigned long run(Type type, const volatile int32_t *stop);

}  // namespace arith

// --- hanoi (UnixBench hanoi.c) ----------------------------------------------
namespace hanoi {

// Counts complete recursive solves of a `disks`-disk Tower of Hanoi
// (2^disks - 1 moves each) until *stop becomes non-zero. Throws
// std::logic_error when the pegs do not hold what those solves leave.
unsigned long run(int disks, const volatile int32_t *stop);

}  // namespace hanoi

}  // namespace bytebench::plugins::cpu

#endif  // BYTEBENCH_CPU_KERNELS_H
