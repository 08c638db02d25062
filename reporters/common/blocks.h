// Reports written as blocks that each end with a blank line, which separates a block from the
// next; the report itself ends with a single newline. Header-only.
#pragma once

#include <string>

namespace bytebench::reporters {

inline std::string without_final_blank_lines(std::string text) {
    while (text.size() >= 2 && text[text.size() - 1] == '\n' && text[text.size() - 2] == '\n')
        text.pop_back();
    return text;
}

}  // namespace bytebench::reporters
