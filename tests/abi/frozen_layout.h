/* Offsets and sizes of the ABI 1.0 structs as the frozen 1.0 header lays
 * them out: "bb_host.log" -> offsetof, "sizeof bb_host" -> sizeof. */
#ifndef BYTEBENCH_TESTS_FROZEN_LAYOUT_H
#define BYTEBENCH_TESTS_FROZEN_LAYOUT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct frozen_layout_entry {
    const char *what;
    size_t value;
} frozen_layout_entry;

const frozen_layout_entry *frozen_layout_1_0(size_t *count);

#ifdef __cplusplus
}
#endif

#endif
