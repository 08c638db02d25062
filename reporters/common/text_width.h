// The width of UTF-8 text in columns, for padding tables: one column per code point. Names
// come from other machines and may hold non-ASCII letters; counting bytes would misalign
// them. (East Asian wide characters still take two columns; reports rarely hold any.)
// Header-only.
#pragma once

#include <string>
#include <string_view>

namespace bytebench::reporters {

inline size_t display_width(std::string_view text) {
    size_t width = 0;
    for (const char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;
    return width;
}

// `text` padded with blanks to `width` columns, on the right (left-aligned) or on the left.
inline std::string pad(const std::string &text, size_t width, bool align_right) {
    const size_t used = display_width(text);
    if (used >= width) return text;
    const std::string blanks(width - used, ' ');
    return align_right ? blanks + text : text + blanks;
}

}  // namespace bytebench::reporters
