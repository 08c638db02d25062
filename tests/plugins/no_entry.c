/* no_entry.so: a valid shared library that is not a plugin, because it does
 * not export bytebench_plugin_entry. */
__attribute__((visibility("default"))) int bytebench_not_the_entry(void);

__attribute__((visibility("default"))) int bytebench_not_the_entry(void) { return 42; }
