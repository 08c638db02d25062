#include "result_page.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "base/direction.h"
#include "common/machine_lines.h"
#include "common/result_access.h"
#include "common/result_sections.h"
#include "common/run_sections.h"
#include "common/statistics_access.h"
#include "format.h"
#include "html_page.h"
#include "json_fields.h"
#include "repeatability_cells.h"
#include "section_html.h"
#include "statistics_cells.h"
#include "svg_chart.h"

namespace bytebench::reporters::html {
namespace {

using reporters::machine_lines;
using reporters::MachineLine;

// ---------------------------------------------------------------------------
// Tests and copy-passes.
// ---------------------------------------------------------------------------

using reporters::has_baseline;
using reporters::test_index;

std::string copies_text(const json &run) {
    return counted(integer_member(run, "copies").value_or(0), "parallel copy", "parallel copies");
}

std::string short_copies_text(const json &run) {
    return counted(integer_member(run, "copies").value_or(0), "copy", "copies");
}

// The unit, with the direction of a lower-is-better value (a higher-is-better one goes
// without saying, as in every report before directions).
std::string unit_html(const json &test) {
    std::string html = escape(string_member(test, "unit"));
    if (direction_member(test) == Direction::lower_is_better)
        html += " <span class=\"muted\">" + escape(direction_text(Direction::lower_is_better)) +
                "</span>";
    return html;
}

// The categories UnixBench prints an index for.
std::vector<const json *> indexed_categories(const json &run) {
    std::vector<const json *> indexes;
    for (const json &index : elements(member(run, "indexes")))
        if (reporters::category_indexed(index)) indexes.push_back(&index);
    return indexes;
}

// ---------------------------------------------------------------------------
// Header, summary and system description.
// ---------------------------------------------------------------------------

// UnixBench's title: "Benchmark of <host> / <os> on <date>", the date being the first run's.
std::string page_title(const json &doc) {
    const json &system = member(doc, "system");
    std::string title =
        "Benchmark of " + string_member(system, "hostname") + " / " + string_member(system, "os");
    const json &runs = elements(member(doc, "runs"));
    if (!runs.empty()) {
        const std::string start = string_member(runs[0], "start");
        const std::optional<ClockTime> t = parse_iso8601(start);
        if (t || !start.empty()) title += " on " + (t ? date_text(*t) : start);
    }
    return title;
}

std::string page_subtitle(const json &doc) {
    std::string text = made_by_text(doc);
    const std::string suite = string_member(member(doc, "suite"), "name");
    if (!suite.empty()) text += " · suite " + suite;
    return text;
}

// The index scores first, as the numbers most readers came for.
void write_score_cards(const json &doc, const json &runs, std::ostream &out) {
    std::string cards;
    for (const json &run : runs)
        for (const json *index : indexed_categories(run)) {
            const bool partial = flag_member(*index, "partial");
            const std::string interval = score_interval_text(*index);
            const std::string spread = run_to_run_score_text(run_to_run_of(doc, run), *index);
            cards +=
                "<div class=\"card\"><div class=\"label\">" + escape(index_title(*index)) +
                " Index Score</div><div class=\"score\">" +
                escape(value_text(number_member(*index, "score").value_or(0))) + "</div>" +
                (interval.empty() ? "" : "<div class=\"label\">" + escape(interval) + "</div>") +
                (spread.empty() ? "" : "<div class=\"label\">" + escape(spread) + "</div>") +
                "<div class=\"label\">" + escape(copies_text(run)) +
                (partial ? " " + badge("partial", "warn") : "") + "</div></div>\n";
        }
    if (!cards.empty()) out << "<div class=\"cards\">\n" << cards << "</div>\n";
}

void info_row(const char *label, const std::string &html, std::ostream &out) {
    out << "<tr><th scope=\"row\">" << label << "</th><td>" << html << "</td></tr>\n";
}

void write_cpu_rows(const json &system, std::ostream &out) {
    int number = 0;
    for (const json &cpu : elements(member(system, "cpus"))) {
        std::string flags;
        for (const json &flag : elements(member(cpu, "flags")))
            if (flag.is_string()) flags += (flags.empty() ? "" : ", ") + flag.get<std::string>();
        std::string html = escape(string_member(cpu, "model")) + " (" +
                           value_text(number_member(cpu, "bogomips").value_or(0)) + " bogomips)";
        if (!flags.empty()) html += "<span class=\"flags\">" + escape(flags) + "</span>";
        const std::string label = "CPU " + std::to_string(number++);
        info_row(label.c_str(), html, out);
    }
}

std::string load_text(const json &system) {
    std::string text;
    for (const json &load : elements(member(system, "load_average")))
        if (load.is_number()) text += (text.empty() ? "" : ", ") + fixed(load.get<double>(), 2);
    return text;
}

std::string uptime_row(const json &system) {
    std::string text;
    if (const std::optional<double> uptime = number_member(system, "uptime_s"))
        text = "up " + uptime_text(*uptime);
    const std::string load = load_text(system);
    if (!load.empty()) text += (text.empty() ? "" : "; ") + ("load average " + load);
    const std::string runlevel = string_member(system, "runlevel");
    if (!runlevel.empty()) text += (text.empty() ? "" : "; ") + ("runlevel " + runlevel);
    return text;
}

std::string suite_row(const json &suite) {
    std::string html = escape(string_member(suite, "name"));
    const std::string file = string_member(suite, "file");
    if (!file.empty()) html += " <code>" + escape(file) + "</code>";
    const std::string sha = string_member(suite, "sha256");
    if (!sha.empty())
        html += " <span class=\"muted\">sha256 <code title=\"" + escape(sha) + "\">" +
                escape(sha.substr(0, 12)) + "…</code></span>";
    const json &mark = member(suite, "index_comparable_with_unixbench");
    if (mark.is_boolean() && !mark.get<bool>())
        html += "<br><strong>Index not comparable with UnixBench's:</strong> " +
                escape(string_member(suite, "index_not_comparable_because"));
    return html;
}

void write_system_info(const json &doc, std::ostream &out) {
    const json &system = member(doc, "system");
    const auto field = [&](const char *key) { return string_member(system, key); };
    const json &language = member(system, "language");
    out << "<section id=\"system\">\n<h2>Test System Information</h2>\n"
        << "<div class=\"table-wrap\"><table class=\"info\">\n<tbody>\n";
    info_row("System", escape(field("hostname") + ": " + field("os")), out);
    info_row("OS",
             escape(field("os") + " -- " + field("kernel") + " -- " + field("kernel_version")),
             out);
    info_row("Machine", escape(field("machine") + " (" + field("platform") + ")"), out);
    info_row("Language",
             escape(string_member(language, "lang") + " (charmap=\"" +
                    string_member(language, "charmap") + "\", collate=\"" +
                    string_member(language, "collate") + "\")"),
             out);
    const long long online = integer_member(system, "cpus_online").value_or(0);
    const long long configured = integer_member(system, "cpus_configured").value_or(0);
    info_row(
        "CPUs",
        escape(field("cpu_model") + (field("cpu_model").empty() ? "" : "; ") +
               std::to_string(online) + " online, " + std::to_string(configured) + " configured"),
        out);
    // `-b` (brief) in UnixBench drops the per-CPU lines, which grow long on big machines.
    if (!flag_member(member(doc, "render"), "brief")) write_cpu_rows(system, out);
    info_row("Uptime", escape(uptime_row(system)), out);
    for (const MachineLine &line : machine_lines(system))
        info_row(line.label.c_str(), escape(line.text), out);
    info_row("Suite", suite_row(member(doc, "suite")), out);
    const std::string command = string_member(member(doc, "options"), "command_line");
    if (!command.empty()) info_row("Command", "<code>" + escape(command) + "</code>", out);
    out << "</tbody>\n</table></div>\n</section>\n";
}

// ---------------------------------------------------------------------------
// One copy-pass.
// ---------------------------------------------------------------------------

std::string status_cell(const json &test) {
    // A --quick test says why it stopped sampling.
    const std::string quick = reporters::quick_stop_text(test);
    if (test_is_ok(test))
        return "<td><span class=\"muted\">ok" +
               (quick.empty() ? "" : " (--quick: " + escape(quick) + ")") + "</span></td>";
    const std::string error = string_member(test, "error");
    return "<td>" + badge(test_status(test), "bad") +
           (error.empty() ? "" : " <span class=\"error\">" + escape(error) + "</span>") + "</td>";
}

// With `statistics`, the value's 95% interval, the CV and the outlier passes too; with a
// run-to-run column, its CoV.
void write_result_row(const json &test, bool statistics, const RunToRun &spread,
                      std::ostream &out) {
    const bool ok = test_is_ok(test);
    const auto number = [&](const char *key, int decimals, const char *suffix) {
        const std::optional<double> value = number_member(test, key);
        return number_cell(ok && value ? fixed(*value, decimals) + suffix : "—");
    };
    out << "<tr" << (ok ? "" : " class=\"failed\"") << "><td>" << escape(display_name(test));
    // What the run warned about how the test ran: marked; the warnings are a section of their own.
    const std::vector<std::string> warnings = reporters::test_warnings(test);
    if (!warnings.empty()) out << " " << badge("warning", "warn");
    out << "</td>" << number("value", 1, "");
    if (statistics) out << (ok ? value_interval_cell(test) : number_cell("—"));
    if (spread.column()) out << (ok ? run_to_run_test_cell(spread, test) : number_cell("—"));
    out << "<td>" << unit_html(test) << "</td>" << number("time_s", 1, " s")
        << number("samples", 0, "");
    if (statistics)
        out << (ok ? cv_cell(test) + outliers_cell(test) : number_cell("—") + "<td></td>");
    out << status_cell(test) << "</tr>\n";
}

void write_results_table(const std::vector<const json *> &tests, const RunToRun &spread,
                         const std::string &spread_note, std::ostream &out) {
    const bool statistics = has_statistics(tests);
    out << "<h3>Results</h3>\n<div class=\"table-wrap\"><table class=\"results\">\n"
        << "<thead><tr><th>Test</th><th class=\"num\">Value</th>"
        << (statistics ? "<th class=\"num\">95% CI</th>" : "")
        << (spread.column() ? "<th class=\"num\">Run-to-run CoV</th>" : "") << "<th>Unit</th>"
        << "<th class=\"num\">Time</th><th class=\"num\">Samples</th>"
        << (statistics ? "<th class=\"num\">CV</th><th>Outliers</th>" : "")
        << "<th>Status</th></tr>"
        << "</thead>\n<tbody>\n";
    for (const json *test : tests) write_result_row(*test, statistics, spread, out);
    out << "</tbody>\n</table></div>\n";
    if (!spread_note.empty()) out << "<p class=\"muted\">" << escape(spread_note) << "</p>\n";
}

void write_index_row(const json &test, bool statistics, const RunToRun &spread, std::ostream &out) {
    const std::optional<double> baseline = number_member(test, "baseline");
    const std::string baseline_text = has_baseline(test) ? value_text(*baseline) : "—";
    out << "<tr" << (test_is_ok(test) ? "" : " class=\"failed\"") << "><td>"
        << escape(display_name(test)) << "</td>" << number_cell(baseline_text);
    if (!test_is_ok(test)) {
        out << "<td class=\"num\" colspan=\"" << 2 + int(statistics) + int(spread.column()) << "\">"
            << badge(test_status(test), "bad") << "</td></tr>\n";
        return;
    }
    const std::optional<double> index = test_index(test);
    out << number_cell(value_text(number_member(test, "value").value_or(0)))
        << number_cell(index ? value_text(*index) : "—")
        << (statistics ? index_interval_cell(test) : "")
        << (spread.column() ? run_to_run_test_cell(spread, test) : "") << "</tr>\n";
}

// A category's index table: the tests that ran ok, and those with a baseline that did not
// (the reason the score is partial), then the score.
void write_index_table(const json &index, const std::vector<const json *> &tests,
                       const RunToRun &spread, std::ostream &out) {
    const std::string category = string_member(index, "category");
    const std::string title = index_title(index);
    const bool partial = flag_member(index, "partial");
    const bool statistics = has_statistics(tests);
    out << "<h3>" << escape(title)
        << (partial ? " Partial Index " + badge("partial", "warn") : std::string(" Index Values"))
        << "</h3>\n<div class=\"table-wrap\"><table class=\"index\">\n"
        << "<thead><tr><th>Test</th><th class=\"num\">Baseline</th><th class=\"num\">Result</th>"
        << "<th class=\"num\">Index</th>" << (statistics ? "<th class=\"num\">95% CI</th>" : "")
        << (spread.column() ? "<th class=\"num\">Run-to-run CoV</th>" : "")
        << "</tr></thead>\n<tbody>\n";
    for (const json *test : tests)
        if (string_member(*test, "category") == category &&
            (test_is_ok(*test) || has_baseline(*test)))
            write_index_row(*test, statistics, spread, out);
    out << "</tbody>\n<tfoot><tr><th colspan=\"3\">" << escape(title) << " Index Score"
        << (partial ? " (Partial Only)" : "") << "</th>"
        << number_cell(value_text(number_member(index, "score").value_or(0)))
        << (statistics ? score_interval_cell(index) : "")
        << (spread.column() ? run_to_run_index_cell(spread, index) : "") << "</tr>\n</tfoot>\n"
        << "</table></div>\n";
    if (const std::string note = score_interval_note(index); statistics && !note.empty())
        out << "<p class=\"muted\">" << escape(note) << "</p>\n";
    if (partial)
        out << "<p class=\"muted\">"
            << escape(std::to_string(integer_member(index, "tests_indexed").value_or(0)) + " of " +
                      std::to_string(integer_member(index, "tests_total").value_or(0)) +
                      " tests of the suite contributed to this score.")
            << "</p>\n";
}

// A failed test keeps its row, with the reason instead of a bar, so the gap shows.
ChartCell index_cell(const json *test) {
    if (test == nullptr) return {std::nullopt, "not run"};
    if (const std::optional<double> index = test_index(*test)) return {index, ""};
    return {std::nullopt, test_status(*test)};
}

void write_figure(const BarChart &chart, const std::string &caption, std::ostream &out) {
    out << "<figure>\n<figcaption>" << escape(caption) << "</figcaption>\n";
    write_bar_chart(chart, out);
    out << "</figure>\n";
}

void write_run_chart(const json &run, const std::vector<const json *> &tests, std::ostream &out) {
    BarChart chart;
    chart.title = "Index per test, " + copies_text(run);
    for (const json *test : tests)
        if (has_baseline(*test)) chart.groups.push_back({display_name(*test), {index_cell(test)}});
    if (!chart.groups.empty()) write_figure(chart, chart.title, out);
}

void write_run(const json &doc, const json &run, size_t number, std::ostream &out) {
    const json &system = member(doc, "system");
    const std::optional<long long> cpus = integer_member(run, "cpus");
    const long long cpu_count = cpus ? *cpus : integer_member(system, "cpus_online").value_or(0);
    out << "<section class=\"run\" id=\"run-" << number << "\">\n<h2>Benchmark Run: "
        << escape(counted(cpu_count, "CPU", "CPUs") + "; " + copies_text(run)) << "</h2>\n"
        << "<p class=\"period\">"
        << escape(time_range(string_member(run, "start"), string_member(run, "end"))) << "</p>\n";
    const std::vector<const json *> tests = tests_by_name(run);
    const RunToRun spread = run_to_run_of(doc, run);
    write_results_table(tests, spread, run_to_run_note(doc, spread), out);
    for (const json *index : indexed_categories(run)) write_index_table(*index, tests, spread, out);
    write_run_chart(run, tests, out);
    for (const model::Section &section : run_sections(run)) write_section(section, 3, out);
    out << "</section>\n";
}

// ---------------------------------------------------------------------------
// 1 copy against N copies.
// ---------------------------------------------------------------------------

const json *find_test(const json &run, const std::string &id) {
    for (const json &test : elements(member(run, "tests")))
        if (string_member(test, "id") == id) return &test;
    return nullptr;
}

// Tests with a baseline in any copy-pass, by name, each once.
std::vector<const json *> charted_tests(const json &runs) {
    std::vector<const json *> tests;
    for (const json &run : runs)
        for (const json *test : tests_by_name(run)) {
            const std::string id = string_member(*test, "id");
            const bool seen = std::any_of(tests.begin(), tests.end(), [&](const json *t) {
                return string_member(*t, "id") == id;
            });
            if (has_baseline(*test) && !seen) tests.push_back(test);
        }
    std::stable_sort(tests.begin(), tests.end(), [](const json *a, const json *b) {
        return display_name(*a) < display_name(*b);
    });
    return tests;
}

void write_copies_chart(const json &runs, std::ostream &out) {
    BarChart chart;
    std::string heading;
    for (const json &run : runs) {
        chart.series.push_back(short_copies_text(run));
        heading += (heading.empty() ? "" : " against ") + short_copies_text(run);
    }
    chart.title = "Index per test: " + heading;
    for (const json *test : charted_tests(runs)) {
        ChartGroup group{display_name(*test), {}};
        for (const json &run : runs)
            group.cells.push_back(index_cell(find_test(run, string_member(*test, "id"))));
        chart.groups.push_back(group);
    }
    if (chart.groups.empty()) return;
    out << "<section id=\"copies\">\n<h2>" << escape(heading) << "</h2>\n";
    write_figure(chart, "Index per test, one bar per copy-pass", out);
    out << "</section>\n";
}

// ---------------------------------------------------------------------------
// Scaling against 1 copy (the result's "scaling", computed by the core).
// ---------------------------------------------------------------------------

std::string copies_label(const json &point) {
    const long long copies = integer_member(point, "copies").value_or(0);
    return counted(copies, "copy", "copies");
}

// The chart of the index scores against copies, then the table every format shows.
void write_scaling(const json &doc, std::ostream &out) {
    const std::optional<model::Section> section = scaling_section(doc);
    if (!section) return;
    const json &scaling = member(doc, "scaling");
    out << "<section id=\"scaling\">\n";
    write_section(*section, 2, out);
    BarChart chart;
    chart.title = "Index score against copies";
    const json &indexes = elements(member(scaling, "indexes"));
    for (const json &index : indexes) chart.series.push_back(string_member(index, "title"));
    if (!indexes.empty())
        for (const json &point : elements(member(indexes[0], "points"))) {
            ChartGroup group{copies_label(point), {}};
            for (const json &index : indexes) {
                ChartCell cell{std::nullopt, "missing"};
                for (const json &p : elements(member(index, "points")))
                    if (integer_member(p, "copies") == integer_member(point, "copies"))
                        cell = {number_member(p, "score"), ""};
                group.cells.push_back(cell);
            }
            chart.groups.push_back(group);
        }
    if (!chart.groups.empty()) write_figure(chart, chart.title, out);
    out << "</section>\n";
}

}  // namespace

void write_result_page(const json &doc, std::ostream &out) {
    const json &runs = elements(member(doc, "runs"));
    write_page_start(out, page_title(doc), "BYTE UNIX Benchmarks", page_subtitle(doc));
    if (string_member(doc, "status") == "incomplete")
        out << "<p class=\"notice warn\"><strong>Incomplete run:</strong> the results below are "
               "what was measured before it stopped.</p>\n";
    write_score_cards(doc, runs, out);
    write_system_info(doc, out);
    size_t number = 0;
    for (const json &run : runs) write_run(doc, run, ++number, out);
    if (runs.size() >= 2) write_copies_chart(runs, out);
    write_scaling(doc, out);
    write_page_end(out,
                   "Rendered by the bytebench html reporter from a bytebench.result/1 document. "
                   "Times are the benchmarked machine's local time.");
}

}  // namespace bytebench::reporters::html
