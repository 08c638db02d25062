/* metrics/metrics.so: ABI 1.2 metrics with a direction, in C11.
 *
 *   test.metrics   lower-is-better main value, a rate (time_base_s 0) of 100
 *                  per copy, baseline 1000: its index is 1000 / value * 10.
 *                  Records value = 100 * (copy + 1) + pass for m_sum, m_mean,
 *                  m_min and m_max (one per combine), m_copy0 in copy 0 only,
 *                  never m_never; and calls record_metric() in create(),
 *                  where the host ignores it.
 *   test.metric_nan         records NaN for "lat_us"
 *   test.metric_inf         records +inf for "lat_us"
 *   test.metric_undeclared  records "p98_us", which it does not declare
 *   test.metric_huge        records 1.7e308, finite, for "lat_us" in every pass
 *   test.latency   the vendor scenario: a higher-is-better rate of exactly 100
 *                  per copy, and lat_p99_us (lower is better) = the parameter
 *                  p99_us x (1 + pass / 1000): a latency that a run can make
 *                  twice as bad, with a little noise between passes.
 *   test.copies_mean, test.copies_max, test.copies_min, test.copies_sum
 *                  (ABI 1.4) copy i reports 3 + 2 i as its value (time_base_s
 *                  0: the value itself), so two copies report 3 and 5: a
 *                  lower-is-better latency left to its direction (mean: 4),
 *                  one combined by BB_COMBINE_MAX (5) and by BB_COMBINE_MIN
 *                  (3), and a higher-is-better rate left to its direction
 *                  (summed: 8).
 *
 * The last three fail their tests naming the key; test.metrics next to them
 * in the same run is kept. Every run() returns at once: the tests are fast.
 */
#include <bytebench/params.h>
#include <bytebench/plugin.h>
#include <math.h>

static bb_status metrics_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                                char *err, size_t cap) {
    (void)ctx;
    (void)err;
    (void)cap;
    host->record_metric(host, "m_sum", 1e9); /* outside run(): ignored */
    *instance = NULL;
    return BB_OK;
}

static bb_status metrics_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                             bb_run_result *result) {
    (void)instance;
    const double value = 100.0 * (ctx->copy_index + 1) + ctx->pass_index;
    host->record_metric(host, "m_sum", value);
    host->record_metric(host, "m_mean", value);
    host->record_metric(host, "m_min", value);
    host->record_metric(host, "m_max", value);
    if (ctx->copy_index == 0) host->record_metric(host, "m_copy0", value);
    result->count = 100;
    return BB_OK;
}

/* The key and value each failing workload records: its name says which. */
static bb_status bad_value_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                               bb_run_result *result, const char *key, double value) {
    (void)instance;
    (void)ctx;
    host->record_metric(host, "lat_us", 5); /* a good value first: kept */
    host->record_metric(host, key, value);
    result->count = 100;
    return BB_OK;
}

static bb_status nan_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                         bb_run_result *result) {
    return bad_value_run(instance, host, ctx, result, "lat_us", NAN);
}

static bb_status inf_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                         bb_run_result *result) {
    return bad_value_run(instance, host, ctx, result, "lat_us", INFINITY);
}

static bb_status huge_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                          bb_run_result *result) {
    (void)instance;
    (void)ctx;
    host->record_metric(host, "lat_us", 1.7e308);
    result->count = 100;
    return BB_OK;
}

static bb_status undeclared_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                                bb_run_result *result) {
    return bad_value_run(instance, host, ctx, result, "p98_us", 1);
}

static bb_status latency_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                             bb_run_result *result) {
    (void)instance;
    double p99 = 0;
    if (bb_param_float(ctx, "p99_us", 0, 1e9, &p99, result->error, sizeof result->error) != BB_OK)
        return BB_ERROR;
    host->record_metric(host, "lat_p99_us", p99 * (1 + ctx->pass_index / 1000.0));
    result->count = 100;
    return BB_OK;
}

#define METRIC(KEY, COMBINE)                                                         \
    {                                                                                \
        .struct_size = sizeof(bb_metric_desc), .key = KEY, .name = "", .unit = "us", \
        .better = BB_LOWER_IS_BETTER, .combine = COMBINE                             \
    }

static const bb_metric_desc metrics[] = {
    {.struct_size = sizeof(bb_metric_desc),
     .key = "m_sum",
     .name = "summed",
     .unit = "ops",
     .better = BB_HIGHER_IS_BETTER,
     .combine = BB_COMBINE_SUM},
    METRIC("m_mean", BB_COMBINE_MEAN),
    METRIC("m_min", BB_COMBINE_MIN),
    METRIC("m_max", BB_COMBINE_MAX),
    METRIC("m_copy0", BB_COMBINE_SUM),
    METRIC("m_never", BB_COMBINE_MAX),
};

