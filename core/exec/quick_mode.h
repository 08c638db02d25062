// --quick: short passes, as many as a test needs. Each test makes passes of
// at most `pass_s` seconds until the 95% interval of its value (the geometric
// mean of its passes) is within ±target of it, or until `max_passes`, or
// until it has taken `budget_s` of wall time (setup and settle included:
// fstime's untimed phases make each of its passes several times longer). The
// result says so (tests[].quick) and its index is labelled as not
// UnixBench's method. docs/statistics.md has the rule and its measurement.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bytebench {

struct QuickOptions {
    double target = 0.01;  // relative half-width of the 95% interval
    double pass_s = 2;     // longest pass; a suite's shorter one is kept
    int min_passes = 3;    // an interval of 2 passes rests on 1 degree of freedom
    int max_passes = 15;   // the cap
    double budget_s = 15;  // wall time per test after which it stops (at min_passes or later)
};

// Half the width of the 95% interval of the geometric mean of `values`,
// relative to that mean; nullopt when there are fewer than 2 positive values.
std::optional<double> relative_half_width(const std::vector<double> &values);

enum class QuickStop { go_on, target_met, cap_reached, budget_spent };

// After the passes so far (their values, in order), which took `elapsed_s`
// of wall time from the test's start: stop or go on.
QuickStop quick_decision(const QuickOptions &options, const std::vector<double> &pass_values,
                         double elapsed_s);

std::string to_string(QuickStop stop);

}  // namespace bytebench
