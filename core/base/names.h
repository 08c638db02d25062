// Names and short texts from outside bytebench (a suite file, a flag, a
// result file): the one rule for each, checked where they enter, and the one
// way a text becomes part of a file name.
//
// A *name* is what may become part of a path or is looked up by the user:
// test ids, group names and workload ids of a suite, label keys. It is 1 to
// 128 bytes of letters, digits, '.', '_' and '-', starting with a letter or
// a digit, so "..", "/", "-rf" and ".hidden" are never names. plugin.h's id
// rule ([a-z0-9][a-z0-9._-]*) is narrower, so every workload id is a name;
// the standard suite's test "C" is one too.
//
// A *text* is what is shown but never part of a path (a label's value, a
// suite's name): valid UTF-8 without control characters (C0, DEL, C1), line
// or paragraph separators (U+2028, U+2029) or bidirectional embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069), which would make
// one line look like another ("Trojan source").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bytebench {

inline constexpr size_t kMaxNameBytes = 128;
inline constexpr const char *kNameRule =
    "a name is 1 to 128 letters, digits, '.', '_' and '-', starting with a letter or a digit";

bool is_name(std::string_view name);

// "" when `name` is a name, else "<what> '<name>' is not a name: <rule>"
// (the name shown escaped and cut: quoted_for_message()).
std::string name_problem(const std::string &what, std::string_view name);

// "" when `text` is a text, else "<what> <why>": "is not valid UTF-8 (byte
// 0xff at 3)", "holds the control character U+0085", "holds the
// bidirectional control U+202E".
std::string text_problem(const std::string &what, std::string_view text);

// `text` in a one-line message: excerpt() (base/text.h) in quotes.
std::string quoted_for_message(std::string_view text);

// `text` as one part of a file name, whatever it holds: letters, digits,
// '.', '-' and '_' kept, every other byte (a '/', blanks, control
// characters, non-ASCII) as '_', a leading '.' or '-' as '_' (so never "."
// or ".." nor an option), cut to kMaxNameBytes, and "_" for nothing. A name
// is its own file name part (when it starts with a letter or a digit).
std::string file_name_part(std::string_view text);

}  // namespace bytebench
