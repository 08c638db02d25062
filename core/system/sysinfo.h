// What the result records about the machine (the "system" member of
// bytebench.result/1), gathered once before the run from uname, sysconf,
// /proc, /sys, cpuid and hwloc: UnixBench's report header and more
// (docs/result-schema.md lists every member). A few milliseconds.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/plugin_info.h"
#include "system/sysinfo_readers.h"

namespace bytebench {

// Everything but system.tmpdir and system.workload_builds, which depend on
// the run (its temp folder, its plugins).
nlohmann::json gather_system_info();

// The members that read files, under `root` ("/" for the machine, fixture
// folders in the tests): cpu (from `cpuinfo`, the text of /proc/cpuinfo,
// which is read once: on big x86 machines reading it is not free; the
// per-CPU midr_el1 in /sys; the flags from `hwcaps` when available),
// topology.smt_control, frequency, memory, virtualization, distribution,
// libc, bytebench_compiler; topology comes from hwloc, which always reads
// the machine.
void add_machine_details(nlohmann::json &system, const std::string &root,
                         const CpuidHypervisor &cpuid, const std::string &cpuinfo,
                         const AuxvHwcaps &hwcaps = {});

// system.isa_levels: {"architecture": "x86-64", "supported": [the levels
// this CPU runs, lowest first]} (model/isa_level.h).
nlohmann::json isa_levels_json();

// system.workload_builds: [{"plugin": id, "build": build_info}] for every
// loaded plugin that has workloads, one entry per distinct pair, by id.
// Each entry also has `method` (model/isa_level.h's build_method_of) and,
// for a plugin loaded at an ISA level, `isa_level` and `packaged_levels`.
nlohmann::json workload_builds(const std::vector<PluginInfo> &plugins);

// system.workload_builds and system.build_method: the method every entry
// shares ("native" is UnixBench's), "mixed" when they differ.
void add_workload_builds(nlohmann::json &system, const std::vector<PluginInfo> &plugins);

// The locale the workloads run under. UnixBench forces LANG=en_US.utf8; we
// do the same (it matters for the shell tests) and record what it resolved to.
void set_benchmark_locale();

int online_cpus();

}  // namespace bytebench
