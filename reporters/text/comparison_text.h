// The `text` reporter's rendering of a comparison document (bytebench.comparison/2).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::text {

// Call inside a CLocaleScope.
void write_comparison_text(const nlohmann::json &comparison, std::ostream &out);

}  // namespace bytebench::reporters::text
