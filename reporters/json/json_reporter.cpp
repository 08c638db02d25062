// The `json` reporter: the document itself (a result or a comparison), pretty-printed, for
// tools that want the whole document rather than a rendering of it.
#include <bytebench/plugin.hpp>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "common/result_document.h"

namespace {

// ordered_json keeps the members in the order the core wrote them ("schema" first), which
// is easier to read than nlohmann::json's alphabetical order.
using nlohmann::ordered_json;

void write_json_report(std::string_view text, std::ostream &out) {
    bytebench::reporters::DocumentKind kind = bytebench::reporters::DocumentKind::result;
    ordered_json doc = bytebench::reporters::parse_document<ordered_json>(text, "json", kind);
    // Both kinds are printed as they are; `render` holds options for this one rendering and
    // is not part of the document.
    doc.erase("render");
    out << doc.dump(2) << '\n';
}

const auto kJsonReporter = bytebench::Reporter<&write_json_report>("json")
                               .name("JSON document")
                               .description(
                                   "The bytebench.result or bytebench.comparison "
                                   "document, pretty-printed")
                               .extension("json")
                               .documents(BB_DOCUMENT_RESULT | BB_DOCUMENT_COMPARISON);

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.json")
                     .name("bytebench JSON reporter")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(kJsonReporter))
