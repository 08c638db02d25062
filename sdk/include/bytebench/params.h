/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 the bytebench authors */

/*
 * bytebench parameter helpers — header-only, C11 (and C++17).
 *
 * The one parser of parameter values. The host checks every value with it
 * before any worker starts (suite files, `run --param`, a worker started by
 * hand), <bytebench/plugin.hpp>'s Context::param_int(), param_double() and
 * param_bool() call it, and C plugins call it through the functions below,
 * so a value that one of them accepts, all of them accept, with the same
 * number, and a value one refuses, all refuse with the same words.
 *
 * What a value may be:
 *   int     an optional sign and decimal digits, nothing else: "42", "-7",
 *           "+007". Not " 5", "5.0", "1e3", "0x10" or "5k". From
 *           -9223372036854775808 to 9223372036854775807.
 *   float   an optional sign, decimal digits with an optional point, an
 *           optional exponent: "2", "-0.5", ".5", "5.", "1e-3", "2.5E+6". Not
 *           "nan", "inf", hexadecimal, spaces or "1_000". At most
 *           BB_PARAM_NUMBER_MAX_CHARS characters. A value that is beyond the
 *           range of a double (1e400) or that is not 0 but rounds to 0 (1e-400)
 *           is refused: the number a workload would get is not the one
 *           written. (Values between 4.9e-324 and 2.2e-308, subnormal
 *           doubles, are kept with fewer digits.)
 *   bool    true, false, yes, no, on, off, 1 or 0, in lower case. The host
 *           hands a workload "true" or "false" whatever was written.
 *   string  anything without a NUL byte.
 *
 * Reading a parameter in create():
 *
 *   static bb_status my_create(const bb_host *host, const bb_run_context *ctx,
 *                              void **instance, char *err, size_t cap) {
 *       int64_t depth;
 *       if (bb_param_int(ctx, "queue_depth", 1, 256, &depth, err, cap) != BB_OK)
 *           return BB_ERROR;   // err: "parameter 'queue_depth' must be an int
 *       ...                    //       from 1 to 256, not '0'"
 *   }
 *
 * The host has already checked every value against the declaration (type,
 * choices, min_value and max_value) and filled in the defaults, so these
 * fail only when the code and the declaration disagree, or the worker was
 * started by hand; the checks make that one clear message instead of a
 * wrong number.
 *
 * Tags and lifetimes are those of the bb_run_context they read (plugin.h,
 * sections 3 and 6): any thread, during create() and run() (until destroy()
 * returns). No function allocates or keeps a pointer, and errno is left as
 * it was; a returned string is host-owned and lives as long as the context.
 * `err` is the caller's buffer of `cap` bytes (cap may be 0: no message is
 * written). A value is quoted in a message by its first
 * BB_PARAM_QUOTE_MAX_BYTES bytes at most, followed by "...".
 */
#ifndef BYTEBENCH_PARAMS_H
#define BYTEBENCH_PARAMS_H

#include <bytebench/plugin.h>
#include <errno.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The longest text a float may be written in (no double needs more than
 * 17 significant digits and an exponent; zeros before them fit too). */
#define BB_PARAM_NUMBER_MAX_CHARS 256
/* The most of a value a message quotes. */
#define BB_PARAM_QUOTE_MAX_BYTES 48

/* ------------------------------------------------------------------------ */
/* Parsing a value                                                          */
/* ------------------------------------------------------------------------ */

/* What parsing a value found. */
typedef enum bb_param_verdict {
    BB_PARAM_PARSED = 0,         /* the value is of the type; *out is set */
    BB_PARAM_NOT_INT = 1,        /* not an optional sign and digits */
    BB_PARAM_NOT_NUMBER = 2,     /* not a decimal number */
    BB_PARAM_NOT_BOOL = 3,       /* none of the eight spellings */
    BB_PARAM_INT_TOO_LARGE = 4,  /* digits beyond a 64-bit integer */
    BB_PARAM_TOO_LARGE = 5,      /* a number beyond the range of a double */
    BB_PARAM_ROUNDS_TO_ZERO = 6, /* not 0, but 0 as a double */
    BB_PARAM_TOO_LONG = 7        /* a number of more than BB_PARAM_NUMBER_MAX_CHARS */
} bb_param_verdict;

