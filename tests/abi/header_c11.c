/* plugin.h must compile as strict C11 (-std=c11 -pedantic -Werror). */
#include <bytebench/plugin.h>

static const bb_param_desc params[] = {{sizeof(bb_param_desc), "size", "int", "1", "help"}};

int bytebench_abi_c11_probe(const bb_run_context *ctx) {
    return BB_HAS_FIELD(ctx, bb_run_context, param_values) && params[0].struct_size > 0 &&
           BYTEBENCH_ABI_MAJOR == 1;
}
