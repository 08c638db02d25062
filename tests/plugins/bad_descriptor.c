/* bad_descriptor.c (test.descriptor): in each variant, one way a vendor's
 * plugin breaks plugin.h. The loader refuses the first three, quoting the
 * rule or naming the field; the last loads, and `bytebench plugins` warns.
 *   TEST_BAD_ID        its workload's id is "Acme.Vendor-Test" (capitals)
 *   TEST_BAD_KEY       its parameter's key is "Block-Size"
 *   TEST_SMALL_STRUCT  its workload descriptor ends before `destroy`
 *   TEST_EXTRA_EXPORT  valid, but exports a helper function too (built
 *                      without hidden visibility and the version script) */
#include <bytebench/plugin.h>
#include <stddef.h>
#include <stdio.h>

#ifdef TEST_BAD_ID
#define WORKLOAD_ID "Acme.Vendor-Test"
#else
#define WORKLOAD_ID "test.descriptor"
#endif

#ifdef TEST_BAD_KEY
#define PARAM_KEY "Block-Size"
#else
#define PARAM_KEY "block_size"
#endif

#ifdef TEST_SMALL_STRUCT
#define WORKLOAD_SIZE offsetof(bb_workload, destroy)
#else
#define WORKLOAD_SIZE sizeof(bb_workload)
#endif

static bb_status descriptor_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                                   char *err, size_t cap) {
    (void)host;
    (void)ctx;
    (void)instance;
    (void)err;
    (void)cap;
    return BB_OK;
}

static bb_status descriptor_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                                bb_run_result *result) {
    (void)instance;
    (void)host;
    volatile uint64_t count = 0;
    while (!*ctx->stop_flag) count = count + 1;
    result->count = (double)count;
    return BB_OK;
}

static const bb_param_desc descriptor_params[] = {
    {.struct_size = sizeof(bb_param_desc),
     .key = PARAM_KEY,
     .type = "int",
     .default_value = "1",
     .help = "unused"},
};

static const bb_workload descriptor_workload = {
    .struct_size = WORKLOAD_SIZE,
    .id = WORKLOAD_ID,
    .name = "Test: descriptor rules",
    .category = "test",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .processes_per_copy = 1,
    .param_count = 1,
    .params = descriptor_params,
    .create = descriptor_create,
    .run = descriptor_run,
};

static const bb_workload *const workloads[] = {&descriptor_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .id = "test.descriptor",
    .name = "bytebench test plugin: descriptor rules",
    .vendor = "bytebench tests",
    .version = "1.0",
    .workload_count = 1,
    .workloads = workloads,
};

#ifdef TEST_EXTRA_EXPORT
/* A helper that lacks `static`: exported, as nothing hides it. */
int test_descriptor_helper(void);
int test_descriptor_helper(void) { return 42; }
#endif

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    if (host->abi_major != BYTEBENCH_ABI_MAJOR) {
        snprintf(err, cap, "needs ABI major %d", BYTEBENCH_ABI_MAJOR);
        return NULL;
    }
    return &plugin;
}
