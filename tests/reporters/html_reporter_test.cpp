// Tests of the `html` reporter (html.so), loaded and called the way a worker does.
//
// Golden pages for both document kinds (see golden.h for how to regenerate them), checks that
// the page references nothing outside itself and escapes the document's text, and bar counts
// derived from the fixtures independently of the reporter. html_in_chromium.py loads the same
// pages in a real browser.
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

using nlohmann::json;

size_t occurrences(const std::string &text, const std::string &needle) {
    size_t count = 0;
    for (size_t pos = text.find(needle); pos != std::string::npos;
         pos = text.find(needle, pos + needle.size()))
        ++count;
    return count;
}

bool contains(const std::string &text, const std::string &needle) {
    return text.find(needle) != std::string::npos;
}

// The bars of each <svg class="chart">, in page order.
std::vector<size_t> bars_per_chart(const std::string &page) {
    std::vector<size_t> bars;
    for (size_t start = page.find("<svg class=\"chart\""); start != std::string::npos;
         start = page.find("<svg class=\"chart\"", start + 1)) {
        const size_t end = page.find("</svg>", start);
        bars.push_back(occurrences(page.substr(start, end - start), "<rect class=\"bar\""));
    }
    return bars;
}

// ---------------------------------------------------------------------------
// What the charts should hold, worked out from the documents, not from the reporter.
// ---------------------------------------------------------------------------

bool has_baseline(const json &test) {
    return test.contains("baseline") && test["baseline"].get<double>() > 0;
}

bool indexed(const json &test) { return test.value("status", "") == "ok" && has_baseline(test); }

// Per copy-pass an index chart when some test has a baseline (a failed one is listed without
// a bar); with two copy-passes or more, one more chart with the bars of all of them.
std::vector<size_t> expected_result_bars(const json &doc) {
    std::vector<size_t> charts;
    size_t all = 0;
    bool any_charted = false;
    for (const json &run : doc["runs"]) {
        size_t bars = 0;
        bool charted = false;
        for (const json &test : run["tests"]) {
            charted = charted || has_baseline(test);
            bars += indexed(test);
        }
        if (charted) charts.push_back(bars);
        all += bars;
        any_charted = any_charted || charted;
    }
    if (doc["runs"].size() >= 2 && any_charted) charts.push_back(all);
    return charts;
}

// The compact layout (a pivot, or more than three inputs): per section and index category, one
// bar per column with a score (a failed column has none).
std::vector<size_t> expected_compact_bars(const json &doc) {
    std::vector<size_t> charts;
    for (const json &section : doc["sections"])
        for (const json &index : section["indexes"]) {
            size_t bars = 0;
            for (size_t i = 0; i < index["cells"].size(); ++i)
                bars += index["cells"][i].contains("score") &&
                        doc["inputs"][i].value("status", "") != "failed";
            charts.push_back(bars);
        }
    return charts;
}

bool is_compact(const json &doc) { return doc.contains("pivot") || doc["inputs"].size() > 3; }

// Per section, one bar per input for every test with an index (missing and failed cells
// have none).
std::vector<size_t> expected_comparison_bars(const json &doc) {
    if (is_compact(doc)) return expected_compact_bars(doc);
    std::vector<size_t> charts;
    for (const json &section : doc["sections"]) {
        size_t bars = 0;
        for (const json &row : section["rows"])
            for (const json &cell : row["cells"])
                bars += cell.value("status", "") == "ok" && cell.contains("index");
        if (bars > 0) charts.push_back(bars);
    }
    return charts;
}

TEST(HtmlReporter, DescribesItself) {
    EXPECT_TRUE(describes_itself(html_reporter(), "html", "html"));
}

// ---------------------------------------------------------------------------
// Golden pages.
// ---------------------------------------------------------------------------

TEST(HtmlReporter, FullTwoRunPageMatchesGolden) {
    EXPECT_TRUE(
        matches_golden("full-2run.html", render_fixture(html_reporter(), "full-2run.json")));
}

TEST(HtmlReporter, PartialBriefPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("partial-brief.html",
                               render_fixture(html_reporter(), "partial-brief.json")));
}

