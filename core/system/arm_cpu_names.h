// The names of aarch64 processors from the codes in their MIDR_EL1 register
// (the "CPU implementer" and "CPU part" lines of /proc/cpuinfo): the one
// table of them in bytebench. Only codes that the vendors or the Linux
// kernel (arch/arm64/include/asm/cputype.h) publish are in it; an unknown
// code gives "" and the caller shows the code itself.
#pragma once

#include <string>

namespace bytebench {

// The vendor that an implementer code stands for: 0x41 -> "ARM",
// 0x61 -> "Apple", 0xc0 -> "Ampere"; "" when the code is not known.
std::string arm_implementer_name(unsigned implementer);

// The core that a part code of an implementer stands for: (0x41, 0xd0c) ->
// "Neoverse-N1", (0x61, 0x023) -> "M1 Firestorm"; "" when not known.
std::string arm_part_name(unsigned implementer, unsigned part);

// Whether the part is a known efficiency ("LITTLE") core of a big.LITTLE
// design (Cortex-A53/A55/A510/A520, Apple Icestorm/Blizzard, Kryo Silver):
// it orders a mixed machine's core types, biggest first.
bool arm_is_efficiency_core(unsigned implementer, unsigned part);

}  // namespace bytebench
