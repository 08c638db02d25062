#include "base/names.h"

#include <cstdint>
#include <cstdio>

#include "base/text.h"

namespace bytebench {
namespace {

bool letter_or_digit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool name_char(char c) { return letter_or_digit(c) || c == '.' || c == '_' || c == '-'; }

std::string code_point_text(uint32_t code_point) {
    char text[16];
    std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(code_point));
    return text;
}

bool is_control(uint32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F); }

// They end a line where a reader sees none.
bool is_line_break(uint32_t c) { return c == 0x2028 || c == 0x2029; }

// Embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI,
// FSI, PDI): they reorder what follows them on the line.
bool is_bidi_control(uint32_t c) {
    return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

bool is_name(std::string_view name) {
    if (name.empty() || name.size() > kMaxNameBytes || !letter_or_digit(name[0])) return false;
    for (const char c : name)
        if (!name_char(c)) return false;
    return true;
}

std::string name_problem(const std::string &what, std::string_view name) {
    if (is_name(name)) return "";
    return what + " " + quoted_for_message(name) + " is not a name: " + kNameRule;
}

std::string text_problem(const std::string &what, std::string_view text) {
    for (size_t at = 0; at < text.size();) {
        uint32_t code_point = 0;
        const size_t size = utf8_sequence(text, at, code_point);
        if (size == 0) {
            char byte[48];
            std::snprintf(byte, sizeof byte, " (byte 0x%02x at %zu)",
                          static_cast<unsigned>(static_cast<unsigned char>(text[at])), at);
            return what + " is not valid UTF-8" + byte;
        }
        if (is_control(code_point))
            return what + " holds the control character " + code_point_text(code_point);
        if (is_line_break(code_point))
            return what + " holds the line break " + code_point_text(code_point);
        if (is_bidi_control(code_point))
            return what + " holds the bidirectional control " + code_point_text(code_point);
        at += size;
    }
    return "";
}

std::string quoted_for_message(std::string_view text) { return "'" + excerpt(text) + "'"; }

std::string file_name_part(std::string_view text) {
    std::string out;
    for (const char c : text.substr(0, kMaxNameBytes)) out += name_char(c) ? c : '_';
    if (out.empty()) return "_";
    if (out[0] == '.' || out[0] == '-') out[0] = '_';  // no hidden file, no option, never ".."
    return out;
}

}  // namespace bytebench
