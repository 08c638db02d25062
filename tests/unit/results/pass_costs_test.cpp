// What an earlier run measured of a test's passes beyond their duration,
// read back for the next run's ETA.
#include "results/pass_costs.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

using nlohmann::json;

json pass(const char *status, double wall_s) {
    return {{"status", status}, {"count", 1}, {"environment", {{"wall_s", wall_s}}}};
}

json fstime_test(const json &passes, const char *mode = "copy") {
    return {{"id", "fstime"},
            {"workload", "fstime"},
            {"params", {{"mode", mode}, {"warmup_s", "2"}}},
            {"duration_s", 0.3},
            {"passes", passes}};
}

json document(const json &tests_at_one, const json &tests_at_two) {
    json runs = json::array();
    runs.push_back({{"copies", 1}, {"tests", tests_at_one}});
    runs.push_back({{"copies", 2}, {"tests", tests_at_two}});
    return {{"schema", "bytebench.result/1"}, {"runs", runs}};
}

// A JSON array of the given elements (braces alone could make an object of two).
json array(std::initializer_list<json> elements) {
    json a = json::array();
    for (const json &e : elements) a.push_back(e);
    return a;
}

PlannedTest planned(const char *mode = "copy") {
    PlannedTest t;
    t.id = "fstime";
    t.workload.id = "fstime";
    t.params = {{"mode", mode}, {"warmup_s", "2"}};
    return t;
}

TEST(PassCosts, TheMeanOverheadOfEveryOkPassAtEveryCopyCount) {
    const json at_one = array({fstime_test(array({pass("ok", 15.3), pass("ok", 15.7)}))});
    const json at_two = array({fstime_test(array({pass("ok", 16.4), pass("error", 0.1)}))});
    const auto overheads = pass_overheads(document(at_one, at_two), {planned()});
    ASSERT_EQ(overheads.count("fstime"), 1u);
    // (15.3 + 15.7 + 16.4) / 3 - 0.3
    EXPECT_NEAR(overheads.at("fstime"), 15.8 - 0.3, 1e-9);
}

TEST(PassCosts, OnlyTheSameTestWithTheSameParameters) {
    const json write = array({fstime_test(array({pass("ok", 5.3)}), "write")});
    EXPECT_TRUE(pass_overheads(document(write, json::array()), {planned("copy")}).empty());
    PlannedTest other = planned();
    other.workload.id = "something-else";
    const json copy = array({fstime_test(array({pass("ok", 5.3)}))});
    EXPECT_TRUE(pass_overheads(document(copy, json::array()), {other}).empty());
    EXPECT_EQ(pass_overheads(document(copy, json::array()), {planned()}).size(), 1u);
}

TEST(PassCosts, ADamagedOrOldDocumentGivesNothing) {
    EXPECT_TRUE(pass_overheads(json("not a result"), {planned()}).empty());
    // Passes written before the environment was recorded have no wall time.
    json old_pass = pass("ok", 5);
    old_pass.erase("environment");
    const json old = fstime_test(array({old_pass}));
    EXPECT_TRUE(pass_overheads(document(array({old}), json::array()), {planned()}).empty());
    json no_duration = fstime_test(array({pass("ok", 5)}));
    no_duration.erase("duration_s");
    EXPECT_TRUE(pass_overheads(document(array({no_duration}), json::array()), {planned()}).empty());
}

TEST(PassCosts, APassShorterThanItsDurationIsNoNegativeCost) {
    const json short_pass = array({fstime_test(array({pass("ok", 0.2)}))});
    const auto overheads = pass_overheads(document(short_pass, json::array()), {planned()});
    ASSERT_EQ(overheads.count("fstime"), 1u);
    EXPECT_DOUBLE_EQ(overheads.at("fstime"), 0);
}

}  // namespace
}  // namespace bytebench
