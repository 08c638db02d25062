// What the markdown reporter's comparison layout needs beside the model (comparison_markdown.cpp).
#pragma once

#include <string>
#include <vector>

#include "common/join.h"
#include "common/markdown.h"

namespace bytebench::reporters::markdown {

// Marks the tests whose inputs ran different workload versions; their notes follow the table.
inline constexpr const char *kNotComparable = "\u2020";  // †

// Escapes each part, then joins those that are known.
inline std::string described(const std::vector<std::string> &parts, const char *separator) {
    std::vector<std::string> escaped_parts;
    for (const std::string &part : parts) escaped_parts.push_back(markdown_escape(part));
    return join_known(escaped_parts, separator);
}

}  // namespace bytebench::reporters::markdown
