/* frozen_1_1.so (test.frozen_1_1): a plugin compiled against the frozen copy
 * of the ABI 1.1 header (tests/abi/frozen/1.1), as a vendor's plugin built
 * before 1.2 existed would be. Its bb_param_desc entries are 1.1's, smaller
 * than 1.2's: a host that stepped through them at its own stride would read
 * parameter #1 from the middle of #0's successor.
 *   test.frozen11  counts loops until the stop flag. It declares two
 *                  parameters, `label` and `loops`; create() fails with the
 *                  reason unless both are in the context, in declaration
 *                  order, and records their values as details (1.1's
 *                  record_detail), so a test can see what arrived.
 */
#include <bytebench/plugin.h>
#include <stdio.h>
#include <string.h>

/* The build must pick the frozen header, not the current one. */
_Static_assert(BYTEBENCH_ABI_MAJOR == 1 && BYTEBENCH_ABI_MINOR == 1,
               "frozen_1_1.c must be compiled against tests/abi/frozen/1.1");

static const char *const declared[] = {"label", "loops"};

static bb_status frozen_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                               char *err, size_t cap) {
    *instance = NULL;
    if (ctx->param_count != 2) {
        snprintf(err, cap, "expected 2 parameters, the host gave %u", (unsigned)ctx->param_count);
        return BB_ERROR;
    }
    for (uint32_t i = 0; i < 2; ++i) {
        if (strcmp(ctx->param_keys[i], declared[i]) != 0) {
            snprintf(err, cap, "parameter #%u is '%s', expected '%s'", (unsigned)i,
                     ctx->param_keys[i], declared[i]);
            return BB_ERROR;
        }
        host->record_detail(host, ctx->param_keys[i], ctx->param_values[i]);
    }
    return BB_OK;
}

static bb_status frozen_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                            bb_run_result *result) {
    (void)instance;
    (void)host;
    volatile uint64_t count = 0;
    while (!*ctx->stop_flag) count = count + 1;
    result->count = (double)count;
    return BB_OK;
}

static const bb_param_desc frozen_params[] = {
    {.struct_size = sizeof(bb_param_desc),
     .key = "label",
     .type = "string",
     .default_value = "frozen",
     .help = "recorded as a detail"},
    {.struct_size = sizeof(bb_param_desc),
     .key = "loops",
     .type = "int",
     .default_value = "7",
     .help = "recorded as a detail"},
};

static const bb_workload frozen_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.frozen11",
    .name = "Test: ABI 1.1 plugin",
    .description = "Counts loops; compiled against the frozen ABI 1.1 header.",
    .category = "test",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .baseline = 0.0,
    .flags = 0,
    .processes_per_copy = 1,
    .param_count = 2,
    .params = frozen_params,
    .create = frozen_create,
    .run = frozen_run,
    .destroy = NULL,
};

static const bb_workload *const workloads[] = {&frozen_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .min_host_minor = 1,
    .reserved = 0,
    .id = "test.frozen_1_1",
    .name = "bytebench test plugin: ABI 1.1",
    .vendor = "bytebench tests",
    .version = "1.1",
    .workload_count = 1,
    .workloads = workloads,
    .reporter_count = 0,
    .reporters = NULL,
    .build_info = "",
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    if (host->abi_major != BYTEBENCH_ABI_MAJOR) {
        snprintf(err, cap, "plugin 'test.frozen_1_1' uses ABI 1.1, host offers %d.%d",
                 host->abi_major, host->abi_minor);
        return NULL;
    }
    return &plugin;
}
