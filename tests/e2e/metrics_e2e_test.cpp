// Metrics with a direction (ABI 1.2) through the real CLI and worker: what a
// workload records per copy and pass lands in the result as the copies'
// values, the passes' combined values and each metric's mean and statistics;
// a lower-is-better main value gets index = baseline / value * 10; a bad
// record_metric() fails its test naming the key and keeps the others; a
// malformed declaration refuses the plugin at load.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

const std::string kMetricsPlugin = kTestPlugins + "/metrics";

// Three passes of two copies, as short as the CLI allows.
CliResult run_metrics(const std::string &out, const std::vector<std::string> &tests) {
    std::vector<std::string> args = {"--plugin-path", kMetricsPlugin, "run", "-o", out};
    args.insert(args.end(), tests.begin(), tests.end());
    for (const char *a : {"-i", "3", "--duration", "0.01", "--settle", "0", "-c", "2", "-q"})
        args.push_back(a);
    return run_cli(args);
}

const nlohmann::json &metric(const nlohmann::json &test, const std::string &key) {
    for (const nlohmann::json &m : test["metrics"])
        if (m["key"] == key) return m;
    ADD_FAILURE() << "no metric " << key << " in " << test.dump();
    static const nlohmann::json none;
    return none;
}

class MetricsRun : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        // ctest runs each test in a process of its own, at the same time.
        const std::string out = fresh_dir("metrics-run-" + std::to_string(getpid()));
        const CliResult r = run_metrics(
            out, {"test.metrics", "test.metric_nan", "test.metric_inf", "test.metric_undeclared"});
        ASSERT_TRUE(r.exited()) << r.describe();
        doc_ = new nlohmann::json(only_result(out));
    }
    static void TearDownTestSuite() {
        delete doc_;
        doc_ = nullptr;
    }
    static const nlohmann::json &test(const std::string &id) {
        const nlohmann::json *t = find_test((*doc_)["runs"][0], id);
        if (t == nullptr) throw std::runtime_error("no test " + id);
        return *t;
    }
    static nlohmann::json *doc_;
};
nlohmann::json *MetricsRun::doc_ = nullptr;

TEST_F(MetricsRun, EachCopyKeepsWhatItRecordedInRunOnly) {
    const nlohmann::json &t = test("test.metrics");
    ASSERT_EQ(t["status"], "ok") << t.dump();
    ASSERT_EQ(t["passes"].size(), 3u);
    for (int pass = 0; pass < 3; ++pass) {
        const nlohmann::json &copies = t["passes"][pass]["copies"];
        ASSERT_EQ(copies.size(), 2u);
        for (int copy = 0; copy < 2; ++copy) {
            const double v = 100.0 * (copy + 1) + pass;  // create()'s 1e9 was ignored
            nlohmann::json expected = {{"m_sum", v}, {"m_mean", v}, {"m_min", v}, {"m_max", v}};
            if (copy == 0) expected["m_copy0"] = v;
            EXPECT_EQ(copies[copy]["metrics"], expected) << copies[copy].dump();
        }
    }
}

TEST_F(MetricsRun, PassesCombineTheCopiesPerMetric) {
    const nlohmann::json &t = test("test.metrics");
    for (int pass = 0; pass < 3; ++pass) {
        const double p = pass;
        const nlohmann::json expected = {{"m_sum", 300 + 2 * p},
                                         {"m_mean", 150 + p},
                                         {"m_min", 100 + p},
                                         {"m_max", 200 + p},
                                         {"m_copy0", 100 + p}};  // m_never: nobody recorded it
        EXPECT_EQ(t["passes"][pass]["metrics"], expected) << t["passes"][pass].dump();
    }
}

