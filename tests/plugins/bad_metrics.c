/* bad-metrics/<variant>.so: a C plugin whose metric descriptors break a rule
 * of ABI 1.2 (plugin.h, bb_metric_desc and bb_workload.better); the host must
 * refuse it when it loads, in one line naming the workload (and the key).
 * The variant is chosen by the build (TEST_<VARIANT>):
 *   metric_key        a metric key "P99-us"
 *   too_many          33 metrics, one above BB_MAX_METRICS
 *   metric_direction  a metric whose better is 7
 *   main_direction    a main value whose better is 5
 *   metric_combine    a metric whose combine is 9
 *   main_combine      (1.4) a main value whose combine is 7
 *   display_escape    (1.4) a display describer "../../bin/sh", outside the
 *                     plugin's folder
 *   display_absolute  (1.4) a display describer "/bin/sh"
 */
#include <bytebench/plugin.h>

static bb_status bad_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                            char *err, size_t cap) {
    (void)host;
    (void)ctx;
    (void)err;
    (void)cap;
    *instance = NULL;
    return BB_OK;
}

static bb_status bad_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                         bb_run_result *result) {
    (void)instance;
    (void)host;
    (void)ctx;
    result->count = 1;
    return BB_OK;
}

#define GOOD_METRIC(KEY)                                                             \
    {                                                                                \
        .struct_size = sizeof(bb_metric_desc), .key = KEY, .name = "", .unit = "us", \
        .better = BB_LOWER_IS_BETTER, .combine = BB_COMBINE_MAX                      \
    }

static const bb_metric_desc bad_metrics[] = {
#if defined(TEST_TOO_MANY)
    GOOD_METRIC("m00"),    GOOD_METRIC("m01"), GOOD_METRIC("m02"), GOOD_METRIC("m03"),
    GOOD_METRIC("m04"),    GOOD_METRIC("m05"), GOOD_METRIC("m06"), GOOD_METRIC("m07"),
    GOOD_METRIC("m08"),    GOOD_METRIC("m09"), GOOD_METRIC("m10"), GOOD_METRIC("m11"),
    GOOD_METRIC("m12"),    GOOD_METRIC("m13"), GOOD_METRIC("m14"), GOOD_METRIC("m15"),
    GOOD_METRIC("m16"),    GOOD_METRIC("m17"), GOOD_METRIC("m18"), GOOD_METRIC("m19"),
    GOOD_METRIC("m20"),    GOOD_METRIC("m21"), GOOD_METRIC("m22"), GOOD_METRIC("m23"),
    GOOD_METRIC("m24"),    GOOD_METRIC("m25"), GOOD_METRIC("m26"), GOOD_METRIC("m27"),
    GOOD_METRIC("m28"),    GOOD_METRIC("m29"), GOOD_METRIC("m30"), GOOD_METRIC("m31"),
    GOOD_METRIC("m32"),
#else
    GOOD_METRIC("p50_us"),
#endif
#if defined(TEST_METRIC_KEY)
    GOOD_METRIC("P99-us"),
#elif defined(TEST_METRIC_DIRECTION)
    {.struct_size = sizeof(bb_metric_desc),
     .key = "p99_us",
     .name = "p99 latency",
     .unit = "us",
     .better = 7,
     .combine = BB_COMBINE_MAX},
#elif defined(TEST_METRIC_COMBINE)
    {.struct_size = sizeof(bb_metric_desc),
     .key = "p99_us",
     .name = "p99 latency",
     .unit = "us",
     .better = BB_LOWER_IS_BETTER,
     .combine = 9},
#endif
};

#if defined(TEST_MAIN_DIRECTION)
#define MAIN_BETTER 5
#else
#define MAIN_BETTER BB_HIGHER_IS_BETTER
#endif

#if defined(TEST_MAIN_COMBINE)
#define MAIN_COMBINE 7
#else
#define MAIN_COMBINE BB_COMBINE_SUM
#endif

#if defined(TEST_DISPLAY_ESCAPE)
#define DESCRIBER "../../bin/sh"
#elif defined(TEST_DISPLAY_ABSOLUTE)
#define DESCRIBER "/bin/sh"
#endif
#if defined(DESCRIBER)
static const char *const describer[] = {DESCRIBER, "-c", "echo screen: 1x1x1"};
static const bb_requirements requirements = {.struct_size = sizeof(bb_requirements),
                                             .display = 1,
                                             .display_info_count = 3,
                                             .display_info = describer};
#define REQUIREMENTS (&requirements)
#else
#define REQUIREMENTS NULL
#endif

static const bb_workload bad_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.bad-metrics",
    .name = "Test: malformed metrics",
    .description = "Its metric descriptors break a rule of ABI 1.2.",
    .category = "test",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_SHORT,
    .default_duration_s = 0.1,
    .processes_per_copy = 1,
    .create = bad_create,
    .run = bad_run,
    .better = MAIN_BETTER,
    .metric_count = sizeof(bad_metrics) / sizeof(bad_metrics[0]),
    .metrics = bad_metrics,
    .requirements = REQUIREMENTS,
    .combine = MAIN_COMBINE,
};

static const bb_workload *const workloads[] = {&bad_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .min_host_minor = 2,
    .id = "org.bytebench.test.bad-metrics",
    .name = "malformed metrics",
    .vendor = "bytebench tests",
    .version = "1",
    .workload_count = 1,
    .workloads = workloads,
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    (void)host;
    (void)err;
    (void)cap;
    return &plugin;
}
