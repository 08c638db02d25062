#include "base/text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace bytebench {

std::string trim(std::string_view text) {
    const size_t begin = text.find_first_not_of(kWhiteSpace);
    if (begin == std::string_view::npos) return "";
    const size_t end = text.find_last_not_of(kWhiteSpace);
    return std::string(text.substr(begin, end - begin + 1));
}

std::string utf8_prefix(const std::string &text, size_t bytes) {
    if (text.size() <= bytes) return text;
    while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
    return text.substr(0, bytes);
}

std::string excerpt(std::string_view text, size_t max_bytes) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (const char c : text.substr(0, max_bytes)) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\\' || c == '\'') {
            out += '\\';
            out += c;
        } else if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        }
    }
    return text.size() > max_bytes ? out + "..." : out;
}

size_t utf8_sequence(std::string_view text, size_t at, uint32_t &code_point) {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = byte(0);
    size_t size = 0;
    if (lead < 0x80) {
        code_point = lead;
        return 1;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        size = 2;
        code_point = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        size = 3;
        code_point = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        size = 4;
        code_point = lead & 0x07;
    } else {
        return 0;
    }
    if (at + size > text.size()) return 0;
    for (size_t i = 1; i < size; ++i) {
        if ((byte(i) & 0xC0) != 0x80) return 0;
        code_point = (code_point << 6) | (byte(i) & 0x3F);
    }
    const uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code_point < smallest[size] || code_point > 0x10FFFF ||
        (code_point >= 0xD800 && code_point <= 0xDFFF))
        return 0;
    return size;
}

std::string terminal_safe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t at = 0; at < text.size();) {
        uint32_t code_point = 0;
        const size_t size = utf8_sequence(text, at, code_point);
        const bool control = code_point < 0x20
                                 ? code_point != '\n' && code_point != '\t'
                                 : code_point == 0x7F || (code_point >= 0x80 && code_point <= 0x9F);
        if (size == 0 || control) {
            out += '?';
            at += size == 0 ? 1 : size;
        } else {
            out.append(text.substr(at, size));
            at += size;
        }
    }
    return out;
}

namespace {

// `value` with at most two decimals and no trailing zeros: "1", "1.5", "10.15".
std::string short_decimal(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2f", value);
    std::string out = text;
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
    return out;
}

std::string units_text(long long big, const char *big_unit, long long small,
                       const char *small_unit) {
    std::string out = std::to_string(big) + " " + big_unit;
    if (small != 0) out += " " + std::to_string(small) + " " + small_unit;
    return out;
}

}  // namespace

// Each branch rounds first and lets a value that rounds up to the next unit
// fall through to it, so 59.999 s is "1 min", never "60 s".
std::string duration_text(double seconds) {
    constexpr double kLongest = 1e12;  // beyond it, no long long conversion is safe
    if (!(seconds >= 0) || seconds > kLongest) return "unknown";
    if (const long long ms = std::llround(seconds * 1000); ms < 1000) {
        if (ms == 0 && seconds > 0) return "less than 1 ms";
        return ms == 0 ? "0 s" : std::to_string(ms) + " ms";
    }
    if (const double centis = std::round(seconds * 100) / 100; centis < 60)
        return short_decimal(centis) + " s";
    if (const long long whole = std::llround(seconds); whole < 3600)
        return units_text(whole / 60, "min", whole % 60, "s");
    const long long minutes = std::llround(seconds / 60);
    return units_text(minutes / 60, "h", minutes % 60, "min");
}

std::string size_text(double bytes) {
    const char *units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int unit = 0;
    while (bytes >= 1024 && unit < 5) {
        bytes /= 1024;
        ++unit;
    }
    char text[64];
    if (unit == 0)
        std::snprintf(text, sizeof text, "%.0f bytes", bytes);
    else
        std::snprintf(text, sizeof text, "%.*f %s", bytes == double(long(bytes)) ? 0 : 1, bytes,
                      units[unit]);
    return text;
}

std::string count_text(uint64_t n, std::string_view singular, std::string_view plural) {
    return std::to_string(n) + " " + std::string(n == 1 ? singular : plural);
}

std::string copies_text(int copies) {
    return count_text(uint64_t(std::max(copies, 0)), "copy", "copies");
}

std::string joined(const std::vector<std::string> &values, std::string_view separator) {
    std::string out;
    for (size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += separator;
        out += values[i];
    }
    return out;
}

}  // namespace bytebench
