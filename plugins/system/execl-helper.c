/*
 * execl-helper: one link of the execl workload's exec chain.
 *
 *   execl-helper DEADLINE_NS COUNT FD
 *
 * Increments COUNT and, while CLOCK_MONOTONIC is before DEADLINE_NS, execs
 * itself (argv[0], which the workload sets to the helper's path) with the
 * new count. Once the deadline has passed it writes the count and a newline
 * to descriptor FD and exits with status 0. If an exec fails it writes
 * "error: ..." to FD and exits with status 126.
 *
 * The program is deliberately not minimal: execl-ballast.c links in some
 * code and data that is never run, so that the image exec'd each time is of
 * the size of UnixBench's execl binary (about 11 KB of code, 1 KB of data
 * and 9 KB of bss). Changing its size can move the workload's numbers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static unsigned long long parse_number(const char *text, const char *what) {
    char *end = NULL;
    errno = 0;
    const unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') {
        fprintf(stderr, "execl-helper: bad %s '%s'\n", what, text);
        exit(2);
    }
    return value;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: execl-helper DEADLINE_NS COUNT FD\n");
        return 2;
    }
    const unsigned long long deadline = parse_number(argv[1], "deadline");
    volatile unsigned long count = (unsigned long)parse_number(argv[2], "count");
    const int fd = (int)parse_number(argv[3], "descriptor");
    count = count + 1;

    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const unsigned long long now_ns =
        (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec;

    char count_text[24];
    snprintf(count_text, sizeof count_text, "%lu", (unsigned long)count);
    if (now_ns < deadline) {
        execl(argv[0], argv[0], argv[1], count_text, argv[3], (char *)NULL);
        dprintf(fd, "error: execl %s: %s\n", argv[0], strerror(errno));
        return 126;
    }
    dprintf(fd, "%s\n", count_text);
    return 0;
}
