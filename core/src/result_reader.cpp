#include "result_reader.h"

#include <stdexcept>

#include "run_record.h"

namespace bytebench {
namespace {

// How a value from the file is quoted in a message: one line, not too long.
std::string quoted(const std::string &text) {
    constexpr size_t kLimit = 40;
    std::string out;
    for (const char c : text.substr(0, kLimit)) {
        const auto byte = static_cast<unsigned char>(c);
        out += byte < 0x20 || byte == 0x7f ? '?' : c;
    }
    return text.size() > kLimit ? out + "..." : out;
}

class TooDeep : public std::exception {};

}  // namespace

nlohmann::json parse_result_document(const std::string &text, const std::string &name) {
    using nlohmann::json;
    json doc;
    try {
        // The callback sees every value with its depth before it is stored.
        doc = json::parse(text, [](int depth, json::parse_event_t, json &) {
            if (depth > kMaxResultDepth) throw TooDeep();
            return true;
        });
    } catch (const json::exception &e) {
        // nlohmann's messages are one line: it escapes control characters.
        throw std::runtime_error(name + ": corrupt result: " + e.what());
    } catch (const TooDeep &) {
        throw std::runtime_error(name + ": corrupt result: nested deeper than " +
                                 std::to_string(kMaxResultDepth) + " levels");
    }
    const json *schema = nullptr;
    if (doc.is_object())
        if (const auto it = doc.find("schema"); it != doc.end() && it->is_string()) schema = &*it;
    if (schema == nullptr || !is_supported_result_schema(schema->get<std::string>()))
        throw std::runtime_error(name + ": not a bytebench result (schema '" +
                                 (schema ? quoted(schema->get<std::string>()) : "") +
                                 "', expected " + kResultSchema + ")");
    return doc;
}

}  // namespace bytebench
