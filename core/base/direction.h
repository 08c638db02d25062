// Which way a number is better (bb_direction in plugin.h): a test's main value and each of its
// metrics carry "better": "higher" or "lower" in a result and a comparison. The one place that
// reads that member and that says whether a change is worse, shared by the significance
// verdict, the regression gate and the reporters (which may use base/ only). Header-only,
// nlohmann-json only.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "base/json_read.h"

namespace bytebench {

enum class Direction { higher_is_better, lower_is_better };

// `object["better"]`: "lower" is lower-is-better; anything else (absent in documents before
// metrics and in UnixBench imports, or a word this reader does not know) is higher-is-better,
// what every number was before directions existed.
inline Direction direction_member(const nlohmann::json &object) {
    return string_member(object, "better") == "lower" ? Direction::lower_is_better
                                                      : Direction::higher_is_better;
}

// "higher" or "lower", as documents write it.
inline const char *direction_name(Direction better) {
    return better == Direction::lower_is_better ? "lower" : "higher";
}

// "higher is better", "lower is better", as reports say it.
inline std::string direction_text(Direction better) {
    return std::string(direction_name(better)) + " is better";
}

// How far, in percent, a change of `delta_pct` (positive: the number went up) goes in the
// worse direction; negative when it goes the better way.
inline double worse_by_pct(double delta_pct, Direction better) {
    return better == Direction::lower_is_better ? delta_pct : -delta_pct;
}

// Whether a change of `delta_pct` goes the worse way. No change is not worse.
inline bool change_is_worse(double delta_pct, Direction better) {
    return worse_by_pct(delta_pct, better) > 0;
}

}  // namespace bytebench
