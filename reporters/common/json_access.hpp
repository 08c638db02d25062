// Reading members of a parsed document without trusting it. Members may be absent (or, from a
// buggy writer, of the wrong type); a report with blanks is more useful than no report, so
// every read has a fallback. Header-only, nlohmann-json only.
#ifndef BYTEBENCH_REPORTERS_JSON_ACCESS_HPP
#define BYTEBENCH_REPORTERS_JSON_ACCESS_HPP

#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace bytebench::reporters {

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

// The display name of a test (or of a comparison row); its id when the writer gave none.
inline std::string display_name(const nlohmann::json &test) {
    const std::string name = string_member(test, "name");
    return name.empty() ? string_member(test, "id") : name;
}

// The display title of an index category, in a result or a comparison ("System Benchmarks");
// its category when the writer gave none.
inline std::string index_title(const nlohmann::json &index) {
    const std::string title = string_member(index, "title");
    return title.empty() ? string_member(index, "category") : title;
}

}  // namespace bytebench::reporters

#endif  // BYTEBENCH_REPORTERS_JSON_ACCESS_HPP
