/*
 * bytebench plugin ABI — version 1.1
 *
 * This header IS the specification of the boundary between the bytebench
 * core and its plugins (workloads and reporters). It is C11-clean, has no
 * dependencies beyond <stddef.h> and <stdint.h>, and is compiled as C11 and
 * as C++17 by the test-suite.
 *
 * ---------------------------------------------------------------------------
 * 1. Loading
 * ---------------------------------------------------------------------------
 * A plugin is a shared library that exports exactly one symbol,
 * `bytebench_plugin_entry` (see the end of this file). The host never calls
 * plugin code in its own (CLI) process: it loads plugins inside short-lived
 * worker processes, one per copy of a test, one to describe a plugin, and one
 * per report. A plugin may therefore assume:
 *   - it is loaded once per process and never unloaded;
 *   - every call into it happens on the worker's main thread (no call is made
 *     concurrently with another);
 *   - a crash, hang or exit inside it costs only the test it was running.
 *
 * ---------------------------------------------------------------------------
 * 2. Versioning rules
 * ---------------------------------------------------------------------------
 *   - BYTEBENCH_ABI_MAJOR changes only when an existing field or function
 *     changes meaning. Host and plugin majors must be equal; the host refuses
 *     any other major and names both versions in its message.
 *   - BYTEBENCH_ABI_MINOR grows when fields are appended to the END of a
 *     struct. Nothing is ever removed or reordered within a major.
 *   - Every struct starts with `uint32_t struct_size`, set by whoever fills
 *     the struct to sizeof() of the struct as *it* was compiled. A reader
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
 *
 * ---------------------------------------------------------------------------
 * 3. Types and strings
 * ---------------------------------------------------------------------------
 * Only fixed-width integers, double, pointers and NUL-terminated UTF-8
 * strings cross the boundary. Enumerations are int32_t. No C++ type,
 * exception or allocator crosses it; C++ plugins use <bytebench/plugin.hpp>,
 * which catches every exception at the boundary.
 *
 * ---------------------------------------------------------------------------
 * 4. Ownership (summary; each field repeats its own rule)
 * ---------------------------------------------------------------------------
 *   - Descriptors (bb_plugin, bb_workload, bb_reporter, bb_param_desc) and all
 *     strings they point to are owned by the plugin and must stay valid and
 *     unchanged until the process exits (static storage is the norm).
 *   - bb_host, bb_run_context and every string they hand out are owned by the
 *     host; they are valid for the duration noted on each field.
 *   - Error buffers (`char *err, size_t cap`) and bb_run_result are owned by
 *     the host; the plugin writes at most `cap` bytes including the NUL.
 *   - A workload instance (`void *instance`) is allocated by create() and
 *     released by destroy(); the host never looks inside it.
 */
#ifndef BYTEBENCH_PLUGIN_H
#define BYTEBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BYTEBENCH_ABI_MAJOR 1
#define BYTEBENCH_ABI_MINOR 1

#if defined(_WIN32)
#define BYTEBENCH_EXPORT __declspec(dllexport)
#else
#define BYTEBENCH_EXPORT __attribute__((visibility("default")))
#endif

/* True when the struct pointed to by `p` (of type T) is large enough to hold
 * `field`, i.e. its writer knew about that field. Use it for every field that
 * was appended after the struct's first version. */
#define BB_HAS_FIELD(p, T, field) \
    ((p)->struct_size >= offsetof(T, field) + sizeof(((const T *)0)->field))

/* Size of the error buffers the host hands out. */
#define BB_ERROR_CAP 512

/* Status returned by create(), run() and write(). */
typedef int32_t bb_status;
#define BB_OK 0    /* success */
#define BB_ERROR 1 /* failure; a message is in the error buffer */
#define BB_SKIPPED                                         \
    2 /* cannot run here (missing CPU feature, tool, ...); \
       * the reason is in the error buffer. Not a failure. */

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

/* Filled by the host; valid from the call to bytebench_plugin_entry() until
 * the process exits. Every function may be called from the worker's main
 * thread only, unless stated otherwise. All function pointers are non-NULL. */
