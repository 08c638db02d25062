// CLOCK_MONOTONIC, the one clock of the CLI and the worker: deadlines,
// timeouts, elapsed times, a copy's start and the ABI's now_ns().
// Async-signal-safe (clock_gettime is).
#pragma once

#include <time.h>

#include <cstdint>

namespace bytebench {

inline uint64_t monotonic_ns() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ull + uint64_t(ts.tv_nsec);
}

inline double monotonic_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

}  // namespace bytebench
