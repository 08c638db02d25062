#include "base/last_resort.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <new>

namespace bytebench {
namespace {

std::atomic<LastResortReport> g_report{nullptr};
std::atomic<const char *> g_activity{nullptr};
// end_when_out_of_memory(): who says it, and the exit code; none: not asked.
std::atomic<const char *> g_oom_program{nullptr};
std::atomic<int> g_oom_code{1};

// Appends `text` to `buffer` (of `size`, used `*used`), cut to fit.
void append(char *buffer, size_t size, size_t *used, const char *text) {
    const size_t room = size - 1 - *used;
    const size_t n = std::min(std::strlen(text), room);
    std::memcpy(buffer + *used, text, n);
    *used += n;
    buffer[*used] = '\0';
}

// "<program>: error: not enough memory to <activity>\n" on fd 2, then
// _exit(): a buffer on the stack, write(2), nothing that allocates.
[[noreturn]] void end_out_of_memory() {
    char line[512];
    size_t used = 0;
    line[0] = '\0';
    append(line, sizeof line, &used, g_oom_program.load());
    append(line, sizeof line, &used, ": error: not enough memory");
    if (const char *activity = g_activity.load(); activity != nullptr && *activity != '\0') {
        append(line, sizeof line, &used, " to ");
        append(line, sizeof line, &used, activity);
    }
    append(line, sizeof line, &used, "\n");
    (void)!::write(2, line, used);
    _exit(g_oom_code.load());
}

bool ends_when_out_of_memory() { return g_oom_program.load() != nullptr; }

bool is_bad_alloc(std::exception_ptr error) {
    if (error == nullptr) return false;
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc &) {
        return true;
    } catch (...) {
        return false;
    }
}

void new_handler() { end_out_of_memory(); }

[[noreturn]] void terminate_handler() {
    int code = 1;
    const std::exception_ptr error = std::current_exception();
    if (ends_when_out_of_memory() && is_bad_alloc(error)) end_out_of_memory();
    try {
        const LastResortReport report = g_report.load();
        if (report != nullptr)
            code = report(error != nullptr ? exception_line(error)
                                           : "terminated without an exception (std::terminate)");
    } catch (...) {  // not even that: a fixed line
        static const char kLine[] = "error: terminated by an exception that cannot be described\n";
        (void)!::write(2, kLine, sizeof kLine - 1);
    }
    _exit(code);
}

}  // namespace

void set_activity(const char *what) { g_activity = what; }

std::string out_of_memory_line() {
    const char *activity = g_activity.load();
    return activity != nullptr && *activity != '\0'
               ? std::string("not enough memory to ") + activity
               : std::string("not enough memory");
}

std::string exception_line(std::exception_ptr error) {
    std::string line;
    try {
        if (error != nullptr) std::rethrow_exception(error);
        line = "no exception";
    } catch (const std::bad_alloc &) {
        line = out_of_memory_line();
    } catch (const std::exception &e) {
        line = e.what();
    } catch (...) {
        line = "an exception of unknown type";
    }
    for (char &c : line)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return line.empty() ? "an exception without a message" : line;
}

void end_when_out_of_memory(const char *program, int code) {
    g_oom_code = code;
    g_oom_program = program;
    std::set_new_handler(new_handler);
}

void report_terminate_with(LastResortReport report) {
    g_report = report;
    std::set_terminate(terminate_handler);
}

int report_last_resort(LastResortReport report, std::exception_ptr error) {
    if (ends_when_out_of_memory() && is_bad_alloc(error)) end_out_of_memory();
    return report(exception_line(error));
}

}  // namespace bytebench
