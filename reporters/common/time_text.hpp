// Times of the documents, shown as the benchmarked machine's clock: ISO 8601 as written,
// with a blank for the 'T' and without the fraction ("2026-11-30 02:45:57 +00:00"). The
// offset is kept, never converted, so the reader sees the local time of the run. Header-only.
#ifndef BYTEBENCH_REPORTERS_TIME_TEXT_HPP
#define BYTEBENCH_REPORTERS_TIME_TEXT_HPP

#include <cctype>
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

}  // namespace detail

// An unparsable time is shown as written rather than dropped.
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

}  // namespace bytebench::reporters

#endif  // BYTEBENCH_REPORTERS_TIME_TEXT_HPP
