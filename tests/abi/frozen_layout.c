/* The layout of the frozen ABI 1.0 structs, compiled against the frozen
 * header alone (its own library in CMakeLists.txt), for layout_test.cpp. */
#include "frozen_layout.h"

#include <bytebench/plugin.h>

_Static_assert(BYTEBENCH_ABI_MAJOR == 1 && BYTEBENCH_ABI_MINOR == 0,
               "frozen_layout.c must be compiled against tests/abi/frozen/1.0");

#define ENTRY(T, field) \
    { #T "." #field, offsetof(T, field) }
#define SIZE(T) \
    { "sizeof " #T, sizeof(T) }

static const frozen_layout_entry entries[] = {
    SIZE(bb_host),
    SIZE(bb_param_desc),
    SIZE(bb_run_context),
    SIZE(bb_run_result),
    SIZE(bb_workload),
    SIZE(bb_reporter),
    SIZE(bb_plugin),
    ENTRY(bb_host, abi_major),
    ENTRY(bb_host, abi_minor),
    ENTRY(bb_host, host_version),
    ENTRY(bb_host, host_data),
    ENTRY(bb_host, log),
    ENTRY(bb_host, temp_dir),
    ENTRY(bb_host, should_stop),
    ENTRY(bb_host, now_ns),
    ENTRY(bb_host, progress),
    ENTRY(bb_host, plugin_dir),
    ENTRY(bb_host, get_extension),
    ENTRY(bb_param_desc, key),
    ENTRY(bb_param_desc, type),
    ENTRY(bb_param_desc, default_value),
    ENTRY(bb_param_desc, help),
    ENTRY(bb_run_context, copy_index),
    ENTRY(bb_run_context, copy_count),
    ENTRY(bb_run_context, pass_index),
    ENTRY(bb_run_context, duration_ns),
    ENTRY(bb_run_context, deadline_ns),
    ENTRY(bb_run_context, stop_flag),
    ENTRY(bb_run_context, param_count),
    ENTRY(bb_run_context, param_keys),
    ENTRY(bb_run_context, param_values),
    ENTRY(bb_run_result, count),
    ENTRY(bb_run_result, elapsed_ns),
    ENTRY(bb_run_result, error),
    ENTRY(bb_workload, id),
    ENTRY(bb_workload, name),
    ENTRY(bb_workload, description),
    ENTRY(bb_workload, category),
    ENTRY(bb_workload, unit),
    ENTRY(bb_workload, version),
    ENTRY(bb_workload, time_base_s),
    ENTRY(bb_workload, repeat),
    ENTRY(bb_workload, default_duration_s),
    ENTRY(bb_workload, baseline),
    ENTRY(bb_workload, flags),
    ENTRY(bb_workload, processes_per_copy),
    ENTRY(bb_workload, param_count),
    ENTRY(bb_workload, params),
    ENTRY(bb_workload, create),
    ENTRY(bb_workload, run),
    ENTRY(bb_workload, destroy),
    ENTRY(bb_reporter, id),
    ENTRY(bb_reporter, name),
    ENTRY(bb_reporter, description),
    ENTRY(bb_reporter, file_extension),
    ENTRY(bb_reporter, write),
    ENTRY(bb_plugin, abi_major),
    ENTRY(bb_plugin, abi_minor),
    ENTRY(bb_plugin, min_host_minor),
    ENTRY(bb_plugin, reserved),
    ENTRY(bb_plugin, id),
    ENTRY(bb_plugin, name),
    ENTRY(bb_plugin, vendor),
    ENTRY(bb_plugin, version),
    ENTRY(bb_plugin, workload_count),
    ENTRY(bb_plugin, workloads),
    ENTRY(bb_plugin, reporter_count),
    ENTRY(bb_plugin, reporters),
    ENTRY(bb_plugin, build_info),
};

const frozen_layout_entry *frozen_layout_1_0(size_t *count) {
    *count = sizeof entries / sizeof entries[0];
    return entries;
}
