// Small text helpers shared by the layers above.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bytebench {

// The white space trim() removes: what isspace() accepts in the C locale.
inline constexpr const char *kWhiteSpace = " \t\n\v\f\r";

// `text` without white space at either end.
std::string trim(std::string_view text);

// The first `bytes` of a UTF-8 string, without cutting a character in two.
std::string utf8_prefix(const std::string &text, size_t bytes);

// The length of the UTF-8 sequence at `text[at]` (1 to 4) with its code
// point, or 0 when it is not one: a bad lead or continuation byte, a cut
// sequence, an overlong form, a surrogate or a code point above U+10FFFF.
size_t utf8_sequence(std::string_view text, size_t at, uint32_t &code_point);

// `text` made safe to show on a terminal: the bytes that would act on it
// instead of being shown (C0 controls but new line and tab, DEL, the C1
// controls U+0080-U+009F, and bytes that are not UTF-8, which some terminals
// read as C1) are replaced by '?'. Escape sequences from a result file, a
// plugin or the history then show as text and change nothing.
std::string terminal_safe(std::string_view text);

// What a message may quote of a file's content: at most the first
// `max_bytes` (40) of `text`, every byte outside printable ASCII (controls,
// UTF-8, bytes that are not text) written as \xNN, the backslash and the
// single quote as \\ and \', and "..." when it was cut. One line, safe on any terminal, and too
// short to carry a file away (a parse error of a secret quotes its first
// bytes at most).
inline constexpr size_t kExcerptBytes = 40;
std::string excerpt(std::string_view text, size_t max_bytes = kExcerptBytes);

// A duration as people write it in a message: "250 ms", "1 s", "1.5 s",
// "10.15 s", "2 min 30 s", "1 h 5 min" (below a second in whole
// milliseconds, below a minute to 0.01 s, below an hour to the second, then
// to the minute); "unknown" for NaN, infinity or a negative time. For
// messages only: documents keep seconds as numbers.
std::string duration_text(double seconds);

// A size in bytes for a message: "512 bytes", "4 KiB", "4.2 KiB", "1.5 MiB".
std::string size_text(double bytes);

// A count with its noun, singular for exactly one: count_text(1, "copy",
// "copies") is "1 copy", count_text(3, "copy", "copies") "3 copies" (and 0
// is plural, "0 copies"). The plural is given whole because English plurals
// are not all "+s" (copy/copies). For whole counts only: an amount such as
// "1.50 CPUs" is a number, not a count.
std::string count_text(uint64_t n, std::string_view singular, std::string_view plural);

// "1 copy", "4 copies": count_text for bytebench's copies, said in many
// messages of the core (a negative count, which no caller has, reads as 0).
std::string copies_text(int copies);

// The values with `separator` between them: joined({"a", "b"}, ", ") is "a, b".
std::string joined(const std::vector<std::string> &values, std::string_view separator);

}  // namespace bytebench
