/* fsync-latency: how fast the file system under temp_dir makes a small
 * write durable. Each copy overwrites the start of its own file with one
 * block (block_bytes, 4 KiB by default) and fsync()s it, in a loop until
 * the stop flag: the main value is fsyncs per second (higher is better).
 *
 * Latency metrics (ABI 1.2, lower is better): lat_p50_us, lat_p99_us and
 * lat_max_us of one write + fsync, in microseconds. The clock is read
 * around each write + fsync and the time stored into a buffer allocated in
 * create(); once the buffer is full, reservoir sampling keeps a uniform
 * sample of every iteration (the maximum is tracked exactly), so memory is
 * bounded whatever the duration. The percentiles are computed after the
 * timed loop. Written in C11 against <bytebench/plugin.h> and
 * <bytebench/params.h> only, to show that a C workload can live in a C++
 * plugin: fsync_latency_workload is a static bb_workload. */
#define _POSIX_C_SOURCE 200809L

#include "fsync_latency.h"

#include <bytebench/params.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* 8 MiB of samples a copy; a uniform sample beyond that. */
#define SAMPLE_CAPACITY (1u << 20)

typedef struct fsync_latency {
    int fd;
    unsigned char *block;
    size_t block_bytes;
    uint64_t *samples; /* ns, SAMPLE_CAPACITY entries */
    uint64_t seen;     /* iterations timed */
    uint64_t max_ns;
    uint64_t rng; /* xorshift64 state, for the reservoir */
} fsync_latency;

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t next_random(fsync_latency *self) {
    self->rng ^= self->rng << 13;
    self->rng ^= self->rng >> 7;
    self->rng ^= self->rng << 17;
    return self->rng;
}

/* Algorithm R: the i-th sample replaces a random one with probability
 * capacity / i, so the buffer stays a uniform sample of all of them. */
static void keep_sample(fsync_latency *self, uint64_t ns) {
    if (ns > self->max_ns) self->max_ns = ns;
    const uint64_t i = self->seen++;
    if (i < SAMPLE_CAPACITY) {
        self->samples[i] = ns;
        return;
    }
    const uint64_t j = next_random(self) % (i + 1);
    if (j < SAMPLE_CAPACITY) self->samples[j] = ns;
}

static void release(fsync_latency *self) {
    if (self->fd >= 0) close(self->fd);
    free(self->block);
    free(self->samples);
    free(self);
}

static bb_status fsync_create(const bb_host *host, const bb_run_context *ctx, void **instance,
                              char *err, size_t cap) {
    int64_t block_bytes = 0;
    if (bb_param_int(ctx, "block_bytes", 512, 1048576, &block_bytes, err, cap) != BB_OK)
        return BB_ERROR;
    const char *dir = host->temp_dir(host);
    if (dir == NULL) {
        snprintf(err, cap, "fsync-latency: the host gave no temp_dir");
        return BB_ERROR;
    }
    fsync_latency *self = calloc(1, sizeof *self);
    if (self == NULL) {
        snprintf(err, cap, "fsync-latency: out of memory");
        return BB_ERROR;
    }
    self->fd = -1;
    self->block_bytes = (size_t)block_bytes;
    self->block = malloc(self->block_bytes);
    self->samples = malloc(SAMPLE_CAPACITY * sizeof *self->samples);
    self->rng = 0x9e3779b97f4a7c15u ^ ((uint64_t)ctx->copy_index << 32) ^ ctx->pass_index;
    if (self->block == NULL || self->samples == NULL) {
        snprintf(err, cap, "fsync-latency: out of memory");
        release(self);
        return BB_ERROR;
    }
    memset(self->block, 0xa5, self->block_bytes);
    char path[4096];
    snprintf(path, sizeof path, "%s/fsync-latency.dat", dir);
    self->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (self->fd < 0) {
        snprintf(err, cap, "fsync-latency: open %s: %s", path, strerror(errno));
        release(self);
        return BB_ERROR;
    }
    *instance = self;
    return BB_OK;
}

