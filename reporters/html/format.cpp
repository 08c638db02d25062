#include "format.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <system_error>
#include <vector>

namespace bytebench::html {

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

std::string counted(long long n, const char *one, const char *many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string truncated(const std::string &text, size_t max_chars) {
    std::vector<size_t> starts;  // byte offset of each character; UTF-8 continuation bytes
    for (size_t i = 0; i < text.size(); ++i)  // (10xxxxxx) start none
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
    if (starts.size() <= max_chars || max_chars == 0) return text;
    return text.substr(0, starts[max_chars - 1]) + "…";
}

namespace {

bool read_digits(const std::string &text, size_t pos, size_t count, int &value) {
    if (pos + count > text.size()) return false;
    value = 0;
    for (size_t i = pos; i < pos + count; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) return false;
        value = value * 10 + (text[i] - '0');
    }
    return true;
}

bool char_at(const std::string &text, size_t pos, const char *accepted) {
    if (pos >= text.size()) return false;
    for (const char *c = accepted; *c != '\0'; ++c)
        if (text[pos] == *c) return true;
    return false;
}

// 0 = Sunday (Sakamoto's method), so that no time zone is involved.
int day_of_week(int year, int month, int day) {
    static const int offsets[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    if (month < 3) year -= 1;
    return (year + year / 4 - year / 100 + year / 400 + offsets[month - 1] + day) % 7;
}

std::string two_digits(int n) { return (n < 10 ? "0" : "") + std::to_string(n); }

}  // namespace

std::optional<ClockTime> parse_iso8601(const std::string &text) {
    ClockTime t{};
    const bool ok = read_digits(text, 0, 4, t.year) && char_at(text, 4, "-") &&
                    read_digits(text, 5, 2, t.month) && char_at(text, 7, "-") &&
                    read_digits(text, 8, 2, t.day) && char_at(text, 10, "T ") &&
                    read_digits(text, 11, 2, t.hour) && char_at(text, 13, ":") &&
                    read_digits(text, 14, 2, t.minute) && char_at(text, 16, ":") &&
                    read_digits(text, 17, 2, t.second);
    const bool in_range = t.month >= 1 && t.month <= 12 && t.day >= 1 && t.day <= 31 &&
                          t.hour <= 23 && t.minute <= 59 && t.second <= 60;
    if (!ok || !in_range) return std::nullopt;
    return t;
}

std::string date_text(const ClockTime &t) {
    static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    return std::string(days[day_of_week(t.year, t.month, t.day)]) + " " + months[t.month - 1] +
           " " + two_digits(t.day) + " " + std::to_string(t.year);
}

std::string clock_text(const ClockTime &t) {
    return two_digits(t.hour) + ":" + two_digits(t.minute) + ":" + two_digits(t.second);
}

std::string date_time_text(const ClockTime &t) { return date_text(t) + " " + clock_text(t); }

std::string date_time_or_raw(const std::string &iso) {
    const std::optional<ClockTime> t = parse_iso8601(iso);
    return t ? date_time_text(*t) : iso;
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
    const long long total = std::isfinite(seconds) && seconds > 0 && seconds < 9e15
                                ? static_cast<long long>(seconds)
                                : 0;
    const long long days = total / 86400;
    const long long hours = total / 3600 % 24;
    const long long minutes = total / 60 % 60;
    std::string text = days != 0 ? counted(days, "day", "days") + ", " : "";
    if (hours != 0) return text + std::to_string(hours) + ":" + two_digits(int(minutes));
    return text + std::to_string(minutes) + " min";
}

}  // namespace bytebench::html
