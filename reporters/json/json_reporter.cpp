// The `json` reporter: the result document itself, pretty-printed, for tools that want the
// whole result rather than a rendering of it.
#include <bytebench/plugin.hpp>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "../common/result_document.hpp"

namespace {

// ordered_json keeps the members in the order the core wrote them ("schema" first), which
// is easier to read than nlohmann::json's alphabetical order.
using nlohmann::ordered_json;

void write_json_report(std::string_view text, std::ostream &out) {
    ordered_json doc = bytebench::reporters::parse_result_document<ordered_json>(text, "json");
    // `render` holds options for this one rendering; it is not part of the result.
    doc.erase("render");
    out << doc.dump(2) << '\n';
}

const auto kJsonReporter = bytebench::Reporter<&write_json_report>("json")
                               .name("JSON result document")
                               .description("The bytebench.result document, pretty-printed")
                               .extension("json");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.json")
                     .name("bytebench JSON reporter")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(kJsonReporter))
