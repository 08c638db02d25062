/* Plugins that crash or hang before the host sees a descriptor: while the
 * library is loaded (a static constructor, before dlopen returns) or in the
 * entry function. One source, built four times:
 *   load-crash/load_crash.so    SIGSEGV in a constructor
 *   load-hang/load_hang.so      sleeps forever in a constructor
 *   entry-crash/entry_crash.so  SIGSEGV in bytebench_plugin_entry
 *   entry-hang/entry_hang.so    sleeps forever in bytebench_plugin_entry
 * The describe worker must be killed or reaped, and the plugin reported and
 * skipped. */
#define _POSIX_C_SOURCE 200809L
#include <bytebench/plugin.h>
#include <signal.h>
#include <unistd.h>

static void misbehave(void) {
#if defined(TEST_CRASH)
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
#else
    for (;;) pause();
#endif
}

#if defined(TEST_AT_LOAD)
__attribute__((constructor)) static void on_load(void) { misbehave(); }
#endif

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    (void)host;
    (void)err;
    (void)cap;
    misbehave();
    return NULL;
}
