// The significance verdict of a comparison cell (comparison-schema.md, `significance`) and how
// reports mark it. Header-only.
#pragma once

#include <string>

namespace bytebench::reporters {

// `none`: the cell has no verdict (baseline column, no delta).
// `better` and `worse` by the number's direction (comparison-schema.md): the core has judged
// the change with it, so a report shows the verdict as given.
enum class Verdict { none, better, worse, noise, unknown };

// A verdict this reader does not know (from a later minor of the schema) reads as `unknown`:
// claiming a difference it cannot vouch for would be worse than a question mark.
inline Verdict parse_verdict(const std::string &text) {
    if (text.empty()) return Verdict::none;
    if (text == "better") return Verdict::better;
    if (text == "worse") return Verdict::worse;
    if (text == "noise") return Verdict::noise;
    return Verdict::unknown;
}

// One symbol: for reports that render Unicode (Markdown, HTML)
// ▲ better, ▼ worse, ~ noise, ? unknown; with `ascii`, + and - for the
// first two (a terminal's table, whose every character must be one column).
inline const char *verdict_marker(Verdict verdict, bool ascii = false) {
    switch (verdict) {
        case Verdict::better:
            return ascii ? "+" : "\u25B2";  // ▲
        case Verdict::worse:
            return ascii ? "-" : "\u25BC";  // ▼
        case Verdict::noise:
            return "~";
        case Verdict::unknown:
            return "?";
        case Verdict::none:
            break;
    }
    return "";
}

// A word, for plain ASCII reports (terminal), whose width is then sure.
inline const char *verdict_word(Verdict verdict) {
    switch (verdict) {
        case Verdict::better:
            return "better";
        case Verdict::worse:
            return "worse";
        case Verdict::noise:
            return "noise";
        case Verdict::unknown:
            return "?";
        case Verdict::none:
            break;
    }
    return "";
}

}  // namespace bytebench::reporters
