#include "process/interrupt.h"

#include <signal.h>

#include <atomic>
#include <cstdint>
#include <initializer_list>

#include "base/monotonic_clock.h"

namespace bytebench {
namespace {

volatile sig_atomic_t g_signal = 0;
// When the first signal came (monotonic_ns()); written by the handler only,
// which the other handled signals cannot interrupt (sa_mask).
std::atomic<uint64_t> g_first_ns{0};
static_assert(std::atomic<uint64_t>::is_always_lock_free, "read in a signal handler");

void on_signal(int sig, siginfo_t *info, void *) {
    const uint64_t now = monotonic_ns();
    if (g_signal == 0) {
        g_first_ns.store(now, std::memory_order_relaxed);
        g_signal = sig;
        return;
    }
    const bool from_terminal = info != nullptr && info->si_code == SI_KERNEL;
    const double since = double(now - g_first_ns.load(std::memory_order_relaxed)) / 1e9;
    if (!second_signal_ends_at_once(from_terminal, since)) return;
    signal(sig, SIG_DFL);
    raise(sig);
}

}  // namespace

bool second_signal_ends_at_once(bool from_terminal, double seconds_since_first) {
    return from_terminal || seconds_since_first > kRepeatedStopSeconds;
}

void install_interrupt_handlers() {
    struct sigaction sa {};
    sa.sa_sigaction = &on_signal;
    sa.sa_flags = SA_SIGINFO;  // no SA_RESTART: poll() must wake up
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&sa.sa_mask, sig);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    // The terminal went away (an ssh session closed): the same clean stop,
    // so that what was measured is written, reported and recorded.
    sigaction(SIGHUP, &sa, nullptr);
    signal(SIGPIPE, SIG_IGN);
}

int interrupt_signal() { return g_signal; }

StopSignalsDeferred::StopSignalsDeferred() {
    sigset_t stops;
    sigemptyset(&stops);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stops, sig);
    pthread_sigmask(SIG_BLOCK, &stops, &old_);
}

StopSignalsDeferred::~StopSignalsDeferred() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

}  // namespace bytebench
