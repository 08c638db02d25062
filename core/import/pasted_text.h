// What blogs, forums, web pages and word processors do to a plain-text
// report, undone: the UnixBench importer reads every line through
// pasted_lines().
#pragma once

#include <string>
#include <vector>

namespace bytebench {

// One line as the importer reads it: HTML entities (&nbsp; &amp; &#8212;)
// decoded and tags dropped, NBSP and other spaces, tabs, typographic dashes,
// quotes and ellipses turned back into ASCII, bytes that are not UTF-8 read as
// Windows-1252, "> " quote prefixes dropped, whitespace trimmed and collapsed
// to single spaces.
std::string normalize_line(const std::string &raw);

// A line of the file as it reads once normalized, and what had to be undone.
struct PastedLine {
    std::string text;
    bool html = false;         // HTML entities or tags
    bool typographic = false;  // typographic quotes, dashes, ellipses or unusual spaces
};

// The lines one line of the file holds: a page that kept the text's line
// breaks only as <br> (or <p>, </div>, </tr>, </li>) runs lines together.
std::vector<PastedLine> pasted_lines(const std::string &raw);

}  // namespace bytebench
