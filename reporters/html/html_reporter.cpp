// The `html` reporter: one self-contained HTML5 page per document, for a run's result
// (UnixBench's HTML report, with charts) or for a comparison of runs.
//
// The page must open anywhere a report gets copied to (an archive, a mail, a CI artefact),
// so it references nothing: the stylesheet is inline, the charts are inline SVG, and there is
// no script. It is a pure function of the document (no clock, no locale), so golden tests
// can pin it byte for byte.
#include <bytebench/plugin.hpp>
#include <ostream>
#include <string_view>

#include "common/document_writer.h"
#include "comparison_page.h"
#include "result_page.h"

namespace {

void write_html_report(std::string_view text, std::ostream &out) {
    bytebench::reporters::write_document(text, "html",
                                         &bytebench::reporters::html::write_result_page,
                                         &bytebench::reporters::html::write_comparison_page, out);
}

const auto kHtmlReporter =
    bytebench::Reporter<&write_html_report>("html")
        .name("HTML report")
        .description(
            "A self-contained HTML page with tables and SVG charts, for a result or a "
            "comparison")
        .extension("html")
        .documents(BB_DOCUMENT_RESULT | BB_DOCUMENT_COMPARISON);

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.html")
                     .name("bytebench HTML reporter")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(kHtmlReporter))
