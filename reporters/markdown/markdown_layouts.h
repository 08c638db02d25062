// The two documents the `markdown` reporter renders.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::markdown {

void write_result_markdown(const nlohmann::json &result, std::ostream &out);
void write_comparison_markdown(const nlohmann::json &comparison, std::ostream &out);

}  // namespace bytebench::reporters::markdown
