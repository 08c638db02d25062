#include "json_fields.h"

#include <cmath>

namespace bytebench::html {

const json &member(const json &object, const char *key) {
    static const json absent;
    if (!object.is_object()) return absent;
    const auto it = object.find(key);
    return it != object.end() ? *it : absent;
}

const json &elements(const json &value) {
    static const json empty = json::array();
    return value.is_array() ? value : empty;
}

std::string text_of(const json &value) {
    return value.is_string() ? value.get<std::string>() : std::string();
}

std::string string_member(const json &object, const char *key) {
    return text_of(member(object, key));
}

std::optional<double> number_member(const json &object, const char *key) {
    const json &value = member(object, key);
    if (!value.is_number()) return std::nullopt;
    return value.get<double>();
}

std::optional<long long> integer_member(const json &object, const char *key) {
    const std::optional<double> value = number_member(object, key);
    if (!value || !std::isfinite(*value) || std::fabs(*value) >= 9e15) return std::nullopt;
    return static_cast<long long>(*value);
}

bool flag_member(const json &object, const char *key) {
    const json &value = member(object, key);
    return value.is_boolean() && value.get<bool>();
}

}  // namespace bytebench::html