// Intervals, CVs and outlier passes (stats-2run.json has an outlier and an index score
// without an interval); pages of results without statistics keep their columns.
TEST(HtmlReporter, StatisticsPageMatchesGolden) {
    EXPECT_TRUE(
        matches_golden("stats-2run.html", render_fixture(html_reporter(), "stats-2run.json")));
}

// The run-to-run spread the core reads from the history (repeatability-2run.json, written by
// make_repeatability_fixture.py): a Run-to-run CoV column beside each 95% CI of the 1-copy
// pass, a dash for a test seen in too few runs, the score card's CoV, and a line on what the
// column is over. The 2-copy pass has no spread and keeps its columns.
TEST(HtmlReporter, RunToRunPageMatchesGolden) {
    const std::string page = render_fixture(html_reporter(), "repeatability-2run.json");
    EXPECT_TRUE(matches_golden("repeatability-2run.html", page));
    EXPECT_EQ(occurrences(page, "<th class=\"num\">Run-to-run CoV</th>"), 2u);
    EXPECT_TRUE(contains(page, "<td class=\"num\">7.19%</td>")) << page;  // syscall
    EXPECT_TRUE(contains(page, "run-to-run CoV 1.99% (5 runs)")) << page;
    EXPECT_TRUE(contains(page, "5 whole runs of suite index on host vm (AMD EPYC, 2 CPUs)"));
    EXPECT_FALSE(contains(render_fixture(html_reporter(), "stats-2run.json"), "Run-to-run"));
}

// Too few runs in the history: no column, one line under each results table saying why.
TEST(HtmlReporter, RunToRunWhySaysWhyThereIsNone) {
    nlohmann::json doc = nlohmann::json::parse(fixture("stats-2run.json"));
    doc["render"]["repeatability"] = {
        {"runs", 2},
        {"why", "run-to-run spread needs 3 runs of this suite on this machine; the history has 2"}};
    const std::string page = render(html_reporter(), doc.dump());
    EXPECT_FALSE(contains(page, "Run-to-run CoV</th>"));
    EXPECT_EQ(occurrences(page,
                          "<p class=\"muted\">No run-to-run CoV: run-to-run spread needs 3 "
                          "runs of this suite on this machine; the history has 2.</p>"),
              2u)
        << page;
}

// Metrics (result-metrics.json): a table after the copy-pass's charts; a lower-is-better
// value says so beside its unit.
TEST(HtmlReporter, ShowsMetricsAndDirections) {
    const std::string page = render_fixture(html_reporter(), "result-metrics.json");
    EXPECT_TRUE(contains(page, "<h3>Metrics</h3>"));
    EXPECT_TRUE(contains(page,
                         "<tr><td>TCP request/response</td><td>p99 latency</td><td "
                         "class=\"num\">1234.5 us</td><td class=\"num\">±90.9</td><td "
                         "class=\"num\">3</td><td>lower is better</td></tr>"));
    EXPECT_TRUE(contains(page, "<td>us <span class=\"muted\">lower is better</span></td>"));
    EXPECT_FALSE(contains(page, "a metric without a key"));
    // Results without metrics have no Metrics table.
    EXPECT_FALSE(contains(render_fixture(html_reporter(), "full-2run.json"), "Metrics"));
}

// Metric rows follow their test's row, marked and indented, with the verdict by direction.
TEST(HtmlReporter, ComparisonShowsMetricRows) {
    const std::string page = render_fixture(html_reporter(), "comparison-metrics.json");
    EXPECT_TRUE(contains(page,
                         "<tr class=\"metric\"><td>↳ p99 latency<span "
                         "class=\"unit\">us, lower is better</span></td>"));
    EXPECT_TRUE(contains(page,
                         "<td class=\"num delta worse\" title=\"worse: p = 0.0079; method "
                         "mann-whitney; 5 and 5 passes\">+100.0%"));
    EXPECT_TRUE(contains(page, "<td class=\"num delta better\" title=\"better: p = 0.0079"));
    EXPECT_TRUE(contains(page, "tcp_rr p99_us in B, +100.0%"));
    EXPECT_LT(page.find("TCP request/response<span"), page.find("↳ p99 latency"));
}