typedef struct bb_host {
    uint32_t struct_size;
    uint16_t abi_major; /* the host's BYTEBENCH_ABI_MAJOR */
    uint16_t abi_minor; /* the host's BYTEBENCH_ABI_MINOR */
    /* The host's version string ("0.1.0"). Host-owned, static. */
    const char *host_version;
    /* Opaque host data; plugins must not touch it. */
    void *host_data;

    /* Writes one line to the run's log (the `.log` beside the results, and
     * the console at the matching verbosity). `utf8` is copied before the
     * call returns; it need not end in a newline. Cheap enough for setup and
     * teardown, NOT for a timed loop. */
    void (*log)(const struct bb_host *host, bb_log_level level, const char *utf8);

    /* A directory private to this copy of this test, mode 0700, created
     * before create() and removed recursively by the host after the worker
     * has exited, even when it crashed. Returns NULL when no test is running
     * (while describing or reporting). The string is host-owned and valid
     * until the process exits. */
    const char *(*temp_dir)(const struct bb_host *host);

    /* Non-zero once the timed interval is over or the run was cancelled.
     * Equivalent to reading *bb_run_context.stop_flag; prefer the flag in
     * tight loops (one load, no call). Async-signal-safe. */
    int32_t (*should_stop)(const struct bb_host *host);

    /* CLOCK_MONOTONIC in nanoseconds. Async-signal-safe. */
    uint64_t (*now_ns)(const struct bb_host *host);

    /* Reports progress of a long setup or run, `fraction` in [0, 1]. It is
     * rate-limited by the host; calling it often is harmless but not free. */
    void (*progress)(const struct bb_host *host, double fraction);

    /* Directory that holds the plugin's shared library, so that a plugin can
     * find helper programs or data installed beside it. Host-owned, valid
     * until the process exits. */
    const char *(*plugin_dir)(const struct bb_host *host);

    /* Optional host features, by versioned string id ("bytebench.x/1").
     * Returns NULL when the host does not offer `id`. ABI 1.0 defines none. */
    const void *(*get_extension)(const struct bb_host *host, const char *id);

    /* Since 1.1. Records a fact this copy's numbers depend on, chosen at run
     * time: the array size it allocated, "O_DIRECT" or "fsync", the
     * instruction set it picked. The result keeps them per test under
     * "details" (one value when every copy and pass agrees; otherwise every
     * distinct value). Call from create() or run(), outside the timed loop.
     * `key`: [a-z0-9_]+, at most 64 bytes; `value`: UTF-8, at most 1024
     * bytes; both are copied before the call returns. Recording a key again
     * replaces its value; a host keeps at most 64 keys per copy and ignores
     * invalid ones (and says so in the log).
     * Check BB_HAS_FIELD(host, bb_host, record_detail) before calling, or
     * set bb_plugin.min_host_minor to 1. */
    void (*record_detail)(const struct bb_host *host, const char *key, const char *value);
} bb_host;

/* ------------------------------------------------------------------------ */
/* Workloads                                                                */
/* ------------------------------------------------------------------------ */

/* One parameter a workload accepts. Suite files and the command line give
 * values as strings; the host checks them against `type` before create(). */
typedef struct bb_param_desc {
    uint32_t struct_size;
    const char *key;           /* [a-z0-9_]+, unique within the workload */
    const char *type;          /* "int", "float", "bool" or "string" */
    const char *default_value; /* as a string, e.g. "1024"; never NULL */
    const char *help;          /* one line; may be "" */
} bb_param_desc;

/* Describes the copy being run. Host-owned; the same pointer is passed to
 * create() and run() and is valid until destroy() returns. */
typedef struct bb_run_context {
    uint32_t struct_size;
    uint32_t copy_index; /* 0 .. copy_count-1 */
    uint32_t copy_count; /* copies running this test at the same time */
    uint32_t pass_index; /* 0-based pass number of this test */
    /* Length of the timed interval. */
    uint64_t duration_ns;
    /* now_ns() value at which the timed interval ends. 0 during create();
     * set just before run() is called. */
    uint64_t deadline_ns;
    /* Becomes non-zero (from a signal handler) when the timed interval is
     * over or the run is cancelled. Poll it in the timed loop: this is the
     * UnixBench alarm() flag. Valid until destroy() returns. */
    const volatile int32_t *stop_flag;
    /* Parameters after validation, every declared key present (defaults
     * filled in), in declaration order. Arrays and strings are host-owned. */
    uint32_t param_count;
    const char *const *param_keys;
    const char *const *param_values;
} bb_run_context;

/* What run() reports. Host-owned, zero-filled (struct_size set) before each
 * run() call. */
typedef struct bb_run_result {
    uint32_t struct_size;
    /* Work completed inside the timed interval, in the workload's counting
     * unit (loops, bytes/256, ...). When the workload's time_base_s is 0,
     * this is already a rate (e.g. MWIPS) and copies' values are summed. */
    double count;
    /* The interval the count belongs to, in ns. Leave 0 and the host uses
     * the wall time of the run() call (UnixBench's `elapsed`). Set it when
     * run() does untimed work (warm-up) before the measured phase. */
    uint64_t elapsed_ns;
    /* UTF-8, NUL-terminated; filled on BB_ERROR and BB_SKIPPED. */
    char error[BB_ERROR_CAP];
} bb_run_result;

