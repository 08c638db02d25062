/* The fsync-latency workload, written in plain C (fsync_latency.c); the
 * vector plugin adds it beside its C++ workload with Plugin::add(). */
#ifndef VENDOR_FSYNC_LATENCY_H
#define VENDOR_FSYNC_LATENCY_H

#include <bytebench/plugin.h>

#ifdef __cplusplus
extern "C" {
#endif

extern const bb_workload fsync_latency_workload;

#ifdef __cplusplus
}
#endif

#endif
