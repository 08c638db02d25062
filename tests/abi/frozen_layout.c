/* The layout of the frozen ABI 1.0 structs, compiled against the frozen
 * header alone (its own library in CMakeLists.txt), for layout_test.cpp. */
#include "frozen_layout.h"

#include <bytebench/plugin.h>

_Static_assert(BYTEBENCH_ABI_MAJOR == 1 && BYTEBENCH_ABI_MINOR == 0,
               "frozen_layout.c must be compiled against tests/abi/frozen/1.0");

#define ABI_FIELD(T, field) {#T "." #field, offsetof(T, field)},
#define ABI_SIZE(T) {"sizeof " #T, sizeof(T)},

static const frozen_layout_entry entries[] = {
#include "abi_1_0_members.h"
};

const frozen_layout_entry *frozen_layout_1_0(size_t *count) {
    *count = sizeof entries / sizeof entries[0];
    return entries;
}
