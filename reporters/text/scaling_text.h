// The scaling section of the text report: after the copy-passes of a
// `--scaling` run, each test's value at every copy count with its speedup
// over one copy and its efficiency (speedup / copies), and each index score
// per copy count, as the core computed them (the result's "scaling").
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::text {

// Writes nothing when the document has no "scaling" member. Call inside a
// CLocaleScope.
void write_scaling(const nlohmann::json &doc, std::ostream &out);

}  // namespace bytebench::reporters::text
