// The environment of the passes on a result page (issue 20, docs/result-schema.md): a
// Disturbed column in a copy-pass's Results table and an Environment table after its index
// tables (steal, CPU time of other processes, clock, throttling, energy and value per watt
// when measured), with the reasons of the disturbed passes and of every "unknown". A result
// without environment members gets none of these, so its page is what it was.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "json_fields.h"

namespace bytebench::reporters::html {

// Whether any of `tests` recorded the environment of a pass.
bool has_environment(const std::vector<const json *> &tests);

// The <td> of a test's disturbed passes: a badge per pass (its reasons as the tooltip),
// "none", or "—" when the test recorded no environment.
std::string disturbed_cell(const json &test);

// The Environment table of a copy-pass and its notes; nothing when its passes recorded no
// environment.
void write_environment(const json &run, const std::vector<const json *> &tests, std::ostream &out);

}  // namespace bytebench::reporters::html