/* Why a value was refused, when "must be an int" does not say it already:
 * "beyond the range of a 64-bit integer", "beyond the range of a double",
 * "not 0 but rounds to 0 as a double", "longer than 256 characters"; "" for
 * the others. */
static inline const char *bb_param_verdict_reason(bb_param_verdict v) {
    switch (v) {
        case BB_PARAM_INT_TOO_LARGE:
            return "beyond the range of a 64-bit integer";
        case BB_PARAM_TOO_LARGE:
            return "beyond the range of a double";
        case BB_PARAM_ROUNDS_TO_ZERO:
            return "not 0 but rounds to 0 as a double";
        case BB_PARAM_TOO_LONG:
            return "longer than 256 characters";
        default:
            return "";
    }
}

static inline int bb_param_is_digit_(char c) { return c >= '0' && c <= '9'; }

/* An int (see the top of this file) into *out. */
static inline bb_param_verdict bb_parse_int(const char *text, int64_t *out) {
    const char *p = text;
    const int negative = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    if (*p == '\0') return BB_PARAM_NOT_INT;
    /* The magnitude, stopped where it passes 2^63 (INT64_MIN's). */
    const uint64_t limit = (uint64_t)INT64_MAX + (negative ? 1u : 0u);
    uint64_t magnitude = 0;
    int too_large = 0;
    for (; *p != '\0'; ++p) {
        if (!bb_param_is_digit_(*p)) return BB_PARAM_NOT_INT;
        const uint64_t digit = (uint64_t)(*p - '0');
        if (too_large || magnitude > (limit - digit) / 10)
            too_large = 1;
        else
            magnitude = magnitude * 10 + digit;
    }
    if (too_large) return BB_PARAM_INT_TOO_LARGE;
    *out = negative ? (magnitude == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)magnitude)
                    : (int64_t)magnitude;
    return BB_PARAM_PARSED;
}

/* A float (see the top of this file) into *out. */
static inline bb_param_verdict bb_parse_float(const char *text, double *out) {
    const char *p = text;
    int digits = 0, nonzero = 0;
    if (*p == '-' || *p == '+') ++p;
    for (; bb_param_is_digit_(*p); ++p, ++digits) nonzero |= *p != '0';
    if (*p == '.')
        for (++p; bb_param_is_digit_(*p); ++p, ++digits) nonzero |= *p != '0';
    if (digits == 0) return BB_PARAM_NOT_NUMBER;
    if (*p == 'e' || *p == 'E') {
        ++p;
        if (*p == '-' || *p == '+') ++p;
        if (!bb_param_is_digit_(*p)) return BB_PARAM_NOT_NUMBER;
        while (bb_param_is_digit_(*p)) ++p;
    }
    if (*p != '\0') return BB_PARAM_NOT_NUMBER;
    const size_t length = (size_t)(p - text);
    if (length > BB_PARAM_NUMBER_MAX_CHARS) return BB_PARAM_TOO_LONG;
    /* strtod reads the locale's decimal point, which a plugin may have
     * changed (setlocale): a value with a point is copied with that one. */
    char copy[BB_PARAM_NUMBER_MAX_CHARS + 16];
    const char *digits_text = text;
    if (strchr(text, '.') != NULL) {
        const char *point = localeconv()->decimal_point;
        if (point == NULL || *point == '\0' || strlen(point) > 8) point = ".";
        size_t n = 0;
        for (const char *c = text; *c != '\0'; ++c) {
            if (*c == '.') {
                memcpy(copy + n, point, strlen(point));
                n += strlen(point);
            } else {
                copy[n++] = *c;
            }
        }
        copy[n] = '\0';
        digits_text = copy;
    }
    const int saved_errno = errno;
    char *end = NULL;
    const double x = strtod(digits_text, &end);
    errno = saved_errno;
    if (*end != '\0') return BB_PARAM_NOT_NUMBER;
    if (isinf(x)) return BB_PARAM_TOO_LARGE;
    if (x == 0 && nonzero) return BB_PARAM_ROUNDS_TO_ZERO;
    *out = x;
    return BB_PARAM_PARSED;
}

/* A bool (see the top of this file) into *out, as 1 or 0. */
static inline bb_param_verdict bb_parse_bool(const char *text, int *out) {
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; ++i) {
        if (strcmp(text, yes[i]) == 0 || strcmp(text, no[i]) == 0) {
            *out = strcmp(text, yes[i]) == 0;
            return BB_PARAM_PARSED;
        }
    }
    return BB_PARAM_NOT_BOOL;
}

