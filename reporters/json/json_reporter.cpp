// The `json` reporter: the result document itself, pretty-printed, for tools that want the
// whole result rather than a rendering of it.
#include <bytebench/plugin.hpp>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

// ordered_json keeps the members in the order the core wrote them ("schema" first), which
// is easier to read than nlohmann::json's alphabetical order.
using nlohmann::ordered_json;

constexpr const char *kSchemaPrefix = "bytebench.result/";
constexpr int kSchemaMajor = 1;

ordered_json parse_document(std::string_view text) {
    ordered_json doc;
    try {
        doc = ordered_json::parse(text.begin(), text.end());
    } catch (const ordered_json::parse_error &e) {
        throw std::runtime_error(std::string("json: the result document is not valid JSON: ") +
                                 e.what());
    }
    if (!doc.is_object()) throw std::runtime_error("json: the result document is not an object");
    return doc;
}

// Accepts "bytebench.result/1" and later minors ("bytebench.result/1.3"). A document of
// another major would be passed on as if it were /1, so refuse it.
void check_schema(const ordered_json &doc) {
    const std::string prefix(kSchemaPrefix);
    const std::string major = std::to_string(kSchemaMajor);
    const auto schema = doc.find("schema");
    if (schema == doc.end() || !schema->is_string())
        throw std::runtime_error("json: the document has no \"schema\" member; expected " + prefix +
                                 major);
    const std::string name = schema->get<std::string>();
    const bool same_major =
        name.compare(0, prefix.size(), prefix) == 0 &&
        name.compare(prefix.size(), major.size(), major) == 0 &&
        (name.size() == prefix.size() + major.size() || name[prefix.size() + major.size()] == '.');
    if (!same_major)
        throw std::runtime_error("json: unsupported result schema \"" + name +
                                 "\"; this reporter reads " + prefix + major);
}

void write_json_report(std::string_view text, std::ostream &out) {
    ordered_json doc = parse_document(text);
    check_schema(doc);
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
