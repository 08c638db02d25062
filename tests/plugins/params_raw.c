/* The C half of params.so: a raw bb_workload that a C++ plugin adds with
 * bytebench::Plugin::add(const bb_workload *), reading its parameter with
 * <bytebench/params.h>. */
#include <bytebench/params.h>
#include <bytebench/plugin.h>
#include <stdio.h>

static bb_status raw_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                            char *err, size_t cap) {
    *instance = NULL;
    int64_t size = 0;
    if (bb_param_int(ctx, "size", 1, 100, &size, err, cap) != BB_OK) return BB_ERROR;
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)size);
    host->record_detail(host, "size", text);
    return BB_OK;
}

static bb_status raw_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                         bb_run_result *result) {
    (void)instance;
    (void)host;
    volatile uint64_t count = 0;
    while (!*ctx->stop_flag) count = count + 1;
    result->count = (double)count;
    return BB_OK;
}

static const bb_param_desc raw_params[] = {
    {.struct_size = sizeof(bb_param_desc),
     .key = "size",
     .type = "int",
     .default_value = "10",
     .help = "recorded as a detail",
     .min_value = "1",
     .max_value = "100"},
};

const bb_workload test_raw_params_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.raw_params",
    .name = "Test: a C workload in a C++ plugin",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .processes_per_copy = 1,
    .param_count = 1,
    .params = raw_params,
    .create = raw_create,
    .run = raw_run,
};
