// Word wrapping for the text reports' prose (warnings, notes, the legend): a terminal of 100
// columns must not break a sentence in the middle of a word.
#pragma once

#include <ostream>
#include <string>

namespace bytebench::reporters::text {

inline constexpr size_t kTextWidth = 100;

// Writes `text` in lines of at most `width` columns where its words allow, the first line
// starting with `first`, the others with `rest` (both count towards the width). A word
// longer than a line gets a line of its own.
void write_wrapped(std::ostream &out, const std::string &text, const std::string &first,
                   const std::string &rest, size_t width = kTextWidth);

}  // namespace bytebench::reporters::text
