/* SPDX-License-Identifier: Apache-2.0 */
/* Copyright 2026 the bytebench authors */

/*
 * bytebench plugin ABI — version 1.4
 *
 * This header IS the specification of the boundary between the bytebench
 * core and its plugins (workloads and reporters). It is C11-clean, has no
 * dependencies beyond <stddef.h> and <stdint.h>, and is compiled as C11 and
 * as C++17 by the test-suite.
 *
 * Linux only. The ABI is built on POSIX processes, signals and timers (fork
 * and exec, SIGALRM, setitimer) plus Linux behaviour the host relies on;
 * there is no Windows or macOS variant.
 *
 * ---------------------------------------------------------------------------
 * 1. Processes and the order of calls
 * ---------------------------------------------------------------------------
 * A plugin is a shared library that exports exactly one symbol,
 * `bytebench_plugin_entry` (see the end of this file). The bytebench CLI
 * never loads it: it starts a fresh `bytebench-worker` process (fork, then
 * exec) for every use, and the worker loads the library (dlopen with
 * RTLD_NOW | RTLD_LOCAL; static initialisers run then) and makes every call.
 * A worker has one of these modes, and calls exactly this, in this order:
 *
 *   describe  read the plugin's descriptors (a new or changed file).
 *             entry; the host reads the descriptors; no other call.
 *   run       one copy of one pass of one workload.
 *             entry, create(), start barrier, run(), destroy().
 *             When create() returns anything but BB_OK, the worker sends
 *             that status and exits: run() and destroy() are NOT called.
 *             Otherwise it waits on the start barrier until every copy of
 *             the pass is ready, starts the stop timer (section 2), calls
 *             run(), sends the result and calls destroy(), whatever run()
 *             returned.
 *   report    render one document (bytebench report, run --format,
 *             compare).
 *             entry, then write() once.
 *   setup     Since 1.2, for a workload with a setup(): once per test, in
 *             each copy-pass, before its first pass.
 *             entry, setup().
 *   teardown  Since 1.2, for a workload with a teardown(): once per test,
 *             after its last pass, also when a pass failed, when setup()
 *             failed, was killed or skipped the test, or the run was
 *             interrupted (but not after SIGKILL of the CLI, nor after a
 *             second interrupt, which ends the CLI at once). Not for a test
 *             skipped before it started (one copy only, a missing
 *             requirement): then setup() was not called either.
 *             entry, teardown().
 * A workload with neither function costs no worker beyond its passes'.
 *
 * Every pass and every copy is a new process: nothing survives from one to
 * the next in memory. What must last across a test's passes (a data set
 * loaded once, a preconditioned file) goes in bb_run_context.test_dir,
 * made by setup() (Since 1.2). After its last call into the plugin the worker unloads the
 * library (dlclose; a C++ plugin's static destructors run then) and exits.
 * The library is loaded once per process and never reloaded.
 *
 * A worker can also end with no further call into the plugin. The CLI
 * stops a pass (another copy failed or was skipped, a time limit passed,
 * the user interrupted the run) with SIGTERM to the worker's process group
 * (the worker leaves it at its default action) and SIGKILL 2 s later. So a
 * copy waiting at the barrier is killed when another copy's create() fails,
 * and a copy in run() when another copy's run() fails. A worker whose
 * barrier read fails exits too. destroy() is not called in any of these
 * cases. A setup or teardown worker that outlives setup_timeout_s, and a
 * setup worker when the user interrupts the run, get SIGKILL at once (there
 * is no timed loop to wind down). After the worker has exited, the host
 * SIGKILLs its process group (the worker leads it) and, in run mode,
 * removes temp_dir() (in setup and teardown mode temp_dir() is the test's
 * directory, removed after teardown()): keep what must be cleaned
 * up in the process, in that group (do not move children out of it) or
 * under temp_dir(). A crash, hang or exit() inside a plugin costs only the
 * test it is running.
 *
 * The worker starts with an empty signal mask and SIGINT, SIGTERM and
 * SIGPIPE at their default actions; stdin is /dev/null, and stdout and
 * stderr go to a pipe of which the CLI keeps only the last 4 KiB (shown
 * when a copy dies without a result); with -v it also shows every line,
 * prefixed "[TEST copy I/N pass K]", and writes it to the run's .log. Output
 * between the start barrier and run()'s return (stdio buffers are flushed
 * after run()) distorts the timing: the CLI warns of it, once per test, and
 * records the warning in the result. Use log() outside run() instead.
 *
 * ---------------------------------------------------------------------------
 * 2. Threads, signals and the stop timer
 * ---------------------------------------------------------------------------
 * The host calls plugin functions only on the worker's main thread (the one
 * that calls bytebench_plugin_entry()), one at a time, never from a signal
 * handler. A plugin may start threads. They may read *ctx->stop_flag and
 * call the host functions tagged any-thread or signal-safe (section 3),
 * nothing else. Every thread a workload starts must have been joined when
 * destroy() returns, or when create() returns a failure: the library is
 * unloaded right after. Reap child processes by then too; the host SIGKILLs
 * whatever is left in the worker's process group. Reap them by pid
 * (waitpid(pid, ...)), never with wait() or waitpid(-1, ...): from before
 * the barrier until run() returns the worker has one child of its own, the
 * process that watches the stop flag (a process, so that the worker stays
 * single-threaded and its system calls cost what UnixBench's do). It stays
 * in the worker's process group: after a killed pass the CLI kills it with
 * the group and does not count it among the processes the workload moved
 * out of the group (which the CLI kills too, and warns of).
 *
 * The timed interval is UnixBench's alarm(). After the barrier the host
 * reads start = now_ns(), sets ctx->deadline_ns = start + duration_ns,
 * installs a SIGALRM handler (sigaction, SA_RESTART, empty sa_mask), arms
 * a one-shot setitimer(ITIMER_REAL) of duration_ns and calls run(). The
 * handler does one thing: it stores 1 into the stop flag. When run()
 * returns, the host disarms the timer and stores 1 itself, so the flag is
 * set during destroy(). Nothing else sets it: a cancelled pass is killed
 * (section 1). Hence, in the worker process:
 *   - SIGALRM, the ITIMER_REAL timer and alarm() belong to the host. Do not
 *     install a SIGALRM handler, call setitimer(ITIMER_REAL) or alarm()
 *     (alarm() and ITIMER_REAL are one timer: either call cancels or moves
 *     the host's), or block SIGALRM in every thread. A child process starts
 *     without the timer (fork does not inherit it) and may use them freely.
 *   - SIGALRM is sent to the process: the kernel runs the handler on any one
 *     thread that does not block it. A blocking call interrupted by it in
 *     that thread is restarted if the kernel restarts that call under
 *     SA_RESTART (read and write on pipes, sockets without a timeout and
 *     terminals, waitpid, ...), and otherwise returns early: EINTR from
 *     poll, select, epoll_wait, nanosleep, clock_nanosleep, pause,
 *     sigsuspend, sockets with SO_RCVTIMEO/SO_SNDTIMEO, ... (signal(7)),
 *     the time left from sleep(). A read or write that had moved some bytes
 *     returns a short count. So in run(): treat EINTR as "check the stop
 *     flag, then retry or stop", and handle short reads and writes. A
 *     thread that must not be interrupted should block SIGALRM; start
 *     threads with all signals blocked (pthread_sigmask around
 *     pthread_create or std::thread) and only the run() thread takes it.
 *   - The stop flag is a naturally aligned `volatile int32_t`, not an
 *     atomic, written with plain stores (0 -> 1, never back). Any thread may
 *     poll it: each read is a single aligned 32-bit load, which sees 0 or 1,
 *     and 1 shortly after the store. It orders no other memory: do not use
 *     it to publish data between threads (use atomics or a mutex).
 *   - The flag is alone on a page of the host's. Where the kernel allows it
 *     (userfaultfd), the host watches that page from the deadline on: the
 *     first read after the deadline, by any thread, waits a few
 *     microseconds while the host notes it, so that a copy that does not
 *     return in time is reported as "read the flag but kept going" or
 *     "never read it". Read the flag with plain loads only: do not hand its
 *     address to a system call (it may fail with EFAULT after the deadline).
 *
 * Async-signal-safe host functions: should_stop() and now_ns() only.
 *
 * ---------------------------------------------------------------------------
 * 3. Tags
 * ---------------------------------------------------------------------------
 * Every function pointer and the entry point carry a tag
 *
 *     [thread; modes: state]
 *
 * thread   main-thread  only on the worker's main thread (section 2), and
 *                       not from a signal handler.
 *          any-thread   on any thread of the worker process, at the same
 *                       time as any other call; not from a signal handler.
 *          signal-safe  any-thread, and async-signal-safe: also from a
 *                       signal handler.
 * modes    the worker modes of section 1 (describe, run, report, setup,
 *          teardown), or "all".
 * state    for a function the plugin provides: when the host calls it and
 *          how often. For a host function: during which plugin calls the
 *          plugin may call it:
 *            entry, create, run, destroy, write, setup, teardown
 *                    during that call;
 *            loaded  from the call to bytebench_plugin_entry() until the
 *                    library is unloaded (section 1).
 *
 * Example: [main-thread; run: create, run] means from the main thread of a
 * run worker, during create() or run().
 *
 * ---------------------------------------------------------------------------
 * 4. Versioning rules
 * ---------------------------------------------------------------------------
 *   - BYTEBENCH_ABI_MAJOR changes only when an existing field or function
 *     changes meaning. Host and plugin majors must be equal; the host refuses
 *     any other major and names both versions in its message.
 *   - BYTEBENCH_ABI_MINOR grows when fields are appended to the END of a
 *     struct. Nothing is ever removed or reordered within a major.
 *   - A field a minor appends starts at or after sizeof() of the struct in
 *     the minor before (after its tail padding, not in it), so that
 *     struct_size tells every writer apart and BB_HAS_FIELD is always
 *     enough. The one exception, kept because 1.3 shipped with it:
 *     bb_requirements.display (1.3) took the tail padding of 1.2's struct;
 *     a reader of it also checks bb_plugin.abi_minor >= 3. The ABI tests
 *     hold every minor to this rule (tests/abi, frozen headers of each
 *     minor).
 *   - Every struct starts with `uint32_t struct_size`, set by whoever fills
 *     the struct to sizeof() of the struct as *it* was compiled. Fill
 *     structs with designated initializers (C) or member by member: fields
 *     a later minor appends then stay 0, without a
 *     -Wmissing-field-initializers warning. A reader
 *     must check BB_HAS_FIELD() before reading a field that was appended
 *     after 1.0, and must ignore any tail it does not know.
 *   - A plugin built against an older minor loads in a newer host.
 *   - A plugin built against a newer minor loads in an older host when its
 *     `min_host_minor` (bb_plugin) is not above the host's minor; the plugin
 *     sets that to the lowest host minor whose features it really needs.
 *
 * History (every addition is marked "Since 1.N" where it is declared):
 *   1.0  first stable version.
 *   1.1  bb_host.record_detail: a workload records facts its numbers depend
 *        on (array size, I/O mode, the instruction set it chose).
 *   1.2  bb_param_desc.choices, min_value and max_value: the values a
 *        parameter allows, checked by the host before any worker starts;
 *        bb_reporter.documents: the documents a reporter renders;
 *        bb_workload.better, metric_count and metrics, with
 *        bb_host.record_metric: a direction for the main value and named
 *        secondary metrics (p99 latency) recorded per copy and pass;
 *        bb_workload.requirements (bb_requirements): what a workload needs
 *        to run, checked before any worker starts;
 *        bb_workload.setup, teardown and setup_timeout_s, with
 *        bb_run_context.test_dir and worker modes setup and teardown:
 *        set-up that lasts across a test's passes.
 *   1.3  bb_requirements.display: the workload needs an X display (the
 *        host gives it one in DISPLAY, or skips it).
 *   1.4  bb_workload.combine: how the copies' values of a pass make the
 *        pass's main value (a lower-is-better value is no longer summed);
 *        bb_requirements.display_info_count and display_info: the
 *        workload's own program that describes the display it is given.
 *
 * ---------------------------------------------------------------------------
 * 5. Types and strings
 * ---------------------------------------------------------------------------
 * Only fixed-width integers, double, pointers and NUL-terminated UTF-8
 * strings cross the boundary. Enumerations are int32_t. No C++ type,
 * exception or allocator crosses it; C++ plugins use <bytebench/plugin.hpp>,
 * which catches every exception at the boundary. Pointers the host passes
 * are non-NULL unless a description says otherwise; pointer arguments a
 * plugin passes to host functions must be non-NULL.
 *
 * ---------------------------------------------------------------------------
 * 6. Ownership and lifetimes (each declaration repeats its own rule)
 * ---------------------------------------------------------------------------
 *   - Plugin-owned, valid and unchanged from the return of
 *     bytebench_plugin_entry() until the library is unloaded: the bb_plugin
 *     table, every bb_workload, bb_reporter and bb_param_desc it reaches,
 *     and the arrays and strings they point to. The host reads them at any
 *     time in between and never writes or frees them. Static storage is the
 *     norm.
 *   - Host-owned: bb_host (until the process exits), host_version and the
 *     strings its functions return (until unload); bb_run_context and
 *     everything it points to (from create() until destroy() returns);
 *     bb_run_result, the error buffers (`char *err, size_t cap`) and the
 *     strings passed to write() (during that call only). The plugin frees
 *     none of them and writes only into bb_run_result and error buffers.
 *   - Error buffers: the plugin writes a UTF-8 message of at most `cap`
 *     bytes including the NUL (cap is BB_ERROR_CAP); the host reads it after
 *     the call returns.
 *   - Strings a plugin passes to a host function are plugin-owned; the host
 *     reads them during the call only and copies what it keeps.
 *   - A workload instance (`void *instance`) is allocated by create() and
 *     released by destroy(); the host passes it on unchanged and never looks
 *     inside it. destroy() is not called after a failed create(), so
 *     create() frees what it allocated before it returns a failure.
 */