/* ------------------------------------------------------------------------ */
/* Messages                                                                 */
/* ------------------------------------------------------------------------ */

/* How a message quotes `value`: its first bytes, at most
 * BB_PARAM_QUOTE_MAX_BYTES and not cutting a UTF-8 character, then "...";
 * into buf (at least BB_PARAM_QUOTE_MAX_BYTES + 4 bytes). */
static inline const char *bb_param_quote(const char *value, char *buf, size_t cap) {
    size_t n = strlen(value);
    const int cut = n > BB_PARAM_QUOTE_MAX_BYTES;
    if (cut) {
        n = BB_PARAM_QUOTE_MAX_BYTES;
        while (n > 0 && ((unsigned char)value[n] & 0xC0u) == 0x80u) --n;
    }
    snprintf(buf, cap, "%.*s%s", (int)n, value, cut ? "..." : "");
    return buf;
}

/* The shortest text of x that reads back as x ("0.5", not
 * "0.50000000000000000"), without an exponent when 17 digits can do
 * without ("60", not "6e+01"). */
static inline void bb_param_number_text_(double x, char *buf, size_t cap) {
    int shortest = 0;
    for (int digits = 1; digits <= 17; ++digits) {
        /* A written length at or past cap (not with 17 digits of a double
         * in 32 bytes) is a text cut short: not a candidate. */
        if (snprintf(buf, cap, "%.*g", digits, x) >= (int)cap) continue;
        if (strtod(buf, NULL) != x) continue;
        if (strchr(buf, 'e') == NULL) return;
        if (shortest == 0) shortest = digits;
    }
    if (snprintf(buf, cap, "%.*g", shortest > 0 ? shortest : 17, x) >= (int)cap && cap > 0)
        buf[0] = '\0';
}

/* "parameter 'KEY' must be EXPECTED, not 'VALUE'", and " (REASON)" when
 * bb_param_verdict_reason(why) has one. The host writes the same sentence,
 * with "of workload 'ID'" after the key. */
static inline void bb_param_message(char *err, size_t cap, const char *key, const char *expected,
                                    const char *value, bb_param_verdict why) {
    if (cap == 0) return;
    char quoted[BB_PARAM_QUOTE_MAX_BYTES + 4];
    const char *reason = bb_param_verdict_reason(why);
    snprintf(err, cap, "parameter '%s' must be %s, not '%s'%s%s%s", key, expected,
             bb_param_quote(value, quoted, sizeof quoted), *reason != '\0' ? " (" : "", reason,
             *reason != '\0' ? ")" : "");
}

/* "an int", "an int from 1 to 256", "a number at least 0.5": the words for
 * a type and its bounds, which the host writes from the declaration. */
static inline void bb_param_expected_(char *buf, size_t cap, const char *noun, int low, int high,
                                      const char *min_text, const char *max_text) {
    if (low && high)
        snprintf(buf, cap, "%s from %s to %s", noun, min_text, max_text);
    else if (low)
        snprintf(buf, cap, "%s at least %s", noun, min_text);
    else if (high)
        snprintf(buf, cap, "%s at most %s", noun, max_text);
    else
        snprintf(buf, cap, "%s", noun);
}

/* ------------------------------------------------------------------------ */
/* Checking a value                                                         */
/* ------------------------------------------------------------------------ */

/* `value` of parameter `key` as an int from `min` to `max` (inclusive) into
 * *out, or BB_ERROR with the message; *out is then unchanged. INT64_MIN and
 * INT64_MAX mean no bound on that side. */
static inline bb_status bb_param_value_int(const char *key, const char *value, int64_t min,
                                           int64_t max, int64_t *out, char *err, size_t cap) {
    int64_t n = 0;
    const bb_param_verdict v = bb_parse_int(value, &n);
    if (v != BB_PARAM_PARSED || n < min || n > max) {
        char lo[24], hi[24], expected[80];
        snprintf(lo, sizeof lo, "%lld", (long long)min);
        snprintf(hi, sizeof hi, "%lld", (long long)max);
        bb_param_expected_(expected, sizeof expected, "an int", min != INT64_MIN, max != INT64_MAX,
                           lo, hi);
        bb_param_message(err, cap, key, expected, value, v);
        return BB_ERROR;
    }
    *out = n;
    return BB_OK;
}

