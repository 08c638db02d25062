// Golden-file comparison for the reporter tests.
//
// The expected outputs live in tests/reporters/golden/ and are compared byte for byte. After an
// intended change of a report, regenerate them and review the diff before committing:
//
//   BYTEBENCH_UPDATE_GOLDEN=1 ctest --test-dir <build> -R Reporter
//
// With that variable set to 1, a golden comparison writes the actual output into the golden
// file (in the source tree) instead of comparing.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace bytebench::test {

// Path of golden file `name` in the source tree.
std::string golden_path(const std::string &name);

// Success when `actual` equals golden file `name`; otherwise a failure whose message is a
// unified diff from the golden file to the actual output.
::testing::AssertionResult matches_golden(const std::string &name, const std::string &actual);

// A unified diff (3 lines of context) from `expected` to `actual`; "" when they are equal.
std::string unified_diff(const std::string &expected, const std::string &actual,
                         const std::string &expected_label, const std::string &actual_label);

}  // namespace bytebench::test