static const bb_metric_desc lat_metric[] = {METRIC("lat_us", BB_COMBINE_MAX)};
static const bb_metric_desc p99_metric[] = {METRIC("lat_p99_us", BB_COMBINE_MAX)};
static const bb_param_desc p99_param[] = {{.struct_size = sizeof(bb_param_desc),
                                           .key = "p99_us",
                                           .type = "float",
                                           .default_value = "1000",
                                           .help = "the p99 latency to record, us",
                                           .min_value = "0"}};

#define WORKLOAD(ID, RUN, BETTER, BASELINE, METRICS)                                     \
    {                                                                                    \
        .struct_size = sizeof(bb_workload), .id = ID, .name = "Test: " ID,               \
        .description = "Records metrics (tests/plugins/metrics.c).", .category = "test", \
        .unit = "us", .version = "1", .time_base_s = 0, .repeat = BB_REPEAT_LONG,        \
        .default_duration_s = 0.01, .baseline = BASELINE, .processes_per_copy = 1,       \
        .create = metrics_create, .run = RUN, .better = BETTER,                          \
        .metric_count = sizeof(METRICS) / sizeof(METRICS[0]), .metrics = METRICS         \
    }

static const bb_workload metrics_workload =
    WORKLOAD("test.metrics", metrics_run, BB_LOWER_IS_BETTER, 1000, metrics);
static const bb_workload nan_workload =
    WORKLOAD("test.metric_nan", nan_run, BB_HIGHER_IS_BETTER, 0, lat_metric);
static const bb_workload inf_workload =
    WORKLOAD("test.metric_inf", inf_run, BB_HIGHER_IS_BETTER, 0, lat_metric);
static const bb_workload undeclared_workload =
    WORKLOAD("test.metric_undeclared", undeclared_run, BB_HIGHER_IS_BETTER, 0, lat_metric);

static const bb_workload huge_workload =
    WORKLOAD("test.metric_huge", huge_run, BB_HIGHER_IS_BETTER, 0, lat_metric);

static const bb_workload latency_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.latency",
    .name = "Test: test.latency",
    .description = "Records a p99 latency it is given (tests/plugins/metrics.c).",
    .category = "test",
    .unit = "ops",
    .version = "1",
    .time_base_s = 0,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 0.01,
    .processes_per_copy = 1,
    .param_count = 1,
    .params = p99_param,
    .create = metrics_create,
    .run = latency_run,
    .better = BB_HIGHER_IS_BETTER,
    .metric_count = 1,
    .metrics = p99_metric,
};

static bb_status copies_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                            bb_run_result *result) {
    (void)instance;
    (void)host;
    result->count = 3.0 + 2.0 * ctx->copy_index;
    return BB_OK;
}

#define COPIES_WORKLOAD(ID, BETTER, COMBINE)                                                    \
    {                                                                                           \
        .struct_size = sizeof(bb_workload), .id = ID, .name = "Test: " ID,                      \
        .description = "Copy i reports 3 + 2 i (tests/plugins/metrics.c).", .category = "test", \
        .unit = "us", .version = "1", .time_base_s = 0, .repeat = BB_REPEAT_LONG,               \
        .default_duration_s = 0.01, .baseline = 10, .processes_per_copy = 1,                    \
        .create = metrics_create, .run = copies_run, .better = BETTER, .combine = COMBINE       \
    }

static const bb_workload copies_mean =
    COPIES_WORKLOAD("test.copies_mean", BB_LOWER_IS_BETTER, BB_COMBINE_SUM /* by direction */);
static const bb_workload copies_max =
    COPIES_WORKLOAD("test.copies_max", BB_LOWER_IS_BETTER, BB_COMBINE_MAX);
static const bb_workload copies_min =
    COPIES_WORKLOAD("test.copies_min", BB_LOWER_IS_BETTER, BB_COMBINE_MIN);
static const bb_workload copies_sum =
    COPIES_WORKLOAD("test.copies_sum", BB_HIGHER_IS_BETTER, BB_COMBINE_SUM);

static const bb_workload *const workloads[] = {
    &metrics_workload, &nan_workload, &inf_workload, &undeclared_workload, &latency_workload,
    &huge_workload,    &copies_mean,  &copies_max,   &copies_min,          &copies_sum};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .min_host_minor = 2,
    .id = "org.bytebench.test.metrics",
    .name = "metrics test plugin",
    .vendor = "bytebench tests",
    .version = "1",
    .workload_count = sizeof(workloads) / sizeof(workloads[0]),
    .workloads = workloads,
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    (void)host;
    (void)err;
    (void)cap;
    return &plugin;
}
