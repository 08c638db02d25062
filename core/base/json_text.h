// JSON text in and out, the one way the core does it: every document the
// core parses (result files, the history, the descriptor cache, worker
// messages) goes through parse_json(), which refuses nesting deeper than a
// cap, since nlohmann's dump, copy and comparison recurse once per level and
// a hostile document thousands of levels deep would overflow the stack; and
// every document it writes goes through json_text(), which cannot throw on
// a string that is not UTF-8 (a path, a host name, a plugin's message).
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace bytebench {

// What the core accepts: its own documents nest under 10 deep.
inline constexpr int kMaxJsonDepth = 64;

// One line: nlohmann's message (it escapes control characters), or
// "nested deeper than N levels".
class JsonTextError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// `text` as JSON, nested at most `max_depth` deep. Throws JsonTextError.
nlohmann::json parse_json(const std::string &text, int max_depth = kMaxJsonDepth);

// The same, but a discarded value (is_discarded()) instead of an exception.
nlohmann::json parse_json_or_discarded(const std::string &text, int max_depth = kMaxJsonDepth);

// `document` as text (dump(indent)), with bytes that are not UTF-8 replaced
// by U+FFFD instead of an exception; valid UTF-8 is written unchanged.
std::string json_text(const nlohmann::json &document, int indent = -1);

}  // namespace bytebench
