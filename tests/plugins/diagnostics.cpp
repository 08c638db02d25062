// diagnostics.so: workloads that misbehave the way a plugin author's first
// attempt does, for the diagnostics the CLI gives them.
//   test.chatty    prints `lines` lines on stdout (printf, buffered) and one
//                  on stderr in run(), then counts until the stop flag;
//                  create() prints a line too (before the timed pass).
//   test.stubborn  never returns from run(): with flag=never it sleeps and
//                  never reads the stop flag; with flag=read it polls the
//                  flag and goes on; with flag=thread a thread started with
//                  every signal blocked (as plugin.h recommends) polls it.
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cstdio>
#include <string>
#include <thread>

namespace {

struct Chatty {
    explicit Chatty(const bytebench::Context &ctx) : lines_(ctx.param_int("lines")) {
        std::printf("chatty: create() says hello\n");
    }
    double run(bytebench::Context &ctx) {
        for (long long i = 0; i < lines_; ++i) std::printf("chatty: line %lld of run()\n", i + 1);
        std::fprintf(stderr, "chatty: on stderr \x1b[31mred\x1b[0m \xff\n");
        volatile unsigned long long count = 0;
        while (!ctx.stopped()) count = count + 1;
        return static_cast<double>(count);
    }
    long long lines_;
};

// Reads the flag as a timed loop does, and ignores it.
[[noreturn]] void poll_and_go_on(const volatile int32_t *flag) {
    for (;;) {
        if (*flag != 0) {
            // "Just one more iteration."
        }
        usleep(10 * 1000);
    }
}

void poll_in_a_thread_with_signals_blocked(const volatile int32_t *flag) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    std::thread poller(poll_and_go_on, flag);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    poller.join();  // never returns
}

struct Stubborn {
    explicit Stubborn(const bytebench::Context &ctx) : flag_(ctx.param("flag")) {}
    double run(bytebench::Context &ctx) {
        if (flag_ == "read") poll_and_go_on(ctx.stop_flag());
        if (flag_ == "thread") poll_in_a_thread_with_signals_blocked(ctx.stop_flag());
        for (;;) sleep(1000);
    }
    std::string flag_;
};

const auto kChatty = bytebench::Workload<Chatty>("test.chatty")
                         .name("Test: prints in run()")
                         .description("Prints lines in run(), then counts until the stop flag.")
                         .category("test")
                         .duration(1)
                         .param("lines", "int", "3", "lines printed on stdout in run()");
const auto kStubborn = bytebench::Workload<Stubborn>("test.stubborn")
                           .name("Test: never returns")
                           .description("Never returns from run(); reads the stop flag or not.")
                           .category("test")
                           .duration(1)
                           .param("flag", "string", "never", "never, read or thread");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.diagnostics")
                     .name("bytebench test plugin: diagnostics")
                     .add(kChatty)
                     .add(kStubborn))
