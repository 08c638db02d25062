// Everything a run measured, in memory, and its JSON form
// (bytebench.result/1, docs/result-schema.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/labels.h"
#include "model/pass_outcome.h"
#include "model/planned_test.h"
#include "model/scorer.h"
#include "model/statistics.h"
#include "model/status.h"
#include "model/suite.h"

namespace bytebench {

struct TestRecord {
    PlannedTest test;
    Status status = Status::ok;
    std::string error;
    std::vector<PassOutcome> passes;
    std::optional<TestScore> score;  // set when status is ok
    std::optional<double> index;     // set when ok and there is a baseline
    // Over the kept passes (set with score); outliers are positions among
    // the kept passes, not pass numbers.
    std::optional<SampleStatistics> statistics;
    std::optional<Interval> value_ci95;  // of the geometric mean, from the logs
    // --quick: why the passes stopped ("target" or "cap") and the relative
    // half-width of the 95% interval of the passes' geometric mean then.
    std::string quick_stop;
    std::optional<double> quick_half_width;
    // What the user should know about how the test ran (a workload that
    // wrote output during a timed pass); "warnings" in the result.
    std::vector<std::string> warnings;
};

// The values of a scored test's kept passes, and the pass numbers (0-based)
// they came from.
struct KeptPasses {
    std::vector<double> values;
    std::vector<size_t> passes;
};
KeptPasses kept_passes(const TestScore &score);

struct IndexRecord {
    std::string category;
    std::string title;
    CategoryScore score;
    IndexInterval interval;  // delta_index_interval of the tests that contributed
};

struct CopyPassRecord {
    int copies = 1;
    int cpus = 1;
    std::string start, end;  // ISO 8601 local time with offset
    std::vector<TestRecord> tests;
    std::vector<IndexRecord> indexes;
};

struct RunRecord {
    bool complete = false;
    nlohmann::json system = nlohmann::json::object();
    nlohmann::json options = nlohmann::json::object();
    nlohmann::json suite = nlohmann::json::object();
    Labels labels;                            // --label; "labels" in the result when there are any
    std::vector<CopyPassRecord> copy_passes;  // the JSON calls them "runs" (schema 1)
};

// How many of the test's passes are disturbed (model/pass_environment.h).
int disturbed_passes(const TestRecord &record);

// Scores a finished test from its passes (sets status/score/index).
void finish_test(TestRecord &record);

// Fills `run.indexes` from its tests: one per category of `suite` in which a
// test with a baseline ran ok; a category whose other tests with a baseline
// (in `suite`) did not is a partial index.
void compute_indexes(CopyPassRecord &run, const Suite &suite);

nlohmann::json to_json(const RunRecord &record);

}  // namespace bytebench
