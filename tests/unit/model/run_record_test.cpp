#include "model/run_record.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>

#include "json_checks.h"
#include "model/metric_values.h"

namespace bytebench {
namespace {

using test::has_null;

// An ok test of passes with these counts, 1 s each, time base 1 s.
TestRecord test_of(const std::vector<double> &counts, std::optional<double> baseline = {}) {
    TestRecord r;
    r.test.id = r.test.name = "t";
    r.test.workload.id = "t";
    r.test.workload.time_base_s = 1;
    r.test.baseline = baseline;
    for (const double count : counts) {
        PassOutcome p;
        p.count = count;
        p.seconds = 1;
        CopyOutcome c;
        c.count = count;
        c.seconds = 1;
        p.copies.push_back(c);
        r.passes.push_back(p);
    }
    return r;
}

TEST(RunRecord, FiniteCountsAreScored) {
    TestRecord r = test_of({100, 200, 300}, 10.0);
    finish_test(r);
    ASSERT_EQ(r.status, Status::ok) << r.error;
    ASSERT_TRUE(r.score);
    EXPECT_TRUE(r.index);
}

TEST(RunRecord, AMetricThatOverflowsIsTheTestsError) {
    TestRecord r = test_of({100, 200, 300});
    r.test.workload.metrics = {{"bytes", "", "B", Direction::higher_is_better, Combine::sum}};
    r.passes[1].metrics["bytes"] = std::numeric_limits<double>::infinity();
    finish_test(r);
    EXPECT_EQ(r.status, Status::error);
    EXPECT_EQ(r.error,
              "the passes cannot be scored: its pass 2's metric 'bytes' is inf, not a finite "
              "number");
}

TEST(RunRecord, ALowerIsBetterTestIndexesInverselyInItsCategory) {
    TestRecord r = test_of({100, 100, 100}, 1000.0);
    r.test.category = "c";
    r.test.workload.better = Direction::lower_is_better;
    finish_test(r);
    ASSERT_TRUE(r.index);
    EXPECT_NEAR(*r.index, 100.0, 1e-9);  // 1000 / 100 * 10
    CopyPassRecord run;
    run.tests.push_back(r);
    compute_indexes(run, Suite{});
    ASSERT_EQ(run.indexes.size(), 1u);
    EXPECT_NEAR(run.indexes[0].score.score, 100.0, 1e-9);
    RunRecord record;
    record.copy_passes.push_back(run);
    const nlohmann::json t = to_json(record)["runs"][0]["tests"][0];
    EXPECT_EQ(t["better"], "lower");
    EXPECT_FALSE(t.contains("metrics"));  // none declared
}

// The result says how the copies made each pass's count (ABI 1.4).
TEST(RunRecord, TheTestRecordsHowItsCopiesCombine) {
    TestRecord r = test_of({4, 4, 4}, 10.0);
    r.test.workload.better = Direction::lower_is_better;
    r.test.workload.combine = Combine::mean;
    finish_test(r);
    RunRecord record;
    record.copy_passes.emplace_back().tests.push_back(r);
    EXPECT_EQ(to_json(record)["runs"][0]["tests"][0]["combine"], "mean");
    record.copy_passes[0].tests[0].test.workload.combine = Combine::sum;
    EXPECT_EQ(to_json(record)["runs"][0]["tests"][0]["combine"], "sum");
}

TEST(RunRecord, ACountThatOverflowedIsTheTestsError) {
    // Two copies of 1e308 add up to more than a double holds.
    TestRecord r = test_of({1e308, std::numeric_limits<double>::infinity()});
    finish_test(r);
    EXPECT_EQ(r.status, Status::error);
    EXPECT_EQ(r.error,
              "the passes cannot be scored: its pass 2's count is inf, not a finite number");
    EXPECT_FALSE(r.score);
    EXPECT_FALSE(r.index);
    EXPECT_FALSE(r.statistics);
    EXPECT_FALSE(r.value_ci95);
}

TEST(RunRecord, ARateThatOverflowsIsTheTestsError) {
    TestRecord r = test_of({1e300, 1e300});
    r.passes[1].seconds = 1e-9;  // 1e309 a second
    finish_test(r);
    EXPECT_EQ(r.status, Status::error);
    EXPECT_EQ(r.error,
              "the passes cannot be scored: its pass 2's value is inf, not a finite number");
}

TEST(RunRecord, HugeFiniteCountsHaveAFiniteMean) {
    // Each finite, their sum is not; their mean is (1.55e308, statistics_test.cpp), and the
    // mean's interval, whose top is beyond a double, is left out.
    TestRecord r = test_of({1.5e308, 1.6e308});
    finish_test(r);
    ASSERT_EQ(r.status, Status::ok) << r.error;
    ASSERT_TRUE(r.statistics);
    EXPECT_DOUBLE_EQ(r.statistics->mean, 1.55e308);
    EXPECT_FALSE(r.statistics->ci95);
    CopyPassRecord run;
    run.tests.push_back(r);
    RunRecord record;
    record.copy_passes.push_back(run);
    EXPECT_FALSE(has_null(to_json(record)));
}

TEST(RunRecord, AMetricOfTheLargestDoublesInEveryPassIsScored) {
    TestRecord r = test_of({100, 200, 300});
    r.test.workload.metrics = {{"lat_us", "", "us", Direction::lower_is_better, Combine::mean}};
    for (PassOutcome &p : r.passes) p.metrics["lat_us"] = 1.7e308;
    finish_test(r);
    ASSERT_EQ(r.status, Status::ok) << r.error;
    // ... and so are two copies' values, combined by their mean.
    EXPECT_EQ(combine_metric(Combine::mean, {1.7e308, 1.7e308}), 1.7e308);
}

TEST(RunRecord, AnIndexThatOverflowsIsTheTestsError) {
    TestRecord r = test_of({1e300, 1e300}, 1e-300);
    finish_test(r);
    EXPECT_EQ(r.status, Status::error);
    EXPECT_EQ(r.error, "the passes cannot be scored: its index is inf, not a finite number");
}

TEST(RunRecord, TheDocumentHoldsOnlyFiniteNumbers) {
    RunRecord record;
    record.complete = true;
    CopyPassRecord run;
    TestRecord bad = test_of({1e308, std::numeric_limits<double>::infinity()});
    finish_test(bad);
    bad.passes[0].count = std::numeric_limits<double>::quiet_NaN();  // as a bug might leave it
    run.tests.push_back(bad);
    record.copy_passes.push_back(run);
    record.options["odd"] = {1.0, std::numeric_limits<double>::quiet_NaN()};
    nlohmann::json doc = to_json(record);
    const nlohmann::json &passes = doc["runs"][0]["tests"][0]["passes"];
    EXPECT_FALSE(passes[0].contains("count"));
    EXPECT_FALSE(passes[1].contains("count"));
    EXPECT_FALSE(passes[1].contains("value"));
    EXPECT_EQ(passes[0]["seconds"], 1.0);
    EXPECT_EQ(doc["runs"][0]["tests"][0]["status"], "error");
    EXPECT_EQ(doc["options"]["odd"], nlohmann::json({1.0, nullptr}));  // a place kept in an array
    doc["options"].erase("odd");
    EXPECT_FALSE(has_null(doc)) << doc.dump();
}

// A run of one pass whose copies were on these CPUs (pu, cpu_start, cpu_end).
RunRecord run_on(const std::vector<std::array<int, 3>> &cpus, const nlohmann::json &topology) {
    RunRecord record;
    record.system["topology"] = topology;
    TestRecord t = test_of({1});
    t.passes[0].copies.clear();
    for (const auto &[pu, start, end] : cpus) {
        CopyOutcome c;
        c.count = c.seconds = 1;
        c.pu = pu;
        c.cpu_start = start;
        c.cpu_end = end;
        t.passes[0].copies.push_back(c);
    }
    CopyPassRecord run;
    run.tests.push_back(t);
    record.copy_passes.push_back(run);
    return record;
}

const nlohmann::json kHybridTopology = {{"hybrid", true},
                                        {"cpu_kinds",
                                         {{{"name", "efficiency"},
                                           {"efficiency", 0},
                                           {"pus", {2, 3}},
                                           {"info", nlohmann::json::object()}},
                                          {{"name", "performance"},
                                           {"efficiency", 1},
                                           {"pus", {0, 1}},
                                           {"info", nlohmann::json::object()}}}}};

TEST(RunRecord, CopiesOnAHybridCpuSayWhichKindTheyRanOn) {
    // pinned to 0; pinned to 2; unpinned, moved from 1 (P) to 3 (E); unpinned on 7 (no kind).
    const nlohmann::json doc =
        to_json(run_on({{0, 0, 0}, {2, 2, 2}, {-1, 1, 3}, {-1, 7, 7}}, kHybridTopology));
    const nlohmann::json &copies = doc["runs"][0]["tests"][0]["passes"][0]["copies"];
    EXPECT_EQ(copies[0]["cpu_kind"], "performance");
    EXPECT_FALSE(copies[0].contains("cpu_kind_end"));
    EXPECT_EQ(copies[1]["cpu_kind"], "efficiency");
    EXPECT_EQ(copies[2]["cpu_kind"], "performance");
    EXPECT_EQ(copies[2]["cpu_kind_end"], "efficiency");
    EXPECT_FALSE(copies[3].contains("cpu_kind"));
}

TEST(RunRecord, CopiesOnAMachineOfOneKindHaveNoKind) {
    nlohmann::json one_kind = kHybridTopology;
    one_kind["hybrid"] = false;
    for (const nlohmann::json &topology :
         {one_kind, nlohmann::json{{"cpu_kinds", "unknown"}, {"hybrid", false}},
          nlohmann::json("unknown"), nlohmann::json::object()}) {
        const nlohmann::json doc = to_json(run_on({{0, 0, 0}}, topology));
        EXPECT_FALSE(doc["runs"][0]["tests"][0]["passes"][0]["copies"][0].contains("cpu_kind"))
            << topology;
    }
}

}  // namespace
}  // namespace bytebench
