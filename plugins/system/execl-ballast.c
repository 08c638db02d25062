/*
 * Ballast for execl-helper: a small, self-contained "batch runner" library
 * (script parsing, a job table, a line buffer, checksums and statistics)
 * that is linked into the helper but never called.
 *
 * UnixBench's execl binary carries similar dead weight on purpose, so that
 * each exec loads a program of realistic size rather than an empty one. The
 * functions have external linkage so that the compiler keeps them; the
 * arrays give the image its bss and data. Keep the sizes close to the
 * targets in execl-helper.c when editing (check with `size execl-helper`).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BB_MAX_JOBS 16
#define BB_MAX_ARGS 16
#define BB_LINE_BUFFER 8192

struct bb_job {
    pid_t pid;
    int state; /* 0 free, 1 ready, 2 running, 3 done, 4 failed */
    int status;
    int retries;
    unsigned long long started_ns;
    unsigned long long ended_ns;
    char name[16];
};

/* bss: the job table and the line buffer (about 9 KB). */
struct bb_job bb_jobs[BB_MAX_JOBS];
char bb_line_buffer[BB_LINE_BUFFER];
size_t bb_line_fill;
unsigned int bb_crc_table[64];

/* data: defaults of the runner, editable at run time. */
struct bb_settings {
    const char *shell;
    const char *log_name;
    int max_jobs; /* at most BB_MAX_JOBS */
    int max_parallel;
    int max_retries;
    int verbose;
    unsigned timeout_s;
    char separator[8];
    char comment[8];
} bb_settings = {
    .shell = "/bin/sh",
    .log_name = "batch.log",
    .max_jobs = BB_MAX_JOBS,
    .max_parallel = 4,
    .max_retries = 2,
    .verbose = 0,
    .timeout_s = 60,
    .separator = " \t",
    .comment = "#",
};

const char *bb_state_names[] = {"free", "ready", "running", "done", "failed"};

static unsigned long long bb_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

/* Splits `line` in place into at most `max` words. Single and double quotes
 * group words; a backslash escapes the next character. Returns the count. */
int bb_split_words(char *line, char **words, int max) {
    int count = 0;
    char *in = line;
    char *out = line;
    while (*in != '\0' && count < max - 1) {
        while (*in == ' ' || *in == '\t') in++;
        if (*in == '\0' || *in == '#') break;
        words[count++] = out;
        char quote = 0;
        while (*in != '\0') {
            if (quote != 0) {
                if (*in == quote) {
                    quote = 0;
                    in++;
                    continue;
                }
            } else if (*in == '\'' || *in == '"') {
                quote = *in++;
                continue;
            } else if (*in == ' ' || *in == '\t') {
                in++;
                break;
            }
            if (*in == '\\' && in[1] != '\0') in++;
            *out++ = *in++;
        }
        *out++ = '\0';
    }
    words[count] = NULL;
    return count;
}

/* Replaces $NAME and ${NAME} with environment values into `out`. */
size_t bb_expand(const char *in, char *out, size_t cap) {
    size_t used = 0;
    while (*in != '\0' && used + 1 < cap) {
        if (*in != '$') {
            out[used++] = *in++;
            continue;
        }
        in++;
        char name[64];
        size_t len = 0;
        const int braced = *in == '{';
        if (braced) in++;
        while ((*in == '_' || (*in >= 'A' && *in <= 'Z') || (*in >= 'a' && *in <= 'z') ||
                (len > 0 && *in >= '0' && *in <= '9')) &&
               len + 1 < sizeof name)
            name[len++] = *in++;
        name[len] = '\0';
        if (braced && *in == '}') in++;
        const char *value = len > 0 ? getenv(name) : "$";
        if (value == NULL) continue;
        while (*value != '\0' && used + 1 < cap) out[used++] = *value++;
    }
    out[used] = '\0';
    return used;
}

