/* frozen_1_0.so (test.frozen_1_0): a plugin compiled against the frozen copy
 * of the ABI 1.0 header (tests/abi/frozen/1.0), as a vendor's plugin built
 * before 1.1 existed would be. It must keep loading and running in every 1.x
 * host. It uses every host service 1.0 offers, so that a host which broke
 * one (moved a field, changed a meaning) fails this plugin's tests:
 *   test.frozen        counts loops until the stop flag; in create() it logs,
 *                      reports progress, asks for its temp and plugin folders,
 *                      the clock and an extension, and fails with the reason
 *                      when any answer is wrong.
 *   test-frozen        a reporter: writes "frozen-1.0 report: <len> bytes,
 *                      schema <...>" so a test can see it was called.
 */
#include <bytebench/plugin.h>
#include <stdio.h>
#include <string.h>

/* The build must pick the frozen header, not the current one. */
_Static_assert(BYTEBENCH_ABI_MAJOR == 1 && BYTEBENCH_ABI_MINOR == 0,
               "frozen_1_0.c must be compiled against tests/abi/frozen/1.0");

static bb_status frozen_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                               char *err, size_t cap) {
    *instance = NULL;
    const char *problem = NULL;
    if (host->struct_size < sizeof(bb_host))
        problem = "host table smaller than ABI 1.0's";
    else if (host->abi_major != 1)
        problem = "host major is not 1";
    else if (ctx->struct_size < sizeof(bb_run_context))
        problem = "run context smaller than ABI 1.0's";
    else if (host->temp_dir(host) == NULL)
        problem = "no temp_dir while running a test";
    else if (host->plugin_dir(host) == NULL || host->plugin_dir(host)[0] == '\0')
        problem = "no plugin_dir";
    else if (host->now_ns(host) == 0)
        problem = "now_ns() is 0";
    else if (host->get_extension(host, "bytebench.no-such-extension/1") != NULL)
        problem = "get_extension() offers an extension that does not exist";
    else if (host->should_stop(host) != 0)
        problem = "should_stop() before the timed interval";
    if (problem != NULL) {
        snprintf(err, cap, "ABI 1.0 contract broken: %s", problem);
        return BB_ERROR;
    }
    host->log(host, BB_LOG_INFO, "frozen 1.0 plugin: create");
    host->progress(host, 0.5);
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
     .help = "unused; proves parameters cross the 1.0 boundary"},
};

static const bb_workload frozen_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.frozen",
    .name = "Test: ABI 1.0 plugin",
    .description = "Counts loops; compiled against the frozen ABI 1.0 header.",
    .category = "test",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .baseline = 0.0,
    .flags = 0,
    .processes_per_copy = 1,
    .param_count = 1,
    .params = frozen_params,
    .create = frozen_create,
    .run = frozen_run,
    .destroy = NULL,
};

static bb_status frozen_write(const bb_host *host, const char *result_json, size_t len,
                              const char *out_path, char *err, size_t cap) {
    (void)host;
    const char *schema = strstr(result_json, "\"schema\"");
    FILE *out = out_path != NULL ? fopen(out_path, "w") : stdout;
    if (out == NULL) {
        snprintf(err, cap, "cannot open %s", out_path);
        return BB_ERROR;
    }
    fprintf(out, "frozen-1.0 report: %zu bytes, %s\n", len,
            schema != NULL ? "with a schema" : "without a schema");
    if (out_path != NULL) fclose(out);
    return BB_OK;
}

static const bb_reporter frozen_reporter = {
    .struct_size = sizeof(bb_reporter),
    .id = "test-frozen",
    .name = "Test: ABI 1.0 reporter",
    .description = "One line; compiled against the frozen ABI 1.0 header.",
    .file_extension = "txt",
    .write = frozen_write,
};

static const bb_workload *const workloads[] = {&frozen_workload};
static const bb_reporter *const reporters[] = {&frozen_reporter};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .min_host_minor = 0,
    .reserved = 0,
    .id = "test.frozen_1_0",
    .name = "bytebench test plugin: ABI 1.0",
    .vendor = "bytebench tests",
    .version = "1.0",
    .workload_count = 1,
    .workloads = workloads,
    .reporter_count = 1,
    .reporters = reporters,
    .build_info = "",
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    if (host->abi_major != BYTEBENCH_ABI_MAJOR) {
        snprintf(err, cap, "plugin 'test.frozen_1_0' uses ABI 1.0, host offers %d.%d",
                 host->abi_major, host->abi_minor);
        return NULL;
    }
    return &plugin;
}
