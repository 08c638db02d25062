#include "cli/terminal_output.h"

#include <unistd.h>

#include <cstdarg>
#include <cstdio>

#include "base/text.h"

namespace bytebench::cli {
namespace {

bool is_terminal(int fd) {
    static const bool out_is_terminal = isatty(STDOUT_FILENO) != 0;
    static const bool err_is_terminal = isatty(STDERR_FILENO) != 0;
    return fd == STDOUT_FILENO ? out_is_terminal : err_is_terminal;
}

void print_to(FILE *stream, int fd, std::string_view text) {
    const bool terminal = is_terminal(fd);
    const std::string safe = terminal ? terminal_safe(text) : std::string();
    const std::string_view shown = terminal ? std::string_view(safe) : text;
    std::fwrite(shown.data(), 1, shown.size(), stream);
}

}  // namespace

void print_out(std::string_view text) { print_to(stdout, STDOUT_FILENO, text); }

std::string shown_on_standard_output(std::string_view text) {
    return is_terminal(STDOUT_FILENO) ? terminal_safe(text) : std::string(text);
}

void print_err(std::string_view text) {
    print_to(stderr, STDERR_FILENO, text);
    std::fflush(stderr);
}

std::string text_format(const char *format, ...) {
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    const int size = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    std::string text(size > 0 ? size_t(size) : 0, '\0');
    if (size > 0) std::vsnprintf(text.data(), text.size() + 1, format, again);
    va_end(again);
    return text;
}

}  // namespace bytebench::cli