/* Finds a free slot in the job table and marks it ready. */
int bb_job_add(const char *name) {
    for (int i = 0; i < bb_settings.max_jobs; i++) {
        if (bb_jobs[i].state != 0) continue;
        memset(&bb_jobs[i], 0, sizeof bb_jobs[i]);
        bb_jobs[i].state = 1;
        strncpy(bb_jobs[i].name, name, sizeof bb_jobs[i].name - 1);
        return i;
    }
    return -1;
}

int bb_job_find(pid_t pid) {
    for (int i = 0; i < bb_settings.max_jobs; i++)
        if (bb_jobs[i].state == 2 && bb_jobs[i].pid == pid) return i;
    return -1;
}

/* Starts job `slot` running `argv` with stdout appended to `log`. */
int bb_job_start(int slot, char **argv, const char *log) {
    struct bb_job *job = &bb_jobs[slot];
    const pid_t pid = fork();
    if (pid < 0) return -errno;
    if (pid == 0) {
        if (log != NULL) {
            const int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
            if (fd >= 0) {
                dup2(fd, 1);
                close(fd);
            }
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    job->pid = pid;
    job->state = 2;
    job->started_ns = bb_now_ns();
    return 0;
}

/* Reaps finished jobs; with `block`, waits for at least one. */
int bb_jobs_reap(int block) {
    int reaped = 0;
    for (;;) {
        int status;
        const pid_t pid = waitpid(-1, &status, block && reaped == 0 ? 0 : WNOHANG);
        if (pid <= 0) {
            if (pid < 0 && errno == EINTR) continue;
            break;
        }
        const int slot = bb_job_find(pid);
        if (slot < 0) continue;
        struct bb_job *job = &bb_jobs[slot];
        job->ended_ns = bb_now_ns();
        job->status = status;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            job->state = 3;
        } else if (job->retries < bb_settings.max_retries) {
            job->retries++;
            job->state = 1;
        } else {
            job->state = 4;
        }
        reaped++;
    }
    return reaped;
}

/* Reads one line from `fd` through the line buffer; returns its length or
 * -1 at end of input. The line is NUL-terminated in place. */
ssize_t bb_read_line(int fd, char **line) {
    static size_t start;
    for (;;) {
        char *nl = memchr(bb_line_buffer + start, '\n', bb_line_fill - start);
        if (nl != NULL) {
            *nl = '\0';
            *line = bb_line_buffer + start;
            const ssize_t len = nl - *line;
            start = (size_t)(nl - bb_line_buffer) + 1;
            return len;
        }
        if (start > 0) {
            memmove(bb_line_buffer, bb_line_buffer + start, bb_line_fill - start);
            bb_line_fill -= start;
            start = 0;
        }
        if (bb_line_fill == sizeof bb_line_buffer - 1) {
            bb_line_buffer[bb_line_fill] = '\0';
            *line = bb_line_buffer;
            const ssize_t len = (ssize_t)bb_line_fill;
            bb_line_fill = 0;
            return len;
        }
        const ssize_t n =
            read(fd, bb_line_buffer + bb_line_fill, sizeof bb_line_buffer - 1 - bb_line_fill);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (bb_line_fill == 0) return -1;
            bb_line_buffer[bb_line_fill] = '\0';
            *line = bb_line_buffer;
            const ssize_t len = (ssize_t)bb_line_fill;
            bb_line_fill = 0;
            return len;
        }
        bb_line_fill += (size_t)n;
    }
}

/* A 6-bit-at-a-time CRC-32 (reflected, polynomial 0xEDB88320). */
void bb_crc_init(void) {
    for (unsigned int i = 0; i < 64; i++) {
        unsigned int c = i;
        for (int k = 0; k < 6; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        bb_crc_table[i] = c;
    }
}

unsigned int bb_crc32(unsigned int crc, const unsigned char *p, size_t n) {
    crc = ~crc;
    while (n-- > 0) {
        crc ^= *p++;
        crc = bb_crc_table[crc & 63] ^ (crc >> 6);
        crc = bb_crc_table[crc & 3] ^ (crc >> 2);
    }
    return ~crc;
}

/* Reads "key = value" lines into bb_settings; unknown keys are ignored. */
int bb_load_settings(const char *path) {
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char line[256], key[64];
    int value, n = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (sscanf(line, " %63[a-z_] = %d", key, &value) != 2) continue;
        if (strcmp(key, "max_parallel") == 0)
            bb_settings.max_parallel = value;
        else if (strcmp(key, "max_retries") == 0)
            bb_settings.max_retries = value;
        else if (strcmp(key, "verbose") == 0)
            bb_settings.verbose = value;
        else if (strcmp(key, "timeout") == 0)
            bb_settings.timeout_s = (unsigned)value;
        else
            continue;
        n++;
    }
    fclose(f);
    return n;
}

