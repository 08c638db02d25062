// The environment of the passes in the text report (issue 20, docs/result-schema.md): with
// `--stats`, a table of each test's steal, CPU time of other processes, clock, throttling and
// energy, a line per test whose passes were disturbed and a line per member the machine could
// not give; without it, one line per copy-pass that had disturbed passes. A result without
// environment members gets none of these.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace bytebench::reporters::text {

// The Environment block of a copy-pass, ending with a blank line; nothing when its passes
// recorded no environment. Call inside a CLocaleScope.
void write_run_environment(const nlohmann::json &run, std::ostream &out);

// The legend of that block (lines ending in '\n'); "" when the copy-pass has no environment.
std::string environment_legend(const nlohmann::json &run);

// "(2 of 70 passes were disturbed by steal, other processes or throttling; --stats says
// which)"; "" when
// none was. Call inside a CLocaleScope.
std::string disturbed_note(const nlohmann::json &run);

}  // namespace bytebench::reporters::text
