// The command line's check of a decimal option (--duration, --alpha, ...):
// a CLI11 validator on base/decimal.h, so NaN, the infinities, numbers too
// large for a double and values out of range are refused before the option
// is set, with one line that CLI11 prefixes with the option's name:
//   --duration: nan is not a finite number
//   --settle must be from 0 to 600 seconds, not -1   (CLI11: "--settle: must be ...")
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "base/decimal.h"

namespace bytebench::cli {

inline CLI::Validator decimal_in(const DecimalRange &range) {
    return CLI::Validator(
        [range](std::string &input) { return read_decimal(input, range, "").error; },
        range.describe());
}

}  // namespace bytebench::cli
