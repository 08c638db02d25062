// compare_results(): lining up runs, deltas, verdicts, comparability
// warnings and row notes, metrics with a direction and the --fail-if-worse
// gate.
#include "compare/comparison.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "metric_documents.h"

namespace bytebench {
namespace {

using nlohmann::json;

json passes_of(const std::vector<double> &values) {
    json passes = json::array();
    for (double v : values)
        passes.push_back(
            {{"value", v}, {"count", v * 10}, {"seconds", 10.0}, {"kept", true}, {"status", "ok"}});
    return passes;
}

json ok_test(const std::string &id, double value, const std::vector<double> &passes,
             const std::string &version = "1") {
    return {{"id", id},
            {"name", id + " name"},
            {"category", "system"},
            {"unit", "lps"},
            {"status", "ok"},
            {"value", value},
            {"index", value / 10},
            {"samples", passes.size()},
            {"version", version},
            {"passes", passes_of(passes)}};
}

json result(const std::string &host, const std::vector<json> &tests, double score, int copies = 1) {
    return {{"schema", "bytebench.result/1"},
            {"tool", {{"name", "bytebench"}, {"version", "0.1.0"}}},
            {"status", "complete"},
            {"system", {{"hostname", host}, {"cpu_model", "CPU"}, {"cpus_online", 2}}},
            {"suite", {{"name", "index"}, {"sha256", "abcdef0123456789"}}},
            {"runs",
             {{{"copies", copies},
               {"start", "2026-11-30T01:00:00+00:00"},
               {"tests", json(tests)},
               {"indexes",
                {{{"category", "system"},
                  {"title", "System Benchmarks"},
                  {"score", score},
                  {"partial", false}}}}}}}};
}

const std::vector<double> kSlow = {90, 91, 92, 93, 94, 95, 96};
const std::vector<double> kFast = {100, 101, 102, 103, 104, 105, 106};

json compare(const std::vector<json> &documents, ComparisonOptions options = {}) {
    std::vector<ComparisonInput> inputs;
    for (size_t i = 0; i < documents.size(); ++i)
        inputs.push_back({"run" + std::to_string(i) + ".json", std::nullopt, documents[i]});
    return compare_results(inputs, options);
}

TEST(Comparison, LabelsRunAToZThenAA) {
    EXPECT_EQ(input_label(0), "A");
    EXPECT_EQ(input_label(25), "Z");
    EXPECT_EQ(input_label(26), "AA");
    EXPECT_EQ(input_label(27), "AB");
}

TEST(Comparison, DeltaAndVerdictAgainstTheFirstRun) {
    const json c = compare({result("a", {ok_test("dhry", 103, kFast)}, 700),
                            result("b", {ok_test("dhry", 93, kSlow)}, 650)});
    EXPECT_EQ(c["schema"], "bytebench.comparison/2");
    ASSERT_EQ(c["sections"].size(), 1u);
    const json &section = c["sections"][0];
    EXPECT_EQ(section["title"], "1 copy");
    ASSERT_EQ(section["rows"].size(), 1u);  // no metrics, no metric rows
    const json &row = section["rows"][0];
    EXPECT_EQ(row["id"], "dhry");
    EXPECT_EQ(row["better"], "higher");  // the default of a result without directions
    EXPECT_FALSE(row.contains("metric"));
    EXPECT_TRUE(row["comparable"].get<bool>());
    EXPECT_FALSE(row["cells"][0].contains("delta_pct"));
    EXPECT_NEAR(row["cells"][1]["delta_pct"].get<double>(), (93.0 / 103 - 1) * 100, 1e-9);
    EXPECT_EQ(row["cells"][1]["significance"]["verdict"], "worse");
    EXPECT_EQ(row["cells"][1]["significance"]["method"], "mann-whitney");
    EXPECT_NEAR(section["indexes"][0]["cells"][1]["delta_pct"].get<double>(),
                (650.0 / 700 - 1) * 100, 1e-9);
    EXPECT_TRUE(c["warnings"].empty());
    EXPECT_FALSE(c.contains("gate"));
}

TEST(Comparison, BaselineOptionMovesTheReference) {
    ComparisonOptions options;
    options.baseline = 1;
    const json c = compare({result("a", {ok_test("dhry", 103, kFast)}, 700),
                            result("b", {ok_test("dhry", 93, kSlow)}, 650)},
                           options);
    const json &cells = c["sections"][0]["rows"][0]["cells"];
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(cells[0]["significance"]["verdict"], "better");
    EXPECT_FALSE(cells[1].contains("delta_pct"));
}

TEST(Comparison, MissingAndFailedTestsAndCopyPasses) {
    json failed = {{"id", "pipe"}, {"status", "crashed"}, {"error", "signal 11"}};
    json a = result("a", {ok_test("dhry", 103, kFast), ok_test("pipe", 50, {50, 51})}, 700);
    a["runs"].push_back(a["runs"][0]);
    a["runs"][1]["copies"] = 2;
    const json c = compare({a, result("b", {failed}, 650, 8)});
    ASSERT_EQ(c["sections"].size(), 2u);
    EXPECT_EQ(c["sections"][0]["title"], "1 copy / 8 copies");
    EXPECT_EQ(c["sections"][0]["rows"][0]["cells"][1]["status"], "missing");
    const json &pipe = c["sections"][0]["rows"][1]["cells"][1];
    EXPECT_EQ(pipe["status"], "crashed");
    EXPECT_EQ(pipe["error"], "signal 11");
    EXPECT_EQ(c["sections"][1]["copies"], json({2, nullptr}));
    EXPECT_EQ(c["sections"][1]["rows"][0]["cells"][1]["status"], "missing");
    EXPECT_EQ(c["sections"][1]["indexes"][0]["cells"][1]["status"], "missing");
}

TEST(Comparison, FlagsDifferentWorkloadVersionsAndSuites) {
    json b = result("b", {ok_test("dhry", 93, kSlow, "2")}, 650);
    b["suite"]["sha256"] = "0000000000";
    const json c = compare({result("a", {ok_test("dhry", 103, kFast)}, 700), b});
    const json &row = c["sections"][0]["rows"][0];
    EXPECT_FALSE(row["comparable"].get<bool>());
    EXPECT_EQ(row["notes"][0], "workload version differs: 1 in A, 2 in B");
    std::string warnings;
    for (const json &w : c["warnings"]) warnings += w.get<std::string>() + "\n";
    EXPECT_NE(warnings.find("different suites: A ran index (sha256 abcdef01), B ran index "
                            "(sha256 00000000)"),
              std::string::npos)
        << warnings;
    EXPECT_NE(warnings.find("dhry: workload version differs: 1 in A, 2 in B"), std::string::npos);
}

// The tests of `document` as a build made them.
json built(json document, const std::string &build, const std::string &isa_level = "") {
    for (json &run : document["runs"])
        for (json &test : run["tests"]) {
            test["build"] = build;
            if (!isa_level.empty()) test["isa_level"] = isa_level;
        }
    return document;
}

TEST(Comparison, NamesANativeAgainstAPortableBuildOnceForAllTests) {
    const json native =
        built(result("a", {ok_test("dhry", 103, kFast), ok_test("whet", 50, kFast)}, 700),
              "gcc 12.2.0 -O3 -ffast-math -march=native -mtune=native");
    const json portable =
        built(result("b", {ok_test("dhry", 93, kSlow), ok_test("whet", 45, kSlow)}, 650),
              "gcc 12.2.0 -O3 -ffast-math -march=x86-64-v3", "x86-64-v3");
    const json c = compare({native, portable});
    EXPECT_EQ(c["inputs"][0]["build"], "native");
    EXPECT_EQ(c["inputs"][1]["build"], "portable x86-64-v3");
    std::vector<std::string> warnings;
    for (const json &w : c["warnings"]) warnings.push_back(w);
    EXPECT_EQ(warnings,
              (std::vector<std::string>{
                  "workloads built differently: native (-march=native, UnixBench's method) in A; "
                  "portable x86-64-v3 (an ISA level, not UnixBench's method) in B; the code that "
                  "ran differs, not only the machines",
                  "dhry, whet: built differently: gcc 12.2.0 -O3 -ffast-math -march=native "
                  "-mtune=native in A, gcc 12.2.0 -O3 -ffast-math -march=x86-64-v3 in B"}));
    // Two native builds by other compilers: no method line, the flags only.
    const json c2 = compare(
        {native, built(result("b", {ok_test("dhry", 93, kSlow), ok_test("whet", 45, kSlow)}, 650),
                       "clang 14.0.6 -O3 -march=native")});
    EXPECT_EQ(c2["warnings"].size(), 1U) << c2["warnings"].dump();
}

TEST(Comparison, ImportedReportsHaveNoPassesToTest) {
    json imported = result("old", {ok_test("dhry", 50, {})}, 300);
    imported["imported"] = {{"from", "UnixBench"}, {"version", "5.1.3"}};
    imported["runs"][0]["tests"][0].erase("version");
    imported["suite"] = {{"name", "UnixBench 5.1.3"}};
    const json c = compare({result("a", {ok_test("dhry", 103, kFast)}, 700), imported});
    EXPECT_EQ(c["inputs"][1]["tool"], "UnixBench 5.1.3");
    EXPECT_TRUE(c["inputs"][1]["imported"].get<bool>());
    const json &s = c["sections"][0]["rows"][0]["cells"][1]["significance"];
    EXPECT_EQ(s["verdict"], "unknown");
    EXPECT_EQ(s["reason"], "7 kept passes in A, 0 in B; need 2 on each side");
    EXPECT_TRUE(c["sections"][0]["rows"][0]["comparable"].get<bool>());
    ASSERT_GE(c["warnings"].size(), 2u);
    EXPECT_EQ(c["warnings"][0].get<std::string>().rfind("B is imported from a UnixBench 5.1.3", 0),
              0u);
}

// How a test ran: two runs of different pass lengths, passes and parameters (`run -i 1
// --duration 2` against `run`), and a warning about one input's test, are notes on the row
// (comparable false: "!" in the reports), and the differences are warnings above the tables.
// Before, the delta stood without a word.
TEST(Comparison, RunsThatRanATestDifferentlyAreNotComparableOnItsRow) {
    json full = ok_test("fsdisk", 103, kFast), partial = ok_test("fsdisk", 93, kSlow);
    full["duration_s"] = 10;
    full["passes_planned"] = 10;
    full["params"] = {{"io", "buffered"}};
    partial["duration_s"] = 2;
    partial["passes_planned"] = 1;
    partial["params"] = {{"io", "direct"}};
    partial["warnings"] = {"fsdisk wrote 31.9 KiB to stdout or stderr during timed pass 1"};
    json same_a = ok_test("syscall", 103, kFast), same_b = ok_test("syscall", 103, kFast);
    for (json *t : {&same_a, &same_b}) {
        (*t)["duration_s"] = 10;
        (*t)["params"] = json::object();
    }
    const json c = compare({result("a", {full, same_a}, 700), result("b", {partial, same_b}, 650)});
    const json &row = c["sections"][0]["rows"][0];
    EXPECT_FALSE(row["comparable"].get<bool>());
    EXPECT_EQ(row["notes"], json::array({"pass length differs: 10 s in A, 2 s in B",
                                         "number of passes differs: 1 in B, 10 in A",
                                         "parameters differ: io=buffered in A, io=direct in B",
                                         "B: fsdisk wrote 31.9 KiB to stdout or stderr during "
                                         "timed pass 1"}));
    EXPECT_TRUE(c["sections"][0]["rows"][1]["comparable"].get<bool>());  // syscall ran the same
    EXPECT_FALSE(c["sections"][0]["rows"][1].contains("notes"));
    const std::vector<std::string> warnings = c["warnings"];
    EXPECT_NE(std::find(warnings.begin(), warnings.end(),
                        "fsdisk: pass length differs: 10 s in A, 2 s in B"),
              warnings.end())
        << c["warnings"].dump();
    // The test warning is on the row only: it says what it is about itself.
    for (const std::string &w : warnings) EXPECT_EQ(w.find("31.9 KiB"), std::string::npos) << w;
    // The index score over a test that is not comparable says so.
    const json &index = c["sections"][0]["indexes"][0];
    EXPECT_FALSE(index["comparable"].get<bool>());
    EXPECT_EQ(index["notes"], json::array({"some of its tests are not comparable: fsdisk"}));
}

TEST(Comparison, AQuickRunAgainstAFullOneDiffersInMethodOnEveryRow) {
    json quick = result("b", {ok_test("dhry", 93, kSlow), ok_test("pipe", 93, kSlow)}, 650);
    quick["options"] = {{"quick", json::object()}};
    const json c = compare(
        {result("a", {ok_test("dhry", 103, kFast), ok_test("pipe", 103, kFast)}, 700), quick});
    for (const json &row : c["sections"][0]["rows"])
        EXPECT_EQ(row["notes"], json::array({"method differs: full in A, quick in B"}));
    EXPECT_EQ(c["warnings"], json::array({"dhry, pipe: method differs: full in A, quick in B"}));
}

// A partial index (two tests) against a full one: the score is marked and its note names
// what differs. Before: a +56% delta without a word.
TEST(Comparison, AnIndexScoreOverOtherTestsIsNotComparable) {
    const json c = compare({result("a",
                                   {ok_test("dhry", 103, kFast), ok_test("pipe", 103, kFast),
                                    ok_test("execl", 103, kFast)},
                                   700),
                            result("b", {ok_test("dhry", 103, kFast)}, 1100)});
    const json &index = c["sections"][0]["indexes"][0];
    EXPECT_FALSE(index["comparable"].get<bool>());
    EXPECT_EQ(index["notes"], json::array({"scored over different tests (A: 3, B: 1); not in "
                                           "every score: execl, pipe"}));
    EXPECT_EQ(c["warnings"],
              json::array({"system index (1 copy): scored over different tests (A: 3, B: 1); not "
                           "in every score: execl, pipe"}));
    EXPECT_TRUE(c["sections"][0]["rows"][0]["comparable"].get<bool>());
    // The same tests: nothing to say.
    const json same = compare({result("a", {ok_test("dhry", 103, kFast)}, 700),
                               result("b", {ok_test("dhry", 93, kSlow)}, 650)});
    EXPECT_FALSE(same["sections"][0]["indexes"][0].contains("comparable"));
}

TEST(Comparison, TheDefaultBaselineIsTheFirstInputThatDidNotFail) {
    const json failed = {{"schema", "bytebench.failure/1"}, {"status", "failed"}};
    std::vector<ComparisonInput> inputs;
    inputs.push_back({"f.json", std::nullopt, failed});
    inputs.push_back({"a.json", std::nullopt, result("a", {ok_test("dhry", 103, kFast)}, 700)});
    EXPECT_EQ(default_baseline(inputs), 1u);
    inputs.erase(inputs.begin() + 1);
    EXPECT_EQ(default_baseline(inputs), 0u);
}

// A stopped run has results, but not all of them: the first complete input is the default.
TEST(Comparison, AnIncompleteInputIsNotTheDefaultBaseline) {
    json stopped = result("a", {ok_test("dhry", 103, kFast)}, 700);
    stopped["status"] = "incomplete";
    std::vector<ComparisonInput> inputs;
    inputs.push_back({"a.json", std::nullopt, stopped});
    inputs.push_back({"b.json", std::nullopt, result("b", {ok_test("dhry", 93, kSlow)}, 650)});
    EXPECT_EQ(default_baseline(inputs), 1u);
    inputs.pop_back();  // nothing complete: the first with results
    EXPECT_EQ(default_baseline(inputs), 0u);
}

bool has_warning(const json &comparison, const std::string &text) {
    for (const json &w : comparison["warnings"])
        if (w == text) return true;
    return false;
}

// Inputs of different bytebench versions raised no warning.
TEST(Comparison, DifferentBytebenchVersionsAreNamed) {
    json b = result("b", {ok_test("dhry", 93, kSlow)}, 650), c = b;
    b["tool"]["version"] = "0.2.0";
    const json cmp = compare({result("a", {ok_test("dhry", 103, kFast)}, 700), b, c});
    EXPECT_TRUE(has_warning(cmp,
                            "bytebench versions differ: 0.1.0 in A and C; 0.2.0 in B; another "
                            "version may run or score a test differently"))
        << cmp["warnings"].dump();
    EXPECT_EQ(compare({c, c})["warnings"], json::array());
}

// A host with one CPU runs no N-copy pass: its cells there were "-" without a word.
TEST(Comparison, AnInputWithoutTheCopyPassSaysWhy) {
    json two = result("a", {ok_test("dhry", 103, kFast)}, 700);
    two["runs"].push_back(two["runs"][0]);
    two["runs"][1]["copies"] = 2;
    json one = result("b", {ok_test("dhry", 93, kSlow)}, 650);
    one["system"]["cpus_online"] = 4;
    one["system"]["effective_cpus"] = {{"count", 1}};  // a cgroup's 1 CPU of 4
    json stopped = one;
    stopped["system"]["effective_cpus"]["count"] = 4;
    stopped["status"] = "incomplete";
    json chosen = stopped;  // `-c 1` on 4 CPUs
    chosen["status"] = "complete";
    const json c = compare({two, one, stopped, chosen});
    ASSERT_EQ(c["sections"].size(), 2u);
    EXPECT_FALSE(c["sections"][0].contains("notes"));
    EXPECT_EQ(c["sections"][1]["notes"],
              json({"B ran 1 copy only: the host has 1 CPU",
                    "C ran 1 copy only: the result is incomplete (the run stopped)",
                    "D ran 1 copy only"}));
}

TEST(Comparison, GateFailsOnlyOnSignificantlyWorseChangesBeyondTheThreshold) {
    ComparisonOptions options;
    options.fail_if_worse_pct = 5;
    const json slower = compare({result("a", {ok_test("dhry", 103, kFast)}, 700),
                                 result("b", {ok_test("dhry", 93, kSlow)}, 650)},
                                options);
    ASSERT_TRUE(slower.contains("gate"));
    EXPECT_TRUE(slower["gate"]["failed"].get<bool>());
    EXPECT_EQ(slower["gate"]["failures"][0]["id"], "dhry");
    EXPECT_EQ(slower["gate"]["failures"][0]["input"], "B");

    options.fail_if_worse_pct = 15;  // 9.7% slower is within 15%
    EXPECT_FALSE(compare({result("a", {ok_test("dhry", 103, kFast)}, 700),
                          result("b", {ok_test("dhry", 93, kSlow)}, 650)},
                         options)["gate"]["failed"]
                     .get<bool>());

    options.fail_if_worse_pct = 1;  // far slower but only one pass: cannot tell, no failure
    EXPECT_FALSE(compare({result("a", {ok_test("dhry", 103, {103})}, 700),
                          result("b", {ok_test("dhry", 50, {50})}, 650)},
                         options)["gate"]["failed"]
                     .get<bool>());
}

// Metrics: a test "rr" whose main value (higher is better) does not change,
// with a p99 latency (lower is better) over 5 passes of small noise.
const test::MetricSpec kP99 = {"p99_us", "p99 latency", "us", "lower"};
const std::vector<double> kP99Passes = {1000, 1012, 995, 1006, 990};

json latency_test(const std::vector<double> &p99) {
    return test::with_metric(ok_test("rr", 103, kFast), kP99, p99);
}

json latency_comparison(const std::vector<double> &a_p99, const std::vector<double> &b_p99,
                        double fail_if_worse) {
    ComparisonOptions options;
    options.fail_if_worse_pct = fail_if_worse;
    return compare(
        {result("a", {latency_test(a_p99)}, 700), result("b", {latency_test(b_p99)}, 700)},
        options);
}

TEST(Comparison, AMetricRowFollowsItsTest) {
    const json c = latency_comparison(kP99Passes, test::scaled(kP99Passes, 2), 10);
    const json &rows = c["sections"][0]["rows"];
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_FALSE(rows[0].contains("metric"));
    const json &metric = rows[1];
    EXPECT_EQ(metric["id"], "rr");
    EXPECT_EQ(metric["metric"], "p99_us");
    EXPECT_EQ(metric["name"], "rr name");
    EXPECT_EQ(metric["metric_name"], "p99 latency");
    EXPECT_EQ(metric["unit"], "us");
    EXPECT_EQ(metric["better"], "lower");
    EXPECT_TRUE(metric["comparable"].get<bool>());
    EXPECT_EQ(metric["cells"][0]["status"], "ok");
    EXPECT_EQ(metric["cells"][0]["samples"], 5);
    EXPECT_FALSE(metric["cells"][0].contains("delta_pct"));
    EXPECT_FALSE(metric["cells"][0].contains("index"));
    EXPECT_FALSE(metric["cells"][0].contains("index"));
}

TEST(Comparison, ALowerIsBetterMetricThatDoublesIsWorseAndFailsTheGate) {
    const json c = latency_comparison(kP99Passes, test::scaled(kP99Passes, 2), 10);
    const json &rows = c["sections"][0]["rows"];
    // The main value did not change: noise, whatever its metric did.
    EXPECT_EQ(rows[0]["cells"][1]["significance"]["verdict"], "noise");
    const json &cell = rows[1]["cells"][1];
    EXPECT_NEAR(cell["delta_pct"].get<double>(), 100, 1e-9);  // the raw change: up
    EXPECT_EQ(cell["significance"]["verdict"], "worse");
    EXPECT_EQ(cell["significance"]["method"], "mann-whitney");
    EXPECT_EQ(cell["significance"]["passes"], json({5, 5}));
    const json &gate = c["gate"];
    EXPECT_TRUE(gate["failed"].get<bool>());
    ASSERT_EQ(gate["failures"].size(), 1u);
    EXPECT_EQ(gate["failures"][0]["id"], "rr");
    EXPECT_EQ(gate["failures"][0]["metric"], "p99_us");
    EXPECT_EQ(gate["failures"][0]["input"], "B");
    EXPECT_NEAR(gate["failures"][0]["delta_pct"].get<double>(), 100, 1e-9);
    EXPECT_LT(gate["failures"][0]["p"].get<double>(), 0.05);
    // Worse by 100% passes a 150% allowance.
    EXPECT_FALSE(latency_comparison(kP99Passes, test::scaled(kP99Passes, 2), 150)["gate"]["failed"]
                     .get<bool>());
}

TEST(Comparison, ALowerIsBetterMetricThatHalvesIsBetterAndPassesTheGate) {
    const json c = latency_comparison(test::scaled(kP99Passes, 2), kP99Passes, 10);
    const json &cell = c["sections"][0]["rows"][1]["cells"][1];
    EXPECT_NEAR(cell["delta_pct"].get<double>(), -50, 1e-9);
    EXPECT_EQ(cell["significance"]["verdict"], "better");
    EXPECT_FALSE(c["gate"]["failed"].get<bool>());
    EXPECT_TRUE(c["gate"]["failures"].empty());
}

TEST(Comparison, ALowerIsBetterMainValueThatRisesIsWorse) {
    json a = ok_test("latency", 103, kFast), b = ok_test("latency", 93, kSlow);
    a["better"] = b["better"] = "lower";
    ComparisonOptions options;
    options.fail_if_worse_pct = 5;
    const json c = compare({result("a", {b}, 700), result("b", {a}, 700)}, options);
    const json &row = c["sections"][0]["rows"][0];
    EXPECT_EQ(row["better"], "lower");
    EXPECT_GT(row["cells"][1]["delta_pct"].get<double>(), 10);
    EXPECT_EQ(row["cells"][1]["significance"]["verdict"], "worse");
    EXPECT_TRUE(c["gate"]["failed"].get<bool>());
    EXPECT_FALSE(c["gate"]["failures"][0].contains("metric"));
    // The other way round, the latency went down: better, and no failure.
    const json back = compare({result("a", {a}, 700), result("b", {b}, 700)}, options);
    EXPECT_EQ(back["sections"][0]["rows"][0]["cells"][1]["significance"]["verdict"], "better");
    EXPECT_FALSE(back["gate"]["failed"].get<bool>());
}

// Metric rows: the union over the inputs in order of first appearance;
// "missing" where an input's test lacks the metric or has no value for it.
TEST(Comparison, MetricRowsAreTheUnionOverTheInputs) {
    const test::MetricSpec bytes = {"bytes", "", "B", "higher"};
    json a = latency_test(kP99Passes);
    json b = test::with_metric(ok_test("rr", 103, kFast), bytes, {5, 6, 7, 8});
    b = test::with_metric(b, kP99, {});  // declared, never measured: no value
    a["metrics"][0]["name"] = "A's name";
    const json c = compare({result("a", {a}, 700), result("b", {b}, 700)});
    const json &rows = c["sections"][0]["rows"];
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[1]["metric"], "p99_us");
    EXPECT_EQ(rows[1]["metric_name"], "A's name");  // the first appearance describes it
    EXPECT_EQ(rows[1]["cells"][1]["status"], "missing");
    EXPECT_EQ(rows[2]["metric"], "bytes");
    EXPECT_EQ(rows[2]["metric_name"], "bytes");  // no name: the key
    EXPECT_EQ(rows[2]["better"], "higher");
    EXPECT_EQ(rows[2]["cells"][0]["status"], "missing");
    EXPECT_EQ(rows[2]["cells"][1]["value"], 6.5);
    EXPECT_FALSE(rows[2]["cells"][1].contains("delta_pct"));
}

// A failed test's metric cells carry its status; the test row says why.
TEST(Comparison, AFailedTestsMetricCellsCarryItsStatus) {
    json b = latency_test(kP99Passes);
    b["status"] = "crashed";
    const json c = compare({result("a", {latency_test(kP99Passes)}, 700), result("b", {b}, 700)});
    EXPECT_EQ(c["sections"][0]["rows"][1]["cells"][1], json({{"status", "crashed"}}));
}

// Directions and metrics from a buggy writer read leniently: an unknown
// direction is higher-is-better, a metric without a key is left out, and
// pass values of the wrong type are no values.
TEST(Comparison, OddDirectionsAndMetricsAreReadLeniently) {
    json a = latency_test(kP99Passes);
    a["better"] = "sideways";
    a["metrics"].push_back({{"name", "no key"}, {"value", 3}});
    a["metrics"].push_back(17);
    a["passes"][0]["metrics"] = "p99_us";
    a["passes"][1]["metrics"]["p99_us"] = "fast";
    json b = latency_test(test::scaled(kP99Passes, 2));
    b["metrics"][0]["better"] = 1;
    const json c = compare({result("a", {a}, 700), result("b", {b}, 700)});
    const json &rows = c["sections"][0]["rows"];
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0]["better"], "higher");
    EXPECT_EQ(rows[1]["better"], "lower");  // A's description comes first
    EXPECT_EQ(rows[1]["cells"][1]["significance"]["passes"], json({3, 5}));
    // A metric's values are those of its ok passes, kept or not.
    json one = latency_test({1000});
    const json few = compare({result("a", {one}, 700), result("b", {b}, 700)});
    EXPECT_EQ(few["sections"][0]["rows"][1]["cells"][1]["significance"]["reason"],
              "1 pass in A, 5 in B; need 2 on each side");
    json no_metrics = latency_test(kP99Passes);
    no_metrics["metrics"] = {{"key", "p99_us"}};
    EXPECT_NO_THROW(compare({result("a", {no_metrics}, 700), result("b", {b}, 700)}));
}

