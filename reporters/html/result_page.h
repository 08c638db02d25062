// The page for a run's result (bytebench.result/1): UnixBench's HTML report, with charts.
#ifndef BYTEBENCH_REPORTERS_HTML_RESULT_PAGE_H
#define BYTEBENCH_REPORTERS_HTML_RESULT_PAGE_H

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::html {

void write_result_page(const nlohmann::json &doc, std::ostream &out);

}  // namespace bytebench::html

#endif  // BYTEBENCH_REPORTERS_HTML_RESULT_PAGE_H