TEST(HtmlReporter, ShowsIntervalsAndOutliers) {
    const std::string page = render_fixture(html_reporter(), "stats-2run.json");
    EXPECT_TRUE(contains(page, "<th class=\"num\">95% CI</th>"));
    EXPECT_TRUE(contains(page, "<span class=\"badge warn\">pass 10</span>"));
    EXPECT_TRUE(contains(page, "95% CI 1190.6 – 1239.9"));
    EXPECT_TRUE(contains(page,
                         "No interval for the score: Shell Scripts (1 concurrent) has 1 "
                         "kept pass (an interval needs 2)."));
    EXPECT_FALSE(contains(render_fixture(html_reporter(), "full-2run.json"), "95% CI"));
}

// The environment of the passes (environment-2run.json): an Environment table per copy-pass
// (energy columns only where there was energy; "unknown" cells with their reason), the
// disturbed tests and the unknown members listed under it; pages of older results have none.
TEST(HtmlReporter, EnvironmentPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("environment-2run.html",
                               render_fixture(html_reporter(), "environment-2run.json")));
}

TEST(HtmlReporter, ShowsTheEnvironmentOfThePasses) {
    const std::string page = render_fixture(html_reporter(), "environment-2run.json");
    EXPECT_EQ(occurrences(page, "<th class=\"num\">Disturbed</th>"), 2u);  // once per copy-pass
    EXPECT_TRUE(contains(page, "<td class=\"num\"><span class=\"badge warn\">2 of 5</span></td>"));
    EXPECT_TRUE(contains(page,
                         "<li><em>Dhrystone 2 using register variables</em>: 1 of 4 passes "
                         "disturbed: steal 5.2% (pass 3), other processes 14.1% (pass 3)</li>"));
    EXPECT_TRUE(contains(page, "<td class=\"num\" title=\"aperf/mperf\">2600 MHz</td>"));
    EXPECT_TRUE(contains(page, "<td class=\"num\">2597405.6 lps/W</td>"));
    EXPECT_EQ(occurrences(page, "<th class=\"num\">Per watt</th>"), 1u);
    EXPECT_TRUE(contains(page, "<td class=\"num unknown\" title=\"the msr perf PMU has no aperf"));
    EXPECT_TRUE(contains(page, "<li>energy unknown: no /sys/class/powercap/"));
    // A share whose seconds are unknown is unknown too, with their reason.
    EXPECT_TRUE(contains(page,
                         "<td class=\"num unknown\" title=\"/proc/stat has no steal "
                         "column\">unknown</td>"));
    for (const char *name : {"full-2run.json", "stats-2run.json", "partial-brief.json"}) {
        const std::string older = render_fixture(html_reporter(), name);
        EXPECT_FALSE(contains(older, "Disturbed")) << name;
        EXPECT_FALSE(contains(older, "Environment")) << name;
    }
}

// A --quick test's status says why it stopped sampling; the others' say "ok" as before.
TEST(HtmlReporter, QuickTestsSayWhyTheyStopped) {
    nlohmann::json doc = nlohmann::json::parse(fixture("stats-2run.json"));
    doc["runs"][0]["tests"][0]["quick"] = {
        {"stopped_by", "time"}, {"passes", 3}, {"half_width", 0.0231}};
    const std::string page = render(html_reporter(), doc.dump());
    EXPECT_TRUE(
        contains(page, "<span class=\"muted\">ok (--quick: time, 3 passes, +/-2.3%)</span>"))
        << page;
    EXPECT_TRUE(contains(page, "<td><span class=\"muted\">ok</span></td>"));
}

