// The page for a run's result (bytebench.result/1): UnixBench's HTML report, with charts.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::html {

void write_result_page(const nlohmann::json &doc, std::ostream &out);

}  // namespace bytebench::reporters::html
