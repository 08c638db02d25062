/*
 * spawn-helper: the process-creation loop of the spawn workload.
 *
 *   spawn-helper DEADLINE_NS FD
 *
 * Until CLOCK_MONOTONIC reaches DEADLINE_NS (a timer signal sets a flag),
 * forks a child that ends at once with exit(0) and waits for it, checking
 * that it exited with status 0. Then writes the number of children created
 * and reaped, and a newline, to descriptor FD and exits with status 0. On a
 * failure it writes "error: ..." to FD and exits with status 1.
 *
 * Why a separate program rather than a loop inside the worker: the cost of a
 * fork depends on the address space being copied, and the cost of a child's
 * exit on what it does on the way out. UnixBench measures a small C program
 * whose children end with exit() -- stdio flushing, exit handlers and the
 * lazy binding of exit() itself, all on copy-on-write pages. A child of the
 * worker may only call _exit() (it must not run the worker's exit handlers),
 * which made the loop about 30% faster than UnixBench's on the same machine.
 * This program reproduces what UnixBench measures.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_alarm(int sig) {
    (void)sig;
    stop = 1;
}

static unsigned long long parse_number(const char *text, const char *what) {
    char *end = NULL;
    errno = 0;
    const unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') {
        fprintf(stderr, "spawn-helper: bad %s '%s'\n", what, text);
        exit(2);
    }
    return value;
}

/* Arms a one-shot timer that sets `stop` at `deadline` (CLOCK_MONOTONIC ns). */
static int arm_timer(unsigned long long deadline) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGALRM, &sa, NULL) != 0) return -1;

    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const unsigned long long now_ns =
        (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec;
    if (now_ns >= deadline) {
        stop = 1;
        return 0;
    }
    const unsigned long long left = deadline - now_ns;
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = (time_t)(left / 1000000000ull);
    timer.it_value.tv_usec = (suseconds_t)(left % 1000000000ull / 1000ull);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
    return setitimer(ITIMER_REAL, &timer, NULL);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: spawn-helper DEADLINE_NS FD\n");
        return 2;
    }
    const unsigned long long deadline = parse_number(argv[1], "deadline");
    const int fd = (int)parse_number(argv[2], "descriptor");
    if (arm_timer(deadline) != 0) {
        dprintf(fd, "error: cannot arm the timer: %s\n", strerror(errno));
        return 1;
    }

    volatile unsigned long iter = 0;
    while (!stop) {
        const pid_t pid = fork();
        if (pid < 0) {
            /* EAGAIN: RLIMIT_NPROC, the cgroup's pids.max or threads-max. */
            dprintf(fd, "error: fork: %s%s\n", strerror(errno),
                    errno == EAGAIN ? " (EAGAIN): the process limit was reached" : "");
            return 1;
        }
        if (pid == 0) exit(0);
        int status;
        while (waitpid(pid, &status, 0) < 0) {
            if (errno != EINTR) {
                dprintf(fd, "error: waitpid: %s\n", strerror(errno));
                return 1;
            }
        }
        if (status != 0) {
            if (WIFSIGNALED(status))
                dprintf(fd, "error: a child was killed by signal %d (%s)\n", WTERMSIG(status),
                        strsignal(WTERMSIG(status)));
            else
                dprintf(fd, "error: a child ended with wait status %#x\n", (unsigned)status);
            return 1;
        }
        iter = iter + 1;
    }
    dprintf(fd, "%lu\n", (unsigned long)iter);
    return 0;
}
