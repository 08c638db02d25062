// What the harness costs a workload, measured with Google Benchmark:
//   - StopFlag:     one read of *ctx->stop_flag, what every timed loop does
//   - ShouldStop:   bb_host.should_stop() through the ABI's function pointer
//   - HostNowNs:    bb_host.now_ns() (CLOCK_MONOTONIC)
//   - BarrierRelease/N: from the CLI closing the barrier pipe to the last of
//                   N blocked copies running (each copy is a forked child
//                   that reads the pipe, then reports on a second pipe).
//                   Its counter close_us is the close() alone: the kernel
//                   waking the N readers one after another, the part of the
//                   start spread that no number of CPUs hides.
#include <benchmark/benchmark.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <vector>

#include "stop_flag.h"
#include "worker_host.h"

namespace {

using bytebench::worker::HostState;

void StopFlag(benchmark::State &state) {
    const volatile int32_t *flag = bytebench::worker::stop_flag();  // the worker's, on its page
    for (auto _ : state) benchmark::DoNotOptimize(*flag == 0);
}
BENCHMARK(StopFlag);

void ShouldStop(benchmark::State &state) {
    HostState host_state;
    const bb_host *host = bytebench::worker::make_host(&host_state);
    for (auto _ : state) benchmark::DoNotOptimize(host->should_stop(host));
}
BENCHMARK(ShouldStop);

void HostNowNs(benchmark::State &state) {
    HostState host_state;
    const bb_host *host = bytebench::worker::make_host(&host_state);
    for (auto _ : state) benchmark::DoNotOptimize(host->now_ns(host));
}
BENCHMARK(HostNowNs);

// One release of N blocked children; the time from close() until the last
// child has reported that its read() returned.
void BarrierRelease(benchmark::State &state) {
    const int copies = int(state.range(0));
    double close_us = 0;
    for (auto _ : state) {
        int barrier[2], done[2];
        if (pipe(barrier) != 0 || pipe(done) != 0) {
            state.SkipWithError("pipe failed");
            return;
        }
        std::vector<pid_t> children;
        for (int i = 0; i < copies; ++i) {
            const pid_t pid = fork();
            if (pid == 0) {
                close(barrier[1]);
                char byte;
                while (read(barrier[0], &byte, 1) > 0) {
                }
                const char ok = 1;
                (void)!write(done[1], &ok, 1);
                _exit(0);
            }
            children.push_back(pid);
        }
        close(barrier[0]);
        close(done[1]);
        usleep(20000 + 200 * copies);  // every child blocked in read()
        const auto start = std::chrono::steady_clock::now();
        close(barrier[1]);
        close_us +=
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count();
        char byte;
        for (int got = 0; got < copies && read(done[0], &byte, 1) == 1; ++got) {
        }
        const auto end = std::chrono::steady_clock::now();
        state.SetIterationTime(std::chrono::duration<double>(end - start).count());
        close(done[0]);
        for (pid_t pid : children) waitpid(pid, nullptr, 0);
    }
    state.counters["copies"] = copies;
    state.counters["close_us"] = benchmark::Counter(close_us, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BarrierRelease)
    ->Arg(1)
    ->Arg(16)
    ->Arg(64)
    ->Arg(256)
    ->UseManualTime()
    ->Iterations(20)
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
