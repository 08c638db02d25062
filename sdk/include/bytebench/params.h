/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 the bytebench authors */

/*
 * bytebench parameter helpers for C plugins — header-only, C11 (and C++17).
 *
 * Reads a workload's parameters out of its bb_run_context
 * (<bytebench/plugin.h>) and parses them, with a one-line message in the
 * plugin's error buffer when a value does not parse or lies outside the
 * range the workload accepts:
 *
 *   static bb_status my_create(const bb_host *host, const bb_run_context *ctx,
 *                              void **instance, char *err, size_t cap) {
 *       int64_t depth;
 *       if (bb_param_int(ctx, "queue_depth", 1, 256, &depth, err, cap) != BB_OK)
 *           return BB_ERROR;   // err: "parameter 'queue_depth': 0 is out of
 *       ...                    //       range (1 to 256)"
 *   }
 *
 * The host has already checked every value against the declaration (type,
 * choices, min_value and max_value) and filled in the defaults, so these
 * fail only when the code and the declaration disagree; the checks make
 * that one clear message instead of a wrong number.
 *
 * Tags and lifetimes are those of the bb_run_context they read (plugin.h,
 * sections 3 and 6): any thread, during create() and run() (until destroy()
 * returns). No function allocates or keeps a pointer; a returned string is
 * host-owned and lives as long as the context. `err` is the caller's buffer
 * of `cap` bytes (cap may be 0: no message is written).
 */
#ifndef BYTEBENCH_PARAMS_H
#define BYTEBENCH_PARAMS_H

#include <bytebench/plugin.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The value of `key`, or NULL when the context has no such key (a key the
 * workload does not declare). */
static inline const char *bb_param(const bb_run_context *ctx, const char *key) {
    for (uint32_t i = 0; i < ctx->param_count; ++i)
        if (strcmp(ctx->param_keys[i], key) == 0) return ctx->param_values[i];
    return NULL;
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

/* A decimal integer from `min` to `max` (inclusive) into *out, or BB_ERROR
 * with "parameter 'KEY': 'x' is not an integer" or "parameter 'KEY': 0 is
 * out of range (1 to 256)"; *out is then unchanged. */
static inline bb_status bb_param_int(const bb_run_context *ctx, const char *key, int64_t min,
                                     int64_t max, int64_t *out, char *err, size_t cap) {
    const char *v = NULL;
    if (bb_param_string(ctx, key, &v, err, cap) != BB_OK) return BB_ERROR;
    char *end = NULL;
    errno = 0;
    const long long n = strtoll(v, &end, 10);
    if (*v == '\0' || *end != '\0' || errno == ERANGE) {
        if (cap > 0) snprintf(err, cap, "parameter '%s': '%s' is not an integer", key, v);
        return BB_ERROR;
    }
    if (n < min || n > max) {
        if (cap > 0)
            snprintf(err, cap, "parameter '%s': %lld is out of range (%lld to %lld)", key, n,
                     (long long)min, (long long)max);
        return BB_ERROR;
    }
    *out = (int64_t)n;
    return BB_OK;
}

/* A finite number from `min` to `max` (inclusive) into *out, or BB_ERROR
 * with "parameter 'KEY': 'x' is not a number" or "... is out of range". */
static inline bb_status bb_param_float(const bb_run_context *ctx, const char *key, double min,
                                       double max, double *out, char *err, size_t cap) {
    const char *v = NULL;
    if (bb_param_string(ctx, key, &v, err, cap) != BB_OK) return BB_ERROR;
    char *end = NULL;
    const double x = strtod(v, &end);
    if (*v == '\0' || *end != '\0' || !isfinite(x)) {
        if (cap > 0) snprintf(err, cap, "parameter '%s': '%s' is not a number", key, v);
        return BB_ERROR;
    }
    if (x < min || x > max) {
        if (cap > 0)
            snprintf(err, cap, "parameter '%s': %s is out of range (%g to %g)", key, v, min, max);
        return BB_ERROR;
    }
    *out = x;
    return BB_OK;
}

/* "true" or "false" (as the host writes bools) into *out as 1 or 0, or
 * BB_ERROR with "parameter 'KEY': 'x' is not true or false". */
static inline bb_status bb_param_bool(const bb_run_context *ctx, const char *key, int *out,
                                      char *err, size_t cap) {
    const char *v = NULL;
    if (bb_param_string(ctx, key, &v, err, cap) != BB_OK) return BB_ERROR;
    if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0) {
        if (cap > 0) snprintf(err, cap, "parameter '%s': '%s' is not true or false", key, v);
        return BB_ERROR;
    }
    *out = strcmp(v, "true") == 0;
    return BB_OK;
}

#ifdef __cplusplus
}
#endif

#endif /* BYTEBENCH_PARAMS_H */
