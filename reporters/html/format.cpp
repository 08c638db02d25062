#include "format.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <system_error>
#include <vector>

#include "base/json_read.h"

namespace bytebench::reporters::html {

std::string escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default: {
                const auto byte = static_cast<unsigned char>(c);
                const bool forbidden =
                    (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7f;
                if (forbidden)
                    out += "\xEF\xBF\xBD";
                else
                    out += c;
            }
        }
    }
    return out;
}

// std::to_chars, unlike printf, never looks at the locale.
std::string fixed(double value, int decimals) {
    if (!std::isfinite(value)) return "—";
    char buffer[400];
    const auto result =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (result.ec != std::errc()) return "—";
    std::string text(buffer, result.ptr);
    if (text.rfind("-0", 0) == 0 && text.find_first_not_of("-0.") == std::string::npos)
        text.erase(0, 1);  // "-0.0" reads as a sign where there is none
    return text;
}

std::string delta_text(double percent) {
    std::string text = fixed(percent, 1);
    if (text[0] != '-' && text != "—") text.insert(0, "+");
    return text + "%";
}

std::string p_value_text(double p) {
    if (!std::isfinite(p)) return "—";
    if (p < 0.0001) return "< 0.0001";
    char buffer[64];
    const auto result =
        std::to_chars(buffer, buffer + sizeof buffer, p, std::chars_format::general, 2);
    return result.ec == std::errc() ? std::string(buffer, result.ptr) : "—";
}

std::string truncated(const std::string &text, size_t max_chars) {
    std::vector<size_t> starts;  // byte offset of each character; UTF-8 continuation bytes
    for (size_t i = 0; i < text.size(); ++i)  // (10xxxxxx) start none
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
    if (starts.size() <= max_chars || max_chars == 0) return text;
    return text.substr(0, starts[max_chars - 1]) + "…";
}

std::string time_range(const std::string &start, const std::string &end) {
    const std::string from = date_time_or_raw(start);
    // An interrupted run may have no end time.
    if (end.empty()) return from;
    const std::optional<ClockTime> a = parse_iso8601(start);
    const std::optional<ClockTime> b = parse_iso8601(end);
    const bool same_day = a && b && a->year == b->year && a->month == b->month && a->day == b->day;
    return from + " – " + (same_day ? clock_text(*b) : date_time_or_raw(end));
}

std::string uptime_text(double seconds) {
    const long long total = seconds > 0 ? bytebench::to_integer(seconds) : 0;
    const long long days = total / 86400;
    const long long hours = total / 3600 % 24;
    const long long minutes = total / 60 % 60;
    std::string text = days != 0 ? counted(days, "day", "days") + ", " : "";
    if (hours != 0) return text + std::to_string(hours) + ":" + reporters::zero_padded(minutes, 2);
    return text + std::to_string(minutes) + " min";
}

}  // namespace bytebench::reporters::html