/* The local time as "YYYY-MM-DD hh:mm:ss". */
const char *bb_timestamp(void) {
    static char text[32];
    const time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm) == NULL ||
        strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &tm) == 0)
        strcpy(text, "?");
    return text;
}

/* Shell-style pattern match with '*', '?' and '[...]'. */
int bb_match(const char *pattern, const char *text) {
    while (*pattern != '\0') {
        if (*pattern == '*') {
            while (*pattern == '*') pattern++;
            if (*pattern == '\0') return 1;
            for (; *text != '\0'; text++)
                if (bb_match(pattern, text)) return 1;
            return 0;
        }
        if (*text == '\0') return 0;
        if (*pattern == '[') {
            const char *p = pattern + 1;
            const int negate = *p == '!' || *p == '^';
            if (negate) p++;
            int hit = 0;
            while (*p != '\0' && *p != ']') {
                if (p[1] == '-' && p[2] != '\0' && p[2] != ']') {
                    hit |= *text >= p[0] && *text <= p[2];
                    p += 3;
                } else {
                    hit |= *text == *p++;
                }
            }
            if (*p != ']' || hit == negate) return 0;
            pattern = p + 1;
            text++;
            continue;
        }
        if (*pattern != '?' && *pattern != *text) return 0;
        pattern++;
        text++;
    }
    return *text == '\0';
}

static int bb_compare_doubles(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Summary of the finished jobs' run times, in seconds. */
struct bb_summary {
    int jobs;
    int failed;
    double min, max, mean, median, total;
};

struct bb_summary bb_summarize(void) {
    struct bb_summary s;
    double t[BB_MAX_JOBS];
    memset(&s, 0, sizeof s);
    for (int i = 0; i < bb_settings.max_jobs; i++) {
        if (bb_jobs[i].state == 4) s.failed++;
        if (bb_jobs[i].state != 3) continue;
        t[s.jobs] = (double)(bb_jobs[i].ended_ns - bb_jobs[i].started_ns) / 1e9;
        s.total += t[s.jobs];
        s.jobs++;
    }
    if (s.jobs == 0) return s;
    qsort(t, (size_t)s.jobs, sizeof t[0], bb_compare_doubles);
    s.min = t[0];
    s.max = t[s.jobs - 1];
    s.mean = s.total / s.jobs;
    s.median = s.jobs % 2 ? t[s.jobs / 2] : (t[s.jobs / 2 - 1] + t[s.jobs / 2]) / 2;
    return s;
}

/* Formats `s` as a report in `out`. */
int bb_format_summary(const struct bb_summary *s, char *out, size_t cap) {
    return snprintf(out, cap,
                    "jobs %d (failed %d)\n"
                    "time total %.3f s, mean %.3f s, median %.3f s, min %.3f s, max %.3f s\n",
                    s->jobs, s->failed, s->total, s->mean, s->median, s->min, s->max);
}

/* Writes one line per job to `fd`. */
void bb_dump_jobs(int fd) {
    char line[160];
    for (int i = 0; i < bb_settings.max_jobs; i++) {
        const struct bb_job *job = &bb_jobs[i];
        if (job->state == 0) continue;
        const int n = snprintf(line, sizeof line, "%2d %-15s %-8s pid %6d status %#06x tries %d\n",
                               i, job->name, bb_state_names[job->state], (int)job->pid, job->status,
                               job->retries + 1);
        if (n > 0) {
            ssize_t w;
            do w = write(fd, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
            while (w < 0 && errno == EINTR);
        }
    }
}