#ifndef BYTEBENCH_PLUGIN_H
#define BYTEBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BYTEBENCH_ABI_MAJOR 1
#define BYTEBENCH_ABI_MINOR 4

/* Gives the entry point default visibility in a library built with
 * -fvisibility=hidden (GCC and Clang). */
#define BYTEBENCH_EXPORT __attribute__((visibility("default")))

/* True when the struct pointed to by `p` (of type T) is large enough to hold
 * `field`, i.e. its writer knew about that field. Use it for every field that
 * was appended after the struct's first version. */
#define BB_HAS_FIELD(p, T, field) \
    ((p)->struct_size >= offsetof(T, field) + sizeof(((const T *)0)->field))

/* Size of the error buffers the host hands out. */
#define BB_ERROR_CAP 512

/* Status returned by create(), run() and write():
 *   BB_OK       success.
 *   BB_ERROR    failure; a message is in the error buffer.
 *   BB_SKIPPED  create() or run() only: the test cannot run here (missing
 *               CPU feature, tool, ...); the reason is in the error buffer.
 *               Recorded as "skipped", not as a failure.
 * The host treats any other value as BB_ERROR, and so BB_SKIPPED from
 * write(). */
typedef int32_t bb_status;
#define BB_OK 0
#define BB_ERROR 1
#define BB_SKIPPED 2