// The machine lines of the text header (topology, virtualisation, ...) are rows of the system
// table, escaped; a document without those members has none of them.
TEST(HtmlReporter, SystemTableDescribesTheMachine) {
    const std::string page = render_fixture(html_reporter(), "machine-vm.json");
    EXPECT_TRUE(contains(page,
                         "<tr><th scope=\"row\">Topology</th><td>1 package, 2 cores, 2 PUs (1 "
                         "thread per core, SMT off; control notsupported), 1 NUMA node; PUs "
                         "0-1</td></tr>"));
    EXPECT_TRUE(contains(page,
                         "<tr><th scope=\"row\">Virtualization</th><td>container (docker), in a "
                         "VM (KVM); DMI: unknown / unknown</td></tr>"));
    EXPECT_TRUE(
        contains(page, "<th scope=\"row\">Workloads</th><td>unknown (org.example.old)</td>"));
    EXPECT_FALSE(contains(render_fixture(html_reporter(), "full-2run.json"), ">Topology<"));
}

TEST(HtmlReporter, TwoRunComparisonPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("comparison-2runs.html",
                               render_fixture(html_reporter(), "comparison-2runs.json")));
}

// A comparison whose input B has a run-to-run spread from the history
// (comparison-run-to-run.json, from make_repeatability_fixture.py): a Run-to-run CoV column in
// every input's group, a dash where there is none, and a line on what B's is over.
TEST(HtmlReporter, RunToRunComparisonPageMatchesGolden) {
    const std::string page = render_fixture(html_reporter(), "comparison-run-to-run.json");
    EXPECT_TRUE(matches_golden("comparison-run-to-run.html", page));
    EXPECT_EQ(occurrences(page, "<th class=\"num\">Run-to-run CoV</th>"), 2u);
    EXPECT_TRUE(contains(page, "<td class=\"num\">1.03%</td>")) << page;
    EXPECT_TRUE(contains(page, "run-to-run CoV over 4 runs of suite index on host vm"));
    EXPECT_FALSE(contains(render_fixture(html_reporter(), "comparison-2runs.json"), "Run-to-run"));
}

TEST(HtmlReporter, ThreeRunComparisonPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("comparison-3runs.html",
                               render_fixture(html_reporter(), "comparison-3runs.json")));
}

// ---------------------------------------------------------------------------
// Structure.
// ---------------------------------------------------------------------------

class HtmlPages : public ::testing::TestWithParam<const char *> {};

// A report is opened offline, from archives and mails: it must not load anything.
TEST_P(HtmlPages, ReferenceNothingOutsideThemselves) {
    const std::string page = render_fixture(html_reporter(), GetParam());
    EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html lang=\"en\">\n", 0), 0u);
    EXPECT_TRUE(contains(page, "<meta charset=\"utf-8\">"));
    EXPECT_EQ(page.substr(page.size() - 8), "</html>\n");
    for (const char *reference :
         {"http://", "https://", "<script", "<link", "<img", "<iframe", "src=", "url(", "@import"})
        EXPECT_FALSE(contains(page, reference)) << reference;
    EXPECT_EQ(occurrences(page, "<style>"), 1u);
}

// Every chart is an <svg class="chart"> with a <title>, and its bars are exactly the
// <rect class="bar"> elements: nothing else carries that class.
TEST_P(HtmlPages, ChartsHaveTheBarsTheDocumentCalls) {
    const json doc = json::parse(fixture(GetParam()));
    const std::string page = render_fixture(html_reporter(), GetParam());
    const bool comparison = doc["schema"] == "bytebench.comparison/2";
    const std::vector<size_t> expected =
        comparison ? expected_comparison_bars(doc) : expected_result_bars(doc);
    EXPECT_EQ(bars_per_chart(page), expected);
    EXPECT_EQ(occurrences(page, "<svg"), expected.size());
    EXPECT_EQ(occurrences(page, "<svg class=\"chart\""), expected.size());
    for (size_t start = page.find("<svg"); start != std::string::npos;
         start = page.find("<svg", start + 1))
        EXPECT_EQ(page.compare(page.find('>', start), 9, ">\n<title>"), 0) << "untitled chart";
    size_t total = 0;
    for (const size_t bars : expected) total += bars;
    EXPECT_EQ(occurrences(page, "class=\"bar\""), total);
    EXPECT_EQ(occurrences(page, "bar\""), total) << "another element has a class ending in bar";
}

