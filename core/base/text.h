// Small text helpers shared by the layers above.
#pragma once

#include <string>
#include <string_view>

namespace bytebench {

// The white space trim() removes: what isspace() accepts in the C locale.
inline constexpr const char *kWhiteSpace = " \t\n\v\f\r";

// `text` without white space at either end.
std::string trim(std::string_view text);

// The first `bytes` of a UTF-8 string, without cutting a character in two.
std::string utf8_prefix(const std::string &text, size_t bytes);

}  // namespace bytebench
