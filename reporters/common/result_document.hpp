// Reading a bytebench.result document in a reporter: parse it and refuse a
// schema major the reporter does not know. Shared by the first-party
// reporters; header-only, needs nlohmann-json and nothing of the core.
#ifndef BYTEBENCH_REPORTERS_RESULT_DOCUMENT_HPP
#define BYTEBENCH_REPORTERS_RESULT_DOCUMENT_HPP

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bytebench::reporters {

inline constexpr const char *kResultSchemaPrefix = "bytebench.result/";
inline constexpr int kResultSchemaMajor = 1;

// True for "bytebench.result/1" and later minors ("bytebench.result/1.3"),
// false for other majors ("/10", "/2") and other documents.
inline bool is_known_result_schema(const std::string &name) {
    const std::string prefix(kResultSchemaPrefix);
    const std::string major = std::to_string(kResultSchemaMajor);
    const size_t end = prefix.size() + major.size();
    return name.compare(0, prefix.size(), prefix) == 0 &&
           name.compare(prefix.size(), major.size(), major) == 0 &&
           (name.size() == end || name[end] == '.');
}

// Parses `text` as a result document (Json is nlohmann::json or
// nlohmann::ordered_json). Errors are std::runtime_error whose message starts
// with `reporter` ("text: ..."), which the SDK turns into BB_ERROR.
template <class Json>
Json parse_result_document(std::string_view text, const std::string &reporter) {
    Json doc;
    try {
        doc = Json::parse(text.begin(), text.end());
    } catch (const typename Json::parse_error &e) {
        throw std::runtime_error(reporter + ": the result document is not valid JSON: " + e.what());
    }
    if (!doc.is_object())
        throw std::runtime_error(reporter + ": the result document is not an object");
    const std::string expected = kResultSchemaPrefix + std::to_string(kResultSchemaMajor);
    const auto schema = doc.find("schema");
    if (schema == doc.end() || !schema->is_string())
        throw std::runtime_error(reporter + ": the document has no \"schema\" member; expected " +
                                 expected);
    const std::string name = schema->template get<std::string>();
    if (!is_known_result_schema(name))
        throw std::runtime_error(reporter + ": unsupported result schema \"" + name +
                                 "\"; this reporter reads " + expected);
    return doc;
}

}  // namespace bytebench::reporters

#endif  // BYTEBENCH_REPORTERS_RESULT_DOCUMENT_HPP