// A comparison is linear in the number of tests (issue 16: with a scan of
// each copy-pass per row, `bytebench compare` of two results of 10,000 tests
// took 27 s, docs/performance.md). No clock here: the bound is the TIMEOUT
// of these tests (60 s, tests/unit/CMakeLists.txt), which the scanning code
// ran into with these documents; the look-up tables take under a second.
// 30,000 tests, each in a category of its own with an index: both the rows
// and the index rows.
TEST(Comparison, ThirtyThousandTestsAndIndexCategories) {
    constexpr int kTests = 30000;
    const auto document = [](bool odd_ones_missing, double factor) {
        json tests = json::array(), indexes = json::array();
        for (int i = 0; i < kTests; ++i) {
            if (odd_ones_missing && i % 2 == 1) continue;
            const std::string id = "t" + std::to_string(i);
            tests.push_back({{"id", id},
                             {"category", "c" + std::to_string(i)},
                             {"status", "ok"},
                             {"value", (i + 1) * factor}});
            indexes.push_back({{"category", "c" + std::to_string(i)}, {"score", (i + 1) * factor}});
        }
        return json{{"schema", "bytebench.result/1"},
                    {"runs", {{{"copies", 1}, {"tests", tests}, {"indexes", indexes}}}}};
    };
    // B has the even tests only, in reverse order: lining up is by id.
    json b = document(true, 2);
    std::reverse(b["runs"][0]["tests"].begin(), b["runs"][0]["tests"].end());
    const json c = compare({document(false, 1), b});
    ASSERT_EQ(c["sections"].size(), 1u);
    const json &rows = c["sections"][0]["rows"];
    ASSERT_EQ(rows.size(), size_t(kTests));
    const json &indexes = c["sections"][0]["indexes"];
    ASSERT_EQ(indexes.size(), size_t(kTests));
    for (const int i : {0, 1, 2, 12345, kTests - 2, kTests - 1}) {
        SCOPED_TRACE(i);
        EXPECT_EQ(rows[i]["id"], "t" + std::to_string(i));  // A's order
        EXPECT_EQ(indexes[i]["category"], "c" + std::to_string(i));
        if (i % 2 == 1) {
            EXPECT_EQ(rows[i]["cells"][1]["status"], "missing");
            EXPECT_EQ(indexes[i]["cells"][1]["status"], "missing");
        } else {
            EXPECT_EQ(rows[i]["cells"][1]["value"], 2.0 * (i + 1));
            EXPECT_NEAR(rows[i]["cells"][1]["delta_pct"].get<double>(), 100, 1e-9);
            EXPECT_NEAR(indexes[i]["cells"][1]["delta_pct"].get<double>(), 100, 1e-9);
        }
    }
}

// The first of two tests with one id is the one compared, in every input,
// as before the look-up tables.
TEST(Comparison, TheFirstOfEqualIdsIsCompared) {
    json a = result("a", {ok_test("dhry", 100, kFast), ok_test("dhry", 50, kSlow)}, 700);
    json b = result("b", {ok_test("dhry", 110, kFast), ok_test("dhry", 10, kSlow)}, 700);
    const json c = compare({a, b});
    const json &rows = c["sections"][0]["rows"];
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0]["cells"][0]["value"], 100.0);
    EXPECT_EQ(rows[0]["cells"][1]["value"], 110.0);
}

}  // namespace
}  // namespace bytebench