typedef int32_t bb_log_level;
#define BB_LOG_DEBUG 0
#define BB_LOG_INFO 1
#define BB_LOG_WARN 2
#define BB_LOG_ERROR 3

/* UnixBench's repeat classes: how many passes a test makes by default.
 * LONG = 10 passes (dhrystone, whetstone, syscall, pipe, context1, ...),
 * SHORT = 3 passes (execl, file copy, spawn, shell). `-i N` on the command
 * line makes LONG = N and SHORT = max(1, (N + 1) / 3). */
typedef int32_t bb_repeat_class;
#define BB_REPEAT_LONG 0
#define BB_REPEAT_SHORT 1

/* ------------------------------------------------------------------------ */
/* Host services                                                            */
/* ------------------------------------------------------------------------ */

/* Filled by the host. Host-owned, valid and unchanged from the call to
 * bytebench_plugin_entry() until the process exits. All function pointers
 * are non-NULL (record_detail and record_metric: when BB_HAS_FIELD says
 * they are there). Each
 * function's tag says from where and when a plugin may call it; every call
 * passes this table as `host`. */
typedef struct bb_host {
    uint32_t struct_size;
    uint16_t abi_major; /* the host's BYTEBENCH_ABI_MAJOR */
    uint16_t abi_minor; /* the host's BYTEBENCH_ABI_MINOR */
    /* The host's version string ("0.1.0"). Host-owned, static. */
    const char *host_version;
    /* Opaque host data; plugins must not touch it. */
    void *host_data;

    /* [main-thread; all: loaded]
     * Writes one line to the run's log. In run mode the CLI writes it, with
     * the test and copy, to the run's `.log` and to the console at the
     * matching verbosity; in setup and teardown mode (Since 1.2) the same,
     * with the test and "(set-up)" or "(teardown)"; in describe and report
     * mode it is dropped. `utf8` is plugin-owned and copied before the call
     * returns; it need not end in a newline. It is a write(2) to a pipe the
     * CLI reads: fine for setup and teardown, NOT for a timed loop. Not safe
     * from other threads: two concurrent messages can interleave and be
     * lost. A line over 4096 bytes is cut at a character boundary and marked
     * ("… [truncated: the line had N bytes]"); the CLI shows the first 20
     * lines of a kind per test (the host's own warnings about the plugin's
     * calls among them) and says how many more it dropped. */
    void (*log)(const struct bb_host *host, bb_log_level level, const char *utf8);

    /* [any-thread; all: loaded]
     * In run mode, a directory private to this copy of this pass, mode
     * 0700, created by the CLI before the worker starts and removed
     * recursively by the CLI once every copy of the pass has exited, even
     * after a crash. In setup and teardown mode (Since 1.2), the test's
     * directory (bb_setup_context.test_dir). NULL when the worker has none
     * (describe and report mode). The string is host-owned, valid until
     * unload. */
    const char *(*temp_dir)(const struct bb_host *host);

    /* [signal-safe; all: loaded]
     * The value of the stop flag (bb_run_context.stop_flag, section 2):
     * non-zero once the stop timer has fired or run() has returned; always
     * 0 in describe and report mode. In tight loops read *ctx->stop_flag
     * instead (one load, no call). */
    int32_t (*should_stop)(const struct bb_host *host);

    /* [signal-safe; all: loaded]
     * clock_gettime(CLOCK_MONOTONIC) in nanoseconds: the clock of
     * deadline_ns and of the host's timing of run(). */
    uint64_t (*now_ns)(const struct bb_host *host);

    /* [main-thread; all: loaded]
     * Reports progress of a long setup or run, `fraction` in [0, 1]. The
     * worker forwards at most one call per 200 ms to the CLI and drops the
     * others; the CLI shows it on its status line during setup() (Since
     * 1.2). Calling it often is harmless but
     * not free (it reads the clock). */
    void (*progress)(const struct bb_host *host, double fraction);

    /* [any-thread; all: loaded]
     * The directory that holds the plugin's shared library, as the CLI
     * found it (an absolute path; a symbolic link is not resolved), so that
     * a plugin can find helper programs or data installed beside it. For a
     * plugin a portable build packaged per ISA level, the folder of its
     * baseline file, not <that folder>/levels/<level>/: helpers and data are
     * installed once, beside the baseline.
     * Host-owned, valid until unload. */
    const char *(*plugin_dir)(const struct bb_host *host);

    /* [main-thread; all: loaded]
     * Optional host features, by versioned string id ("bytebench.x/1");
     * `id` is plugin-owned and read during the call only. Returns NULL when
     * the host does not offer `id`. A non-NULL result points to a host-owned
     * table, laid out as that extension defines, which the host keeps valid
     * and unchanged until unload: the plugin may keep the pointer and call
     * through it (each function with the tag its extension gives), but must
     * not write through it or free it.
     * ABI 1.1 defines no extension; this host returns NULL for every id. */
    const void *(*get_extension)(const struct bb_host *host, const char *id);

    /* Since 1.1. [main-thread; run: entry, create, run]
     * Records a fact this copy's numbers depend on, chosen at run time: the
     * array size it allocated, "O_DIRECT" or "fsync", the instruction set
     * it picked. The result keeps them per test under "details" (one value
     * when every copy and pass agrees; otherwise every distinct value). Call
     * outside the timed loop. The details go out with the result, also with
     * a failed create()'s: a call during destroy(), or in describe, report,
     * setup or teardown mode, is accepted and lost.
     * `key`: [a-z0-9_]+, at most 64 bytes; `value`: UTF-8, at most 1024
     * bytes; both are plugin-owned and copied before the call returns.
     * Recording a key again replaces its value; a host keeps at most 64 keys
     * per copy and ignores invalid ones (and says so in the log).
     * Check BB_HAS_FIELD(host, bb_host, record_detail) before calling, or
     * set bb_plugin.min_host_minor to 1. */
    void (*record_detail)(const struct bb_host *host, const char *key, const char *value);

    /* Since 1.2. [main-thread; run: run]
     * Records this copy's value of one of the workload's declared metrics
     * (bb_workload.metrics) for this pass: a p99 latency, a tail, a count
     * of retries. Call it after the timed loop, before run() returns: the
     * values go out with the result. Recording a key again replaces its
     * value. A copy that records nothing for a metric has no value for it
     * in that pass; the pass's value combines the copies that did
     * (bb_metric_desc.combine).
     * `key` (plugin-owned, read during the call) must be a declared metric
     * key, and `value` a finite number: otherwise the host records the
     * pass as an error of the test naming the key ("metric 'p99_us': nan
     * is not a finite number", "metric 'p98_us' is not declared by workload
     * 'x'; it declares p50_us, p99_us"), and the other tests and passes of
     * the run are kept. Outside run() (or in a worker
     * of another mode) the call is ignored and says so in the log.
     * Check BB_HAS_FIELD(host, bb_host, record_metric) before calling, or
     * set bb_plugin.min_host_minor to 2. */
    void (*record_metric)(const struct bb_host *host, const char *key, double value);
} bb_host;

