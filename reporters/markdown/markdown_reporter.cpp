// The `markdown` reporter: a result or a comparison as GitHub-flavoured Markdown tables, the
// form people post in issues and forums.
#include <bytebench/plugin.hpp>
#include <ostream>
#include <sstream>
#include <string_view>

#include "common/blocks.h"
#include "common/document_writer.h"
#include "markdown_layouts.h"

namespace {

namespace markdown = bytebench::reporters::markdown;

void write_markdown_report(std::string_view text, std::ostream &out) {
    std::ostringstream rendered;
    bytebench::reporters::write_document(text, "markdown", &markdown::write_result_markdown,
                                         &markdown::write_comparison_markdown, rendered);
    out << bytebench::reporters::without_final_blank_lines(rendered.str());
}

const auto kMarkdownReporter =
    bytebench::Reporter<&write_markdown_report>("markdown")
        .name("Markdown tables")
        .description("GitHub-flavoured Markdown tables of a result or a comparison")
        .extension("md")
        .documents(BB_DOCUMENT_RESULT | BB_DOCUMENT_COMPARISON);

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.markdown")
                     .name("bytebench Markdown reporter")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(kMarkdownReporter))