TEST_F(MetricsRun, MetricsListTheDeclarationsWithMeanAndStatistics) {
    const nlohmann::json &t = test("test.metrics");
    ASSERT_EQ(t["metrics"].size(), 6u);
    const nlohmann::json &sum = t["metrics"][0];
    EXPECT_EQ(sum["key"], "m_sum");
    EXPECT_EQ(sum["name"], "summed");
    EXPECT_EQ(sum["unit"], "ops");
    EXPECT_EQ(sum["better"], "higher");
    EXPECT_EQ(sum["combine"], "sum");
    EXPECT_EQ(sum["value"], 302.0);
    const nlohmann::json &mean = metric(t, "m_mean");
    EXPECT_EQ(mean["name"], "m_mean");  // "" names it by its key
    EXPECT_EQ(mean["better"], "lower");
    EXPECT_EQ(mean["combine"], "mean");
    EXPECT_EQ(mean["value"], 151.0);
    const nlohmann::json &s = mean["stats"];
    EXPECT_EQ(s["n"], 3);
    EXPECT_EQ(s["min"], 150.0);
    EXPECT_EQ(s["median"], 151.0);
    EXPECT_EQ(s["max"], 152.0);
    EXPECT_EQ(s["mean"], 151.0);
    EXPECT_EQ(s["stddev"], 1.0);
    EXPECT_NEAR(s["cv"].get<double>(), 1.0 / 151, 1e-15);
    const double half = 4.302652729911275 / std::sqrt(3.0);  // t(0.975, 2) * 1 / sqrt(3)
    EXPECT_NEAR(s["ci95"][0].get<double>(), 151 - half, 1e-9);
    EXPECT_NEAR(s["ci95"][1].get<double>(), 151 + half, 1e-9);
    EXPECT_EQ(metric(t, "m_min")["value"], 101.0);
    EXPECT_EQ(metric(t, "m_max")["value"], 201.0);
    EXPECT_EQ(metric(t, "m_copy0")["value"], 101.0);
    const nlohmann::json &never = metric(t, "m_never");
    EXPECT_EQ(never["combine"], "max");
    EXPECT_FALSE(never.contains("value")) << never.dump();
    EXPECT_FALSE(never.contains("stats")) << never.dump();
}

TEST_F(MetricsRun, ALowerIsBetterValueHasTheInverseIndex) {
    const nlohmann::json &t = test("test.metrics");
    EXPECT_EQ(t["better"], "lower");
    const double value = t["value"].get<double>();  // a geometric mean: exp(mean of logs)
    EXPECT_NEAR(value, 100.0, 1e-9);  // 100 a copy: lower is better, so the copies' mean
    EXPECT_EQ(t["combine"], "mean");
    EXPECT_EQ(t["baseline"], 1000.0);
    EXPECT_DOUBLE_EQ(t["index"].get<double>(), 1000.0 / value * 10);
    EXPECT_EQ(t["index_ci95"].size(), 2u);
    EXPECT_LE(t["index_ci95"][0].get<double>(), t["index_ci95"][1].get<double>());
}

TEST_F(MetricsRun, ABadRecordFailsItsTestNamingTheKeyAndKeepsTheOthers) {
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"test.metric_nan", "metric 'lat_us': nan is not a finite number"},
        {"test.metric_inf", "metric 'lat_us': inf is not a finite number"},
        {"test.metric_undeclared",
         "metric 'p98_us' is not declared by workload 'test.metric_undeclared'; it declares "
         "lat_us"}};
    for (const auto &[id, error] : expected) {
        const nlohmann::json &t = test(id);
        EXPECT_EQ(t["status"], "error") << t.dump();
        EXPECT_EQ(t["error"], error) << t.dump();
        EXPECT_EQ(t["better"], "higher");
        // The failing copy's other data is not lost: its count and its good
        // value (the other copy may have been stopped before it reported).
        bool kept = false;
        for (const nlohmann::json &copy : t["passes"][0]["copies"])
            kept = kept || (copy["count"] == 100.0 && copy.contains("metrics") &&
                            copy["metrics"]["lat_us"] == 5.0);
        EXPECT_TRUE(kept) << t.dump();
    }
    EXPECT_EQ(test("test.metrics")["status"], "ok");
}

