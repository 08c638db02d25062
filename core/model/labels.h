// Labels: KEY=VALUE pairs that say what differs between runs (kernel=6.1,
// smt=off, host=db-3), given to `run --label` and `import --label`, kept in
// the result's "labels" object and the history, and pivoted on by
// `compare --by label:KEY`. The host name is always a label: `host` is the
// result's system.hostname unless the user gave a `host` label of their own.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace bytebench {

// Sorted by key: the order a result, a history row and a column name use.
using Labels = std::map<std::string, std::string>;

// The label that is always there.
inline constexpr const char *kHostLabel = "host";

// Longest key and value, in bytes.
inline constexpr size_t kMaxLabelKey = 64;
inline constexpr size_t kMaxLabelValue = 256;

// Throws std::invalid_argument with one line naming what is wrong with a
// label KEY=VALUE as typed: no '=', an empty key or value, a key that is not
// letters, digits, '_', '-' and '.' (it must start with a letter or a
// digit), control characters, too long.
std::pair<std::string, std::string> parse_label(std::string_view text);

// Every --label of a command; the same key twice is an error.
Labels parse_labels(const std::vector<std::string> &typed);

// The "labels" object of a result (the labels as given, no implied host).
nlohmann::json labels_json(const Labels &labels);

// A result's labels, with `host` from system.hostname unless given; lenient:
// what is not a string is left out.
Labels labels_of(const nlohmann::json &result);

}  // namespace bytebench
