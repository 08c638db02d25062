// What a worker that dies of a fault says before it dies: one line on
// standard error naming the signal, the address and the plugin call it
// happened in ("bytebench-worker: SIGSEGV at address 0x10 in run() of
// workload test.crash"). The CLI shows a dead copy's last line of output in
// its error, so the result says where the plugin crashed, not only that it
// did. The worker still dies of the same signal afterwards, so the copy is
// recorded as crashed as before.
#pragma once

namespace bytebench::worker {

// The plugin call the worker is in (the phase a fault is reported in).
enum class PluginCall { none, entry, create, run, destroy, describe, write, setup, teardown };

// Installs the handler for SIGSEGV, SIGBUS, SIGILL and SIGFPE, on a stack of
// its own (a stack overflow leaves none). Once, before the plugin is loaded.
void install_fault_report();

// The call the worker enters now, and the workload or reporter it is for
// (nullptr: none). `id` must stay valid until the next call: the plugin's
// descriptor strings do.
void enter_plugin_call(PluginCall call, const char *id);

}  // namespace bytebench::worker
