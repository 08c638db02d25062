/* Plain-C plugins that claim another ABI version than the host's.
 * Built three times (see CMakeLists.txt):
 *   wrong_major.so     (TEST_WRONG_MAJOR)     abi 2.0: the host must refuse it
 *                      by its own check (this entry does not refuse the host).
 *   newer_minor.so     (TEST_NEWER_MINOR)     abi 1.7, min_host_minor 7: needs a
 *                      newer host than 1.0, so a 1.0 host must refuse it.
 *   newer_compatible.so (TEST_NEWER_COMPATIBLE) abi 1.7, min_host_minor 0: loads
 *                      in a 1.0 host, which must ignore the unknown struct tails.
 * A plugin of a newer minor has structs with fields appended: simulated here
 * by wrapping the 1.0 structs with a tail and setting struct_size to match. */
#include <bytebench/plugin.h>
#include <stddef.h>

#if defined(TEST_WRONG_MAJOR)
#define PLUGIN_ID "test.wrong_major"
#define WORKLOAD_ID "test.wrong"
#define ABI_MAJOR 2
#define ABI_MINOR 0
#define MIN_HOST_MINOR 0
#elif defined(TEST_NEWER_MINOR)
#define PLUGIN_ID "test.newer_minor"
#define WORKLOAD_ID "test.newer"
#define ABI_MAJOR 1
#define ABI_MINOR 7
#define MIN_HOST_MINOR 7
#elif defined(TEST_NEWER_COMPATIBLE)
#define PLUGIN_ID "test.newer_compatible"
#define WORKLOAD_ID "test.newer-ok"
#define ABI_MAJOR 1
#define ABI_MINOR 7
#define MIN_HOST_MINOR 0
#else
#error "define TEST_WRONG_MAJOR, TEST_NEWER_MINOR or TEST_NEWER_COMPATIBLE"
#endif

/* "ABI 1.7" structs: the 1.0 ones plus fields a 1.0 reader does not know. */
typedef struct workload_1_7 {
    bb_workload base;
    uint64_t future_flags;
    const char *future_string;
} workload_1_7;

typedef struct plugin_1_7 {
    bb_plugin base;
    uint64_t future_flags;
    const void *(*future_function)(const char *id);
} plugin_1_7;

static bb_status loop_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                             char *err, size_t cap) {
    (void)host;
    (void)ctx;
    (void)err;
    (void)cap;
    *instance = NULL;
    return BB_OK;
}

static bb_status loop_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                          bb_run_result *result) {
    (void)instance;
    (void)host;
    volatile uint64_t count = 0;
    while (!*ctx->stop_flag) count = count + 1;
    result->count = (double)count;
    return BB_OK;
}

static const void *no_extension(const char *id) {
    (void)id;
    return NULL;
}

static const workload_1_7 workload = {
    .base =
        {
            .struct_size = sizeof(workload_1_7),
            .id = WORKLOAD_ID,
            .name = "Test: other ABI version",
            .description = "Counts loops until stopped; its plugin claims another ABI version.",
            .category = "test",
            .unit = "lps",
            .version = "1",
            .time_base_s = 1,
            .repeat = BB_REPEAT_LONG,
            .default_duration_s = 1.0,
            .processes_per_copy = 1,
            .create = loop_create,
            .run = loop_run,
            .destroy = NULL,
        },
    .future_flags = 0xffffffffffffffffull,
    .future_string = "a field from the future",
};

static const bb_workload *const workloads[] = {&workload.base};

static const plugin_1_7 plugin = {
    .base =
        {
            .struct_size = sizeof(plugin_1_7),
            .abi_major = ABI_MAJOR,
            .abi_minor = ABI_MINOR,
            .min_host_minor = MIN_HOST_MINOR,
            .id = PLUGIN_ID,
            .name = "bytebench test plugin: " PLUGIN_ID,
            .vendor = "bytebench tests",
            .version = "1.0",
            .workload_count = 1,
            .workloads = workloads,
            .reporter_count = 0,
            .reporters = NULL,
        },
    .future_flags = 0xffffffffffffffffull,
    .future_function = no_extension,
};

/* Deliberately does not check the host's version: the host's own check is
 * what these plugins test. */
BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    (void)host;
    (void)err;
    (void)cap;
    return &plugin.base;
}
