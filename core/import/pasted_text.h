// What blogs, forums and word processors do to a plain-text report, undone:
// the UnixBench importer reads every line through normalize_line().
#pragma once

#include <string>

namespace bytebench {

// One line as the importer reads it: NBSP and other spaces, tabs, typographic
// dashes, quotes and ellipses turned back into ASCII, bytes that are not
// UTF-8 read as Windows-1252, "> " quote prefixes dropped, whitespace trimmed
// and collapsed to single spaces.
std::string normalize_line(const std::string &raw);

}  // namespace bytebench
