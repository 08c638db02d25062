// Seconds on CLOCK_MONOTONIC: for deadlines, timeouts and elapsed times in
// the CLI (never for a workload's measurement, which the worker times).
#pragma once

#include <time.h>

namespace bytebench {

inline double monotonic_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

}  // namespace bytebench
