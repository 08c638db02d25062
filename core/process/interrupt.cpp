#include "process/interrupt.h"

#include <signal.h>

namespace bytebench {
namespace {
volatile sig_atomic_t g_signal = 0;

void on_signal(int sig) {
    if (g_signal != 0) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    g_signal = sig;
}
}  // namespace

void install_interrupt_handlers() {
    struct sigaction sa {};
    sa.sa_handler = &on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);  // no SA_RESTART: poll() must wake up
    sigaction(SIGTERM, &sa, nullptr);
    // The terminal went away (an ssh session closed): the same clean stop,
    // so that what was measured is written, reported and recorded.
    sigaction(SIGHUP, &sa, nullptr);
    signal(SIGPIPE, SIG_IGN);
}

int interrupt_signal() { return g_signal; }

}  // namespace bytebench
