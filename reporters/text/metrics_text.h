// The Metrics block of the text report: after each copy-pass's UnixBench-layout block (and its
// statistics), one row per metric of its tests with value, spread, passes and direction
// (docs/result-schema.md, "Metrics"). A copy-pass without metrics has no block, so the
// reports of results before metrics are as they were.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::text {

// The Metrics block of one copy-pass (an element of `runs`), ending with a blank line; nothing
// when its tests have no metrics. Call inside a CLocaleScope.
void write_run_metrics(const nlohmann::json &run, std::ostream &out);

}  // namespace bytebench::reporters::text
