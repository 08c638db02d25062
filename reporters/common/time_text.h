// Times of the documents, shown as the benchmarked machine's clock: the fields are read as
// written (ISO 8601 with the machine's UTC offset) and never converted, so the reader sees the
// local time of the run wherever the report is rendered. Everything here is independent of the
// process locale and of the clock. Header-only.
#pragma once

#include <cctype>
#include <optional>
#include <string>

namespace bytebench::reporters {

namespace detail {

// "YYYY-MM-DDTHH:MM:SS" at the start of `iso` (digits and separators only; no range check).
inline bool has_iso8601_prefix(const std::string &iso) {
    static const char pattern[] = "dddd-dd-ddTdd:dd:dd";
    if (iso.size() < sizeof pattern - 1) return false;
    for (size_t i = 0; i + 1 < sizeof pattern; ++i) {
        const unsigned char c = static_cast<unsigned char>(iso[i]);
        const bool ok = pattern[i] == 'd'   ? std::isdigit(c) != 0
                        : pattern[i] == 'T' ? (c == 'T' || c == ' ')
                                            : c == static_cast<unsigned char>(pattern[i]);
        if (!ok) return false;
    }
    return true;
}

// The number written by the `count` digits at `pos` (checked by has_iso8601_prefix()).
inline int digits_at(const std::string &text, size_t pos, size_t count) {
    int value = 0;
    for (size_t i = pos; i < pos + count; ++i) value = value * 10 + (text[i] - '0');
    return value;
}

// 0 = Sunday (Sakamoto's method), so that no time zone is involved.
inline int day_of_week(int year, int month, int day) {
    static const int offsets[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    if (month < 3) year -= 1;
    return (year + year / 4 - year / 100 + year / 400 + offsets[month - 1] + day) % 7;
}

}  // namespace detail

// `n` (not negative) with at least `width` digits ("07"): to_string, unlike printf, never
// looks at the locale.
inline std::string zero_padded(long long n, size_t width) {
    const std::string digits = std::to_string(n);
    return digits.size() < width ? std::string(width - digits.size(), '0') + digits : digits;
}

// "2026-11-30 02:45:57 +00:00": ISO 8601 as written, with a blank for the 'T' and without the
// fraction. An unparsable time is shown as written rather than dropped.
inline std::string display_time(const std::string &iso) {
    if (!detail::has_iso8601_prefix(iso)) return iso;
    std::string text = iso.substr(0, 10) + " " + iso.substr(11, 8);
    size_t rest = 19;
    if (rest < iso.size() && iso[rest] == '.')
        for (++rest; rest < iso.size() && std::isdigit(static_cast<unsigned char>(iso[rest]));)
            ++rest;
    if (rest < iso.size()) text += " " + iso.substr(rest);
    return text;
}

// The date and clock time of an ISO 8601 time, its fraction and offset left aside.
struct ClockTime {
    int year, month, day, hour, minute, second;
};

// Nothing when `iso` does not start with a valid "YYYY-MM-DDTHH:MM:SS" (or with a blank for
// the 'T').
inline std::optional<ClockTime> parse_iso8601(const std::string &iso) {
    if (!detail::has_iso8601_prefix(iso)) return std::nullopt;
    using detail::digits_at;
    const ClockTime t = {digits_at(iso, 0, 4),  digits_at(iso, 5, 2),  digits_at(iso, 8, 2),
                         digits_at(iso, 11, 2), digits_at(iso, 14, 2), digits_at(iso, 17, 2)};
    const bool in_range = t.month >= 1 && t.month <= 12 && t.day >= 1 && t.day <= 31 &&
                          t.hour <= 23 && t.minute <= 59 && t.second <= 60;
    if (!in_range) return std::nullopt;
    return t;
}

// "02:45:57"
inline std::string clock_text(const ClockTime &t) {
    return zero_padded(t.hour, 2) + ":" + zero_padded(t.minute, 2) + ":" + zero_padded(t.second, 2);
}

// "Mon Nov 30 2026": strftime("%a %b %d %Y") in the C locale.
inline std::string date_text(const ClockTime &t) {
    static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    return std::string(days[detail::day_of_week(t.year, t.month, t.day)]) + " " +
           months[t.month - 1] + " " + zero_padded(t.day, 2) + " " + zero_padded(t.year, 4);
}

// "Mon Nov 30 2026 02:45:57"
inline std::string date_time_text(const ClockTime &t) { return date_text(t) + " " + clock_text(t); }

// "Mon Nov 30 2026 02:45:57"; the text as written when it is not ISO 8601.
inline std::string date_time_or_raw(const std::string &iso) {
    const std::optional<ClockTime> t = parse_iso8601(iso);
    return t ? date_time_text(*t) : iso;
}

}  // namespace bytebench::reporters