/* ------------------------------------------------------------------------ */
/* Workloads                                                                */
/* ------------------------------------------------------------------------ */

/* One parameter a workload accepts. Plugin-owned, valid until unload. Suite
 * files and the command line give values as strings; the CLI checks them
 * against `type`, `choices` and the bounds before it starts any worker, and
 * refuses a plugin whose descriptor breaks a rule below when it loads. */
typedef struct bb_param_desc {
    uint32_t struct_size;
    const char *key;           /* [a-z0-9_]+, unique within the workload */
    const char *type;          /* "int", "float", "bool" or "string" */
    const char *default_value; /* as a string, e.g. "1024"; never NULL */
    const char *help;          /* one line; may be "" */
    /* Since 1.2. The only values allowed, or choice_count 0 and choices
     * NULL for any value of `type`. Each is a value of `type`, no two alike,
     * and default_value is one of them; none on a "bool" (whose values are
     * "true" and "false"). */
    uint32_t choice_count;
    const char *const *choices;
    /* Since 1.2. Inclusive bounds of an "int" or "float" parameter, written
     * as values of its type ("1", "0.5"); NULL for no bound on that side
     * (and always NULL for "bool" and "string"). min_value <= max_value, and
     * default_value lies between them. */
    const char *min_value;
    const char *max_value;
} bb_param_desc;

