// The `--stats` section of the text report (render.stats): after each copy-pass's
// UnixBench-layout block, a table of the statistics of each test's kept passes and the 95%
// interval of each index score, as the core computed them (docs/statistics.md).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::text {

// The Statistics block of one copy-pass (an element of `runs`), ending with a blank line.
// Call inside a CLocaleScope.
void write_run_statistics(const nlohmann::json &run, std::ostream &out);

}  // namespace bytebench::reporters::text
