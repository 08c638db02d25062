// Tolerant reading of the documents' members. Members may be absent (or, from a buggy
// writer, of the wrong type); a page with blanks is more useful than no page, so every read
// has a fallback instead of throwing.
#ifndef BYTEBENCH_REPORTERS_HTML_JSON_FIELDS_H
#define BYTEBENCH_REPORTERS_HTML_JSON_FIELDS_H

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace bytebench::html {

using nlohmann::json;

// object[key], or a null value when `object` is not an object or has no such member.
const json &member(const json &object, const char *key);

// `value` when it is an array, else an empty array.
const json &elements(const json &value);

std::string text_of(const json &value);
std::string string_member(const json &object, const char *key);
std::optional<double> number_member(const json &object, const char *key);
// Numbers that do not fit a long long (which the core never writes) count as absent.
std::optional<long long> integer_member(const json &object, const char *key);
bool flag_member(const json &object, const char *key);

}  // namespace bytebench::html

#endif  // BYTEBENCH_REPORTERS_HTML_JSON_FIELDS_H
