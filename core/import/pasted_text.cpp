// Undoing what pasting a report into a blog, a forum or a word processor does
// to its text, one line at a time.
#include "import/pasted_text.h"

#include <cstdint>
#include <optional>

namespace bytebench {

// ---------------------------------------------------------------------------
// Undoing what pasting does to text.
// ---------------------------------------------------------------------------

namespace {

// What a code point that blogs and word processors put in place of plain ASCII stands for,
// or nullopt to keep it as it is.
std::optional<std::string> ascii_for(uint32_t cp) {
    if (cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F ||
        cp == 0x205F || cp == 0x3000)
        return " ";
    if (cp == 0x200B || cp == 0x200C || cp == 0x200D || cp == 0x2060 || cp == 0xFEFF) return "";
    if ((cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212 || cp == 0xFE58 || cp == 0xFE63 ||
        cp == 0xFF0D)
        return "-";
    if ((cp >= 0x2018 && cp <= 0x201B) || cp == 0x2032) return "'";
    if ((cp >= 0x201C && cp <= 0x201F) || cp == 0x2033) return "\"";
    if (cp == 0x2026) return "...";
    return std::nullopt;
}

// A byte that is not part of valid UTF-8 is read as Windows-1252, which is what a page saved
// or copied from an old Windows program gives: the punctuation a paste introduces becomes
// ASCII, Latin-1 letters become UTF-8, and anything else U+FFFD, so the document is always
// valid UTF-8 (nlohmann::json refuses to write anything else).
std::string from_cp1252(unsigned char c) {
    switch (c) {
        case 0x96:
        case 0x97:
            return "-";
        case 0x91:
        case 0x92:
            return "'";
        case 0x93:
        case 0x94:
            return "\"";
        case 0x85:
            return "...";
        default:
            break;
    }
    if (c == 0xA0) return " ";
    if (c > 0xA0) return {char(0xC0 | (c >> 6)), char(0x80 | (c & 0x3F))};
    return "\xEF\xBF\xBD";
}

// Decodes one UTF-8 sequence at `i`; returns its length, or 0 when the bytes are not UTF-8
// (overlong forms and surrogates included).
size_t decode_utf8(const std::string &s, size_t i, uint32_t &cp) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t length = 0;
    uint32_t least = 0;
    if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        cp = c & 0x07;
        least = 0x10000;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        cp = c & 0x0F;
        least = 0x800;
    } else if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
        cp = c & 0x1F;
        least = 0x80;
    } else {
        return 0;
    }
    if (i + length > s.size()) return 0;
    for (size_t k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return length;
}

std::string plain_characters(const std::string &raw) {
    std::string out;
    out.reserve(raw.size());
    for (size_t i = 0; i < raw.size();) {
        const auto c = static_cast<unsigned char>(raw[i]);
        if (c < 0x80) {
            out += std::isspace(c) ? ' ' : char(c);
            ++i;
            continue;
        }
        uint32_t cp = 0;
        const size_t length = decode_utf8(raw, i, cp);
        if (length == 0) {
            out += from_cp1252(c);
            ++i;
            continue;
        }
        const std::optional<std::string> ascii = ascii_for(cp);
        out += ascii ? *ascii : raw.substr(i, length);
        i += length;
    }
    return out;
}

}  // namespace

std::string normalize_line(const std::string &raw) {
    const std::string text = plain_characters(raw);
    size_t i = 0;
    // Mail and markdown quote prefixes ("> ", "> > ").
    for (;;) {
        while (i < text.size() && text[i] == ' ') ++i;
        if (i < text.size() && text[i] == '>')
            ++i;
        else
            break;
    }
    std::string out;
    for (; i < text.size(); ++i) {
        if (text[i] == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += text[i];
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

}  // namespace bytebench
