// What an aarch64 machine says about its cores and their features: the
// MIDR_EL1 register of every CPU (from /sys, else /proc/cpuinfo), grouped
// into core types for big.LITTLE machines, and the HWCAP feature bits named
// as the kernel names them. The parsing is plain code that runs (and is
// tested) on every architecture; only read_auxv_hwcaps() needs aarch64.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace bytebench {

// The fields of a MIDR_EL1 value.
struct Midr {
    unsigned implementer = 0;   // bits 31..24: 0x41 Arm, 0x61 Apple, ...
    unsigned variant = 0;       // bits 23..20: the major revision, "r" of r4p0
    unsigned architecture = 0;  // bits 19..16: 0xf on every aarch64 core
    unsigned part = 0;          // bits 15..4: 0xd0c Neoverse-N1, ...
    unsigned revision = 0;      // bits 3..0: the minor revision, "p" of r4p0
};
Midr decode_midr(uint64_t value);

// "r<variant>p<revision>": "r4p0".
std::string arm_stepping(const Midr &midr);

// One online CPU's MIDR.
struct CpuMidr {
    int cpu = 0;
    Midr midr;
};

// /sys/devices/system/cpu/cpuN/regs/identification/midr_el1 under `root`
// (Linux 4.7 on; only online CPUs have it), by CPU number; empty when none.
std::vector<CpuMidr> read_sysfs_midrs(const std::string &root);

// The CPU implementer/variant/part/revision lines of /proc/cpuinfo's
// "processor" blocks. Kernels before 3.19 print one set of them (the boot
// CPU's) after all the "processor" lines: every processor gets that one.
std::vector<CpuMidr> cpuinfo_midrs(const std::string &text);

// /sys/devices/system/cpu/cpuN/cpu_capacity under `root` (the scheduler's
// relative performance of the CPU, 1024 for the biggest), by CPU number.
std::map<int, long> read_cpu_capacities(const std::string &root);

// A kind of core on the machine: every CPU with the same implementer and part.
struct ArmCoreType {
    Midr midr;                           // the first CPU's
    std::vector<std::string> steppings;  // distinct, in CPU order ("r4p0")
    std::vector<int> cpus;               // their numbers, ascending
    long capacity = 0;                   // the highest cpu_capacity; 0 when unknown
    bool efficiency = false;             // a known LITTLE core
};

// The core types of `cpus`, biggest first: by cpu_capacity when /sys gives
// it for every type, else performance cores before the efficiency cores the
// name table knows, else by their first CPU.
std::vector<ArmCoreType> arm_core_types(const std::vector<CpuMidr> &cpus,
                                        const std::map<int, long> &capacities);

// The names of the bits set in AT_HWCAP and AT_HWCAP2, as the kernel prints
// them in /proc/cpuinfo's "Features" and in its order ("fp asimd ... sve2").
// Bits the table does not know are "hwcap_bit<N>" / "hwcap2_bit<N>".
std::vector<std::string> aarch64_hwcap_names(uint64_t hwcap, uint64_t hwcap2);

// AT_HWCAP and AT_HWCAP2 of this process (aarch64 Linux only).
struct AuxvHwcaps {
    bool available = false;  // read from the auxiliary vector (aarch64)
    uint64_t hwcap = 0;
    uint64_t hwcap2 = 0;
};
AuxvHwcaps read_auxv_hwcaps();

}  // namespace bytebench
