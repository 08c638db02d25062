// Checks of parsed JSON documents, for tests of what the core writes.
#pragma once

#include <nlohmann/json.hpp>

namespace bytebench::test {

// Whether some value in `j` is null: NaN and infinity as nlohmann writes
// them (a result must hold neither).
inline bool has_null(const nlohmann::json &j) {
    if (j.is_null()) return true;
    if (j.is_structured())
        for (const nlohmann::json &v : j)
            if (has_null(v)) return true;
    return false;
}

}  // namespace bytebench::test
