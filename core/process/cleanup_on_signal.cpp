#include "process/cleanup_on_signal.h"

#include <limits.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <utility>

namespace bytebench {
namespace {

constexpr int kPaths = 32;
constexpr int kGroups = 8;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Written only with the signals blocked, read only by the handler; `used`
// is set after the path is complete and cleared before it changes.
struct PathSlot {
    volatile sig_atomic_t used;
    char path[PATH_MAX];
};
PathSlot g_paths[kPaths];
volatile sig_atomic_t g_groups[kGroups];  // 0: free

// Blocks the handled signals in this thread while the tables change.
class SignalsBlocked {
  public:
    SignalsBlocked() {
        sigset_t set;
        sigemptyset(&set);
        for (int sig : kSignals) sigaddset(&set, sig);
        pthread_sigmask(SIG_BLOCK, &set, &old_);
    }
    ~SignalsBlocked() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

  private:
    sigset_t old_;
};

void on_terminating_signal(int sig) {
    for (int i = 0; i < kGroups; ++i)
        if (const pid_t g = g_groups[i]; g > 0) ::kill(-g, SIGKILL);
    for (int i = 0; i < kGroups; ++i)
        if (const pid_t g = g_groups[i]; g > 0)
            while (::waitpid(g, nullptr, 0) < 0 && errno == EINTR) {
            }
    for (PathSlot &slot : g_paths)
        if (slot.used) ::unlink(slot.path);
    for (PathSlot &slot : g_paths)
        if (slot.used) ::rmdir(slot.path);
    // The signal is blocked while its handler runs: it ends the process as
    // soon as the handler returns.
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

}  // namespace

void install_cleanup_on_signal() {
    for (int sig : kSignals) {
        struct sigaction old {};
        if (sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        struct sigaction sa {};
        sa.sa_handler = &on_terminating_signal;
        sigemptyset(&sa.sa_mask);
        for (int other : kSignals) sigaddset(&sa.sa_mask, other);
        sigaction(sig, &sa, nullptr);
    }
}

bool remove_on_signal(const std::string &path) {
    if (path.empty() || path.size() >= PATH_MAX) return false;
    SignalsBlocked blocked;
    for (PathSlot &slot : g_paths) {
        if (slot.used) continue;
        std::memcpy(slot.path, path.c_str(), path.size() + 1);
        std::atomic_signal_fence(std::memory_order_seq_cst);
        slot.used = 1;
        return true;
    }
    return false;
}

void forget_on_signal(const std::string &path) {
    SignalsBlocked blocked;
    for (PathSlot &slot : g_paths)
        if (slot.used && path == slot.path) {
            slot.used = 0;
            return;
        }
}

bool kill_on_signal(pid_t pgid) {
    if (pgid <= 0) return false;
    SignalsBlocked blocked;
    for (volatile sig_atomic_t &g : g_groups)
        if (g == 0) {
            g = pgid;
            return true;
        }
    return false;
}

void forget_group_on_signal(pid_t pgid) {
    SignalsBlocked blocked;
    for (volatile sig_atomic_t &g : g_groups)
        if (g == pgid) {
            g = 0;
            return;
        }
}

RemovedOnSignal::RemovedOnSignal(std::string path)
    : path_(std::move(path)), registered_(remove_on_signal(path_)) {}

RemovedOnSignal::~RemovedOnSignal() {
    if (registered_) forget_on_signal(path_);
}

}  // namespace bytebench
