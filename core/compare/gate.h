// The regression gate of `bytebench compare --fail-if-worse` (docs/comparing.md,
// "Gating"; the document's `gate`, docs/comparison-schema.md): which numbers it
// judges and by what threshold, and its outcome over a comparison's sections.
//
// Its values, repeatable:
//   PCT             every test's value and metric: worse by more than PCT % fails
//   NAME=PCT|off    a test id (its value and its metrics), or a metric key (that
//                   metric of every test)
//   TEST.METRIC=PCT|off   one metric of one test
// The most specific one that names a number is its threshold (TEST.METRIC,
// then a metric key, then a test id, then PCT); a number none names is not
// gated. `off` leaves the number out of the gate.
//
// Outcome: failed when a judged number is significantly worse by more than
// its threshold; otherwise inconclusive when some input other than the
// baseline has no number judged at all (it failed, the baseline failed, no
// test ran ok in both, every difference had too few passes, everything is
// off); otherwise passed.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace bytebench {

// One NAME=PCT or NAME=off.
struct NumberThreshold {
    std::string name;           // a test id, a metric key, or TEST.METRIC
    std::optional<double> pct;  // unset: off
};

// What the gate judges, as --fail-if-worse gave it.
struct GateSpec {
    std::optional<double> pct;  // the bare PCT, for every number
    std::vector<NumberThreshold> numbers;
    bool any() const { return pct || !numbers.empty(); }
};

// Why one --fail-if-worse value cannot be read, without the option's name
// (the command line's check adds it): "nan is not a finite number", "p99_us
// must be at least 0 percent, not -5", "'' is not a test id, a metric key or
// TEST.METRIC"; "" when it can.
std::string gate_value_problem(const std::string &value);

// Parses the --fail-if-worse values in the order given. Throws
// std::invalid_argument with one line naming the option: a value
// gate_value_problem() refuses, the same NAME twice, a second bare PCT.
GateSpec parse_gate(const std::vector<std::string> &values);

// The `gate` object of a comparison: its outcome over `sections` (rows with
// their cells' verdicts), `inputs` (the comparison's inputs[], for their
// labels and which failed) and `baseline`. Throws std::invalid_argument when
// a NAME matches no test or metric of the sections (a typo would otherwise
// gate nothing and pass).
nlohmann::json gate_outcome(const nlohmann::json &sections, const nlohmann::json &inputs,
                            size_t baseline, const GateSpec &spec);

}  // namespace bytebench
