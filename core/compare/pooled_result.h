// Several results of one column of a pivot (compare --by) made into one
// result document, which the comparison then treats as one input.
//
// Per copy-pass position and test: the value is the geometric mean of the
// results' values (UnixBench combines passes and tests by geometric means,
// and a ratio between columns then is the mean of the ratios), the index
// the geometric mean of their indexes, the passes all of theirs (so the
// significance tests between columns run on every pass behind them), and
// `results` how many results had a value. A metric's value is the mean of
// the results' (as a metric's value is the mean of its passes). An index
// category's score is the geometric mean of the results' scores, partial
// when one of them is or lacks it.
//
// A test's build (build, build_method, isa_level) is the one its results
// share; where they differ, each of their values joined by "; ". How it ran
// (params, duration_s, passes_planned, combine) is kept when every result
// has the same. The bytebench version is each distinct one, joined by ", ".
//
// The results must be comparable (pivot.cpp splits those that are not);
// the first result gives the other descriptions (system, suite, names,
// units).
// One result is returned as it is.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

namespace bytebench {

// `members`: bytebench.result documents, at least one; consumed.
nlohmann::json pooled_result(std::vector<nlohmann::json> members);

}  // namespace bytebench
