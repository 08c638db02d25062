// Everything a run measured, in memory, and its JSON form
// (bytebench.result/1, docs/result-schema.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "pass_runner.h"
#include "run_plan.h"
#include "scorer.h"
#include "statistics.h"
#include "status.h"

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

struct CopyRunRecord {
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
    std::vector<CopyRunRecord> runs;
};

// Scores a finished test from its passes (sets status/score/index).
void finish_test(TestRecord &record);

// Fills `run.indexes` from its tests. `suite_totals` gives, per category,
// how many tests with a baseline the suite defines.
void compute_indexes(CopyRunRecord &run, const Suite &suite);

nlohmann::json to_json(const RunRecord &record);

// Current local time as ISO 8601 with offset: 2026-11-30T02:45:57+00:00.
std::string iso_now();
// Current local time formatted with strftime's `format`.
std::string local_time_text(const char *format);

// True for "bytebench.result/1" and its later minors ("/1.2"), not "/10".
bool is_supported_result_schema(const std::string &schema);

inline constexpr const char *kResultSchema = "bytebench.result/1";

}  // namespace bytebench
