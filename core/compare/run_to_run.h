// Run-to-run spread: how much a test's value and an index score move from one
// whole run to the next on the same machine, from the earlier runs of the
// same suite in the history (docs/statistics.md, "Run-to-run spread"). The
// within-run statistics (model/statistics.h) see only the passes of one run;
// this sees what a new run of the same suite would give.
//
// Computed at render time only: the result document never stores it. The
// CLI hands it to reporters as `render.repeatability` (docs/result-schema.md)
// and to comparisons as their cells' `run_to_run` (comparison-schema.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace bytebench {

class History;

struct RunToRunOptions {
    size_t newest = 10;       // the newest K qualifying runs, the shown one included
    size_t minimum_runs = 3;  // fewer: no CoV, and `why` says so
};

// A result document with where it came from: its history id when it is
// recorded there.
struct RunDocument {
    nlohmann::json document;
    std::optional<int64_t> history_id;
};

// The run being shown, not copied (a result may be large).
struct ShownRun {
    const nlohmann::json &document;
    std::optional<int64_t> history_id;
};

// Why `document` cannot have a run-to-run spread of its own (imported, not
// complete, no hostname or suite); "" when it can.
std::string run_to_run_refusal(const nlohmann::json &document);

// Whether `other` is a run of the same suite on the same machine as `shown`,
// run the same way: suite name and sha256, hostname, CPU model and online
// CPUs equal, a measured ("run", not imported) complete result, asked for the
// same way: method, pass length, passes, parameters and tests named
// (run_method_key(), compare/test_conditions.h). Two partial runs of the
// index and a full one are not three runs of one thing. Within a run, a
// test's value counts only where it ran the same way, and a score only
// where the copy-pass had the same tests.
bool comparable_run(const nlohmann::json &shown, const nlohmann::json &other);

// Pure: the `render.repeatability` object for `shown` from `earlier`, the
// other documents of the history, newest first (any order of qualifying and
// not: the rules above pick). The shown run counts as one run; an earlier
// document that is the shown run itself (the same history id, or the same
// runs[0].start, hostname and runs) is not counted twice. Members:
//   "runs": the qualifying runs used (the shown one included),
//   "matched": "suite index on host vm (AMD EPYC, 2 CPUs)",
//   "copy_passes": [{"copies": 1, "runs": n,
//                    "tests": {"syscall": {"n": 5, "mean": …, "cov": 2.1, "spread": 5.3}},
//                    "indexes": {"system": {…}}}]  (left out when there are too few runs),
//   "why": why there is no spread ("" members left out).
// cov and spread are percentages; a test or index with fewer than
// minimum_runs values has "n" and "mean" only.
nlohmann::json run_to_run_spread(const ShownRun &shown, const std::vector<RunDocument> &earlier,
                                 const RunToRunOptions &options = {});

// Reads the candidates from `history`: the runs with the shown run's host, CPU
// model and suite, measured and complete, recorded before the shown run when
// it is in the history (else all), newest first, until `options.newest`
// qualify. Then run_to_run_spread(), with "history" set to the history's path.
// Throws HistoryError when the database cannot be read.
nlohmann::json run_to_run_from_history(const History &history, const ShownRun &shown,
                                       const RunToRunOptions &options = {});

// Adds each input's spread to a comparison document (compare_results()):
// `inputs[i].run_to_run` = {"runs", "matched", "why"} and each of its test
// and index cells the `run_to_run` {"n", "cov", "spread"} of its test or
// category at the section's copy count. `spreads[i]` null: nothing for input
// i. A pivot (compare --by) is left as it is: its columns pool several runs.
void attach_run_to_run(nlohmann::json &comparison, const std::vector<nlohmann::json> &spreads);

}  // namespace bytebench