TEST(Metrics, MalformedDeclarationsAreRefusedAtLoadInOneLineEach) {
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/bad-metrics", "plugins"});
    ASSERT_TRUE(r.exited()) << r.describe();
    const std::string named = "workload 'test.bad-metrics'";
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"metric_key.so", named + " metric #1 key 'P99-us' breaks the rule [a-z0-9_]+ of plugin.h"},
        {"too_many.so", named + " declares 33 metrics; BB_MAX_METRICS is 32"},
        {"metric_direction.so", named +
                                    " metric 'p99_us': better is 7, not BB_HIGHER_IS_BETTER (0) or "
                                    "BB_LOWER_IS_BETTER (1)"},
        {"main_direction.so",
         named + ": better is 5, not BB_HIGHER_IS_BETTER (0) or BB_LOWER_IS_BETTER (1)"},
        {"metric_combine.so", named + " metric 'p99_us': combine is 9, not one of "
                                      "BB_COMBINE_SUM (0), MEAN (1), MIN (2) or MAX (3)"},
        {"main_combine.so", named + ": combine is 7, not one of BB_COMBINE_SUM (0), MEAN (1), "
                                    "MIN (2) or MAX (3)"},
        {"display_escape.so", named + " display_info program '../../bin/sh' leaves the "
                                      "plugin's folder (a \"..\" component)"},
        {"display_absolute.so", named + " display_info program '/bin/sh' is an absolute path; "
                                        "give it relative to the plugin's folder"}};
    for (const auto &[file, reason] : expected) {
        const size_t at = r.out.find("/bad-metrics/" + file + "\n");
        ASSERT_NE(at, std::string::npos) << file << "\n" << r.out;
        const size_t next = r.out.find('\n', at) + 1;
        EXPECT_EQ(r.out.substr(next, r.out.find('\n', next) - next), "    " + reason) << r.out;
    }
}

TEST(Metrics, DescribeShowsTheDirectionAndTheMetrics) {
    const CliResult r = run_cli({"--plugin-path", kMetricsPlugin, "describe", "test.metrics"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("  better       lower (index = baseline / value * 10"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  requires     nothing\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  set-up       no\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Metrics (recorded by each copy in each pass):\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("  m_sum    summed   ops   higher better  combine sum\n"),
              std::string::npos)
        << r.out;
}

// How the copies of a pass make its main value (ABI 1.4), two copies that
// report 3 and 5 (tests/plugins/metrics.c, frozen_1_3.c): a lower-is-better
// value left to its direction is their mean, 4 (it was their sum, 8: a
// latency of 3 us at 2 copies read 6 us, its index half); MAX and MIN take
// the worst and the best copy; a higher-is-better rate is still summed. A
// plugin built against the 1.3 header, which cannot say, gets the mean too.
TEST(CopiesCombine, ALatencyIsTheMeanOrTheWorstOfItsCopiesAndARateTheirSum) {
    const std::string out = fresh_dir("copies-combine-" + std::to_string(getpid()));
    const CliResult r = run_cli({"--plugin-path",
                                 kMetricsPlugin,
                                 "--plugin-path",
                                 kTestPlugins + "/frozen-1.3",
                                 "run",
                                 "-o",
                                 out,
                                 "test.copies_mean",
                                 "test.copies_max",
                                 "test.copies_min",
                                 "test.copies_sum",
                                 "test.frozen13",
                                 "-i",
                                 "3",
                                 "--duration",
                                 "0.01",
                                 "--settle",
                                 "0",
                                 "-c",
                                 "2",
                                 "-q",
                                 "--format",
                                 "json",
                                 "--no-history"});
    ASSERT_EQ(r.exit_code, 0) << r.describe();
    const nlohmann::json doc = only_result(out);
    const std::vector<std::tuple<std::string, std::string, double>> expected = {
        {"test.copies_mean", "mean", 4},
        {"test.copies_max", "max", 5},
        {"test.copies_min", "min", 3},
        {"test.copies_sum", "sum", 8},
        {"test.frozen13", "mean", 4}};
    for (const auto &[id, combine, value] : expected) {
        const nlohmann::json *t = find_test(doc["runs"][0], id);
        ASSERT_NE(t, nullptr) << id;
        ASSERT_EQ((*t)["status"], "ok") << t->dump();
        EXPECT_EQ((*t)["combine"], combine) << id;
        for (const nlohmann::json &pass : (*t)["passes"]) {
            EXPECT_EQ(pass["copies"][0]["count"], 3.0) << id;  // what each copy reported
            EXPECT_EQ(pass["copies"][1]["count"], 5.0) << id;
            EXPECT_EQ(pass["count"], value) << id;
            EXPECT_EQ(pass["value"], value) << id;
        }
        EXPECT_NEAR((*t)["value"].get<double>(), value, value * 1e-12) << id;
        // Baseline 10: lower is better, so index = 10 / value * 10.
        const double index = id == "test.copies_sum" ? value / 10 * 10 : 10 / value * 10;
        EXPECT_NEAR((*t)["index"].get<double>(), index, index * 1e-12) << id;
    }
}

TEST(CopiesCombine, DescribeSaysHowTheCopiesCombine) {
    const CliResult mean =
        run_cli({"--plugin-path", kMetricsPlugin, "describe", "test.copies_mean"});
    ASSERT_EQ(mean.exit_code, 0) << mean.err;
    EXPECT_NE(mean.out.find("  unit         us (the workload reports the value itself)\n"),
              std::string::npos)
        << mean.out;
    EXPECT_NE(mean.out.find("  copies       mean (a pass's value is the mean of the copies' "
                            "values)\n"),
              std::string::npos)
        << mean.out;
    const CliResult sum = run_cli({"--plugin-path", kMetricsPlugin, "describe", "test.copies_sum"});
    EXPECT_NE(sum.out.find("  copies       sum (a pass's value is the sum of the copies' values)"),
              std::string::npos)
        << sum.out;
}

}  // namespace
}  // namespace bytebench::test