/* Since 1.2. Which way a number is better: the main value's direction
 * (bb_workload.better) and each metric's. Comparisons call a change
 * "better" or "worse" by it, and the regression gate (`compare
 * --fail-if-worse PCT`) fails on a worse change only. */
typedef int32_t bb_direction;
#define BB_HIGHER_IS_BETTER 0 /* throughput, operations per second */
#define BB_LOWER_IS_BETTER 1  /* latency, time, energy */

/* Since 1.2. How the values the copies of one pass recorded for a metric
 * become the pass's value; since 1.4 also the main value's
 * (bb_workload.combine). */
typedef int32_t bb_combine;
#define BB_COMBINE_SUM 0  /* e.g. bytes moved by every copy, a rate */
#define BB_COMBINE_MEAN 1 /* e.g. a median latency */
#define BB_COMBINE_MIN 2
#define BB_COMBINE_MAX 3 /* e.g. the worst copy's p99 latency */

/* Most metrics one workload may declare. */
#define BB_MAX_METRICS 32

/* Since 1.2. A secondary number a workload measures besides its main value,
 * declared up front and recorded per copy and pass with
 * bb_host.record_metric(). The host treats it as it treats the main value:
 * per-pass values and statistics across passes in the result, shown in
 * every report, compared with significance and gated by --fail-if-worse,
 * each respecting `better`. A metric is not scored and has no index.
 * Plugin-owned, valid until unload. The host refuses a plugin whose metric
 * breaks a rule below when it loads, naming workload and key. */
typedef struct bb_metric_desc {
    uint32_t struct_size;
    const char *key;     /* [a-z0-9_]+, at most 64 bytes, unique within the
                          * workload: "p99_us" */
    const char *name;    /* display name, "p99 latency"; "" = the key */
    const char *unit;    /* as printed in reports, "us"; may be "" */
    bb_direction better; /* BB_HIGHER_IS_BETTER or BB_LOWER_IS_BETTER */
    bb_combine combine;  /* BB_COMBINE_* */
} bb_metric_desc;

/* Since 1.2. What a workload needs to run. The CLI checks it before it
 * starts any worker of the test: when something is missing the test is
 * recorded as skipped with the reason ("needs CPU feature avx512_vnni"),
 * `list` marks it, and `run --fail-on-skip` exits non-zero. Plugin-owned,
 * valid until unload; every member 0 or NULL means "nothing". */
typedef struct bb_requirements {
    uint32_t struct_size;
    /* CPU features, every one needed, named as in the "flags" line of
     * /proc/cpuinfo ("avx512f", "avx512_vnni", "sha_ni"); [a-z0-9_]+. */
    uint32_t cpu_feature_count;
    const char *const *cpu_features;
    /* Free space in the temp folder, in bytes, per copy. */
    uint64_t temp_space_bytes;
    /* Available memory (MemAvailable), in bytes, per copy. */
    uint64_t memory_bytes;
    /* Programs that must be found on PATH ("fio", "sh"), every one needed. */
    uint32_t tool_count;
    const char *const *tools;
    /* Non-zero: must run as root (effective uid 0). */
    uint32_t root;
    /* Since 1.3. Non-zero: needs an X display. The host gives the workers
     * one in DISPLAY (the caller's $DISPLAY, `run --display :N`, or a
     * private Xvfb it starts for the run) or skips the test with the
     * reason. A 1.2 host ignores it: set min_host_minor to 3, or skip in
     * create() when DISPLAY is unset.
     * This member sits in what was the tail padding of 1.2's struct, so
     * struct_size is the same for both: BB_HAS_FIELD alone cannot tell a
     * 1.2 writer from a 1.3 one. A reader also checks that the plugin was
     * built for 1.3 or later (bb_plugin.abi_minor >= 3). */
    uint32_t display;
    /* Since 1.4. With `display`: the workload's own program that describes
     * the display it is given, which the result records (system.display).
     * display_info_count entries: display_info[0] is the program's path
     * relative to the plugin's folder (bb_host.plugin_dir), without "..";
     * the others are its arguments ("graphics.d/ubgears", "-info"). The CLI
     * runs it once per run, with DISPLAY set, before the first test that
     * needs the display, and for at most 20 s. It prints `key: value`
     * lines; the host reads x_server_vendor, x_server_release, screen,
     * gl_vendor, gl_renderer and gl_version, and records what it lacks as
     * unknown. Its exit status and other lines are ignored. When several
     * tests of a run declare one, the first test's is run. 0 and NULL: the
     * result names the display and its source only. */
    uint32_t display_info_count;
    const char *const *display_info;
} bb_requirements;

/* Describes the copy being run. Host-owned; the same pointer is passed to
 * create() and run(), and it and everything it points to stay valid until
 * destroy() returns; any thread may read them meanwhile (deadline_ns once
 * run() has been called). The host writes deadline_ns between create() and
 * run(); the plugin writes nothing. */
