// A workload's descriptors beside its parameters, from ABI 1.2 on: the
// direction of its main value and (1.4) how copies combine it, its metrics,
// its requirements (1.3: a display; 1.4: the program that describes it) and
// its set-up, read only when the plugin's struct has them and checked
// against the rules of plugin.h when the plugin loads.
#pragma once

#include <bytebench/plugin.h>

#include <string>

#include "model/plugin_info.h"

namespace bytebench::worker {

// Why `w`'s members from 1.2 on break a rule of plugin.h, or "": an unknown
// direction or combine, a metric key that breaks the key rule or is
// declared twice, more than BB_MAX_METRICS metrics, a NULL array, a CPU
// feature or tool name that is not a name, a display program that is not a
// path inside the plugin's folder, a set-up time limit out of range.
// `named` starts the message ("workload 'x'"); it names the key.
std::string abi_1_2_descriptors_problem(const bb_workload &w, const std::string &named);

// Fills the members from 1.2 on of `info` from `w`, which passed the check
// above, for a plugin built for ABI 1.`plugin_minor`.
void read_abi_1_2_descriptors(const bb_workload &w, uint16_t plugin_minor, WorkloadInfo &info);

// Whether `w` needs an X display (bb_requirements.display, ABI 1.3), for a
// plugin built for ABI 1.`plugin_minor`. That member sits in the tail
// padding of 1.2's struct, so a struct_size of 1.2 already covers it: only
// the plugin's minor says whether the bytes are a member or padding (the
// one exception to plugin.h's rule that every minor appends after the
// previous one's size).
bool needs_display(const bb_workload &w, uint16_t plugin_minor);

}  // namespace bytebench::worker
