/* The C helper of <bytebench/params.h>, compiled as C (the language its
 * users write), for param_rules_test.cpp's table: the host and both helpers
 * must give every value the same verdict. */
#include "param_helper_in_c.h"

#include <bytebench/params.h>
#include <stdio.h>
#include <string.h>

int c_helper_verdict(const char *type, const char *value, int bounded, char *err, size_t cap,
                     char *parsed, size_t parsed_cap) {
    const char *keys[] = {"k"};
    const char *values[] = {value};
    bb_run_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.struct_size = sizeof ctx;
    ctx.param_count = 1;
    ctx.param_keys = keys;
    ctx.param_values = values;
    err[0] = '\0';
    parsed[0] = '\0';
    if (strcmp(type, "int") == 0) {
        int64_t n = 0;
        if (bb_param_int(&ctx, "k", bounded ? kBoundedIntMin : INT64_MIN,
                         bounded ? kBoundedIntMax : INT64_MAX, &n, err, cap) != BB_OK)
            return 0;
        snprintf(parsed, parsed_cap, "%lld", (long long)n);
        return 1;
    }
    if (strcmp(type, "float") == 0) {
        double x = 0;
        if (bb_param_float(&ctx, "k", bounded ? kBoundedFloatMin : -DBL_MAX,
                           bounded ? kBoundedFloatMax : DBL_MAX, &x, err, cap) != BB_OK)
            return 0;
        snprintf(parsed, parsed_cap, "%.17g", x);
        return 1;
    }
    int b = 0;
    if (bb_param_bool(&ctx, "k", &b, err, cap) != BB_OK) return 0;
    snprintf(parsed, parsed_cap, "%d", b);
    return 1;
}
