// The environment of a copy-pass's passes as Markdown (issue 20, docs/result-schema.md): a
// table of each test's steal, CPU time of other processes, clock, throttling (energy, power
// and value per watt when measured) and disturbed passes, then a line per test with disturbed
// passes and per member that was unknown. Nothing for passes without an environment.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::markdown {

// Call inside a CLocaleScope.
void write_run_environment(const nlohmann::json &run, std::ostream &out);

}  // namespace bytebench::reporters::markdown
