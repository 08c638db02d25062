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

// The caps, far above any real use (a fleet labels a run with a handful:
// kernel, smt, firmware, rack, job) and low enough that a hostile file
// costs nothing: 64 labels of 64 + 256 bytes are 20 KiB. A result with more
// labels, or longer ones, is refused where it enters (`run --label`,
// `import --label`, a result file read by compare, report and show), not
// cut: a cut label would silently compare as another.
inline constexpr size_t kMaxLabels = 64;
inline constexpr size_t kMaxLabelKey = 64;     // bytes
inline constexpr size_t kMaxLabelValue = 256;  // bytes

// "" when KEY=VALUE is a label, else why not: the key is a name
// (base/names.h) of at most kMaxLabelKey bytes; the value is a text
// (base/names.h: valid UTF-8, no control characters, no bidirectional
// controls) of 1 to kMaxLabelValue bytes. "the key 'a b' is not a name: ...",
// "the value is longer than 256 bytes", "the value holds the control
// character U+0085".
std::string label_problem(std::string_view key, std::string_view value);

// Throws std::invalid_argument with one line naming what is wrong with a
// label KEY=VALUE as typed: "--label kernel: give KEY=VALUE, e.g.
// kernel=6.1", "--label =6.1: the key before '=' is empty", or
// "--label <as typed>: <label_problem>".
std::pair<std::string, std::string> parse_label(std::string_view text);

// Every --label of a command that labels a result (run, import): the same
// key twice, or more than kMaxLabels labels, is an error.
Labels parse_labels(const std::vector<std::string> &typed);

// The --label filters of `history`: each one a label, no key twice; no
// count cap (a filter only selects).
Labels parse_label_filter(const std::vector<std::string> &typed);

// "" when a result document's "labels" member (null when it has none) holds
// labels by the rules above, else "labels: <why>": "labels: 100000 labels,
// more than the 64 a result may have", "labels: kernel: the value is longer
// than 256 bytes".
std::string labels_problem(const nlohmann::json &labels);

// The "labels" object of a result (the labels as given, no implied host).
nlohmann::json labels_json(const Labels &labels);

// A result's labels, with `host` from system.hostname unless given; lenient:
// what is not a string is left out.
Labels labels_of(const nlohmann::json &result);

}  // namespace bytebench