typedef struct bb_run_context {
    uint32_t struct_size;
    uint32_t copy_index; /* 0 .. copy_count-1 */
    uint32_t copy_count; /* copies running this test at the same time */
    uint32_t pass_index; /* 0-based pass number of this test */
    /* Length of the timed interval: the delay of the stop timer. */
    uint64_t duration_ns;
    /* now_ns() value at which the timed interval ends: start + duration_ns,
     * start being now_ns() read after the barrier, just before run() is
     * called (section 2). 0 during create(). The stop flag is not set
     * before it. */
    uint64_t deadline_ns;
    /* The stop flag (section 2): 0 until the stop timer fires after
     * duration_ns (the host's SIGALRM handler stores 1), and 1 after run()
     * has returned. Poll it in the timed loop, from the run() thread or any
     * other: this is the UnixBench alarm() flag. Cancelling a pass does not
     * set it; the worker is killed instead. */
    const volatile int32_t *stop_flag;
    /* Parameters after validation, every declared key present (defaults
     * filled in), in declaration order. Arrays and strings are host-owned. */
    uint32_t param_count;
    const char *const *param_keys;
    const char *const *param_values;
    /* Since 1.2. A directory private to this test in this copy-pass, mode
     * 0700: made by the CLI before setup() (or the first pass, when the
     * workload has no setup()) and removed recursively after teardown() (or
     * the last pass). Every copy of every pass of the test sees the same
     * one, and so does setup() (through bb_setup_context): what setup()
     * puts there is there for every pass. Copies of one pass share it: a
     * copy that writes there names its files by copy_index. The CLI always
     * gives one; a run worker started by hand without --test-dir passes its
     * --temp-dir here (NULL without either), and a host older than 1.2 has
     * no such field (check BB_HAS_FIELD). */
    const char *test_dir;
} bb_run_context;

/* Since 1.2. What setup() and teardown() are given. Host-owned, valid
 * during the call. */
typedef struct bb_setup_context {
    uint32_t struct_size;
    uint32_t copy_count; /* copies each pass of the test will run */
    uint32_t pass_count; /* passes planned (--quick may stop earlier) */
    /* The test's directory: bb_run_context.test_dir of its passes. */
    const char *test_dir;
    /* The test's parameters, as bb_run_context gives them. */
    uint32_t param_count;
    const char *const *param_keys;
    const char *const *param_values;
} bb_setup_context;

/* What run() reports. Host-owned, valid during run(). When run() is called,
 * struct_size is set, count and elapsed_ns are 0, and error is empty unless
 * create() wrote into its err buffer and still returned BB_OK. */
typedef struct bb_run_result {
    uint32_t struct_size;
    /* Work completed inside the timed interval, in the workload's counting
     * unit (loops, bytes/256, ...). When the workload's time_base_s is 0,
     * this is already the value (a rate such as MWIPS, a latency). The
     * copies' counts are combined by bb_workload.combine (summed for a
     * higher-is-better value, unless it says otherwise).
     * A finite number, 0 or more: with BB_OK, a NaN, an infinity or a
     * negative count makes the pass an error of the test ("the count the
     * workload returned: nan is not a finite number"). */
    double count;
    /* The interval the count belongs to, in ns. Leave 0 and the host uses
     * the wall time from start (see deadline_ns) until run() returned
     * (UnixBench's `elapsed`). Set it when run() does untimed work (warm-up)
     * before the measured phase. */
    uint64_t elapsed_ns;
    /* UTF-8, NUL-terminated; filled on BB_ERROR and BB_SKIPPED. */
    char error[BB_ERROR_CAP];
} bb_run_result;

/* Workload flags. */
#define BB_WORKLOAD_SINGLE_COPY 0x1u /* never run with more than one copy */
#define BB_WORKLOAD_NEEDS_DISK 0x2u  /* writes files under temp_dir */

/* A workload's static description and entry points. Plugin-owned, valid
 * and unchanged until unload. */
