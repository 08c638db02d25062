// Text for the page: HTML escaping, numbers and times. Everything here is independent of the
// process locale (a worker may run under one with a decimal comma) and of the clock, so that
// the same document always gives the same page.
#pragma once

#include <string>
#include <string_view>

#include "common/number_text.h"
#include "common/time_text.h"

namespace bytebench::reporters::html {

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

// `text` cut to at most `max_chars` code points, with "…" when cut. SVG cannot wrap or
// measure text, so chart labels are kept short.
std::string truncated(const std::string &text, size_t max_chars);

// Counts and times read as in the other reports: "2 CPUs", and the benchmarked machine's clock
// as the document wrote it, never converted, so a page shows the same times wherever it is
// rendered.
using reporters::clock_text;
using reporters::ClockTime;
using reporters::counted;
using reporters::date_text;
using reporters::date_time_or_raw;
using reporters::parse_iso8601;

// "Mon Nov 30 2026 02:45:57 – 02:52:40" (the end's date only when it differs).
std::string time_range(const std::string &start, const std::string &end);

// Seconds since boot as "1 day, 2:04" / "3:10" / "9 min".
std::string uptime_text(double seconds);

}  // namespace bytebench::reporters::html
