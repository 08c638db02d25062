/* frozen_1_2.so (test.frozen_1_2): a plugin compiled against the frozen copy
 * of the ABI 1.2 header (tests/abi/frozen/1.2), as a vendor's plugin built
 * before 1.3 existed would be. Its bb_requirements is 1.2's, of the same
 * size as 1.3's: `display` took 1.2's tail padding, which holds garbage here.
 *   test.frozen12  counts loops until the stop flag; requires the tool sh.
 */
#include <bytebench/plugin.h>
#include <stdio.h>
#include <string.h>

/* The build must pick the frozen header, not the current one. */
_Static_assert(BYTEBENCH_ABI_MAJOR == 1 && BYTEBENCH_ABI_MINOR == 2,
               "frozen_1_2.c must be compiled against tests/abi/frozen/1.2");

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
    volatile uint64_t count = 0;
    while (!*ctx->stop_flag) count = count + 1;
    result->count = (double)count;
    return BB_OK;
}

static const char *const tools[] = {"sh"};

/* The 1.2 requirements, filled in the entry point over bytes of 0xab: the
 * struct's tail padding, where 1.3 put `display`, is then not zero, as in a
 * struct built member by member on the stack or the heap. A 1.3 host that
 * read `display` from it would take the test for one that needs a display. */
static bb_requirements frozen_requirements;

static const bb_workload frozen_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.frozen12",
    .name = "Test: ABI 1.2 plugin",
    .description = "Counts loops; compiled against the frozen ABI 1.2 header.",
    .category = "test",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .processes_per_copy = 1,
    .create = frozen_create,
    .run = frozen_run,
    .better = BB_HIGHER_IS_BETTER,
    .requirements = &frozen_requirements,
};

static const bb_workload *const workloads[] = {&frozen_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .min_host_minor = 2,
    .id = "test.frozen_1_2",
    .name = "bytebench test plugin: ABI 1.2",
    .vendor = "bytebench tests",
    .version = "1.2",
    .workload_count = 1,
    .workloads = workloads,
    .build_info = "",
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    if (host->abi_major != BYTEBENCH_ABI_MAJOR) {
        snprintf(err, cap, "plugin 'test.frozen_1_2' uses ABI 1.2, host offers %d.%d",
                 host->abi_major, host->abi_minor);
        return NULL;
    }
    memset(&frozen_requirements, 0xab, sizeof frozen_requirements);
    frozen_requirements.struct_size = sizeof(bb_requirements);
    frozen_requirements.cpu_feature_count = 0;
    frozen_requirements.cpu_features = NULL;
    frozen_requirements.temp_space_bytes = 0;
    frozen_requirements.memory_bytes = 0;
    frozen_requirements.tool_count = 1;
    frozen_requirements.tools = tools;
    frozen_requirements.root = 0;
    return &plugin;
}
