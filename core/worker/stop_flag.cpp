#include "stop_flag.h"

#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <iterator>

#include "protocol/worker_protocol.h"

namespace bytebench::worker {
namespace {

struct Watch {
    volatile int32_t *flag = nullptr;  // the first int32_t of its own page
    int32_t *filled = nullptr;         // a page holding 1: what a late read gets
    size_t page = 0;
    int uffd = -1;
    int quit[2] = {-1, -1};        // closing quit[1] ends the watcher
    volatile sig_atomic_t on = 0;  // watched: the deadline drops the page
    pid_t watcher = -1;            // the watcher process
    int msg_fd = -1;
};
Watch g_watch;

void *map_page(size_t size) {
    void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? nullptr : p;
}

// Only user-mode faults are needed (a load in the workload), and asking for
// no more lets an unprivileged process use userfaultfd on Linux 5.11 and
// later; older kernels refuse the flag, so try without it too.
int open_userfaultfd() {
#ifdef UFFD_USER_MODE_ONLY
    const int fd = int(syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY));
    if (fd >= 0 || errno != EINVAL) return fd;
#endif
    return int(syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK));
}

bool register_page(int uffd) {
    uffdio_api api{};
    api.api = UFFD_API;
    if (ioctl(uffd, UFFDIO_API, &api) != 0) return false;
    uffdio_register reg{};
    reg.range.start = reinterpret_cast<uintptr_t>(g_watch.flag);
    reg.range.len = g_watch.page;
    reg.mode = UFFDIO_REGISTER_MODE_MISSING;
    return ioctl(uffd, UFFDIO_REGISTER, &reg) == 0;
}

// Puts the page holding 1 in place and wakes whoever waits for it. EEXIST:
// it is already there (another fault, or the main thread, was first).
void fill_page() {
    uffdio_copy copy{};
    copy.dst = reinterpret_cast<uintptr_t>(g_watch.flag);
    copy.src = reinterpret_cast<uintptr_t>(g_watch.filled);
    copy.len = g_watch.page;
    if (ioctl(g_watch.uffd, UFFDIO_COPY, &copy) != 0 && errno != EEXIST) {
        uffdio_range range{reinterpret_cast<uintptr_t>(g_watch.flag), g_watch.page};
        ioctl(g_watch.uffd, UFFDIO_WAKE, &range);  // the reader retries, faults again
    }
}

// Runs until quit[1] is closed; every fault on the flag's page is a read
// after the deadline (the page is only missing from then on).
void *watch(void *) {
    bool reported = false;
    for (;;) {
        pollfd fds[2] = {{g_watch.uffd, POLLIN, 0}, {g_watch.quit[0], POLLIN, 0}};
        if (poll(fds, 2, -1) < 0 && errno != EINTR) return nullptr;
        if (fds[1].revents != 0) return nullptr;
        uffd_msg msg;
        if (read(g_watch.uffd, &msg, sizeof msg) != ssize_t(sizeof msg)) continue;
        if (msg.event != UFFD_EVENT_PAGEFAULT) continue;
        fill_page();
        if (!reported) reported = write_message(g_watch.msg_fd, StopSeenMessage{});
    }
}

// close_range(first, last), or one close() at a time where the kernel has
// no close_range (before 5.9); the loop stops at the descriptor limit.
void close_range_or_loop(unsigned first, unsigned last) {
    if (syscall(SYS_close_range, first, last, 0) == 0) return;
    const long limit = sysconf(_SC_OPEN_MAX);
    const unsigned end = limit > 0 ? unsigned(std::min<long>(limit, 1L << 20)) : 1024;
    for (unsigned fd = first; fd <= last && fd < end; ++fd) close(int(fd));
}

