#include "system/arm_cpu_names.h"

#include <map>
#include <utility>

namespace bytebench {
namespace {

// The implementer codes of the Arm architecture manual's MIDR_EL1 table.
constexpr unsigned kArm = 0x41, kBroadcom = 0x42, kCavium = 0x43, kFujitsu = 0x46,
                   kHiSilicon = 0x48, kNvidia = 0x4e, kApm = 0x50, kQualcomm = 0x51, kApple = 0x61,
                   kMicrosoft = 0x6d, kAmpere = 0xc0;

struct Part {
    std::string name;
    bool efficiency = false;  // a LITTLE core
};

using PartTable = std::map<std::pair<unsigned, unsigned>, Part>;

// A table, one processor a line: split, it would only be harder to search.
// NOLINTNEXTLINE(readability-function-size): a table (above)
const PartTable &parts() {
    static const PartTable table = {
        // Arm's own cores (Cortex, Neoverse).
        {{kArm, 0xd02}, {"Cortex-A34", true}},
        {{kArm, 0xd03}, {"Cortex-A53", true}},
        {{kArm, 0xd04}, {"Cortex-A35", true}},
        {{kArm, 0xd05}, {"Cortex-A55", true}},
        {{kArm, 0xd06}, {"Cortex-A65"}},
        {{kArm, 0xd07}, {"Cortex-A57"}},
        {{kArm, 0xd08}, {"Cortex-A72"}},
        {{kArm, 0xd09}, {"Cortex-A73"}},
        {{kArm, 0xd0a}, {"Cortex-A75"}},
        {{kArm, 0xd0b}, {"Cortex-A76"}},
        {{kArm, 0xd0c}, {"Neoverse-N1"}},
        {{kArm, 0xd0d}, {"Cortex-A77"}},
        {{kArm, 0xd0e}, {"Cortex-A76AE"}},
        {{kArm, 0xd40}, {"Neoverse-V1"}},
        {{kArm, 0xd41}, {"Cortex-A78"}},
        {{kArm, 0xd42}, {"Cortex-A78AE"}},
        {{kArm, 0xd43}, {"Cortex-A65AE"}},
        {{kArm, 0xd44}, {"Cortex-X1"}},
        {{kArm, 0xd46}, {"Cortex-A510", true}},
        {{kArm, 0xd47}, {"Cortex-A710"}},
        {{kArm, 0xd48}, {"Cortex-X2"}},
        {{kArm, 0xd49}, {"Neoverse-N2"}},
        {{kArm, 0xd4a}, {"Neoverse-E1"}},
        {{kArm, 0xd4b}, {"Cortex-A78C"}},
        {{kArm, 0xd4c}, {"Cortex-X1C"}},
        {{kArm, 0xd4d}, {"Cortex-A715"}},
        {{kArm, 0xd4e}, {"Cortex-X3"}},
        {{kArm, 0xd4f}, {"Neoverse-V2"}},
        {{kArm, 0xd80}, {"Cortex-A520", true}},
        {{kArm, 0xd81}, {"Cortex-A720"}},
        {{kArm, 0xd82}, {"Cortex-X4"}},
        {{kArm, 0xd84}, {"Neoverse-V3"}},
        {{kArm, 0xd85}, {"Cortex-X925"}},
        {{kArm, 0xd87}, {"Cortex-A725"}},
        {{kArm, 0xd8e}, {"Neoverse-N3"}},
        // Broadcom and Cavium (ThunderX2 began as Broadcom's Vulcan).
        {{kBroadcom, 0x100}, {"Brahma-B53"}},
        {{kBroadcom, 0x516}, {"Vulcan"}},
        {{kCavium, 0x0a1}, {"ThunderX"}},
        {{kCavium, 0x0a2}, {"ThunderX-81XX"}},
        {{kCavium, 0x0a3}, {"ThunderX-83XX"}},
        {{kCavium, 0x0af}, {"ThunderX2"}},
        {{kFujitsu, 0x001}, {"A64FX"}},
        // HiSilicon's Kunpeng 920 is made of TaiShan v110 cores.
        {{kHiSilicon, 0xd01}, {"Kunpeng-920"}},
        {{kNvidia, 0x003}, {"Denver"}},
        {{kNvidia, 0x004}, {"Carmel"}},
        {{kApm, 0x000}, {"X-Gene"}},
        // Qualcomm: 0x800 is both Falkor v1 and Kryo 2XX Gold. Kryo 5XX and
        // later report Arm's own part codes (Cortex-A77, X1, A78, A55).
        {{kQualcomm, 0x001}, {"Oryon"}},
        {{kQualcomm, 0x200}, {"Kryo"}},
        {{kQualcomm, 0x800}, {"Kryo-2XX-Gold"}},
        {{kQualcomm, 0x801}, {"Kryo-2XX-Silver", true}},
        {{kQualcomm, 0x802}, {"Kryo-3XX-Gold"}},
        {{kQualcomm, 0x803}, {"Kryo-3XX-Silver", true}},
        {{kQualcomm, 0x804}, {"Kryo-4XX-Gold"}},
        {{kQualcomm, 0x805}, {"Kryo-4XX-Silver", true}},
        {{kQualcomm, 0xc00}, {"Falkor"}},
        // Apple: efficiency (Icestorm, Blizzard) and performance (Firestorm,
        // Avalanche) cores, per chip.
        {{kApple, 0x022}, {"M1 Icestorm", true}},
        {{kApple, 0x023}, {"M1 Firestorm"}},
        {{kApple, 0x024}, {"M1 Pro Icestorm", true}},
        {{kApple, 0x025}, {"M1 Pro Firestorm"}},
        {{kApple, 0x028}, {"M1 Max Icestorm", true}},
        {{kApple, 0x029}, {"M1 Max Firestorm"}},
        {{kApple, 0x032}, {"M2 Blizzard", true}},
        {{kApple, 0x033}, {"M2 Avalanche"}},
        {{kApple, 0x034}, {"M2 Pro Blizzard", true}},
        {{kApple, 0x035}, {"M2 Pro Avalanche"}},
        {{kApple, 0x038}, {"M2 Max Blizzard", true}},
        {{kApple, 0x039}, {"M2 Max Avalanche"}},
        // Microsoft's Cobalt 100 is a Neoverse N2 under its own implementer.
        {{kMicrosoft, 0xd49}, {"Azure-Cobalt-100"}},
        {{kAmpere, 0xac3}, {"Ampere-1"}},
        {{kAmpere, 0xac4}, {"Ampere-1a"}},
    };
    return table;
}

const Part *find_part(unsigned implementer, unsigned part) {
    const auto it = parts().find({implementer, part});
    return it != parts().end() ? &it->second : nullptr;
}

}  // namespace

std::string arm_implementer_name(unsigned implementer) {
    static const std::map<unsigned, std::string> names = {{kArm, "ARM"},
                                                          {kBroadcom, "Broadcom"},
                                                          {kCavium, "Cavium"},
                                                          {kFujitsu, "Fujitsu"},
                                                          {kHiSilicon, "HiSilicon"},
                                                          {kNvidia, "NVIDIA"},
                                                          {kApm, "APM"},
                                                          {kQualcomm, "Qualcomm"},
                                                          {0x53, "Samsung"},
                                                          {0x56, "Marvell"},
                                                          {kApple, "Apple"},
                                                          {0x69, "Intel"},
                                                          {kMicrosoft, "Microsoft"},
                                                          {0x70, "Phytium"},
                                                          {kAmpere, "Ampere"}};
    const auto it = names.find(implementer);
    return it != names.end() ? it->second : "";
}

std::string arm_part_name(unsigned implementer, unsigned part) {
    const Part *p = find_part(implementer, part);
    return p != nullptr ? p->name : "";
}

bool arm_is_efficiency_core(unsigned implementer, unsigned part) {
    const Part *p = find_part(implementer, part);
    return p != nullptr && p->efficiency;
}

}  // namespace bytebench