/* Workload flags. */
#define BB_WORKLOAD_SINGLE_COPY 0x1u /* never run with more than one copy */
#define BB_WORKLOAD_NEEDS_DISK 0x2u  /* writes files under temp_dir */

/* A workload's static description and entry points. Plugin-owned, valid
 * until the process exits. */
typedef struct bb_workload {
    uint32_t struct_size;
    /* Stable identifier: [a-z0-9][a-z0-9._-]*, unique across all loaded
     * plugins. UnixBench tests keep UnixBench's names ("syscall"). */
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
    double default_duration_s; /* length of one timed pass */
    /* Reference value for the index (index = value / baseline * 10), used
     * only when the suite does not give one. 0 = no baseline. */
    double baseline;
    uint32_t flags; /* BB_WORKLOAD_* */
    /* Upper bound of processes one copy creates at once, itself included
     * (1 for a single-process test); the scheduler checks process limits
     * with it before a pass. */
    uint32_t processes_per_copy;
    uint32_t param_count;
    const bb_param_desc *params; /* param_count entries; NULL if none */

    /* Untimed setup, called once per pass in each copy before the start
     * barrier. Store the instance in *instance (may stay NULL). On failure
     * return BB_ERROR or BB_SKIPPED with a message in err[cap]. */
    bb_status (*create)(const bb_host *host, const bb_run_context *ctx, void **instance, char *err,
                        size_t cap);
    /* The timed pass. Called once, right after all copies passed the start
     * barrier. Runs until *ctx->stop_flag becomes non-zero (or until its own
     * work is done), then fills `result` and returns. */
    bb_status (*run)(void *instance, const bb_host *host, const bb_run_context *ctx,
                     bb_run_result *result);
    /* Releases the instance; called even when run() failed. May be NULL
     * when create() never allocates. */
    void (*destroy)(void *instance);
} bb_workload;

/* ------------------------------------------------------------------------ */
/* Reporters                                                                */
/* ------------------------------------------------------------------------ */

/* An output format. Plugin-owned, valid until the process exits. */
typedef struct bb_reporter {
    uint32_t struct_size;
    const char *id;             /* format name on the command line: "text" */
    const char *name;           /* display name */
    const char *description;    /* one line */
    const char *file_extension; /* without the dot: "txt", "json" */

    /* Writes one report. `result_json` is the whole result as one UTF-8 JSON
     * document of `len` bytes (NUL-terminated as well) whose "schema" member
     * is "bytebench.result/<N>"; docs/result-schema.md describes it. A
     * reporter must ignore members it does not know. Host-owned, valid
     * during the call.
     * `out_path`: file to create or truncate; NULL means standard output.
     * The host writes to a temporary name and renames it afterwards, so the
     * reporter need not write atomically. */
    bb_status (*write)(const bb_host *host, const char *result_json, size_t len,
                       const char *out_path, char *err, size_t cap);
} bb_reporter;

/* ------------------------------------------------------------------------ */
/* The plugin                                                               */
/* ------------------------------------------------------------------------ */

typedef struct bb_plugin {
    uint32_t struct_size;
    uint16_t abi_major;      /* BYTEBENCH_ABI_MAJOR the plugin was built with */
    uint16_t abi_minor;      /* BYTEBENCH_ABI_MINOR the plugin was built with */
    uint16_t min_host_minor; /* lowest host minor the plugin works with */
    uint16_t reserved;       /* 0 */
    const char *id;          /* reverse-DNS style, e.g. "org.bytebench.system" */
    const char *name;        /* display name */
    const char *vendor;
    const char *version; /* the plugin's own version */
    uint32_t workload_count;
    const bb_workload *const *workloads; /* workload_count entries */
    uint32_t reporter_count;
    const bb_reporter *const *reporters; /* reporter_count entries */
    /* How the plugin was built: compiler, version and the flags of its
     * workload code, e.g. "gcc 12.2.0 -O3 -ffast-math -march=native". The
     * host copies it into every result, because UnixBench's numbers depend
     * on it. May be NULL or "". */
    const char *build_info;
} bb_plugin;

/* The one exported function. The host calls it once per process, before any
 * other call. `host` is valid until the process exits.
 * Return the plugin's static table, or NULL after writing the reason into
 * err[cap] (for example: this plugin needs host minor 3, the host offers 1).
 * A plugin should refuse a host whose abi_major differs from its own. */
typedef const bb_plugin *(*bb_plugin_entry_fn)(const bb_host *host, char *err, size_t cap);

#define BYTEBENCH_PLUGIN_ENTRY_SYMBOL "bytebench_plugin_entry"

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* BYTEBENCH_PLUGIN_H */