INSTANTIATE_TEST_SUITE_P(Fixtures, HtmlPages,
                         ::testing::Values("full-2run.json", "partial-brief.json",
                                           "comparison-2runs.json", "comparison-3runs.json",
                                           "minimal-incomplete.json", "header-only.json",
                                           "stats-2run.json", "result-metrics.json",
                                           "comparison-metrics.json", "comparison-pivot-2.json",
                                           "comparison-pivot-50.json", "environment-2run.json",
                                           "graphics-2run.json", "result-warnings.json"));

TEST(HtmlReporter, ScalingPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("result-scaling.html",
                               render_fixture(html_reporter(), "result-scaling.json")));
}

TEST(HtmlReporter, WarningsPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("result-warnings.html",
                               render_fixture(html_reporter(), "result-warnings.json")));
}

// The graphics tests (graphics-2run.json): the 2D and 3D categories as index
// tables of their own after the system one, the 2D tests outside UnixBench's
// index with no baseline or index, and the 2-copy run's graphics tests
// skipped with the reason.
TEST(HtmlReporter, GraphicsPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("graphics-2run.html",
                               render_fixture(html_reporter(), "graphics-2run.json")));
}

TEST(HtmlReporter, PivotOfTwoColumnsPageMatchesGolden) {
    EXPECT_TRUE(matches_golden("comparison-pivot-2.html",
                               render_fixture(html_reporter(), "comparison-pivot-2.json")));
}

// A pivot's table scrolls sideways in its own box with the test column kept in view; every
// column is named in the columns table and heads the tables; a failed one says why; each
// index category has a chart per section with the baseline marked.
TEST(HtmlReporter, PivotPageScrollsItsTablesAndChartsEachIndex) {
    const json doc = json::parse(fixture("comparison-pivot-50.json"));
    const std::string page = render_fixture(html_reporter(), "comparison-pivot-50.json");
    const size_t sections = doc["sections"].size();
    EXPECT_EQ(occurrences(page, "<div class=\"table-wrap\"><table class=\"compare compact\">"),
              sections);
    EXPECT_TRUE(contains(page, ".table-wrap { overflow-x: auto; }"));
    EXPECT_TRUE(contains(page, "table.compact th.test { position: sticky; left: 0;"));
    EXPECT_EQ(occurrences(page, "<figcaption>System Benchmarks Index Score per column"), sections);
    EXPECT_EQ(occurrences(page, "<g class=\"reference\">"), sections);
    EXPECT_TRUE(contains(page, "<h1>Comparison of 50 columns by label:kernel, label:smt</h1>"));
    for (const json &input : doc["inputs"]) {
        const std::string label = input["label"].get<std::string>();
        EXPECT_EQ(occurrences(page, "<strong>" + label + "</strong>"), 1u) << label;
        // The columns table, each section's table heading and each chart's bar label.
        EXPECT_GE(occurrences(page, ">" + label), 1 + 2 * sections) << label;
        if (input.value("status", "") == "failed") {
            EXPECT_TRUE(contains(page, input["reason"].get<std::string>()));
        }
    }
    // A hundred gate failures are folded away.
    EXPECT_TRUE(contains(page, "<details><summary>100 failures</summary>"));
}

TEST(HtmlReporter, ResultPageHasUnixBenchsHeadings) {
    const std::string page = render_fixture(html_reporter(), "full-2run.json");
    EXPECT_TRUE(contains(page, "<title>Benchmark of vm / GNU/Linux on Mon Nov 30 2026</title>"));
    EXPECT_TRUE(contains(page, "<h2>Test System Information</h2>"));
    EXPECT_TRUE(contains(page, "<h2>Benchmark Run: 2 CPUs; 1 parallel copy</h2>"));
    EXPECT_TRUE(contains(page, "<h2>Benchmark Run: 2 CPUs; 2 parallel copies</h2>"));
    EXPECT_TRUE(contains(page, "Mon Nov 30 2026 02:45:57 – 02:52:40"));
    EXPECT_TRUE(contains(page, "<h2>1 copy against 2 copies</h2>"));
    // The scores as the text report prints them.
    EXPECT_TRUE(contains(page, "<td class=\"num\">699.4</td>"));
    EXPECT_TRUE(contains(page, "<td class=\"num\">1399.9</td>"));
    EXPECT_TRUE(contains(page, "<td class=\"num\">32693548.2</td>"));
}

