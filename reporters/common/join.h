// Joining the parts of a description that are known: reporters build lines such as
// "vm, AMD EPYC, 2 CPUs" from members any of which may be absent. Header-only.
#pragma once

#include <string>
#include <vector>

namespace bytebench::reporters {

// The non-empty parts joined by `separator`.
inline std::string join_known(const std::vector<std::string> &parts, const char *separator) {
    std::string text;
    for (const std::string &part : parts) {
        if (part.empty()) continue;
        if (!text.empty()) text += separator;
        text += part;
    }
    return text;
}

}  // namespace bytebench::reporters
