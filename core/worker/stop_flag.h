// The stop flag (plugin.h section 2), and whether the workload read it after
// the deadline: what the CLI's timeout message says of a copy whose run()
// did not return ("the stop flag was never read" or "read, but run() kept
// going").
//
// How a read is seen: a plain load cannot be hooked, so the flag lives alone
// on a page of its own, registered with userfaultfd (missing-page mode).
// At the deadline the SIGALRM handler stores 1 and drops the page
// (MADV_DONTNEED); the next read of it, by any thread, is a missing-page
// fault that the kernel hands to a watcher process, a child of the worker
// (not a thread: the worker stays single-threaded, see stop_flag.cpp),
// instead of a signal. The watcher fills the page with a copy holding 1 (UFFDIO_COPY),
// which wakes the reader, whose load then sees 1, and sends one
// {"type":"stop_seen"} message. Later reads hit the page as before.
//
// Why not PROT_NONE and SIGSEGV: a thread with SIGSEGV blocked (plugin.h
// recommends starting threads with all signals blocked, and the disk plugin
// does) is killed by the kernel on such a fault instead of running the
// handler; userfaultfd involves no signal, so signal masks, threads and the
// sanitizers (ASAN_OPTIONS=handle_segv=0) do not matter, and the fault
// report for real crashes is untouched.
//
// Where userfaultfd is not allowed (an old kernel, a seccomp profile that
// forbids it, unprivileged_userfaultfd=0 on a kernel older than 5.11), the
// flag is not watched: it works exactly as before and the CLI says it cannot
// tell.
#pragma once

#include <cstdint>

namespace bytebench::worker {

// The flag, on its own page. Maps it on first use: call it once before the
// plugin is loaded, so the mapping is never made from a signal handler.
volatile int32_t *stop_flag();

// Starts watching for reads after the deadline, with a watcher process (a
// child of the worker) that reports on `msg_fd`. False when userfaultfd is not available here.
bool watch_stop_flag(int msg_fd);

// The deadline, from the SIGALRM handler (async-signal-safe): stores 1 and,
// when watched, drops the page so that the next read is seen.
void set_stop_flag_at_deadline();

// After run(): ends the watch (the watcher has sent what it saw when this
// returns, so no message of it can interleave with the result) and stores
// 1. The host's own reads and writes from here on are not the workload's.
void set_stop_flag_after_run();

}  // namespace bytebench::worker
