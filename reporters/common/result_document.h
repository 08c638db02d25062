// Reading the documents a reporter receives: a run's result
// (`bytebench.result/1`) or a comparison of runs (`bytebench.comparison/2`).
// Parse them and refuse a schema major the reporter does not know. Shared by
// the first-party reporters; header-only, needs nlohmann-json and, of the
// core, base/schema_name.h.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "base/schema_name.h"

namespace bytebench::reporters {

enum class DocumentKind { result, comparison };

namespace detail {

template <class Json>
Json parse_object(std::string_view text, const std::string &reporter) {
    Json doc;
    try {
        doc = Json::parse(text.begin(), text.end());
    } catch (const typename Json::parse_error &e) {
        throw std::runtime_error(reporter + ": the document is not valid JSON: " + e.what());
    }
    if (!doc.is_object()) throw std::runtime_error(reporter + ": the document is not an object");
    return doc;
}

template <class Json>
std::string schema_of(const Json &doc, const std::string &reporter, const std::string &expected) {
    const auto schema = doc.find("schema");
    if (schema == doc.end() || !schema->is_string())
        throw std::runtime_error(reporter + ": the document has no \"schema\" member; expected " +
                                 expected);
    return schema->template get<std::string>();
}

}  // namespace detail

// Parses `text` as a result document (Json is nlohmann::json or
// nlohmann::ordered_json). Errors are std::runtime_error whose message starts
// with `reporter` ("text: ..."), which the SDK turns into BB_ERROR.
template <class Json>
Json parse_result_document(std::string_view text, const std::string &reporter) {
    const std::string expected = kResultSchemaPrefix + std::to_string(kResultSchemaMajor);
    Json doc = detail::parse_object<Json>(text, reporter);
    const std::string name = detail::schema_of(doc, reporter, expected);
    if (!is_known_result_schema(name))
        throw std::runtime_error(reporter + ": unsupported result schema \"" + name +
                                 "\"; this reporter reads " + expected);
    return doc;
}

// Parses `text` as either kind of document and says which it is. Same errors
// as parse_result_document().
template <class Json>
Json parse_document(std::string_view text, const std::string &reporter, DocumentKind &kind) {
    const std::string expected = kResultSchemaPrefix + std::to_string(kResultSchemaMajor) + " or " +
                                 kComparisonSchemaPrefix + std::to_string(kComparisonSchemaMajor);
    Json doc = detail::parse_object<Json>(text, reporter);
    const std::string name = detail::schema_of(doc, reporter, expected);
    if (is_known_result_schema(name))
        kind = DocumentKind::result;
    else if (is_known_comparison_schema(name))
        kind = DocumentKind::comparison;
    else
        throw std::runtime_error(reporter + ": unsupported document schema \"" + name +
                                 "\"; this reporter reads " + expected);
    return doc;
}

}  // namespace bytebench::reporters
