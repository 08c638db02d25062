#include "model/labels.h"

#include <stdexcept>

#include "base/json_read.h"

namespace bytebench {
namespace {

bool is_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
}

bool is_alnum(char c) { return is_key_char(c) && c != '_' && c != '-' && c != '.'; }

bool has_control_character(std::string_view text) {
    for (const char c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return true;
    return false;
}

[[noreturn]] void bad_label(std::string_view text, const std::string &why) {
    // The label as typed may hold the control characters it is refused for.
    std::string shown;
    for (const char c : text) shown += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    throw std::invalid_argument("--label " + shown + ": " + why);
}

}  // namespace

std::pair<std::string, std::string> parse_label(std::string_view text) {
    const size_t eq = text.find('=');
    if (eq == std::string_view::npos) bad_label(text, "give KEY=VALUE, e.g. kernel=6.1");
    const std::string_view key = text.substr(0, eq), value = text.substr(eq + 1);
    if (key.empty()) bad_label(text, "the key before '=' is empty");
    if (has_control_character(key) || has_control_character(value))
        bad_label(text, "control characters are not allowed in a label");
    if (key.size() > kMaxLabelKey)
        bad_label(text, "the key is longer than " + std::to_string(kMaxLabelKey) + " bytes");
    if (!is_alnum(key[0])) bad_label(text, "a key starts with a letter or a digit");
    for (const char c : key)
        if (!is_key_char(c))
            bad_label(text,
                      std::string("a key is letters, digits, '_', '-' and '.', not '") + c + "'");
    if (value.empty()) bad_label(text, "the value after '=' is empty");
    if (value.size() > kMaxLabelValue)
        bad_label(text, "the value is longer than " + std::to_string(kMaxLabelValue) + " bytes");
    return {std::string(key), std::string(value)};
}

Labels parse_labels(const std::vector<std::string> &typed) {
    Labels labels;
    for (const std::string &text : typed) {
        auto [key, value] = parse_label(text);
        if (labels.count(key))
            throw std::invalid_argument("--label " + text + ": the key " + key + " is given twice");
        labels.emplace(std::move(key), std::move(value));
    }
    return labels;
}

nlohmann::json labels_json(const Labels &labels) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto &[key, value] : labels) out[key] = value;
    return out;
}

Labels labels_of(const nlohmann::json &result) {
    Labels labels;
    const nlohmann::json &given = member(result, "labels");
    if (given.is_object())
        for (const auto &[key, value] : given.items())
            if (value.is_string()) labels[key] = value.get<std::string>();
    if (!labels.count(kHostLabel)) {
        const std::string host = string_member(member(result, "system"), "hostname");
        if (!host.empty()) labels[kHostLabel] = host;
    }
    return labels;
}

}  // namespace bytebench
