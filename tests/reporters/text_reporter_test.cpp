// Tests of the `text` reporter (text.so), loaded and called the way a worker does.
//
// The fixture documents are in fixtures/, the expected reports in golden/ (see golden.h for
// how to regenerate them). golden/unixbench-6.0-run-2core-vm.txt is a verbatim copy of a real
// UnixBench 6.0 report: fixtures/full-2run.json carries that run's values, so its 1-copy run
// must come out as the same lines.
#include <gtest/gtest.h>

#include <clocale>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "golden.h"
#include "reporter_harness.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

std::vector<std::string> lines_of(const std::string &text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

bool starts_with(const std::string &text, const std::string &prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

// The lines from the first one starting with `first` through the next one starting with
// `last`, joined again; "" when there is no such section.
std::string section(const std::string &text, const std::string &first, const std::string &last) {
    const std::vector<std::string> lines = lines_of(text);
    std::string out;
    bool inside = false;
    for (const std::string &line : lines) {
        inside = inside || starts_with(line, first);
        if (!inside) continue;
        out += line + "\n";
        if (starts_with(line, last)) return out;
    }
    return "";
}

// `count` lines from the first one starting with `first`, joined again; "" when too short.
std::string block(const std::string &text, const std::string &first, size_t count) {
    const std::vector<std::string> lines = lines_of(text);
    for (size_t i = 0; i < lines.size(); ++i) {
        if (!starts_with(lines[i], first)) continue;
        if (i + count > lines.size()) return "";
        std::string out;
        for (size_t j = i; j < i + count; ++j) out += lines[j] + "\n";
        return out;
    }
    return "";
}

// The first line of `text` that contains `needle`.
std::string line_with(const std::string &text, const std::string &needle) {
    for (const std::string &line : lines_of(text))
        if (line.find(needle) != std::string::npos) return line;
    return "";
}

TEST(TextReporter, DescribesItself) {
    EXPECT_TRUE(describes_itself(text_reporter(), "text", "txt"));
}

TEST(TextReporter, FullTwoRunReportMatchesGolden) {
    EXPECT_TRUE(matches_golden("full-2run.txt", render_fixture(text_reporter(), "full-2run.json")));
}

TEST(TextReporter, PartialBriefReportMatchesGolden) {
    EXPECT_TRUE(
        matches_golden("partial-brief.txt", render_fixture(text_reporter(), "partial-brief.json")));
}

// The graphics index blocks as UnixBench prints them (docs/graphics.md), after System: "2D
// Graphics Benchmarks Index Values" with `---` for 2D lines, which has no baseline, then "3D
// Graphics Benchmarks Index Values"; the 2-copy run skips the graphics tests ("runs with one
// copy only") and has the System block alone.
TEST(TextReporter, GraphicsIndexBlocksMatchGolden) {
    const std::string text = render_fixture(text_reporter(), "graphics-2run.json");
    EXPECT_TRUE(matches_golden("graphics-2run.txt", text));
    const size_t system = text.find("System Benchmarks Partial Index");
    const size_t two_d = text.find("2D Graphics Benchmarks Index Values");
    const size_t three_d = text.find("3D Graphics Benchmarks Index Values");
    ASSERT_NE(three_d, std::string::npos);
    EXPECT_LT(system, two_d);
    EXPECT_LT(two_d, three_d);
}

// Fewer than the six 2D index tests: "Partial Index" and "(Partial Only)"; no 3D block
// when gears gave no result.
TEST(TextReporter, PartialGraphicsIndexMatchesGolden) {
    const std::string text = render_fixture(text_reporter(), "graphics-partial.json");
    EXPECT_TRUE(matches_golden("graphics-partial.txt", text));
    EXPECT_NE(text.find("2D Graphics Benchmarks Partial Index"), std::string::npos);
    EXPECT_NE(text.find("2D Graphics Benchmarks Index Score (Partial Only)"), std::string::npos);
    EXPECT_EQ(text.find("3D Graphics Benchmarks"), std::string::npos);
}

TEST(TextReporter, MinimalIncompleteReportMatchesGolden) {
    EXPECT_TRUE(matches_golden("minimal-incomplete.txt",
                               render_fixture(text_reporter(), "minimal-incomplete.json")));
}

TEST(TextReporter, HeaderOnlyWithoutRunsMatchesGolden) {
    EXPECT_TRUE(
        matches_golden("header-only.txt", render_fixture(text_reporter(), "header-only.json")));
}

// --stats (render.stats): a Statistics block after each copy-pass's UnixBench block. The
// fixture has an outlier (1 copy, Dhrystone's pass 10), a test with 1 pass (2 copies, Shell
// Scripts) whose index score therefore has no interval, and a failed test.
TEST(TextReporter, StatisticsSectionMatchesGolden) {
    EXPECT_TRUE(
        matches_golden("stats-2run-stats.txt", render_fixture(text_reporter(), "stats-2run.json")));
}

// Metrics (result-metrics.json): a Metrics block after UnixBench's, with one row per metric
// that has a key (one has none), and "lower is better" on a lower-is-better test's line; the
// goldens of results without metrics show that their reports did not change.
// A --scaling run (result-scaling.json) ends with the speedup and efficiency against 1 copy.
TEST(TextReporter, ScalingSectionMatchesGolden) {
    EXPECT_TRUE(matches_golden("result-scaling.txt",
                               render_fixture(text_reporter(), "result-scaling.json")));
}

// The warnings of result-warnings.json's tests (two in the 1-copy run, one in the 2-copy run)
// as each copy-pass's Warnings section.
TEST(TextReporter, WarningsSectionMatchesGolden) {
    EXPECT_TRUE(matches_golden("result-warnings.txt",
                               render_fixture(text_reporter(), "result-warnings.json")));
}

TEST(TextReporter, MetricsBlockMatchesGolden) {
    const std::string report = render_fixture(text_reporter(), "result-metrics.json");
    EXPECT_TRUE(matches_golden("result-metrics.txt", report));
    EXPECT_NE(report.find("(6.0 s, 2 samples, lower is better)"), std::string::npos) << report;
    EXPECT_NE(report.find("TCP request/response  p99 latency  1234.5 us  +/-90.9  3  lower is "
                          "better"),
              std::string::npos)
        << report;
    EXPECT_EQ(report.find("without a key"), std::string::npos);
}

std::string with_render(const std::string &document, bool stats) {
    nlohmann::json doc = nlohmann::json::parse(document);
    doc["render"]["stats"] = stats;
    return doc.dump();
}

bool ends_with(const std::string &text, const std::string &end) {
    return text.size() >= end.size() &&
           text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// The lines of `text` without what --stats adds: the Statistics blocks and the Environment
// sections (each from its heading through the blank line after its legend).
std::string without_statistics(const std::string &text) {
    std::string out;
    bool inside = false, after = false;
    for (const std::string &line : lines_of(text)) {
        if (starts_with(line, "Statistics of the kept passes") ||
            starts_with(line, "Environment of the passes"))
            inside = true;
        if (!inside && !(after && line.empty())) out += line + "\n";
        after = false;
        if (inside &&
            (starts_with(line, "from 1 as in the log") || ends_with(line, "the CPUs throttled.")))
            inside = false, after = true;
    }
    return out;
}

// A --quick result's Statistics block says why each test stopped sampling; other results
// have no such column (the golden above).
TEST(TextReporter, StatisticsOfAQuickRunSayWhyEachTestStopped) {
    nlohmann::json doc = nlohmann::json::parse(with_render(fixture("stats-2run.json"), true));
    for (nlohmann::json &test : doc["runs"][0]["tests"])
        test["quick"] = {{"stopped_by", "target"}, {"passes", 4}, {"half_width", 0.0083}};
    doc["runs"][0]["tests"][0]["quick"] = {
        {"stopped_by", "time"}, {"passes", 3}, {"half_width", 0.0231}};
    const std::string text = render(text_reporter(), doc.dump());
    EXPECT_NE(text.find("--quick stopped by"), std::string::npos) << text;
    EXPECT_NE(text.find("target, 4 passes, +/-0.8%\n"), std::string::npos) << text;
    EXPECT_NE(text.find("time, 3 passes, +/-2.3%\n"), std::string::npos) << text;
}

// Without --stats the report is UnixBench's, byte for byte; --stats only adds blocks.
TEST(TextReporter, StatisticsOnlyAddBlocks) {
    const std::string document = fixture("stats-2run.json");
    const std::string plain = render(text_reporter(), with_render(document, false));
    const std::string stats = render(text_reporter(), with_render(document, true));
    EXPECT_EQ(plain.find("Statistics"), std::string::npos);
    EXPECT_NE(stats.find("Statistics of the kept passes"), std::string::npos);
    EXPECT_EQ(unified_diff(plain, without_statistics(stats), "without --stats", "--stats"), "");
    for (const char *name : {"full-2run.json", "partial-brief.json", "minimal-incomplete.json"})
        EXPECT_EQ(render(text_reporter(), with_render(fixture(name), false)),
                  render_fixture(text_reporter(), name))
            << name;
}

// The environment of the passes (environment-2run.json, issue 20). With --stats: the
// Environment section after each copy-pass's Statistics block (energy columns only in the
// 1-copy run, which had RAPL), a line per test with disturbed passes, a line per member that was
// unknown and why. Without: UnixBench's layout and one line per copy-pass that had disturbed
// passes.
TEST(TextReporter, EnvironmentWithStatisticsMatchesGolden) {
    const std::string text =
        render(text_reporter(), with_render(fixture("environment-2run.json"), true));
    EXPECT_TRUE(matches_golden("environment-2run-stats.txt", text));
    EXPECT_NE(unwrapped(text).find("Dhrystone 2 using register variables: 2 of 5 passes "
                                   "disturbed: steal 4.1% (pass 3), other processes 12.0% "
                                   "(pass 5)"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("1 of 4 passes disturbed: steal 5.2% (pass 3), other processes 14.1% "
                        "(pass 3)\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("Double-Precision Whetstone: 1 of 5 passes disturbed: throttled 2 times "
                        "(pass 2)\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("clock frequency unknown: the msr perf PMU has no aperf event"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("steal unknown: /proc/stat has no steal column\n"), std::string::npos)
        << text;
    EXPECT_NE(text.find("energy unknown: no /sys/class/powercap"), std::string::npos) << text;
}

TEST(TextReporter, EnvironmentWithoutStatisticsMatchesGolden) {
    const std::string text = render_fixture(text_reporter(), "environment-2run.json");
    EXPECT_TRUE(matches_golden("environment-2run.txt", text));
    EXPECT_NE(text.find("(3 of 15 passes were disturbed by steal, other processes or throttling; "
                        "--stats says which)\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("(1 of 8 passes was disturbed"), std::string::npos) << text;
}

// The document without any of the environment members, as an older bytebench wrote it.
std::string without_environment(const std::string &document) {
    nlohmann::json doc = nlohmann::json::parse(document);
    for (nlohmann::json &run : doc["runs"])
        for (nlohmann::json &test : run["tests"]) {
            test.erase("disturbed_passes");
            test.erase("value_per_watt");
            for (nlohmann::json &pass : test["passes"]) pass.erase("environment");
        }
    return doc.dump();
}

// The lines of `text` except the notes on disturbed passes (each followed by a blank line).
std::string without_disturbed_notes(const std::string &text) {
    std::string out;
    bool after = false;
    for (const std::string &line : lines_of(text)) {
        const bool note =
            line.find("disturbed by steal, other processes or throttling") != std::string::npos;
        if (!note && !(after && line.empty())) out += line + "\n";
        after = note;
    }
    return out;
}

// The default report of a result with an environment is UnixBench's but for the notes on
// disturbed passes; without the members, --stats and the default report show nothing of it.
TEST(TextReporter, EnvironmentOnlyAddsItsLinesAndBlocks) {
    const std::string document = fixture("environment-2run.json");
    const std::string older = without_environment(document);
    const std::string plain = render(text_reporter(), with_render(document, false));
    EXPECT_EQ(unified_diff(render(text_reporter(), with_render(older, false)),
                           without_disturbed_notes(plain), "no environment", "environment"),
              "");
    const std::string stats = render(text_reporter(), with_render(document, true));
    EXPECT_EQ(unified_diff(plain, without_statistics(stats), "without --stats", "--stats"), "");
    const std::string older_stats = render(text_reporter(), with_render(older, true));
    for (const char *word : {"Environment", "environment:", "disturbed", "unknown:", "MHz"})
        EXPECT_EQ(older_stats.find(word), std::string::npos) << word << "\n" << older_stats;
}

// What the run warned about a test: " !" after its line and the warning in a Warnings section
// after the copy-pass's index tables; nothing else changes, and a result without warnings is
// as before.
TEST(TextReporter, AWarnedTestIsMarkedAndItsWarningSaid) {
    nlohmann::json doc = nlohmann::json::parse(fixture("full-2run.json"));
    nlohmann::json &test = doc["runs"][0]["tests"][0];
    const std::string name = test["name"];
    test["warnings"] = {"dhry2reg wrote 4.2 KiB to stdout or stderr during timed pass 3"};
    const std::string plain = render(text_reporter(), fixture("full-2run.json"));
    const std::string warned = render(text_reporter(), doc.dump());
    EXPECT_NE(unwrapped(warned).find("Warnings: - " + name +
                                     ": dhry2reg wrote 4.2 KiB to stdout or stderr during "
                                     "timed pass 3 "),
              std::string::npos)
        << warned;
    const size_t section = warned.find("Warnings:\n");
    ASSERT_NE(section, std::string::npos) << warned;
    EXPECT_LT(warned.find("Index Score"), section) << warned;
    std::string back = warned;
    back.erase(section, warned.find("\n\n", section) + 2 - section);
    const size_t mark = back.find(" samples) !\n");
    ASSERT_NE(mark, std::string::npos) << warned;
    back.erase(mark + std::string(" samples)").size(), 2);
    EXPECT_EQ(unified_diff(plain, back, "no warnings", "a warning"), "");
}

// On a busy machine most passes are disturbed: each kind of reason is listed once, with the
// range of its figures and its passes.
TEST(TextReporter, DisturbedPassesAreListedByKind) {
    nlohmann::json passes = nlohmann::json::array();
    const double foreign[] = {0.689, 0.697, 0.71, 0.05, 0.617, 0.65};
    for (double share : foreign) {
        nlohmann::json environment = {{"foreign_share", share}, {"steal_share", 0.0}};
        if (share > 0.1)
            environment["disturbed"] = {"other processes used " + std::to_string(share * 100) +
                                        "% of the CPU time (more than 10.0%)"};
        passes.push_back({{"environment", environment}});
    }
    passes[3]["environment"]["throttle_events"] = 1;
    passes[3]["environment"]["disturbed"] = {"the CPUs were throttled 1 time (too hot)"};
    passes[5]["environment"]["disturbed"].push_back("something new");
    const nlohmann::json doc = {
        {"schema", "bytebench.result/1"},
        {"render", {{"stats", true}}},
        {"runs", {{{"tests", {{{"status", "ok"}, {"name", "t"}, {"passes", passes}}}}}}}};
    const std::string text = render(text_reporter(), doc.dump());
    EXPECT_NE(text.find("t: 6 of 6 passes disturbed: other processes 61.7-71.0% (passes 1-3, 5, "
                        "6), throttled 1 time (pass 4), something new (pass 6)\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("(6 of 6 passes were disturbed"), std::string::npos) << text;
}

TEST(TextReporter, EnvironmentSurvivesMembersOfTheWrongType) {
    const std::string text = render(text_reporter(), R"({"schema": "bytebench.result/1",
        "render": {"stats": true}, "runs": [{"tests": [
          {"status": "ok", "name": "a", "disturbed_passes": -3, "value_per_watt": "x",
           "passes": [{"environment": 3}, {"environment": {"steal_share": "big",
             "foreign_share": 1e308, "frequency_mhz": [1], "throttle_events": "unknown",
             "energy_j": "unknown", "why": 5, "disturbed": "x"}},
             {"environment": {"disturbed": [1, "", "steal was high"], "why": {"energy_j": 2},
              "energy_j": "unknown", "steal_share": null}}]},
          {"status": "ok", "name": "b", "disturbed_passes": 1e300, "value_per_watt": 1e308,
           "passes": [{"environment": {"energy_j": 1e308, "average_w": -1}}]},
          {"status": "failed", "name": "c", "passes": "none"}]}]})");
    EXPECT_NE(text.find("a: 1 of 2 passes disturbed: steal was high (pass 3)"), std::string::npos)
        << text;
    EXPECT_NE(text.find("thermal throttle events unknown\n"), std::string::npos) << text;
}

// Results written before the statistics existed have n (as samples), mean, median and
// stddev but no interval, CV or outlier marks: those cells say so instead of inventing them.
TEST(TextReporter, StatisticsOfAnOlderResultShowWhatItHolds) {
    const std::string text = render(text_reporter(), with_render(fixture("full-2run.json"), true));
    const auto squeezed = [](const std::string &line) {
        std::string out;
        for (char c : line)
            if (c != ' ' || (!out.empty() && out.back() != ' ')) out += c;
        return out;
    };
    // The first row: the tests are in the report's order.
    EXPECT_EQ(squeezed(line_with(text, "none (n < 2)")),
              "Dhrystone 2 using register variables 1 32693548.2 32693548.2 - - none (n < 2) -");
    EXPECT_TRUE(starts_with(line_with(text, "95% CI: not in this result"),
                            "System Benchmarks Index Score  699.4"))
        << text;
}

TEST(TextReporter, StatisticsSurviveMembersOfTheWrongType) {
    for (const std::string &document : odd_documents()) {
        nlohmann::json doc = nlohmann::json::parse(document, nullptr, false);
        if (!doc.is_object()) continue;
        doc["render"] = {{"stats", true}};
        render(text_reporter(), doc.dump());
    }
    render(text_reporter(), R"({"schema": "bytebench.result/1", "render": {"stats": true},
        "runs": [{"tests": [{"status": "ok", "name": "x", "stats": {"n": 3, "ci95": [2, 1],
        "outliers": [-1, 1e300, "a", 0], "cv": "x"}}], "indexes": [{"tests_indexed": 1,
        "ci95": [1], "ci95_df": "x"}]}]})");
}

// From "Benchmark Run:" through the index score: the test lines, the index table and the
// score computed by the core (index = value / baseline * 10, geometric mean) must be the
// lines UnixBench 6.0 printed for the same measurements.
TEST(TextReporter, OneCopyRunMatchesUnixBenchReport) {
    const std::string reference = read_file(golden_path("unixbench-6.0-run-2core-vm.txt"));
    const std::string expected =
        section(reference, "Benchmark Run:", "System Benchmarks Index Score");
    ASSERT_NE(expected, "");
    ASSERT_NE(expected.find("699.4"), std::string::npos);
    const std::string actual = section(render_fixture(text_reporter(), "full-2run.json"),
                                       "Benchmark Run:", "System Benchmarks Index Score");
    EXPECT_EQ(unified_diff(expected, actual, "UnixBench 6.0", "text reporter"), "");
}

// The banner, and "System:" through the flags of the last CPU. (The line after those is the
// output of `uptime`, which the reference has anonymised.)
TEST(TextReporter, SystemDescriptionMatchesUnixBenchReport) {
    const std::string reference = read_file(golden_path("unixbench-6.0-run-2core-vm.txt"));
    const std::string actual = render_fixture(text_reporter(), "full-2run.json");
    const std::string banner = block(reference, "   BYTE UNIX Benchmarks", 1);
    ASSERT_NE(banner, "");
    EXPECT_EQ(block(actual, "", 1), banner);
    const std::string expected = block(reference, "   System:", 8);
    ASSERT_NE(expected, "");
    EXPECT_EQ(
        unified_diff(expected, block(actual, "   System:", 8), "UnixBench 6.0", "text reporter"),
        "");
}

// An imported report's banner is its own UnixBench's, not the method bytebench follows.
TEST(TextReporter, AnImportedReportNamesItsOwnVersion) {
    const auto banner = [](const std::string &imported) {
        const std::string text = render(text_reporter(), R"({"schema": "bytebench.result/1",
            "tool": {"name": "bytebench", "version": "0.1.0", "abi": "1.3"}, "runs": [],
            "imported": )" + imported + "}");
        return text.substr(0, text.find("\n\n"));
    };
    EXPECT_EQ(banner(R"({"from": "UnixBench", "version": "5.1.3"})"),
              "   BYTE UNIX Benchmarks (Version 5.1.3)\n"
              "   UnixBench 5.1.3, imported by bytebench 0.1.0 (ABI 1.3)");
    EXPECT_EQ(banner(R"({"from": "UnixBench"})"),
              "   BYTE UNIX Benchmarks (version unknown)\n"
              "   UnixBench, imported by bytebench 0.1.0 (ABI 1.3)");
    EXPECT_EQ(banner("null"),
              "   BYTE UNIX Benchmarks (Version 6.0.0)\n   bytebench 0.1.0 (ABI 1.3)");
}

TEST(TextReporter, RefusesMalformedDocument) {
    EXPECT_TRUE(
        refuses(text_reporter(), fixture("malformed.json"), "the document is not valid JSON"));
}

TEST(TextReporter, RefusesUnknownSchemaMajor) {
    EXPECT_TRUE(refuses(text_reporter(), fixture("schema-v9.json"),
                        "unsupported document schema \"bytebench.result/9\""));
}

TEST(TextReporter, ChecksTheSchemaMajorExactly) {
    const auto status_for = [](const std::string &document) {
        const WriteOutcome outcome = write_report(text_reporter(), document);
        return outcome.status;
    };
    EXPECT_EQ(status_for(R"({"schema": "bytebench.result/1"})"), BB_OK);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.result/1.7"})"), BB_OK);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.result/10"})"), BB_ERROR);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.result/"})"), BB_ERROR);
    EXPECT_EQ(status_for(R"({"schema": "bytebench.other/1"})"), BB_ERROR);
    EXPECT_EQ(status_for(R"({"schema": 1})"), BB_ERROR);
    EXPECT_EQ(status_for(R"({"runs": []})"), BB_ERROR);
    EXPECT_EQ(status_for(R"(["bytebench.result/1"])"), BB_ERROR);
    EXPECT_EQ(status_for(""), BB_ERROR);
}

// A reporter must not fail (or invoke undefined behaviour) on members of unexpected types or
// sizes; it prints what it can.
TEST(TextReporter, SurvivesMembersOfTheWrongType) {
    const std::string output = render(text_reporter(), kOddResult);
    EXPECT_NE(output.find("Benchmark Run: "), std::string::npos) << output;
    for (const std::string &document : odd_documents()) render(text_reporter(), document);
}

// The uptime part follows procps' `uptime`, which UnixBench prints verbatim.
TEST(TextReporter, FormatsUptimeLikeProcps) {
    const std::pair<double, const char *> cases[] = {
        {0, "up 0 min,  load"},
        {540.9, "up 9 min,  load"},
        {3660, "up  1:01,  load"},
        {45030, "up 12:30,  load"},
        {86400, "up 1 day, 0 min,  load"},
        {2 * 86400 + 5 * 3600 + 7 * 60 + 59, "up 2 days,  5:07,  load"},
    };
    for (const auto &[seconds, expected] : cases) {
        const std::string document = R"({"schema": "bytebench.result/1", "system": {"uptime_s": )" +
                                     std::to_string(seconds) + "}}";
        const std::string line = line_with(render(text_reporter(), document), " up ");
        EXPECT_NE(line.find(expected), std::string::npos) << line << " for " << seconds << " s";
    }
}

// The report shows the benchmarked machine's clock as written in the document, whatever the
// time zone of the machine that renders it.
TEST(TextReporter, PrintsTheRecordedLocalTime) {
    const std::pair<const char *, const char *> cases[] = {
        {"2026-11-30T23:59:59-08:00", "Mon Nov 30 2026 23:59:59"},
        {"2000-02-29T00:00:00+05:30", "Tue Feb 29 2000 00:00:00"},
        {"1999-12-31T12:00:00.125Z", "Fri Dec 31 1999 12:00:00"},
        {"2024-01-01T07:08:09+00:00", "Mon Jan 01 2024 07:08:09"},
        {"yesterday", "yesterday"},
    };
    for (const auto &[iso, expected] : cases) {
        const std::string document =
            std::string(R"({"schema": "bytebench.result/1", "runs": [{"start": ")") + iso + "\"}]}";
        const std::string line = line_with(render(text_reporter(), document), "Benchmark Run:");
        EXPECT_EQ(line, std::string("Benchmark Run: ") + expected);
    }
}

TEST(TextReporter, WritesToStandardOutputWithoutPath) {
    const std::string document = fixture("partial-brief.json");
    std::string error;
    ::testing::internal::CaptureStdout();
    const bb_status status = write_report_to(text_reporter(), document, nullptr, error);
    const std::string captured = ::testing::internal::GetCapturedStdout();
    EXPECT_EQ(status, BB_OK) << error;
    EXPECT_TRUE(matches_golden("partial-brief.txt", captured));
}

TEST(TextReporter, ReportsAnUnwritablePath) {
    std::string error;
    const bb_status status = write_report_to(text_reporter(), fixture("partial-brief.json"),
                                             "/nonexistent-dir/report.txt", error);
    EXPECT_EQ(status, BB_ERROR);
    EXPECT_NE(error.find("/nonexistent-dir/report.txt"), std::string::npos) << error;
}

// UnixBench always prints '.' as the decimal separator; a worker running under a locale with
// a decimal comma must not change that.
TEST(TextReporter, IgnoresTheProcessLocale) {
    const std::string saved = std::setlocale(LC_ALL, nullptr);
    const char *comma_locales[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"};
    const char *chosen = nullptr;
    for (const char *name : comma_locales)
        if (std::setlocale(LC_ALL, name) != nullptr) {
            chosen = name;
            break;
        }
    if (chosen == nullptr) GTEST_SKIP() << "no locale with a decimal comma is installed";
    const std::string output = render_fixture(text_reporter(), "partial-brief.json");
    std::setlocale(LC_ALL, saved.c_str());
    EXPECT_TRUE(matches_golden("partial-brief.txt", output)) << "under " << chosen;
}

}  // namespace
}  // namespace bytebench::test
