// The last resort of both programs: an exception that nothing below caught,
// or std::terminate (an exception out of a noexcept function or a
// destructor), ends the process with one line and an exit code, never with
// abort() (rc 134). Every failure the programs know of is caught where it
// happens and said there; this is for the ones they do not.
#pragma once

#include <exception>
#include <string>

namespace bytebench {

// One line saying what `error` is: its what() (control characters as
// spaces), "out of memory" for std::bad_alloc, or "an exception of unknown
// type".
std::string exception_line(std::exception_ptr error);

// How a program reports a failure that reached the top: `line` as
// exception_line() made it; returns the exit code.
using LastResortReport = int (*)(const std::string &line);

// Calls `body()` and returns what it returns; whatever it throws goes to
// `report`, whose exit code is returned. Also makes std::terminate call
// `report` and _exit() with its code.
template <class Body>
int run_guarded(LastResortReport report, Body &&body);

// std::terminate's handler from now on: `report`, then _exit() with its code.
void report_terminate_with(LastResortReport report);

template <class Body>
int run_guarded(LastResortReport report, Body &&body) {
    report_terminate_with(report);
    try {
        return body();
    } catch (...) {
        return report(exception_line(std::current_exception()));
    }
}

}  // namespace bytebench
