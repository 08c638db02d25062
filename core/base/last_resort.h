// The last resort of both programs: an exception that nothing below caught,
// or std::terminate (an exception out of a noexcept function or a
// destructor), ends the process with one line and an exit code, never with
// abort() (rc 134). Every failure the programs know of is caught where it
// happens and said there; this is for the ones they do not.
//
// Running out of memory is its own case: a program that asks for it
// (end_when_out_of_memory) ends at the first allocation that fails, with
// "not enough memory to <what it was doing>" and an exit code of its own,
// never one that reads as a verdict. It does not unwind: the destructors of
// large trees allocate as they free (nlohmann::json's destroy() keeps a
// stack of children), so a std::bad_alloc thrown into them becomes
// std::terminate, and every line said after that needs memory that is not
// there.
#pragma once

#include <exception>
#include <string>

namespace bytebench {

// What the program is doing now, for the out-of-memory line: "compare the
// results". `what` must outlive the program (a string literal): it is kept,
// not copied, so that saying it needs no memory. nullptr: nothing said.
void set_activity(const char *what);

// "not enough memory to compare the results" (the activity set last), or
// "not enough memory" when none is set.
std::string out_of_memory_line();

// One line saying what `error` is: its what() (control characters as
// spaces), out_of_memory_line() for std::bad_alloc, or "an exception of
// unknown type".
std::string exception_line(std::exception_ptr error);

// How a program reports a failure that reached the top: `line` as
// exception_line() made it; returns the exit code.
using LastResortReport = int (*)(const std::string &line);

// From now on an allocation that fails (operator new's new-handler), a
// std::bad_alloc that reaches run_guarded() and std::terminate with a
// std::bad_alloc in flight end the process at once: "<program>: error:
// <out_of_memory_line()>" on standard error, written without allocating,
// then _exit(code). Standard output is not flushed: what it holds is a
// report cut short.
void end_when_out_of_memory(const char *program, int code);

// Calls `body()` and returns what it returns; whatever it throws goes to
// `report`, whose exit code is returned. Also makes std::terminate call
// `report` and _exit() with its code.
template <class Body>
int run_guarded(LastResortReport report, Body &&body);

// std::terminate's handler from now on: `report`, then _exit() with its code.
void report_terminate_with(LastResortReport report);

// What run_guarded() does with an exception: the out-of-memory end when the
// program asked for it and `error` is a std::bad_alloc, else `report`.
int report_last_resort(LastResortReport report, std::exception_ptr error);

template <class Body>
int run_guarded(LastResortReport report, Body &&body) {
    report_terminate_with(report);
    try {
        return body();
    } catch (...) {
        return report_last_resort(report, std::current_exception());
    }
}

}  // namespace bytebench