typedef struct bb_workload {
    uint32_t struct_size;
    /* Stable identifier: [a-z0-9][a-z0-9._-]*, unique across all loaded
     * plugins. UnixBench tests keep UnixBench's names ("syscall"). The host
     * refuses a plugin whose id breaks the rule; when two plugins provide
     * the same workload or reporter id, the first-party one (from the
     * install's own plugin folder), else the one found first, wins, and the
     * other plugin is refused as a whole. */
    const char *id;
    const char *name;        /* display name, e.g. "System Call Overhead" */
    const char *description; /* one or two sentences */
    const char *category;    /* "system", "misc", "memory", ... */
    const char *unit;        /* as printed in reports: "lps", "KBps", ... */
    /* Algorithm version. Change it whenever a change can move the numbers;
     * results of different versions are flagged as not comparable. */
    const char *version;
    /* How count relates to time: 1 = count per second, 60 = per minute,
     * 0 = count is already a rate (UnixBench's "timebase"). */
    uint32_t time_base_s;
    bb_repeat_class repeat;    /* default number of passes */
    double default_duration_s; /* length of one timed pass, 0.001 to 86400 s */
    /* Reference value for the index (index = value / baseline * 10), used
     * only when the suite does not give one. 0 = no baseline; finite and not
     * negative, or the plugin does not load. */
    double baseline;
    uint32_t flags; /* BB_WORKLOAD_* */
    /* Upper bound of processes one copy creates at once, itself included
     * (1 for a single-process test); the scheduler checks process limits
     * with it before a pass. */
    uint32_t processes_per_copy;
    uint32_t param_count;
    /* param_count entries; NULL if none. An array of bb_param_desc as the
     * plugin was compiled: the host steps through it by params[0].struct_size
     * (every entry has the same struct_size), so an array built against an
     * older minor, with smaller entries, is read correctly. */
    const bb_param_desc *params;

    /* [main-thread; run: once, after entry, before the start barrier]
     * Untimed setup of this copy for this pass. ctx: see bb_run_context
     * (deadline_ns and the stop flag are 0). Store the instance in
     * *instance, which the host set to NULL (it may stay NULL). On failure
     * return BB_ERROR or BB_SKIPPED with a message in err[cap] (host-owned,
     * valid during the call). On anything but BB_OK the host ignores
     * *instance and calls neither run() nor destroy(): release everything
     * acquired here (memory, descriptors, threads, child processes, files
     * outside temp_dir) before returning. */
    bb_status (*create)(const bb_host *host, const bb_run_context *ctx, void **instance, char *err,
                        size_t cap);
    /* [main-thread; run: at most once, after create() returned BB_OK and
     *  every copy passed the start barrier]
     * The timed pass. `instance` is what create() stored, possibly NULL. The
     * stop timer is running (section 2) and the host times the call. Runs
     * until *ctx->stop_flag becomes non-zero (or until its own work is
     * done), then fills `result` (host-owned, valid during the call; see
     * bb_run_result) and returns; on BB_ERROR or BB_SKIPPED the message goes
     * in result->error. Blocking calls may fail with EINTR or return short
     * (section 2). */
    bb_status (*run)(void *instance, const bb_host *host, const bb_run_context *ctx,
                     bb_run_result *result);
    /* [main-thread; run: at most once, after run() returned]
     * Releases the instance, whatever run() returned: `instance` is what
     * create() stored, possibly NULL. The stop flag is non-zero and the
     * result already sent. Not called after a failed create(), nor when the
     * worker is killed or the barrier fails (section 1). Every thread of
     * this copy must have been joined when it returns (section 2). May be
     * NULL when there is nothing to release. */
    void (*destroy)(void *instance);

    /* Since 1.2. Which way the main value (count per time_base_s, and the
     * index) is better: BB_HIGHER_IS_BETTER (0, and every workload built
     * before 1.2) or BB_LOWER_IS_BETTER. For a lower-is-better value with a
     * baseline the index is baseline / value * 10, so that a higher index
     * is better for every test. How copies combine: `combine` (1.4). */
    bb_direction better;
    /* Since 1.2. metric_count (at most BB_MAX_METRICS) entries, stepped
     * through by metrics[0].struct_size as params are; NULL if none. */
    uint32_t metric_count;
    const bb_metric_desc *metrics;
    /* Since 1.2. What the workload needs to run; NULL for nothing. */
    const bb_requirements *requirements;

    /* Since 1.2. [main-thread; setup: once, after entry]
     * Optional (NULL for none). Prepares what the test's passes share,
     * once per test in each copy-pass, before the first pass, in a worker of
     * its own: precondition an SSD, generate or load a data set into
     * ctx->test_dir. Untimed; may take up to setup_timeout_s, and should
     * report progress (bb_host.progress), which the CLI shows ("fstime (1
     * copy): set-up 42%"). The stop flag is never set; a setup that
     * outlives its limit is killed and the test recorded as an error
     * ("set-up did not finish within 600 s"), and so is one still running
     * when the user interrupts the run ("interrupted").
     * Return BB_OK, or BB_ERROR or BB_SKIPPED with a message in err[cap]:
     * the test is then recorded with that status and message (an error as
     * "set-up failed: <message>", a skip with the message as it is) and
     * none of its passes runs, but teardown() is still called; as it is
     * after a killed or crashed setup(). */
    bb_status (*setup)(const bb_host *host, const bb_setup_context *ctx, char *err, size_t cap);
    /* Since 1.2. [main-thread; teardown: once, after entry]
     * Optional (NULL for none). Undoes what setup() did outside test_dir
     * (test_dir itself is removed by the CLI afterwards), once per test
     * after its last pass, in a worker of its own, whatever the passes or
     * setup() returned; within setup_timeout_s. A teardown() that fails
     * (crashes, outlives the limit: it is killed) is a warning in the log,
     * not a failure of the test; there is no status to return. */
    void (*teardown)(const bb_host *host, const bb_setup_context *ctx);
    /* Since 1.2. Time limit of setup() and of teardown(), each, in seconds:
     * 0 for the default, 600 s; at most 86400. */
    double setup_timeout_s;

    /* Since 1.4. How the copies of one pass make the pass's main value
     * (BB_COMBINE_*): the copies' counts are combined, then turned into a
     * rate by time_base_s over the copies' mean time. 0, and every workload
     * built before 1.4, means by direction: BB_COMBINE_SUM for a
     * higher-is-better value (UnixBench's sum of the copies' rates, which
     * its index is made of) and BB_COMBINE_MEAN for a lower-is-better one
     * (a latency of 3 us in each of 2 copies is 3 us, not 6). So a
     * lower-is-better main value is never summed; give BB_COMBINE_MAX for
     * the worst copy, BB_COMBINE_MIN for the best. The result records the
     * combine used ("combine" of each test). A value outside BB_COMBINE_*
     * and the plugin does not load. Hosts before 1.4 sum every main value. */
    bb_combine combine;
} bb_workload;

/* ------------------------------------------------------------------------ */
/* Reporters                                                                */
/* ------------------------------------------------------------------------ */

/* The documents a reporter renders (bb_reporter.documents). */
#define BB_DOCUMENT_RESULT 0x1u     /* "bytebench.result/1" */
#define BB_DOCUMENT_COMPARISON 0x2u /* "bytebench.comparison/2" (/1 before 1.2) */

