/* bad-params/<variant>.so: a C plugin whose one parameter breaks a rule of
 * ABI 1.2 (plugin.h, bb_param_desc); the host must refuse it when it loads,
 * in one line naming the workload and the key. The variant is chosen by the
 * build (TEST_<VARIANT>):
 *   choice_type      an int parameter with the choice "many"
 *   min_above_max    min_value 9 above max_value 1
 *   default_choice   a default that is not one of the choices
 *   bool_choices     choices on a bool
 *   bound_parse      a min_value "low" that is not an int
 *   default_range    a default below min_value
 */
#include <bytebench/plugin.h>
#include <stdio.h>

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

#if defined(TEST_CHOICE_TYPE)
static const char *const choices[] = {"1", "many"};
#elif defined(TEST_DEFAULT_CHOICE)
static const char *const choices[] = {"fast", "slow"};
#elif defined(TEST_BOOL_CHOICES)
static const char *const choices[] = {"true", "false"};
#endif

static const bb_param_desc bad_params[] = {
#if defined(TEST_CHOICE_TYPE)
    {.struct_size = sizeof(bb_param_desc),
     .key = "count",
     .type = "int",
     .default_value = "1",
     .help = "",
     .choice_count = 2,
     .choices = choices},
#elif defined(TEST_MIN_ABOVE_MAX)
    {.struct_size = sizeof(bb_param_desc),
     .key = "level",
     .type = "int",
     .default_value = "5",
     .help = "",
     .min_value = "9",
     .max_value = "1"},
#elif defined(TEST_DEFAULT_CHOICE)
    {.struct_size = sizeof(bb_param_desc),
     .key = "mode",
     .type = "string",
     .default_value = "medium",
     .help = "",
     .choice_count = 2,
     .choices = choices},
#elif defined(TEST_BOOL_CHOICES)
    {.struct_size = sizeof(bb_param_desc),
     .key = "flag",
     .type = "bool",
     .default_value = "true",
     .help = "",
     .choice_count = 2,
     .choices = choices},
#elif defined(TEST_BOUND_PARSE)
    {.struct_size = sizeof(bb_param_desc),
     .key = "level",
     .type = "int",
     .default_value = "5",
     .help = "",
     .min_value = "low"},
#elif defined(TEST_DEFAULT_RANGE)
    {.struct_size = sizeof(bb_param_desc),
     .key = "level",
     .type = "float",
     .default_value = "0.25",
     .help = "",
     .min_value = "0.5",
     .max_value = "1"},
#else
#error "choose a variant: TEST_CHOICE_TYPE, TEST_MIN_ABOVE_MAX, ..."
#endif
};

static const bb_workload bad_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.bad-params",
    .name = "Test: a malformed parameter",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .processes_per_copy = 1,
    .param_count = 1,
    .params = bad_params,
    .create = bad_create,
    .run = bad_run,
};

static const bb_workload *const workloads[] = {&bad_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .id = "test.bad_params",
    .name = "bytebench test plugin: a malformed parameter",
    .vendor = "bytebench tests",
    .version = "1",
    .workload_count = 1,
    .workloads = workloads,
};

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    if (host->abi_major != BYTEBENCH_ABI_MAJOR) {
        snprintf(err, cap, "wrong major");
        return NULL;
    }
    return &plugin;
}
