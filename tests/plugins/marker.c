/* marker.so (test.marker): evidence of every describe. Its entry appends a
 * line to the file named by $BYTEBENCH_TEST_MARKER (when set), so a test can
 * count how often the plugin was loaded: the descriptor cache tests. With
 * $BYTEBENCH_TEST_MARKER_REFUSE set, the entry refuses to load (a failure
 * the worker reports itself). Its create() logs the copy's temporary folder
 * and the modes of that folder and its parent. */
#define _POSIX_C_SOURCE 200809L
#include <bytebench/plugin.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Mode of `path` as 4 octal digits, or "none". */
static void mode_of(const char *path, char *out, size_t cap) {
    struct stat st;
    if (stat(path, &st) != 0)
        snprintf(out, cap, "none");
    else
        snprintf(out, cap, "%04o", (unsigned)(st.st_mode & 07777));
}

/* Logs the copy's temporary folder, its mode and its parent's, so the tests
 * can check where the host put it and who may enter it. */
static bb_status marker_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                               char *err, size_t cap) {
    (void)ctx;
    (void)err;
    (void)cap;
    *instance = NULL;
    const char *dir = host->temp_dir(host);
    if (dir == NULL) return BB_OK;
    char parent[4096], mode[16], parent_mode[16], line[8300];
    snprintf(parent, sizeof parent, "%s", dir);
    char *slash = strrchr(parent, '/');
    if (slash != NULL) *slash = '\0';
    mode_of(dir, mode, sizeof mode);
    mode_of(parent, parent_mode, sizeof parent_mode);
    snprintf(line, sizeof line, "temp_dir=%s mode=%s parent=%s parent_mode=%s", dir, mode, parent,
             parent_mode);
    host->log(host, BB_LOG_INFO, line);
    return BB_OK;
}

static bb_status marker_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                            bb_run_result *result) {
    (void)instance;
    (void)host;
    volatile uint64_t count = 0;
    while (!*ctx->stop_flag) count = count + 1;
    result->count = (double)count;
    return BB_OK;
}

static const bb_workload marker_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "test.marker",
    .name = "Test: marker",
    .description = "Counts loops; its plugin leaves a line in $BYTEBENCH_TEST_MARKER per load.",
    .category = "test",
    .unit = "lps",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_LONG,
    .default_duration_s = 1.0,
    .processes_per_copy = 1,
    .create = marker_create,
    .run = marker_run,
};

static const bb_workload *const workloads[] = {&marker_workload};

static const bb_plugin plugin = {
    .struct_size = sizeof(bb_plugin),
    .abi_major = BYTEBENCH_ABI_MAJOR,
    .abi_minor = BYTEBENCH_ABI_MINOR,
    .id = "test.marker",
    .name = "bytebench test plugin: marker",
    .version = "1.0",
    .workload_count = 1,
    .workloads = workloads,
};

static void leave_mark(void) {
    const char *path = getenv("BYTEBENCH_TEST_MARKER");
    if (path == NULL || *path == '\0') return;
    const int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) return;
    const char line[] = "loaded\n";
    if (write(fd, line, sizeof line - 1) < 0) { /* evidence only */
    }
    close(fd);
}

BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host, char *err,
                                                         size_t cap) {
    (void)host;
    leave_mark();
    if (getenv("BYTEBENCH_TEST_MARKER_REFUSE") != NULL) {
        snprintf(err, cap, "refused by the test (BYTEBENCH_TEST_MARKER_REFUSE)");
        return NULL;
    }
    return &plugin;
}
