// Scaling against one copy (--scaling, or any run with a 1-copy pass and
// more): for each test, its value at every copy count, the speedup over one
// copy and the efficiency (speedup / copies); for each index, its score at
// every copy count. Computed here so that every reporter shows the same
// numbers (the "scaling" member of the result, docs/result-schema.md).
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "model/run_record.h"

namespace bytebench {

// null when the runs have no 1-copy pass or only one copy count.
nlohmann::json scaling_json(const std::vector<CopyPassRecord> &runs);

}  // namespace bytebench