// `render.brief` drops the per-CPU rows, as UnixBench's -b does.
TEST(HtmlReporter, BriefLeavesOutThePerCpuRows) {
    EXPECT_TRUE(contains(render_fixture(html_reporter(), "full-2run.json"),
                         "<th scope=\"row\">CPU 1</th>"));
    const std::string brief = render_fixture(html_reporter(), "partial-brief.json");
    EXPECT_FALSE(contains(brief, "<th scope=\"row\">CPU 0</th>"));
    EXPECT_TRUE(contains(brief, "<th scope=\"row\">CPUs</th>"));
}

// A failed test has no bar, but its row and its reason stay on the page and in the chart.
TEST(HtmlReporter, ListsFailedTestsWithTheirReason) {
    const std::string page = render_fixture(html_reporter(), "partial-brief.json");
    EXPECT_TRUE(contains(page,
                         "<span class=\"badge bad\">crashed</span> <span class=\"error\">"
                         "pass 3: worker killed by signal 11 (Segmentation fault)</span>"));
    const size_t chart = page.find("<svg class=\"chart\"");
    ASSERT_NE(chart, std::string::npos);
    const std::string svg = page.substr(chart, page.find("</svg>", chart) - chart);
    for (const char *status : {">crashed<", ">skipped<", ">timeout<", ">error<"})
        EXPECT_TRUE(contains(svg, status)) << status;
    // Tests without a baseline are not in the index chart.
    EXPECT_FALSE(contains(svg, "Shell Scripts (16 concurrent)"));
    EXPECT_FALSE(contains(svg, "Tower of Hanoi"));
    EXPECT_TRUE(contains(page, "System Benchmarks Partial Index"));
    EXPECT_TRUE(contains(page, "Index Score (Partial Only)"));
}

TEST(HtmlReporter, ComparisonShowsDeltasVerdictsAndNotes) {
    const std::string page = render_fixture(html_reporter(), "comparison-3runs.json");
    EXPECT_TRUE(contains(page,
                         "<td class=\"num delta worse\" title=\"worse: p = 0.0006; method "
                         "mann-whitney; 7 and 7 kept passes\">-5.1%"));
    EXPECT_TRUE(contains(page,
                         "<td class=\"num delta better\" title=\"better: p = 0.031; method "
                         "welch; 2 and 2 kept passes\">+6.5%"));
    EXPECT_TRUE(contains(page, "<td class=\"num delta noise\""));
    EXPECT_TRUE(contains(page, "<td class=\"num delta unknown\""));
    EXPECT_TRUE(contains(page, "7 kept passes in A, 0 in C; need 2 on each side"));
    EXPECT_TRUE(contains(page, "<tr class=\"not-comparable\">"));
    EXPECT_TRUE(contains(page, "workload version differs: 1 in A, 2 in B</span>"));
    EXPECT_TRUE(contains(page, "<section id=\"warnings\" class=\"notice warn\">"));
    EXPECT_EQ(occurrences(page, "<li>"), 3u + 2u) << "three warnings and two gate failures";
    EXPECT_TRUE(contains(page, "<section id=\"gate\" class=\"notice bad\">"));
    EXPECT_TRUE(contains(page, "<em>1 copy</em>: dhry2reg in B, -5.1% (p&lt;0.001)"));
    EXPECT_TRUE(contains(page, "System Benchmarks Index Score"));
    EXPECT_TRUE(contains(page, "<td class=\"missing\" colspan=\"3\">missing</td>"));
}

