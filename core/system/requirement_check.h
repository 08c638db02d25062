// Whether this machine has what a workload declares it needs
// (bb_requirements, ABI 1.2): CPU features, free space in the temp folder
// and available memory per copy, tools on PATH, root. The scheduler checks
// before it starts any worker of a test (a test that fails the check is
// skipped with the reason) and `list` marks the tests that cannot run here.
// The check is a function of the machine's facts, so the tests can give it
// any machine they like.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "model/plugin_info.h"

namespace bytebench {

// What the check looks at, read once.
struct MachineFacts {
    std::set<std::string> cpu_flags;                 // /proc/cpuinfo "flags" (aarch64 "Features")
    std::optional<uint64_t> temp_free_bytes;         // statvfs of the temp folder
    std::optional<uint64_t> available_memory_bytes;  // /proc/meminfo MemAvailable
    std::string path;                                // $PATH
    uint32_t euid = 0;                               // geteuid()
};

// Why `needs` cannot be met here for `copies` copies at once, everything
// missing in one line ("needs CPU features avx512f, avx512_vnni (not in
// /proc/cpuinfo flags); needs tool fio on PATH"), or "" when it can. Space
// and memory are per copy, so they are multiplied by `copies`. An amount
// the facts do not know (nullopt) is not a reason to skip: the workload
// finds out itself. A tool is an executable regular file in a non-empty
// entry of `facts.path` (an empty entry, the current folder, is no place
// to look for a benchmark's tools).
std::string unmet_requirements(const Requirements &needs, int copies, const MachineFacts &facts);

// The CPU flags in the text of /proc/cpuinfo (empty when it has none).
std::set<std::string> cpu_flags(const std::string &cpuinfo_text);

// This machine's facts, with the free space of `temp_folder`.
MachineFacts read_machine_facts(const std::string &temp_folder);

// unmet_requirements() for this machine; reads nothing when `needs` is
// none() (most workloads).
std::string unmet_requirements_here(const Requirements &needs, int copies,
                                    const std::string &temp_folder);

}  // namespace bytebench
