// Undoing what pasting a report into a blog, a forum or a word processor does
// to its text, one line at a time.
#include "import/pasted_text.h"

#include <cctype>
#include <cstdint>
#include <optional>
#include <string_view>

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

std::string plain_characters(const std::string &raw, bool &typographic) {
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
            typographic = true;
            ++i;
            continue;
        }
        const std::optional<std::string> ascii = ascii_for(cp);
        // A byte order mark opens many files that were never near a web page.
        if (ascii && cp != 0xFEFF) typographic = true;
        out += ascii ? *ascii : raw.substr(i, length);
        i += length;
    }
    return out;
}

// ---------------------------------------------------------------------------
// HTML: what copying from a page's source, or a forum that escapes its
// input twice, leaves in the text.
// ---------------------------------------------------------------------------

void append_utf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// The code point of a named entity a report could contain, or 0.
uint32_t named_entity(std::string_view name) {
    static const struct {
        const char *name;
        uint32_t cp;
    } kEntities[] = {{"nbsp", 0xA0},    {"amp", '&'},       {"lt", '<'},        {"gt", '>'},
                     {"quot", '"'},     {"apos", '\''},     {"ndash", 0x2013},  {"mdash", 0x2014},
                     {"minus", 0x2212}, {"hellip", 0x2026}, {"lsquo", 0x2018},  {"rsquo", 0x2019},
                     {"ldquo", 0x201C}, {"rdquo", 0x201D},  {"thinsp", 0x2009}, {"ensp", 0x2002},
                     {"emsp", 0x2003},  {"times", 0xD7},    {"middot", 0xB7},   {"shy", 0xAD}};
    for (const auto &e : kEntities)
        if (name == e.name) return e.cp;
    return 0;
}

// "&amp;", "&#8212;", "&#x2014;" at `i`: the code point and the entity's length, or 0.
size_t read_entity(const std::string &s, size_t i, uint32_t &cp) {
    const size_t semicolon = s.find(';', i);
    if (semicolon == std::string::npos || semicolon - i > 10 || semicolon == i + 1) return 0;
    const std::string_view body(s.data() + i + 1, semicolon - i - 1);
    if (body[0] != '#') {
        cp = named_entity(body);
    } else {
        const bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
        const std::string_view digits = body.substr(hex ? 2 : 1);
        if (digits.empty()) return 0;
        cp = 0;
        for (const char c : digits) {
            if (!(hex ? std::isxdigit(static_cast<unsigned char>(c))
                      : std::isdigit(static_cast<unsigned char>(c))))
                return 0;
            cp = cp * (hex ? 16 : 10) + uint32_t(std::isdigit(static_cast<unsigned char>(c))
                                                     ? c - '0'
                                                     : std::tolower(c) - 'a' + 10);
        }
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    }
    return cp == 0 ? 0 : semicolon - i + 1;
}

// The tag at `i` ("<br>", "</td>", "<span class=x>"): its length and lower-case name, or 0.
size_t read_tag(const std::string &s, size_t i, std::string &name) {
    size_t k = i + 1;
    if (k < s.size() && s[k] == '/') ++k;
    name.clear();
    while (k < s.size() && std::isalnum(static_cast<unsigned char>(s[k])) && name.size() < 12)
        name += char(std::tolower(static_cast<unsigned char>(s[k++])));
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return 0;
    const size_t close = s.find('>', k);
    if (close == std::string::npos || close - i > 200) return 0;
    if (k < close && s[k] != ' ' && s[k] != '/' && s[k] != '\t') return 0;  // "<3x" is text
    return close - i + 1;
}

bool breaks_line(const std::string &tag) {
    return tag == "br" || tag == "p" || tag == "div" || tag == "tr" || tag == "li" || tag == "pre";
}

// Entities decoded and tags dropped (a tag becomes a space, so table cells stay apart); the
// text is cut where a tag breaks the line. Entities are decoded once: "&amp;nbsp;" is what a
// forum that escapes twice shows as "&nbsp;", and stays that.
std::vector<std::string> without_html(const std::string &raw, bool &html) {
    std::vector<std::string> pieces(1);
    for (size_t i = 0; i < raw.size();) {
        uint32_t cp = 0;
        std::string tag;
        if (raw[i] == '&') {
            if (const size_t length = read_entity(raw, i, cp)) {
                append_utf8(pieces.back(), cp);
                html = true;
                i += length;
                continue;
            }
        } else if (raw[i] == '<') {
            if (const size_t length = read_tag(raw, i, tag)) {
                if (breaks_line(tag))
                    pieces.emplace_back();
                else
                    pieces.back() += ' ';
                html = true;
                i += length;
                continue;
            }
        }
        pieces.back() += raw[i++];
    }
    return pieces;
}

std::string tidy(const std::string &raw, bool &typographic) {
    const std::string text = plain_characters(raw, typographic);
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

}  // namespace

std::string normalize_line(const std::string &raw) {
    bool html = false, typographic = false;
    std::string joined;
    for (const std::string &piece : without_html(raw, html)) joined += piece + " ";
    return tidy(joined, typographic);
}

std::vector<PastedLine> pasted_lines(const std::string &raw) {
    bool html = false;
    std::vector<PastedLine> lines;
    for (const std::string &piece : without_html(raw, html)) {
        PastedLine line;
        line.text = tidy(piece, line.typographic);
        line.html = html;
        lines.push_back(line);
    }
    return lines;
}

}  // namespace bytebench
