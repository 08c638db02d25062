// What a reporter that renders both kinds of documents does with the text it is handed: parse
// it, refuse a schema it does not know, and render the document in the C locale, so that
// numbers print '.' whatever the worker's locale (c_format.h). Header-only.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

#include "common/c_format.h"
#include "common/result_document.h"

namespace bytebench::reporters {

using DocumentWriter = void (*)(const nlohmann::json &, std::ostream &);

// Errors are parse_document()'s, prefixed with `reporter`.
inline void write_document(std::string_view text, const std::string &reporter,
                           DocumentWriter write_result, DocumentWriter write_comparison,
                           std::ostream &out) {
    DocumentKind kind = DocumentKind::result;
    const nlohmann::json doc = parse_document<nlohmann::json>(text, reporter, kind);
    const CLocaleScope c_locale;
    (kind == DocumentKind::comparison ? write_comparison : write_result)(doc, out);
}

}  // namespace bytebench::reporters