// The baseline column has value and index; every other input has a delta between them.
TEST(HtmlReporter, ComparisonHasNoDeltaInTheBaselineColumn) {
    json doc = json::parse(fixture("comparison-2runs.json"));
    std::string page = render(html_reporter(), doc.dump());
    EXPECT_TRUE(contains(page,
                         "<th class=\"group\" colspan=\"2\">A (baseline)</th>"
                         "<th class=\"group\" colspan=\"3\">B</th>"));
    EXPECT_EQ(occurrences(page, "<th class=\"num\">Δ</th>"), 1u);
    EXPECT_FALSE(contains(page, "id=\"gate\""));
    EXPECT_FALSE(contains(page, "id=\"warnings\""));
    doc["baseline"] = 1;
    page = render(html_reporter(), doc.dump());
    EXPECT_TRUE(contains(page,
                         "<th class=\"group\" colspan=\"3\">A</th>"
                         "<th class=\"group\" colspan=\"2\">B (baseline)</th>"));
}

TEST(HtmlReporter, GatePassedIsShown) {
    json doc = json::parse(fixture("comparison-2runs.json"));
    doc["gate"] = {{"threshold_pct", 5.0}, {"failed", false}, {"failures", json::array()}};
    const std::string page = render(html_reporter(), doc.dump());
    EXPECT_TRUE(contains(page, "<section id=\"gate\" class=\"notice ok\">"));
    EXPECT_TRUE(contains(page, "by more than 5.0%."));
}

TEST(HtmlReporter, AnInconclusiveGateIsNotShownAsPassed) {
    json doc = json::parse(fixture("comparison-2runs.json"));
    doc["gate"] = {{"threshold_pct", 5.0},
                   {"status", "inconclusive"},
                   {"failed", false},
                   {"reason", "nothing of B could be judged against A: B failed: unreachable"},
                   {"failures", json::array()}};
    const std::string page = render(html_reporter(), doc.dump());
    EXPECT_TRUE(contains(page, "<section id=\"gate\" class=\"notice bad\">")) << page;
    EXPECT_TRUE(contains(page, "<span class=\"badge bad\">inconclusive</span>")) << page;
    EXPECT_TRUE(contains(page, "Nothing of B could be judged against A: B failed: unreachable."));
    EXPECT_FALSE(contains(page, "passed")) << page;
}

TEST(HtmlReporter, AnIndexScoreThatIsNotComparableSaysWhy) {
    json doc = json::parse(fixture("comparison-2runs.json"));
    doc["sections"][0]["indexes"][0]["comparable"] = false;
    doc["sections"][0]["indexes"][0]["notes"] = {"scored over different tests (A: 12, B: 2)"};
    const std::string page = render(html_reporter(), doc.dump());
    EXPECT_TRUE(contains(page, "<tr class=\"score not-comparable\">")) << page;
    EXPECT_TRUE(contains(page, "⚠ scored over different tests (A: 12, B: 2)")) << page;
}

// What the run warned about a test: a badge and the text under its name.
TEST(HtmlReporter, AWarnedTestIsMarkedInTheResultsTable) {
    json doc = json::parse(fixture("full-2run.json"));
    doc["runs"][0]["tests"][0]["warnings"] = {"dhry2reg wrote 4.2 KiB to stdout <during> pass 3"};
    const std::string page = render(html_reporter(), doc.dump());
    EXPECT_EQ(occurrences(page, "<span class=\"badge warn\">warning</span>"), 1u) << page;
    EXPECT_TRUE(contains(page,
                         "<h3>Warnings</h3>\n<ul>\n<li><em>Dhrystone 2 using register "
                         "variables</em>: dhry2reg wrote 4.2 KiB to stdout &lt;during&gt; pass "
                         "3</li>"))
        << page;
    EXPECT_FALSE(
        contains(render(html_reporter(), fixture("full-2run.json")), "badge warn\">warning"));
}

// ---------------------------------------------------------------------------
// Escaping.
// ---------------------------------------------------------------------------

const char *const kHostile = "<script>alert(1)</script>";
const char *const kHostileEscaped = "&lt;script&gt;alert(1)&lt;/script&gt;";
const char *const kQuotes = "a\"b'c&d";
const char *const kQuotesEscaped = "a&quot;b&#39;c&amp;d";

void expect_escaped(const std::string &page) {
    EXPECT_FALSE(contains(page, "<script")) << page;
    EXPECT_FALSE(contains(page, kQuotes));
    EXPECT_GE(occurrences(page, kHostileEscaped), 3u);
    EXPECT_GE(occurrences(page, kQuotesEscaped), 2u);
}

