// Reading members of a parsed JSON document without trusting it: the one
// lenient reader of the core and of the first-party reporters. Members may
// be absent or (from an old or buggy writer, or a hostile file) of another
// type; every read has a fallback, so a report or a comparison with blanks
// is made instead of none. Header-only, nlohmann-json only.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace bytebench {

// `object[key]`, or a null value when `object` is not an object or has no such member.
inline const nlohmann::json &member(const nlohmann::json &object, const char *key) {
    static const nlohmann::json absent;
    if (!object.is_object()) return absent;
    const auto it = object.find(key);
    return it != object.end() ? *it : absent;
}

// The elements of `value` when it is an array, else nothing.
inline const nlohmann::json &elements(const nlohmann::json &value) {
    static const nlohmann::json empty = nlohmann::json::array();
    return value.is_array() ? value : empty;
}

// Element `index` of `array`, or a null value past its end (or when it is not an array).
inline const nlohmann::json &element(const nlohmann::json &array, size_t index) {
    static const nlohmann::json absent;
    return array.is_array() && index < array.size() ? array[index] : absent;
}

inline std::string text_of(const nlohmann::json &value) {
    return value.is_string() ? value.get<std::string>() : std::string();
}

inline std::string string_member(const nlohmann::json &object, const char *key) {
    return text_of(member(object, key));
}

inline std::optional<double> number_of(const nlohmann::json &value) {
    if (!value.is_number()) return std::nullopt;
    return value.get<double>();
}

inline std::optional<double> number_member(const nlohmann::json &object, const char *key) {
    return number_of(member(object, key));
}

inline double number_or_zero(const nlohmann::json &object, const char *key) {
    return number_member(object, key).value_or(0.0);
}

// Whether `value` converts to a long long without undefined behaviour, with room to spare;
// the core never writes larger whole numbers.
inline bool fits_integer(double value) { return std::isfinite(value) && std::fabs(value) < 9e15; }

// Out-of-range values become 0.
inline long long to_integer(double value) {
    return fits_integer(value) ? static_cast<long long>(value) : 0;
}

// Out-of-range values count as absent.
inline std::optional<long long> integer_member(const nlohmann::json &object, const char *key) {
    const std::optional<double> value = number_member(object, key);
    if (!value || !fits_integer(*value)) return std::nullopt;
    return static_cast<long long>(*value);
}

inline long long integer_or_zero(const nlohmann::json &object, const char *key) {
    return integer_member(object, key).value_or(0);
}

inline bool flag_member(const nlohmann::json &object, const char *key) {
    const nlohmann::json &value = member(object, key);
    return value.is_boolean() && value.get<bool>();
}

}  // namespace bytebench
