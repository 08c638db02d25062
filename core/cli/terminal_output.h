// What the CLI prints for its user. Much of it is data from elsewhere: the
// names, units and messages in result files and the history, what plugins
// say of themselves, host and CPU names. On a terminal that text is shown
// through terminal_safe() (base/text.h), so an escape sequence in it is
// shown, not obeyed; into a file or a pipe it goes byte for byte.
#pragma once

#include <string>
#include <string_view>

namespace bytebench::cli {

// To standard output.
void print_out(std::string_view text);

// The text as print_out() would show it: made safe when standard output is a
// terminal, unchanged otherwise. For output written to fd 1 directly.
std::string shown_on_standard_output(std::string_view text);

// To standard error.
void print_err(std::string_view text);

// printf's formatting, into a string.
std::string text_format(const char *format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace bytebench::cli
