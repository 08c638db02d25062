/* frozen_1_3.so (test.frozen13): a plugin compiled against the frozen copy
 * of the ABI 1.3 header (tests/abi/frozen/1.3), as a vendor's plugin built
 * before 1.4 existed would be: its bb_workload ends before `combine`.
 *   test.frozen13  a lower-is-better latency (time_base_s 0): copy i
 *                  reports 3 + 2 i, so two copies report 3 and 5. A 1.3
 *                  host summed them (8); from 1.4 on the host takes the
 *                  mean of a lower-is-better value (4).
 */
#include <bytebench/plugin.h>
#include <stdio.h>

/* The build must pick the frozen header, not the current one. */
_Static_assert(BYTEBENCH_ABI_MAJOR == 1 && BYTEBENCH_ABI_MINOR == 3,
               "frozen_1_3.c must be compiled against tests/abi/frozen/1.3");

static bb_status frozen_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                               char *err, size_t cap) {
    (void)host;
    (void)ctx;
    (void)err;
    (void)cap;
    *instance = NULL;
    return BB_OK;
}

static bb_status frozen_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                            bb_run_result *result) {
    (void)instance;
    (void)host;
    result->count = 3.0 + 2.0 * ctx->copy_index;
    return BB_OK;
}

static const bb_workload frozen_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.frozen13",
    .name = "Test: ABI 1.3 plugin",
    .description = "A latency of 3 + 2 i us in copy i; compiled against the frozen ABI 1.3 header.",
    .category = "test",
    .unit = "us",
    .version = "1",
    .time_base_s = 0,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 0.01,
    .baseline = 10,
    .processes_per_copy = 1,
    .create = frozen_create,
    .run = frozen_run,
    .better = BB_LOWER_IS_BETTER,
};

static const bb_workload *const workloads[] = {&frozen_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .min_host_minor = 2,
    .id = "test.frozen_1_3",
    .name = "bytebench test plugin: ABI 1.3",
    .vendor = "bytebench tests",
    .version = "1.3",
    .workload_count = 1,
    .workloads = workloads,
    .build_info = "",
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    if (host->abi_major != BYTEBENCH_ABI_MAJOR) {
        snprintf(err, cap, "plugin 'test.frozen_1_3' uses ABI 1.3, host offers %d.%d",
                 host->abi_major, host->abi_minor);
        return NULL;
    }
    return &plugin;
}
