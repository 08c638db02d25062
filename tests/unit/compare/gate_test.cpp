// compare/gate.h: the --fail-if-worse values, which threshold judges which
// number, and the outcome: failed, passed, or inconclusive when an input had
// nothing judged.
#include "compare/gate.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace bytebench {
namespace {

using nlohmann::json;

// A cell of a non-baseline input: its change and verdict.
json cell(double delta, const std::string &verdict) {
    return {{"status", "ok"},
            {"value", 1},
            {"delta_pct", delta},
            {"significance", {{"verdict", verdict}, {"p", 0.001}}}};
}

const json kBase = {{"status", "ok"}, {"value", 1}};

json row(const std::string &id, const std::string &metric, const std::string &better,
         const json &other) {
    json r = {{"id", id}, {"better", better}, {"cells", {kBase, other}}};
    if (!metric.empty()) r["metric"] = metric;
    return r;
}

// One section: tcp_rr (higher is better) 10% lower, its p99_us (lower) 300% higher, its
// lat_max_us (lower) 50% higher, and dhry2reg within the noise.
json sections() {
    return json::array({{{"title", "1 copy"},
                         {"rows",
                          {row("tcp_rr", "", "higher", cell(-10, "worse")),
                           row("tcp_rr", "p99_us", "lower", cell(300, "worse")),
                           row("tcp_rr", "lat_max_us", "lower", cell(50, "worse")),
                           row("dhry2reg", "", "higher", cell(-1, "noise"))}}}});
}

const json kInputs = json::array(
    {{{"label", "A"}, {"status", "complete"}}, {{"label", "B"}, {"status", "complete"}}});

std::vector<std::string> failed_numbers(const json &gate) {
    std::vector<std::string> out;
    for (const json &f : gate["failures"])
        out.push_back(f["id"].get<std::string>() +
                      (f.contains("metric") ? "." + f["metric"].get<std::string>() : ""));
    return out;
}

json outcome(const std::vector<std::string> &values) {
    return gate_outcome(sections(), kInputs, 0, parse_gate(values));
}

TEST(Gate, ParsesAPercentageForEveryNumberAndOnePerName) {
    const GateSpec spec = parse_gate({"5", "lat_max_us=off", "tcp_rr.p99_us=350"});
    EXPECT_EQ(spec.pct, 5.0);
    ASSERT_EQ(spec.numbers.size(), 2u);
    EXPECT_EQ(spec.numbers[0].name, "lat_max_us");
    EXPECT_FALSE(spec.numbers[0].pct);
    EXPECT_EQ(spec.numbers[1].pct, 350.0);  // above 100: a latency can rise by more
    EXPECT_FALSE(parse_gate({}).any());
}

TEST(Gate, RefusesWhatItCannotRead) {
    EXPECT_EQ(gate_value_problem("5"), "");
    EXPECT_EQ(gate_value_problem("1000"), "");
    EXPECT_EQ(gate_value_problem("x=off"), "");
    EXPECT_EQ(gate_value_problem("nan"), "nan is not a finite number");
    EXPECT_EQ(gate_value_problem("-1"), "must be at least 0 percent, not -1");
    EXPECT_EQ(gate_value_problem("p99_us=x"), "p99_us: 'x' is not a number");
    EXPECT_EQ(gate_value_problem("=5"), "'' is not a test id, a metric key or TEST.METRIC");
    EXPECT_EQ(gate_value_problem("a b=5"), "'a b' is not a test id, a metric key or TEST.METRIC");
    EXPECT_THROW(parse_gate({"5", "3"}), std::invalid_argument);
    try {
        parse_gate({"p99_us=5", "p99_us=off"});
        FAIL();
    } catch (const std::invalid_argument &e) {
        EXPECT_STREQ(e.what(), "--fail-if-worse p99_us=off: p99_us is given twice");
    }
}

TEST(Gate, TheMostSpecificNameSetsANumbersThreshold) {
    // 5% for everything: all three worse numbers fail.
    EXPECT_EQ(failed_numbers(outcome({"5"})),
              (std::vector<std::string>{"tcp_rr", "tcp_rr.p99_us", "tcp_rr.lat_max_us"}));
    // The noisy max left out.
    EXPECT_EQ(failed_numbers(outcome({"5", "lat_max_us=off"})),
              (std::vector<std::string>{"tcp_rr", "tcp_rr.p99_us"}));
    // A test id covers its value and its metrics; a metric key is more specific; TEST.METRIC
    // more still.
    EXPECT_TRUE(failed_numbers(outcome({"5", "tcp_rr=off"})).empty());
    EXPECT_EQ(failed_numbers(outcome({"5", "tcp_rr=off", "p99_us=200"})),
              (std::vector<std::string>{"tcp_rr.p99_us"}));
    EXPECT_TRUE(
        failed_numbers(outcome({"5", "tcp_rr=off", "p99_us=200", "tcp_rr.p99_us=400"})).empty());
    // Without a bare PCT, only the numbers named are gated.
    EXPECT_EQ(failed_numbers(outcome({"lat_max_us=20"})),
              (std::vector<std::string>{"tcp_rr.lat_max_us"}));
    const json gate = outcome({"5", "lat_max_us=off"});
    EXPECT_EQ(gate["status"], "failed");
    EXPECT_EQ(gate["threshold_pct"], 5.0);
    EXPECT_EQ(gate["thresholds"], (json{{"lat_max_us", "off"}}));
    EXPECT_EQ(gate["failures"][1]["threshold_pct"], 5.0);
    EXPECT_EQ(gate["compared"], 3);  // tcp_rr, p99_us, dhry2reg; lat_max_us is off
}

TEST(Gate, ANameThatMatchesNothingIsAnError) {
    try {
        outcome({"5", "lat_mx_us=off"});
        FAIL();
    } catch (const std::invalid_argument &e) {
        EXPECT_STREQ(e.what(),
                     "--fail-if-worse lat_mx_us=...: no test or metric of the compared results "
                     "is called lat_mx_us");
    }
}

TEST(Gate, PassesWhenSomethingWasJudgedAndNothingIsWorseEnough) {
    const json gate = outcome({"400"});
    EXPECT_EQ(gate["status"], "passed");
    EXPECT_FALSE(gate["failed"].get<bool>());
    EXPECT_FALSE(gate.contains("reason"));
}

TEST(Gate, IsInconclusiveWhenAnInputHadNothingJudged) {
    // B failed: no cells with a change.
    const json failed_inputs = json::array(
        {{{"label", "A"}, {"status", "complete"}},
         {{"label", "B"}, {"status", "failed"}, {"reason", "unreachable: connection refused"}}});
    const json missing =
        json::array({{{"title", "1 copy"},
                      {"rows", {{{"id", "x"}, {"cells", {kBase, {{"status", "missing"}}}}}}}}});
    json gate = gate_outcome(missing, failed_inputs, 0, parse_gate({"1"}));
    EXPECT_EQ(gate["status"], "inconclusive");
    EXPECT_FALSE(gate["failed"].get<bool>());
    EXPECT_EQ(gate["compared"], 0);
    EXPECT_EQ(gate["reason"],
              "nothing of B could be judged against A: B failed: unreachable: connection refused");
    // The baseline failed.
    gate = gate_outcome(missing, failed_inputs, 1, parse_gate({"1"}));
    EXPECT_EQ(gate["reason"], "nothing of A could be judged against B: the baseline B failed");
    // Both ran, nothing in common.
    gate = gate_outcome(missing, kInputs, 0, parse_gate({"1"}));
    EXPECT_EQ(gate["reason"],
              "nothing of B could be judged against A: no test or metric ran ok in both A and B");
    // Every change too short to tell.
    const json unknown = json::array(
        {{{"title", "1 copy"}, {"rows", {row("x", "", "higher", cell(-50, "unknown"))}}}});
    gate = gate_outcome(unknown, kInputs, 0, parse_gate({"1"}));
    EXPECT_EQ(gate["reason"],
              "nothing of B could be judged against A: too few passes to tell on every number B "
              "shares with A");
    // Everything gated off.
    gate = outcome({"tcp_rr=off", "dhry2reg=off"});
    EXPECT_EQ(gate["status"], "inconclusive");
    EXPECT_EQ(gate["reason"],
              "nothing of B could be judged against A: none of the numbers B shares with A is "
              "gated");
}

TEST(Gate, AWorseNumberDecidesEvenWhenAnotherInputCouldNotBeJudged) {
    json three = sections();
    for (json &r : three[0]["rows"]) r["cells"].push_back({{"status", "missing"}});
    const json inputs = json::array({{{"label", "A"}, {"status", "complete"}},
                                     {{"label", "B"}, {"status", "complete"}},
                                     {{"label", "C"}, {"status", "failed"}}});
    const json gate = gate_outcome(three, inputs, 0, parse_gate({"5"}));
    EXPECT_EQ(gate["status"], "failed");
    EXPECT_FALSE(gate.contains("reason"));
    // Nothing worse: C undecided makes it inconclusive, not passed.
    EXPECT_EQ(gate_outcome(three, inputs, 0, parse_gate({"500"}))["status"], "inconclusive");
}

}  // namespace
}  // namespace bytebench
