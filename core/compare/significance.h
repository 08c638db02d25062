// Is a difference between two runs of a test beyond the noise of their
// passes? Two-sample tests on the kept passes' values of each side.
//
// The choice of test (docs/comparison-schema.md):
//   - at least 4 passes on each side: Mann-Whitney U. Benchmark passes are
//     not normal (a pass disturbed by another process is an outlier), and a
//     rank test does not care. With 4 and 4 its smallest two-sided p-value
//     is 2/70 = 0.029, so it can reach 0.05; with 3 and 3 it cannot (0.1).
//   - 2 or 3 passes on a side (the short tests at -i 10 keep 2): Welch's
//     t-test on log(value). Logarithms because the scores are ratios
//     (index = value/baseline, geometric means), so noise is multiplicative.
//   - fewer: unknown.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/direction.h"

namespace bytebench {

// `better` and `worse` by the number's direction: a significant rise of a
// lower-is-better latency is `worse`.
enum class Verdict { better, worse, noise, unknown };
enum class TestMethod { mann_whitney, welch, none };

struct Significance {
    Verdict verdict = Verdict::unknown;
    TestMethod method = TestMethod::none;
    std::optional<double> p;  // two-sided; unset with method none
    std::string reason;       // with unknown: why
    int baseline_passes = 0;
    int other_passes = 0;
};

const char *to_string(Verdict verdict);
const char *to_string(TestMethod method);

// Two-sided p-value of the Mann-Whitney U test of samples a and b (each
// non-empty). Exact when there are no ties and there are at most 50
// values in all; otherwise the normal approximation with tie and continuity
// correction.
double mann_whitney_p(const std::vector<double> &a, const std::vector<double> &b);

// Two-sided p-value of Welch's t-test of a and b (each at least 2 values).
// When both samples have no spread, 1 if their means are equal, else 0; NaN
// when values near the limits of a double overflow the statistic.
double welch_p(const std::vector<double> &a, const std::vector<double> &b);

// What is compared: the pass values of each side, the change of the number
// (`delta_pct`, positive when it went up) and which way is better.
struct Difference {
    const std::vector<double> &baseline;
    const std::vector<double> &other;
    double delta_pct = 0;
    Direction better = Direction::higher_is_better;
    // The values are those of the kept passes (a test's value), not of
    // every ok pass (a metric's): only for the reason's wording.
    bool of_kept_passes = true;
};

// The verdict on `difference.other` against `difference.baseline` at level
// `alpha`. `baseline_label` and `other_label` name the sides in the reason
// ("A", "B").
Significance assess_difference(const Difference &difference, double alpha,
                               const std::string &baseline_label, const std::string &other_label);

}  // namespace bytebench
