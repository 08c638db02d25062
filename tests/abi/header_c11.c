/* plugin.h and params.h must compile as strict C11 (-std=c11 -pedantic -Werror). */
#include <bytebench/params.h>
#include <bytebench/plugin.h>

/* Designated initializers: a field a later minor appends stays 0 without a
 * -Wmissing-field-initializers warning. */
static const char *const sizes[] = {"1", "2"};
static const bb_param_desc params[] = {{.struct_size = sizeof(bb_param_desc),
                                        .key = "size",
                                        .type = "int",
                                        .default_value = "1",
                                        .help = "help",
                                        .choice_count = 2,
                                        .choices = sizes}};

/* Every helper of params.h, called (an unused static inline would not be
 * compiled through). */
int bytebench_params_c11_probe(const bb_run_context *ctx, char *err, size_t cap) {
    int64_t n = 0;
    double x = 0;
    int b = 0;
    const char *s = bb_param(ctx, "size");
    return bb_param_int(ctx, "size", 1, 2, &n, err, cap) == BB_OK &&
           bb_param_float(ctx, "rate", 0.5, 1.5, &x, err, cap) == BB_OK &&
           bb_param_bool(ctx, "on", &b, err, cap) == BB_OK &&
           bb_param_string(ctx, "name", &s, err, cap) == BB_OK;
}

/* ABI 1.4's members, and the build record a C plugin gives. */
static const char *const describer[] = {"probe.d/describe", "-info"};
static const bb_requirements requirements = {.struct_size = sizeof(bb_requirements),
                                             .display = 1,
                                             .display_info_count = 2,
                                             .display_info = describer};
static const bb_workload workload = {.struct_size = sizeof(bb_workload),
                                     .id = "probe",
                                     .better = BB_LOWER_IS_BETTER,
                                     .combine = BB_COMBINE_MAX,
                                     .requirements = &requirements};
static const char *const build_info = BYTEBENCH_BUILD_INFO;

int bytebench_abi_c11_probe(const bb_run_context *ctx) {
    return BB_HAS_FIELD(ctx, bb_run_context, param_values) && params[0].struct_size > 0 &&
           BYTEBENCH_ABI_MAJOR == 1 && workload.combine == BB_COMBINE_MAX && build_info[0] != '\0';
}
