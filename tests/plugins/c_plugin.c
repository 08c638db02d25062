/* c_plugin.so (test.c_plugin): a plugin in plain C11 against <bytebench/plugin.h>
 * alone. One workload, test.c_loop, counts loops until *ctx->stop_flag. */
#include <bytebench/plugin.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct c_loop {
    uint64_t runs; /* how often run() was called on this instance */
} c_loop;

static bb_status c_loop_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                               char *err, size_t cap) {
    (void)host;
    (void)ctx;
    c_loop *self = calloc(1, sizeof *self);
    if (self == NULL) {
        snprintf(err, cap, "out of memory");
        return BB_ERROR;
    }
    *instance = self;
    return BB_OK;
}

static bb_status c_loop_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                            bb_run_result *result) {
    (void)host;
    c_loop *self = instance;
    volatile uint64_t count = 0;
    while (!*ctx->stop_flag) count = count + 1;
    self->runs++;
    result->count = (double)count;
    return BB_OK;
}

static void c_loop_destroy(void *instance) { free(instance); }

static const bb_workload c_loop_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.c_loop",
    .name = "Test: C counting loop",
    .description = "Counts loops until the stop flag is set; written in C.",
    .category = "test",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .baseline = 0.0,
    .flags = 0,
    .processes_per_copy = 1,
    .param_count = 0,
    .params = NULL,
    .create = c_loop_create,
    .run = c_loop_run,
    .destroy = c_loop_destroy,
};

static const bb_workload *const workloads[] = {&c_loop_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .min_host_minor = 0,
    .reserved = 0,
    .id = "test.c_plugin",
    .name = "bytebench test plugin: C",
    .vendor = "bytebench tests",
    .version = "1.0",
    .workload_count = 1,
    .workloads = workloads,
    .reporter_count = 0,
    .reporters = NULL,
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    if (host->abi_major != BYTEBENCH_ABI_MAJOR) {
        snprintf(err, cap, "plugin 'test.c_plugin' uses ABI %d.%d, host offers %d.%d",
                 BYTEBENCH_ABI_MAJOR, BYTEBENCH_ABI_MINOR, host->abi_major, host->abi_minor);
        return NULL;
    }
    return &plugin;
}
