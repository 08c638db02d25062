/* Every struct of the plugin.h on the include path, in this object's debug
 * information (compiled with -g -fno-eliminate-unused-debug-types), for
 * check_layout.py, which reads each minor's layout from it. Compiled once
 * per frozen header (tests/abi/frozen/1.N) and once against the SDK's. */
#include <bytebench/plugin.h>

/* Which header this object was built from, for the checker's messages. */
const int bytebench_layout_probe_minor = BYTEBENCH_ABI_MINOR;
