/* plugin.h must compile as strict C11 (-std=c11 -pedantic -Werror). */
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

int bytebench_abi_c11_probe(const bb_run_context *ctx) {
    return BB_HAS_FIELD(ctx, bb_run_context, param_values) && params[0].struct_size > 0 &&
           BYTEBENCH_ABI_MAJOR == 1;
}