/* An output format. Plugin-owned, valid and unchanged until unload. */
typedef struct bb_reporter {
    uint32_t struct_size;
    const char *id;             /* format name on the command line: "text";
                                 * [a-z0-9][a-z0-9._-]*, unique as workload
                                 * ids are */
    const char *name;           /* display name */
    const char *description;    /* one line */
    const char *file_extension; /* without the dot: "txt", "json" */

    /* [main-thread; report: once, after entry]
     * Writes one report of one document. `result_json` is one UTF-8 JSON
     * object of `len` bytes (NUL-terminated as well); host-owned, valid
     * during the call. Its "schema" member names the document:
     *   "bytebench.result/1"      a run's result: `bytebench report`,
     *                             `bytebench run --format`;
     *                             docs/result-schema.md.
     *   "bytebench.comparison/2"  runs side by side: `bytebench compare`;
     *                             docs/comparison-schema.md. /2 (since
     *                             1.2) judges changes "better"/"worse"
     *                             by each number's direction and adds
     *                             metric rows; hosts before 1.2 wrote /1.
     * A later minor may write ".../1.N" or ".../2.N" (read it as its
     * major); another major is another format.
     * The host adds a "render" member (the options of this rendering). A
     * reporter must read "schema" and return BB_ERROR, with a message naming
     * the schema, for a document it does not render (another kind or
     * another major), and must ignore members it does not know.
     * `out_path` (host-owned, valid during the call): the file to create or
     * truncate; NULL means standard output, which happens only when the
     * worker is run by hand with `--out -`. The CLI always passes a
     * temporary name beside the destination, renames it into place after
     * write() returned BB_OK and removes it otherwise (a report for the
     * terminal is printed from that file), so the reporter need not write
     * atomically. Its own stdout and stderr are captured, not shown.
     * Return BB_OK, or BB_ERROR with a message in err[cap] (host-owned,
     * valid during the call). */
    bb_status (*write)(const bb_host *host, const char *result_json, size_t len,
                       const char *out_path, char *err, size_t cap);
    /* Since 1.2. The documents write() renders: BB_DOCUMENT_* or'ed. The
     * host sends no other kind: `compare --format F` with a reporter that
     * renders results only is refused before any worker starts, naming the
     * formats that render comparisons, and `plugins` lists what each
     * reporter renders. 0, and a reporter built before 1.2: both kinds
     * (write() then refuses what it does not render, as above). */
    uint32_t documents;
} bb_reporter;

/* ------------------------------------------------------------------------ */
/* The plugin                                                               */
/* ------------------------------------------------------------------------ */

/* What the entry point returns. Plugin-owned, valid and unchanged until
 * unload, as is everything it points to. */
typedef struct bb_plugin {
    uint32_t struct_size;
    uint16_t abi_major;      /* BYTEBENCH_ABI_MAJOR the plugin was built with */
    uint16_t abi_minor;      /* BYTEBENCH_ABI_MINOR the plugin was built with */
    uint16_t min_host_minor; /* lowest host minor the plugin works with */
    uint16_t reserved;       /* 0 */
    /* Reverse-DNS style, e.g. "org.bytebench.system"; follows the rule of
     * workload ids, [a-z0-9][a-z0-9._-]*, or the plugin does not load. */
    const char *id;
    const char *name; /* display name */
    const char *vendor;
    const char *version; /* the plugin's own version */
    uint32_t workload_count;
    const bb_workload *const *workloads; /* workload_count entries */
    uint32_t reporter_count;
    const bb_reporter *const *reporters; /* reporter_count entries */
    /* How the plugin was built: compiler, version and the flags of its
     * workload code, e.g. "gcc 12.2.0 -O3 -ffast-math -march=native". The
     * host copies it into every result, because UnixBench's numbers depend
     * on it. May be NULL or "". BYTEBENCH_BUILD_INFO (below) says it. */
    const char *build_info;
} bb_plugin;

/* What bb_plugin.build_info says by default (bytebench::Plugin sets it; a
 * C plugin writes `.build_info = BYTEBENCH_BUILD_INFO`): the compiler, its
 * version and BYTEBENCH_BUILD_FLAGS. bytebench_add_plugin() (the SDK's
 * CMake package) defines BYTEBENCH_CMAKE_BUILD_FLAGS to the flags the
 * target is compiled with (CMAKE_<LANG>_FLAGS, those of the build type and
 * the target's compile options); a build that defines BYTEBENCH_BUILD_FLAGS
 * itself (the flags of its workload code alone, say) overrides them. The
 * host collapses the blanks this leaves. */
#if !defined(BYTEBENCH_BUILD_FLAGS) && defined(BYTEBENCH_CMAKE_BUILD_FLAGS)
#define BYTEBENCH_BUILD_FLAGS BYTEBENCH_CMAKE_BUILD_FLAGS
#endif
#ifndef BYTEBENCH_BUILD_FLAGS
#define BYTEBENCH_BUILD_FLAGS ""
#endif
#if defined(__clang__)
#define BYTEBENCH_BUILD_INFO "clang " __clang_version__ " " BYTEBENCH_BUILD_FLAGS
#elif defined(__GNUC__)
#define BYTEBENCH_BUILD_INFO "gcc " __VERSION__ " " BYTEBENCH_BUILD_FLAGS
#else
#define BYTEBENCH_BUILD_INFO "unknown compiler " BYTEBENCH_BUILD_FLAGS
#endif

/* [main-thread; all: once per process, before any other call]
 * The one exported function. In run mode the process is already pinned to
 * its CPU when copies are pinned, and temp_dir() is available. `host` is
 * host-owned and valid until the process exits; err[cap] is host-owned and
 * valid during the call.
 * Return the plugin's table, or NULL after writing the reason into err[cap]
 * (for example: this plugin needs host minor 3, the host offers 1). A
 * plugin should refuse a host whose abi_major differs from its own. The host
 * refuses the plugin when it returns NULL, and a table whose major differs,
 * whose min_host_minor is above the host's minor or whose descriptors are
 * malformed; it then makes no other call. */
typedef const bb_plugin *(*bb_plugin_entry_fn)(const bb_host *host, char *err, size_t cap);

#define BYTEBENCH_PLUGIN_ENTRY_SYMBOL "bytebench_plugin_entry"

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* BYTEBENCH_PLUGIN_H */