namespace bytebench::test {
namespace {

// The vendor scenario of issue 17, end to end: two real runs of a workload
// whose p99 latency (lower is better) is 1000 us, then 2000 us. compare
// calls the doubling worse and its gate fails; the other way round it is an
// improvement, and the gate passes. The main value is the same in both.
std::string latency_run(const std::string &name, const std::string &p99_us) {
    const std::string out = fresh_dir(name + "-" + std::to_string(getpid()));
    const CliResult r = run_cli({"--no-history",
                                 "--plugin-path",
                                 kMetricsPlugin,
                                 "run",
                                 "test.latency",
                                 "--param",
                                 "p99_us=" + p99_us,
                                 "-i",
                                 "5",
                                 "--duration",
                                 "0.01",
                                 "--settle",
                                 "0",
                                 "-c",
                                 "1",
                                 "-q",
                                 "--format",
                                 "json",
                                 "-o",
                                 out});
    EXPECT_EQ(r.exit_code, 0) << r.describe();
    for (const auto &entry : std::filesystem::directory_iterator(out))
        if (entry.path().extension() == ".json") return entry.path().string();
    ADD_FAILURE() << "no result in " << out;
    return "";
}

TEST(MetricsCompare, ADoubledP99IsWorseAndFailsTheGateWhileItsHalvingIsBetter) {
    const std::string before = latency_run("latency-1000", "1000");
    const std::string after = latency_run("latency-2000", "2000");
    const CliResult worse = run_cli(
        {"--no-history", "compare", before, after, "--fail-if-worse", "10", "--format", "json"});
    EXPECT_EQ(worse.exit_code, 1) << worse.describe();
    EXPECT_NE(worse.err.find("worse: 1 copy, test.latency lat_p99_us: B is 100.0% higher"),
              std::string::npos)
        << worse.err;
    const nlohmann::json rows = nlohmann::json::parse(worse.out)["sections"][0]["rows"];
    ASSERT_EQ(rows.size(), 2u) << rows.dump();
    EXPECT_EQ(rows[0]["cells"][1]["significance"]["verdict"], "noise");  // the same rate
    EXPECT_EQ(rows[1]["metric"], "lat_p99_us");
    EXPECT_EQ(rows[1]["better"], "lower");
    EXPECT_EQ(rows[1]["cells"][1]["significance"]["verdict"], "worse");

    const CliResult better = run_cli(
        {"--no-history", "compare", after, before, "--fail-if-worse", "10", "--format", "json"});
    EXPECT_EQ(better.exit_code, 0) << better.describe();
    EXPECT_EQ(nlohmann::json::parse(
                  better.out)["sections"][0]["rows"][1]["cells"][1]["significance"]["verdict"],
              "better");
}

}  // namespace
}  // namespace bytebench::test
