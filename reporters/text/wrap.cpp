#include "wrap.h"

#include <sstream>

#include "common/text_width.h"

namespace bytebench::reporters::text {

void write_wrapped(std::ostream &out, const std::string &text, const std::string &first,
                   const std::string &rest, size_t width) {
    std::istringstream words(text);
    std::string word;
    std::string line = first;
    bool line_has_word = false;
    while (words >> word) {
        if (line_has_word && display_width(line) + 1 + display_width(word) > width) {
            out << line << '\n';
            line = rest;
            line_has_word = false;
        }
        line += (line_has_word ? " " : "") + word;
        line_has_word = true;
    }
    out << line << '\n';
}

}  // namespace bytebench::reporters::text
