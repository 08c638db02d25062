// Writing CSV (RFC 4180): a field is quoted when it holds a comma, a double quote, a line
// break, or blanks at either end (which some readers trim from unquoted fields); quotes inside
// are doubled. Records end in '\n' rather than RFC 4180's CRLF, as Unix tools expect; every
// CSV reader accepts both. Header-only.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bytebench::reporters {

inline bool csv_needs_quotes(std::string_view field) {
    if (field.empty()) return false;
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    return field.find_first_of(",\"\r\n") != std::string_view::npos || blank(field.front()) ||
           blank(field.back());
}

inline std::string csv_field(std::string_view field) {
    if (!csv_needs_quotes(field)) return std::string(field);
    std::string quoted = "\"";
    for (const char c : field) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

inline void write_csv_record(std::ostream &out, const std::vector<std::string> &fields) {
    for (size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) out << ',';
        out << csv_field(fields[i]);
    }
    out << '\n';
}

}  // namespace bytebench::reporters
