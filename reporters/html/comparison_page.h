// The page for a comparison of runs (bytebench.comparison/2): the inputs, the warnings and
// the gate, what differs between the machines and runs, then per copy-pass position a table of
// values, deltas and verdicts and a chart. The core computed every number; this page only lays them
// out.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::html {

void write_comparison_page(const nlohmann::json &doc, std::ostream &out);

}  // namespace bytebench::reporters::html
