// Text inside Markdown (GitHub-flavoured): names and messages come from plugins and from other
// machines, so every character Markdown or GitHub would act on is escaped, and line breaks
// (which end a table row) become blanks. Header-only.
#pragma once

#include <cctype>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "base/json_read.h"

namespace bytebench::reporters {

namespace detail {

inline bool is_word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           (static_cast<unsigned char>(c) & 0x80) != 0;
}

// Whether `text[i]` would act as Markdown. Code, emphasis, links, HTML, table cells,
// strikethrough and math ($) act anywhere. '_' cannot open or close emphasis inside a word
// ("x86_64"); '#' (issue reference), '@' (mention) and '&' (entity) act only before a word.
// Parentheses, '-', '+' and '.' act only at the start of a line, where escaped text never
// goes. So names keep their usual look wherever that is safe.
inline bool markdown_active(std::string_view text, size_t i) {
    const char c = text[i];
    const bool word_before = i > 0 && is_word_char(text[i - 1]);
    const bool word_after = i + 1 < text.size() && is_word_char(text[i + 1]);
    if (c != '\0' && std::strchr("\\`*[]<>|~$", c) != nullptr) return true;
    if (c == '_') return !(word_before && word_after);
    if (c == '#' || c == '@') return word_after;
    if (c == '&') return word_after || (i + 1 < text.size() && text[i + 1] == '#');
    return false;
}

}  // namespace detail

inline std::string markdown_escape(std::string_view text) {
    std::string escaped;
    escaped.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            escaped += ' ';
            continue;
        }
        if (detail::markdown_active(text, i)) escaped += '\\';
        escaped += c;
    }
    return escaped;
}

// object[key] as escaped Markdown ("" when it is not a string).
inline std::string escaped_member(const nlohmann::json &object, const char *key) {
    return markdown_escape(string_member(object, key));
}

}  // namespace bytebench::reporters
