// The run-to-run spread of a result page: the CoV of a test's value and of an index score over
// whole runs of the same suite on the same machine, which the core reads from the history and
// hands over as `render.repeatability` (docs/result-schema.md, docs/statistics.md). Shown only
// when the core sent it, so that a page rendered without a history is what it was.
#pragma once

#include <string>

#include "json_fields.h"

namespace bytebench::reporters::html {

// What the page shows of the run-to-run spread of one copy-pass.
struct RunToRun {
    const json *pass = nullptr;  // render.repeatability.copy_passes[] with the run's copies
    std::string why;             // render.repeatability.why: why there is none
    bool column() const { return pass != nullptr; }
};

// The spread for `run` (a runs[] element) of `doc`; empty when the core sent none.
RunToRun run_to_run_of(const json &doc, const json &run);

// The <td> of a test's run-to-run CoV ("2.10%"), or of an index category's; "—" when that test
// or category has too few runs.
std::string run_to_run_test_cell(const RunToRun &spread, const json &test);
std::string run_to_run_index_cell(const RunToRun &spread, const json &index);

// "run-to-run CoV 1.20% (5 runs)" for a score card; "" without one.
std::string run_to_run_score_text(const RunToRun &spread, const json &index);

// The line under a results table: what the column is over, or why there is none; "" when the
// core sent nothing.
std::string run_to_run_note(const json &doc, const RunToRun &spread);

}  // namespace bytebench::reporters::html
