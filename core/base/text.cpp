#include "base/text.h"

namespace bytebench {

std::string trim(std::string_view text) {
    const size_t begin = text.find_first_not_of(kWhiteSpace);
    if (begin == std::string_view::npos) return "";
    const size_t end = text.find_last_not_of(kWhiteSpace);
    return std::string(text.substr(begin, end - begin + 1));
}

std::string utf8_prefix(const std::string &text, size_t bytes) {
    if (text.size() <= bytes) return text;
    while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
    return text.substr(0, bytes);
}

}  // namespace bytebench