// In the watcher: closes every descriptor but the userfaultfd,
// the read end of quit and the message pipe. A copy of a workload's
// descriptor held here would keep it open: context1's child waits for the
// end-of-file of a pipe whose write end the worker closes.
void keep_only_watch_descriptors() {
    int keep[] = {g_watch.uffd, g_watch.quit[0], g_watch.msg_fd};
    std::sort(std::begin(keep), std::end(keep));
    unsigned first = 0;  // its standard output and error too: it prints nothing
    for (const int fd : keep) {
        if (fd < 0) continue;
        if (unsigned(fd) > first) close_range_or_loop(first, unsigned(fd) - 1);
        first = unsigned(fd) + 1;
    }
    close_range_or_loop(first, ~0U);
}

// A process, not a thread: a second thread makes the worker multi-threaded
// for the whole pass, and then glibc wraps every read(), write() and close()
// in the cancellation bookkeeping (two atomic operations) and the kernel
// takes a reference on the file of every descriptor used, which cost pipe
// 18% and syscall 8% of UnixBench's rate (docs/performance.md). The child
// handles the faults of the worker's page through the inherited userfaultfd
// (UFFDIO_COPY acts on the registering process's memory), with every signal
// blocked; it ends when quit[1] closes, also when the worker dies.
bool start_watcher() {
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_SETMASK, &all, &old);
    const pid_t pid = fork();
    if (pid == 0) {
        keep_only_watch_descriptors();  // quit[1] too: the worker's copy alone keeps it open
        watch(nullptr);
        _exit(0);  // no atexit handlers, no sanitizer leak check of a copy
    }
    sigprocmask(SIG_SETMASK, &old, nullptr);
    g_watch.watcher = pid;
    return pid > 0;
}

void close_fd(int &fd) {
    if (fd >= 0) close(fd);
    fd = -1;
}

}  // namespace

volatile int32_t *stop_flag() {
    if (g_watch.flag != nullptr) return g_watch.flag;
    const long page = sysconf(_SC_PAGESIZE);
    g_watch.page = page > 0 ? size_t(page) : 4096;
    void *flag = map_page(g_watch.page);
    void *filled = map_page(g_watch.page);
    if (flag == nullptr || filled == nullptr) {  // no watch possible; a flag all the same
        static volatile int32_t fallback = 0;
        return g_watch.flag = &fallback;
    }
    g_watch.flag = static_cast<volatile int32_t *>(flag);
    g_watch.flag[0] = 0;  // populated: reads before the deadline never fault
    g_watch.filled = static_cast<int32_t *>(filled);
    g_watch.filled[0] = 1;
    return g_watch.flag;
}

bool watch_stop_flag(int msg_fd) {
    if (g_watch.filled == nullptr || g_watch.on) return false;
    g_watch.uffd = open_userfaultfd();
    if (g_watch.uffd < 0) return false;
    g_watch.msg_fd = msg_fd;
    if (!register_page(g_watch.uffd) || pipe2(g_watch.quit, O_CLOEXEC) != 0 || !start_watcher()) {
        close_fd(g_watch.quit[0]);
        close_fd(g_watch.quit[1]);
        close_fd(g_watch.uffd);  // unregisters the page
        return false;
    }
    g_watch.on = 1;
    return true;
}

void set_stop_flag_at_deadline() {
    *g_watch.flag = 1;
    // A read between the store and the drop sees 1 unobserved; a workload
    // that goes on reading faults at its next read.
    if (g_watch.on) madvise(const_cast<int32_t *>(g_watch.flag), g_watch.page, MADV_DONTNEED);
}

void set_stop_flag_after_run() {
    if (g_watch.on) {
        // Filled from here, not by a load of ours: the host's own access
        // must not count as the workload's read.
        fill_page();
        uffdio_range range{reinterpret_cast<uintptr_t>(g_watch.flag), g_watch.page};
        ioctl(g_watch.uffd, UFFDIO_UNREGISTER, &range);
        close_fd(g_watch.quit[1]);
        while (waitpid(g_watch.watcher, nullptr, 0) < 0 && errno == EINTR) {
        }
        g_watch.watcher = -1;
        close_fd(g_watch.quit[0]);
        close_fd(g_watch.uffd);
        g_watch.on = 0;
    }
    *g_watch.flag = 1;  // anything the workload left running should wind down
}

}  // namespace bytebench::worker
