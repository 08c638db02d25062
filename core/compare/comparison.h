// Lines up two or more result documents and builds the comparison document
// (bytebench.comparison/2, docs/comparison-schema.md): per copy-pass and
// test (and each metric of a test) the values, the delta against the
// baseline run, whether that delta lies beyond the noise of the passes and
// which way (better or worse, by the number's direction), comparability
// warnings and the --fail-if-worse gate. Reporters format it; nothing here
// prints.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compare/gate.h"

namespace bytebench {

struct ComparisonInput {
    ComparisonInput(std::string source, std::optional<int64_t> history_id, nlohmann::json document,
                    std::string label = "")
        : source(std::move(source)),
          history_id(history_id),
          document(std::move(document)),
          label(std::move(label)) {}

    std::string source;  // as given: a path or "@3"
    std::optional<int64_t> history_id;
    nlohmann::json document;  // a bytebench.result/1 document
    std::string label;        // the column's name; "" = by position: A, B, ...
};

struct ComparisonOptions {
    size_t baseline = 0;  // index into the inputs
    double alpha = 0.05;
    // --fail-if-worse (alias --fail-if-slower), compare/gate.h: the
    // threshold of every number (PCT), and of the numbers named
    // (NAME=PCT|off). Neither: no gate.
    std::optional<double> fail_if_worse_pct;
    std::vector<NumberThreshold> fail_if_worse_numbers;
};

// The baseline when none is chosen: the first complete input. An
// incomplete one (the run was stopped) lacks what it did not finish, and a
// failure record (a host that gave no result) has nothing to compare with:
// the first incomplete one only when nothing is complete, the first input
// when every one failed.
size_t default_baseline(const std::vector<ComparisonInput> &inputs);

// The same rule over columns of several results (compare --by): a column
// has the statuses of its results, and the first with a complete one is
// the baseline.
size_t first_with_results(const std::vector<std::vector<std::string>> &statuses);

// "A", "B", ..., "Z", "AA", ...
std::string input_label(size_t index);

// Throws std::invalid_argument when a --fail-if-worse NAME matches no test
// or metric (compare/gate.h).
nlohmann::json compare_results(const std::vector<ComparisonInput> &inputs,
                               const ComparisonOptions &options);

}  // namespace bytebench
