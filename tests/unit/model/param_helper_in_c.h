// The C helper's verdict on one value (param_helper_in_c.c, compiled as C).
#pragma once

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// The bounds of the table's bounded rows, as the host's declaration writes
// them ("1" to "256", "0" to "60").
#define kBoundedIntMin 1
#define kBoundedIntMax 256
#define kBoundedFloatMin 0.0
#define kBoundedFloatMax 60.0

// `value` of a parameter "k" of `type` ("int", "float" or "bool"), read with
// bb_param_int, bb_param_float or bb_param_bool (within the bounds above
// when `bounded`): 1 with the number in `parsed` ("%lld", "%.17g", or 1 or
// 0), or 0 with the message in `err`.
int c_helper_verdict(const char *type, const char *value, int bounded, char *err, size_t cap,
                     char *parsed, size_t parsed_cap);

#ifdef __cplusplus
}
#endif
