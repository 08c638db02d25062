// Text for the page: HTML escaping, numbers and times. Everything here is independent of the
// process locale (a worker may run under one with a decimal comma) and of the clock, so that
// the same document always gives the same page.
#ifndef BYTEBENCH_REPORTERS_HTML_FORMAT_H
#define BYTEBENCH_REPORTERS_HTML_FORMAT_H

#include <optional>
#include <string>
#include <string_view>

namespace bytebench::html {

// Escapes & < > " ' so that the text is safe in element content and in quoted attribute
// values, in HTML and in inline SVG alike. Control characters other than tab, newline and
// carriage return (which HTML forbids) become U+FFFD.
std::string escape(std::string_view text);

// `value` with `decimals` digits after the point ("32693548.2" for 1).
std::string fixed(double value, int decimals);

// A result or an index as UnixBench prints them: one decimal.
inline std::string value_text(double value) { return fixed(value, 1); }

// A delta in percent with its sign and one decimal: "+1.6%", "-5.1%".
std::string delta_text(double percent);

// A p-value with two significant digits ("0.21", "0.0006"); "< 0.0001" below that.
std::string p_value_text(double p);

// "1 copy", "2 copies" (UnixBench's number()).
std::string counted(long long n, const char *one, const char *many);

// `text` cut to at most `max_chars` code points, with "…" when cut. SVG cannot wrap or
// measure text, so chart labels are kept short.
std::string truncated(const std::string &text, size_t max_chars);

// The benchmarked machine's clock as the document wrote it (ISO 8601 with its UTC offset);
// times are never converted, so a page shows the same times wherever it is rendered.
struct ClockTime {
    int year, month, day, hour, minute, second;
};
std::optional<ClockTime> parse_iso8601(const std::string &text);
std::string date_text(const ClockTime &t);       // "Mon Nov 30 2026"
std::string date_time_text(const ClockTime &t);  // "Mon Nov 30 2026 02:45:57"
std::string clock_text(const ClockTime &t);      // "02:45:57"

// "Mon Nov 30 2026 02:45:57"; the text as written when it is not ISO 8601.
std::string date_time_or_raw(const std::string &iso);

// "Mon Nov 30 2026 02:45:57 – 02:52:40" (the end's date only when it differs).
std::string time_range(const std::string &start, const std::string &end);

// Seconds since boot as "1 day, 2:04" / "3:10" / "9 min".
std::string uptime_text(double seconds);

}  // namespace bytebench::html

#endif  // BYTEBENCH_REPORTERS_HTML_FORMAT_H