TEST(HtmlReporter, EscapesTheResultsText) {
    json doc = json::parse(fixture("partial-brief.json"));
    doc["system"]["hostname"] = kHostile;
    doc["system"]["os"] = kQuotes;
    doc["system"]["kernel_version"] = kHostile;
    doc["render"]["brief"] = false;
    doc["system"]["cpus"][0]["model"] = kHostile;
    doc["options"]["command_line"] = std::string("bytebench run ") + kQuotes;
    json &tests = doc["runs"][0]["tests"];
    tests[0]["name"] = kHostile;  // an indexed test: in the tables and in the chart
    tests[1]["error"] = kQuotes;
    tests[2]["unit"] = kHostile;
    doc["runs"][0]["indexes"][0]["title"] = kQuotes;
    doc["runs"][0]["start"] = kHostile;
    expect_escaped(render(html_reporter(), doc.dump()));
}

TEST(HtmlReporter, EscapesTheComparisonsText) {
    json doc = json::parse(fixture("comparison-3runs.json"));
    doc["inputs"][0]["hostname"] = kHostile;
    doc["inputs"][1]["label"] = kQuotes;
    doc["inputs"][2]["source"] = kHostile;
    doc["inputs"][2]["suite"]["sha256"] = kQuotes;
    doc["warnings"][0] = kHostile;
    doc["sections"][0]["title"] = kQuotes;
    doc["sections"][0]["rows"][0]["name"] = kHostile;
    doc["sections"][0]["rows"][0]["notes"][0] = kQuotes;
    doc["sections"][0]["rows"][4]["cells"][1]["error"] = kHostile;
    doc["sections"][0]["rows"][0]["cells"][1]["significance"]["method"] = kQuotes;
    doc["gate"]["failures"][0]["id"] = kHostile;
    expect_escaped(render(html_reporter(), doc.dump()));
}

// ---------------------------------------------------------------------------
// Bad input.
// ---------------------------------------------------------------------------

void expect_refused(const std::string &document, const std::string &message) {
    EXPECT_TRUE(refuses(html_reporter(), document, message));
}

TEST(HtmlReporter, RefusesMalformedDocument) {
    expect_refused(fixture("malformed.json"), "the document is not valid JSON");
    expect_refused("", "the document is not valid JSON");
    expect_refused("[1, 2]", "the document is not an object");
}

TEST(HtmlReporter, RefusesUnknownSchemas) {
    expect_refused(fixture("schema-v9.json"), "unsupported document schema \"bytebench.result/9\"");
    expect_refused(R"({"schema": "bytebench.comparison/1"})",
                   "unsupported document schema \"bytebench.comparison/1\"");
    expect_refused(R"({"schema": "something.else/1"})", "unsupported document schema");
    expect_refused(R"({"runs": []})", "has no \"schema\" member");
}

// Members of unexpected types or sizes give blanks, not a failure (or undefined behaviour).
TEST(HtmlReporter, SurvivesMembersOfTheWrongType) {
    for (const std::string &document : odd_documents())
        EXPECT_TRUE(contains(render(html_reporter(), document), "</html>\n")) << document;
}

// A worker may run under a locale with a decimal comma; the page must not change.
TEST(HtmlReporter, IgnoresTheProcessLocale) {
    const std::string saved = std::setlocale(LC_ALL, nullptr);
    const char *chosen = nullptr;
    for (const char *name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"})
        if (std::setlocale(LC_ALL, name) != nullptr) {
            chosen = name;
            break;
        }
    if (chosen == nullptr) GTEST_SKIP() << "no locale with a decimal comma is installed";
    const std::string result = render_fixture(html_reporter(), "full-2run.json");
    const std::string comparison = render_fixture(html_reporter(), "comparison-3runs.json");
    std::setlocale(LC_ALL, saved.c_str());
    EXPECT_TRUE(matches_golden("full-2run.html", result)) << "under " << chosen;
    EXPECT_TRUE(matches_golden("comparison-3runs.html", comparison)) << "under " << chosen;
}

}  // namespace
}  // namespace bytebench::test