/* One block written at offset 0, whole (short writes and EINTR retried). */
static int write_block(const fsync_latency *self) {
    size_t done = 0;
    while (done < self->block_bytes) {
        const ssize_t n =
            pwrite(self->fd, self->block + done, self->block_bytes - done, (off_t)done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return n < 0 ? errno : EIO;
        done += (size_t)n;
    }
    return 0;
}

static int by_value(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The q quantile (0 < q <= 1) of the n sorted samples, nearest rank, in us. */
static double quantile_us(const uint64_t *sorted, uint64_t n, double q) {
    uint64_t rank = (uint64_t)(q * (double)n);
    if ((double)rank < q * (double)n || rank == 0) ++rank;
    return (double)sorted[rank - 1] / 1e3;
}

static void record_latencies(fsync_latency *self, const bb_host *host) {
    if (self->seen == 0) return;
    if (!BB_HAS_FIELD(host, bb_host, record_metric) || host->record_metric == NULL) return;
    const uint64_t n = self->seen < SAMPLE_CAPACITY ? self->seen : SAMPLE_CAPACITY;
    qsort(self->samples, (size_t)n, sizeof *self->samples, by_value);
    host->record_metric(host, "lat_p50_us", quantile_us(self->samples, n, 0.50));
    host->record_metric(host, "lat_p99_us", quantile_us(self->samples, n, 0.99));
    host->record_metric(host, "lat_max_us", (double)self->max_ns / 1e3);
}

static bb_status fsync_run(void *instance, const bb_host *host, const bb_run_context *ctx,
                           bb_run_result *result) {
    fsync_latency *self = instance;
    uint64_t fsyncs = 0;
    while (!*ctx->stop_flag) {
        const uint64_t started = clock_ns();
        int error = write_block(self);
        if (error == 0 && fsync(self->fd) != 0) error = errno;
        if (error == EINTR) continue; /* the stop timer: check the flag */
        if (error != 0) {
            snprintf(result->error, sizeof result->error, "fsync-latency: write + fsync: %s",
                     strerror(error));
            return BB_ERROR;
        }
        keep_sample(self, clock_ns() - started);
        ++fsyncs;
    }
    record_latencies(self, host); /* after the timed loop */
    result->count = (double)fsyncs;
    return BB_OK;
}

static void fsync_destroy(void *instance) {
    if (instance != NULL) release(instance);
}

static const bb_param_desc fsync_params[] = {
    {.struct_size = sizeof(bb_param_desc),
     .key = "block_bytes",
     .type = "int",
     .default_value = "4096",
     .help = "bytes written before each fsync",
     .min_value = "512",
     .max_value = "1048576"},
};

static const bb_metric_desc fsync_metrics[] = {
    {.struct_size = sizeof(bb_metric_desc),
     .key = "lat_p50_us",
     .name = "p50 latency",
     .unit = "us",
     .better = BB_LOWER_IS_BETTER,
     .combine = BB_COMBINE_MEAN},
    {.struct_size = sizeof(bb_metric_desc),
     .key = "lat_p99_us",
     .name = "p99 latency",
     .unit = "us",
     .better = BB_LOWER_IS_BETTER,
     .combine = BB_COMBINE_MAX},
    {.struct_size = sizeof(bb_metric_desc),
     .key = "lat_max_us",
     .name = "max latency",
     .unit = "us",
     .better = BB_LOWER_IS_BETTER,
     .combine = BB_COMBINE_MAX},
};

const bb_workload fsync_latency_workload = {
    .struct_size = sizeof(bb_workload),
    .id = "example.fsync-latency",
    .name = "fsync latency",
    .description =
        "Writes one block (block_bytes) and fsync()s it, in a loop; fsyncs per second, "
        "with p50, p99 and max latency.",
    .category = "disk",
    .unit = "fsyncs/s",
    .version = "1",
    .time_base_s = 1,
    .repeat = BB_REPEAT_SHORT,
    .default_duration_s = 10,
    .flags = BB_WORKLOAD_NEEDS_DISK,
    .processes_per_copy = 1,
    .param_count = sizeof fsync_params / sizeof fsync_params[0],
    .params = fsync_params,
    .create = fsync_create,
    .run = fsync_run,
    .destroy = fsync_destroy,
    .better = BB_HIGHER_IS_BETTER,
    .metric_count = sizeof fsync_metrics / sizeof fsync_metrics[0],
    .metrics = fsync_metrics,
};