/* `value` of parameter `key` as a float from `min` to `max` (inclusive)
 * into *out, or BB_ERROR with the message. -INFINITY or -DBL_MAX, and
 * INFINITY or DBL_MAX, mean no bound on that side. */
static inline bb_status bb_param_value_float(const char *key, const char *value, double min,
                                             double max, double *out, char *err, size_t cap) {
    double x = 0;
    const bb_param_verdict v = bb_parse_float(value, &x);
    if (v != BB_PARAM_PARSED || x < min || x > max) {
        char lo[32], hi[32], expected[96];
        bb_param_number_text_(min, lo, sizeof lo);
        bb_param_number_text_(max, hi, sizeof hi);
        bb_param_expected_(expected, sizeof expected, "a number", min > -DBL_MAX, max < DBL_MAX, lo,
                           hi);
        bb_param_message(err, cap, key, expected, value, v);
        return BB_ERROR;
    }
    *out = x;
    return BB_OK;
}

/* `value` of parameter `key` as a bool into *out (1 or 0), or BB_ERROR with
 * the message. */
static inline bb_status bb_param_value_bool(const char *key, const char *value, int *out, char *err,
                                            size_t cap) {
    int b = 0;
    const bb_param_verdict v = bb_parse_bool(value, &b);
    if (v != BB_PARAM_PARSED) {
        bb_param_message(err, cap, key, "true or false", value, v);
        return BB_ERROR;
    }
    *out = b;
    return BB_OK;
}

/* ------------------------------------------------------------------------ */
/* Reading a parameter of the context                                       */
/* ------------------------------------------------------------------------ */

/* The value of `key` among `count` keys and values (bb_run_context's or
 * bb_setup_context's param_keys and param_values), or NULL. */
static inline const char *bb_param_find(uint32_t count, const char *const *keys,
                                        const char *const *values, const char *key) {
    for (uint32_t i = 0; i < count; ++i)
        if (strcmp(keys[i], key) == 0) return values[i];
    return NULL;
}

/* The value of `key`, or NULL when the context has no such key (a key the
 * workload does not declare). */
static inline const char *bb_param(const bb_run_context *ctx, const char *key) {
    return bb_param_find(ctx->param_count, ctx->param_keys, ctx->param_values, key);
}

/* The value of `key`, or BB_ERROR with "parameter 'KEY' is not declared". */
static inline bb_status bb_param_string(const bb_run_context *ctx, const char *key,
                                        const char **out, char *err, size_t cap) {
    const char *v = bb_param(ctx, key);
    if (v == NULL) {
        if (cap > 0) snprintf(err, cap, "parameter '%s' is not declared", key);
        return BB_ERROR;
    }
    *out = v;
    return BB_OK;
}

/* The int `key` from `min` to `max` (inclusive) into *out, or BB_ERROR with
 * "parameter 'KEY' must be an int from 1 to 256, not '0'" (or "... is not
 * declared"); *out is then unchanged. */
static inline bb_status bb_param_int(const bb_run_context *ctx, const char *key, int64_t min,
                                     int64_t max, int64_t *out, char *err, size_t cap) {
    const char *v = NULL;
    if (bb_param_string(ctx, key, &v, err, cap) != BB_OK) return BB_ERROR;
    return bb_param_value_int(key, v, min, max, out, err, cap);
}

/* The float `key` from `min` to `max` (inclusive) into *out, or BB_ERROR
 * with "parameter 'KEY' must be a number from 0 to 1, not '2'". */
static inline bb_status bb_param_float(const bb_run_context *ctx, const char *key, double min,
                                       double max, double *out, char *err, size_t cap) {
    const char *v = NULL;
    if (bb_param_string(ctx, key, &v, err, cap) != BB_OK) return BB_ERROR;
    return bb_param_value_float(key, v, min, max, out, err, cap);
}

/* The bool `key` into *out as 1 or 0, or BB_ERROR with "parameter 'KEY'
 * must be true or false, not 'maybe'". */
static inline bb_status bb_param_bool(const bb_run_context *ctx, const char *key, int *out,
                                      char *err, size_t cap) {
    const char *v = NULL;
    if (bb_param_string(ctx, key, &v, err, cap) != BB_OK) return BB_ERROR;
    return bb_param_value_bool(key, v, out, err, cap);
}

#ifdef __cplusplus
}
#endif

#endif /* BYTEBENCH_PARAMS_H */
