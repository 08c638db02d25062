#include "base/json_text.h"

#include "base/text.h"

namespace bytebench {
namespace {

// nlohmann's parse error with what it quotes of the text cut to an excerpt
// (base/text.h): its "last read: '...'" is the whole token the lexer had
// read, which for an unterminated string is the rest of the file. The
// message ends with that token and a quote, or with "'; expected " and one
// of the lexer's token names (nlohmann's lexer::token_type_name()), which
// is how the token's end is found whatever the token holds.
std::string with_short_excerpt(const std::string &message) {
    static const std::string kLastRead = "; last read: '";
    static const char *const kExpected[] = {"<uninitialized>",
                                            "true literal",
                                            "false literal",
                                            "null literal",
                                            "string literal",
                                            "number literal",
                                            "'['",
                                            "'{'",
                                            "']'",
                                            "'}'",
                                            "':'",
                                            "','",
                                            "<parse error>",
                                            "end of input",
                                            "'[', '{', or a literal",
                                            "unknown token"};
    const size_t start = message.find(kLastRead);
    if (start == std::string::npos) return message;
    const size_t token = start + kLastRead.size();
    std::string suffix = "'";
    for (const char *expected : kExpected) {
        const std::string candidate = std::string("'; expected ") + expected;
        if (message.size() >= token + candidate.size() &&
            message.compare(message.size() - candidate.size(), candidate.size(), candidate) == 0)
            suffix = candidate;
    }
    if (message.size() < token + suffix.size() ||
        message.compare(message.size() - suffix.size(), suffix.size(), suffix) != 0)
        return message.substr(0, start);  // not the form above: quote nothing
    const std::string_view quoted =
        std::string_view(message).substr(token, message.size() - suffix.size() - token);
    return message.substr(0, token) + excerpt(quoted) + suffix;
}

// Whether a value in `text` sits more than `max_depth` levels below the
// top-level value (which is at depth 0, as nlohmann's callback counts),
// brackets inside strings not counted. Text that is not JSON may give
// either answer: the parser refuses it next. One pass over the bytes: 16
// times faster than asking nlohmann's parser callback at every value, which
// made parsing a 78-MB result 1.8 times slower.
bool nested_deeper_than(const std::string &text, int max_depth) {
    int depth = -1;  // of the innermost open array or object
    bool in_string = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;  // the escaped character, whatever it is
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_depth) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

}  // namespace

nlohmann::json parse_json(const std::string &text, int max_depth) {
    if (nested_deeper_than(text, max_depth))
        throw JsonTextError("nested deeper than " + std::to_string(max_depth) + " levels");
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception &e) {
        throw JsonTextError(with_short_excerpt(e.what()));
    }
}

nlohmann::json parse_json_or_discarded(const std::string &text, int max_depth) {
    try {
        return parse_json(text, max_depth);
    } catch (const JsonTextError &) {
        return nlohmann::json(nlohmann::json::value_t::discarded);
    }
}

std::string json_text(const nlohmann::json &document, int indent) {
    return document.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace bytebench
