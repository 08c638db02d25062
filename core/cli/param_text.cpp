#include "cli/param_text.h"

#include <algorithm>

#include "cli/terminal_output.h"

namespace bytebench::cli {

std::string param_values_text(const ParamValues &values) {
    std::string text;
    for (const auto &[key, value] : values) text += (text.empty() ? "" : " ") + key + "=" + value;
    return text;
}

std::string param_table(const std::vector<ParamInfo> &params, const std::string &indent,
                        const std::function<std::string(const ParamInfo &)> &suffix) {
    size_t key_width = 3, default_width = 7;
    for (const ParamInfo &p : params) {
        key_width = std::max(key_width, p.key.size());
        default_width = std::max(default_width, p.default_value.size());
    }
    std::string text;
    for (const ParamInfo &p : params) {
        std::string row =
            text_format("%s%-*s  %-6s  default %-*s  %s%s", indent.c_str(), int(key_width),
                        p.key.c_str(), p.type.c_str(), int(default_width), p.default_value.c_str(),
                        allowed_values_text(p).c_str(), suffix ? suffix(p).c_str() : "");
        row.erase(row.find_last_not_of(' ') + 1);  // no padding after the last column
        text += row + "\n";
        if (!p.help.empty())
            text += text_format("%s%-*s  %s\n", indent.c_str(), int(key_width), "", p.help.c_str());
    }
    return text;
}

}  // namespace bytebench::cli
