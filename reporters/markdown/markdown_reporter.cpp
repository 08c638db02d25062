// The `markdown` reporter: a result or a comparison as GitHub-flavoured Markdown tables, the
// form people post in issues and forums.
#include <bytebench/plugin.hpp>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>

#include "../common/c_format.hpp"
#include "../common/result_document.hpp"
#include "markdown_layouts.hpp"

namespace {

using bytebench::reporters::DocumentKind;
using nlohmann::json;
namespace markdown = bytebench::reporters::markdown;

// Every block ends with a blank line, which separates it from the next; the file itself ends
// with a single newline.
std::string without_final_blank_lines(std::string text) {
    while (text.size() >= 2 && text[text.size() - 1] == '\n' && text[text.size() - 2] == '\n')
        text.pop_back();
    return text;
}

void write_markdown_report(std::string_view text, std::ostream &out) {
    DocumentKind kind = DocumentKind::result;
    const json doc = bytebench::reporters::parse_document<json>(text, "markdown", kind);
    const bytebench::reporters::CLocaleScope c_locale;
    std::ostringstream rendered;
    if (kind == DocumentKind::comparison)
        markdown::write_comparison_markdown(doc, rendered);
    else
        markdown::write_result_markdown(doc, rendered);
    out << without_final_blank_lines(rendered.str());
}

const auto kMarkdownReporter =
    bytebench::Reporter<&write_markdown_report>("markdown")
        .name("Markdown tables")
        .description("GitHub-flavoured Markdown tables of a result or a comparison")
        .extension("md");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.markdown")
                     .name("bytebench Markdown reporter")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(kMarkdownReporter))
