#include "base/json_text.h"

namespace bytebench {
namespace {

struct TooDeep {};

}  // namespace

nlohmann::json parse_json(const std::string &text, int max_depth) {
    using nlohmann::json;
    try {
        // The callback sees every value with its depth before it is stored.
        return json::parse(text, [max_depth](int depth, json::parse_event_t, json &) {
            if (depth > max_depth) throw TooDeep();
            return true;
        });
    } catch (const json::exception &e) {
        throw JsonTextError(e.what());
    } catch (const TooDeep &) {
        throw JsonTextError("nested deeper than " + std::to_string(max_depth) + " levels");
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
