#include "fault_report.h"

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>

namespace bytebench::worker {
namespace {

// Read by the signal handler; written by the main thread only.
volatile sig_atomic_t g_call = 0;
const char *volatile g_id = nullptr;

const char *call_name(int call) {
    switch (static_cast<PluginCall>(call)) {
        case PluginCall::entry:
            return "bytebench_plugin_entry()";
        case PluginCall::create:
            return "create()";
        case PluginCall::run:
            return "run()";
        case PluginCall::destroy:
            return "destroy()";
        case PluginCall::describe:
            return "the plugin's description";
        case PluginCall::write:
            return "write()";
        case PluginCall::setup:
            return "setup()";
        case PluginCall::teardown:
            return "teardown()";
        case PluginCall::none:
            break;
    }
    return "the worker itself";
}

const char *signal_name(int sig) {
    switch (sig) {
        case SIGSEGV:
            return "SIGSEGV";
        case SIGBUS:
            return "SIGBUS";
        case SIGILL:
            return "SIGILL";
        case SIGFPE:
            return "SIGFPE";
    }
    return "a signal";
}

// Only async-signal-safe calls from here on: a fixed buffer, write(2).
class Line {
  public:
    void add(const char *text) {
        while (*text != '\0' && used_ < sizeof buffer_) buffer_[used_++] = *text++;
    }
    void add_hex(uintptr_t value) {
        char digits[2 * sizeof value + 1];
        size_t n = 0;
        do {
            digits[n++] = "0123456789abcdef"[value & 0xf];
            value >>= 4;
        } while (value != 0);
        add("0x");
        while (n > 0 && used_ < sizeof buffer_) buffer_[used_++] = digits[--n];
    }
    void write_to(int fd) const {
        size_t done = 0;
        while (done < used_) {
            const ssize_t n = ::write(fd, buffer_ + done, used_ - done);
            if (n <= 0) return;
            done += size_t(n);
        }
    }

  private:
    char buffer_[256];
    size_t used_ = 0;
};

void on_fault(int sig, siginfo_t *info, void *) {
    Line line;
    line.add("bytebench-worker: ");
    line.add(signal_name(sig));
    // A fault sets si_addr; raise() and kill() (si_code <= 0) do not.
    if (info != nullptr && info->si_code > 0) {
        line.add(" at address ");
        line.add_hex(reinterpret_cast<uintptr_t>(info->si_addr));
    } else {
        line.add(" sent by raise() or kill()");
    }
    line.add(" in ");
    line.add(call_name(g_call));
    if (const char *id = g_id; id != nullptr) {
        line.add(" of ");
        line.add(id);
    }
    line.add("\n");
    line.write_to(STDERR_FILENO);
    // Die of it: the default action, delivered when this handler returns.
    signal(sig, SIG_DFL);
    raise(sig);
}

}  // namespace

void install_fault_report() {
    static char alternate_stack[64 * 1024];
    stack_t stack{};
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof alternate_stack;
    sigaltstack(&stack, nullptr);
    struct sigaction action {};
    action.sa_sigaction = &on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (const int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE}) sigaction(sig, &action, nullptr);
}

void enter_plugin_call(PluginCall call, const char *id) {
    g_id = id;
    g_call = static_cast<sig_atomic_t>(call);
}

}  // namespace bytebench::worker
