#include "comparison_page.h"

#include <optional>
#include <string>
#include <vector>

#include "common/comparison_columns.h"
#include "common/comparison_sections.h"
#include "compact_comparison_page.h"
#include "format.h"
#include "html_page.h"
#include "json_fields.h"
#include "section_html.h"
#include "svg_chart.h"

namespace bytebench::reporters::html {
namespace {

// What every part of the page needs to know about the columns.
struct Columns {
    const json &inputs;
    long long baseline;  // index of the input the deltas are taken against
    bool run_to_run;     // some cell has a run-to-run spread from the history: a CoV column

    size_t count() const { return inputs.size(); }
    bool is_baseline(size_t input) const { return baseline >= 0 && size_t(baseline) == input; }
    // Value, delta, index and the run-to-run CoV; the baseline column has no delta.
    int span(size_t input) const { return (is_baseline(input) ? 2 : 3) + int(run_to_run); }
    std::string label(size_t input) const {
        const std::string label = string_member(inputs[input], "label");
        return label.empty() ? std::to_string(input + 1) : label;
    }
};

std::string join(const std::vector<std::string> &parts, const char *separator) {
    std::string text;
    for (const std::string &part : parts) text += (text.empty() ? "" : separator) + part;
    return text;
}

std::string input_name(const json &input) {
    const std::string host = string_member(input, "hostname");
    const std::string label = string_member(input, "label");
    return host.empty() ? label : label + " (" + host + ")";
}

std::string page_title(const Columns &columns) {
    std::vector<std::string> names;
    for (const json &input : columns.inputs) names.push_back(input_name(input));
    return "Comparison of " + join(names, ", ");
}

std::string page_subtitle(const json &doc, const Columns &columns) {
    const std::string version = string_member(member(doc, "tool"), "version");
    std::string text = "bytebench" + (version.empty() ? "" : " " + version);
    if (columns.baseline >= 0 && size_t(columns.baseline) < columns.count())
        text += " · deltas against " + columns.label(size_t(columns.baseline));
    if (const std::optional<double> alpha = number_member(doc, "alpha"))
        text += " · significance level " + p_value_text(*alpha);
    return text;
}

// ---------------------------------------------------------------------------
// Gate, warnings and inputs.
// ---------------------------------------------------------------------------

std::string source_cell(const json &input) {
    std::string html = "<code>" + escape(string_member(input, "source")) + "</code>";
    const std::optional<long long> history = integer_member(input, "history_id");
    if (history && string_member(input, "source").rfind('@', 0) != 0)
        html += " <span class=\"muted\">history #" + std::to_string(*history) + "</span>";
    return "<td>" + html + "</td>";
}

std::string tool_cell(const json &input) {
    std::string html = escape(string_member(input, "tool"));
    if (flag_member(input, "imported")) html += " " + badge("imported", "info");
    if (const std::string build = input_build_text(input); !build.empty())
        html += " " + badge(build, "info");
    const std::string status = string_member(input, "status");
    if (!status.empty() && status != "complete") html += " " + badge(status, "warn");
    return "<td>" + html + "</td>";
}

std::string suite_cell(const json &suite) {
    std::string html = escape(string_member(suite, "name"));
    const std::string sha = string_member(suite, "sha256");
    if (!sha.empty())
        html += " <code class=\"muted\" title=\"sha256 " + escape(sha) + "\">" +
                escape(sha.substr(0, 8)) + "</code>";
    return "<td>" + html + "</td>";
}

void write_input_row(const Columns &columns, size_t i, std::ostream &out) {
    const json &input = columns.inputs[i];
    const std::optional<long long> cpus = integer_member(input, "cpus");
    out << "<tr><td><span class=\"swatch\" style=\"background:" << series_colour(i)
        << "\"></span><strong>" << escape(columns.label(i)) << "</strong>"
        << (columns.is_baseline(i) ? " " + badge("baseline", "info") : "") << "</td>"
        << source_cell(input) << "<td>" << escape(string_member(input, "hostname")) << "</td>"
        << "<td>" << escape(string_member(input, "cpu_model")) << "</td>"
        << number_cell(cpus ? std::to_string(*cpus) : "") << "<td>"
        << escape(string_member(input, "kernel")) << "</td>" << tool_cell(input)
        << "<td class=\"nowrap\">" << escape(date_time_or_raw(string_member(input, "start")))
        << "</td>" << suite_cell(member(input, "suite")) << "</tr>\n";
}

// What each input's run-to-run CoV is over, or why it has none; nothing when no input has one.
void write_run_to_run_lines(const Columns &columns, std::ostream &out) {
    std::string items;
    for (size_t i = 0; i < columns.count(); ++i)
        if (const std::string text = input_run_to_run_text(columns.inputs[i]); !text.empty())
            items += "<li><strong>" + escape(columns.label(i)) + "</strong>: " + escape(text) +
                     "</li>\n";
    if (!items.empty()) out << "<ul class=\"muted\">\n" << items << "</ul>\n";
}

void write_inputs(const Columns &columns, std::ostream &out) {
    out << "<section id=\"inputs\">\n<h2>Compared runs</h2>\n"
        << "<div class=\"table-wrap\"><table class=\"inputs\">\n<thead><tr><th>Label</th>"
        << "<th>Source</th><th>Host</th><th>CPU</th><th class=\"num\">CPUs</th><th>Kernel</th>"
        << "<th>Tool</th><th>Start</th><th>Suite</th></tr></thead>\n<tbody>\n";
    for (size_t i = 0; i < columns.count(); ++i) write_input_row(columns, i, out);
    out << "</tbody>\n</table></div>\n";
    write_run_to_run_lines(columns, out);
    out << "</section>\n";
}

// ---------------------------------------------------------------------------
// A section's table.
// ---------------------------------------------------------------------------

struct Verdict {
    const char *name;  // also the CSS class
    const char *mark;
};

// Marks as well as colours, so that the verdicts survive a grey-scale print.
Verdict verdict_of(const std::string &name) {
    if (name == "better") return {"better", "▲"};
    if (name == "worse") return {"worse", "▼"};
    if (name == "noise") return {"noise", "≈"};
    return {"unknown", "?"};
}

// "worse: p = 0.0006; mann-whitney; 7 and 7 kept passes".
std::string significance_tooltip(const json &significance, const Verdict &verdict,
                                 const char *passes_noun) {
    std::vector<std::string> details;
    if (const std::optional<double> p = number_member(significance, "p"))
        details.push_back("p = " + p_value_text(*p));
    const std::string method = string_member(significance, "method");
    if (!method.empty()) details.push_back("method " + method);
    // The reason, when there is one, already counts the passes.
    const std::string reason = string_member(significance, "reason");
    const json &passes = elements(member(significance, "passes"));
    if (!reason.empty())
        details.push_back(reason);
    else if (passes.size() == 2 && passes[0].is_number() && passes[1].is_number())
        details.push_back(fixed(passes[0].get<double>(), 0) + " and " +
                          fixed(passes[1].get<double>(), 0) + " " + passes_noun);
    return std::string(verdict.name) + (details.empty() ? "" : ": " + join(details, "; "));
}

// `passes_noun`: what the significance test's values are, "kept passes" of a test's value or
// "passes" of a metric.
std::string delta_cell(const json &cell, const char *passes_noun) {
    const std::optional<double> delta = number_member(cell, "delta_pct");
    if (!delta) return "<td class=\"num muted\">—</td>";
    const json &significance = member(cell, "significance");
    if (!significance.is_object())
        return "<td class=\"num delta\" title=\"no significance test\">" +
               escape(delta_text(*delta)) + "<span class=\"mark\"></span></td>";
    const Verdict verdict = verdict_of(string_member(significance, "verdict"));
    return std::string("<td class=\"num delta ") + verdict.name + "\" title=\"" +
           escape(significance_tooltip(significance, verdict, passes_noun)) + "\">" +
           escape(delta_text(*delta)) + "<span class=\"mark\">" + verdict.mark + "</span></td>";
}

// A missing or failed cell spans the input's columns: there is nothing to put in them.
std::string not_ok_cells(const json &cell, int span) {
    const std::string status = string_member(cell, "status");
    const std::string colspan = " colspan=\"" + std::to_string(span) + "\"";
    if (status == "missing" || status.empty())
        return "<td class=\"missing\"" + colspan + ">" + (status.empty() ? "—" : "missing") +
               "</td>";
    const std::string error = string_member(cell, "error");
    return "<td" + colspan + ">" + badge(status, "bad") +
           (error.empty() ? "" : " <span class=\"error\">" + escape(error) + "</span>") + "</td>";
}

// A cell's run-to-run CoV, when the table has the column.
std::string run_to_run_cell(const Columns &columns, const json &cell) {
    if (!columns.run_to_run) return "";
    return number_cell(run_to_run_cov_text(cell, "—"));
}

std::string value_cells(const Columns &columns, const json &cell, size_t input,
                        const char *passes_noun) {
    if (!cell_is_ok(cell)) return not_ok_cells(cell, columns.span(input));
    const std::optional<double> value = number_member(cell, "value");
    const std::optional<double> index = number_member(cell, "index");
    return number_cell(value ? value_text(*value) : "—") +
           (columns.is_baseline(input) ? "" : delta_cell(cell, passes_noun)) +
           number_cell(index ? value_text(*index) : "—") + run_to_run_cell(columns, cell);
}

// A test's name; a metric's, marked as belonging to the test above it.
std::string row_name(const json &row) {
    return is_metric_row(row) ? "↳ " + escape(metric_display_name(row)) : escape(display_name(row));
}

std::string test_cell(const json &row) {
    std::string html = row_name(row);
    const std::string unit = unit_and_direction(row);
    if (!unit.empty()) html += "<span class=\"unit\">" + escape(unit) + "</span>";
    if (!row_comparable(row)) html += " " + badge("not comparable", "warn");
    for (const json &note : elements(member(row, "notes")))
        if (note.is_string()) html += "<span class=\"note\">⚠ " + escape(text_of(note)) + "</span>";
    return "<td>" + html + "</td>";
}

void write_row(const Columns &columns, const json &row, std::ostream &out) {
    const json &cells = elements(member(row, "cells"));
    std::vector<std::string> classes;
    if (is_metric_row(row)) classes.push_back("metric");
    if (!row_comparable(row)) classes.push_back("not-comparable");
    out << "<tr" << (classes.empty() ? "" : " class=\"" + join(classes, " ") + "\"") << ">"
        << test_cell(row);
    const char *passes_noun = is_metric_row(row) ? "passes" : "kept passes";
    for (size_t i = 0; i < columns.count(); ++i)
        out << (i < cells.size() ? value_cells(columns, cells[i], i, passes_noun)
                                 : not_ok_cells(json(), columns.span(i)));
    out << "</tr>\n";
}

std::string score_cells(const Columns &columns, const json &cell, size_t input) {
    if (string_member(cell, "status") == "missing" || !cell.is_object())
        return not_ok_cells(json::object({{"status", "missing"}}), columns.span(input));
    const std::optional<double> score = number_member(cell, "score");
    const std::optional<double> delta = number_member(cell, "delta_pct");
    std::string html = "<td class=\"num\">" +
                       (flag_member(cell, "partial") ? badge("partial", "warn") : "") + "</td>";
    // Scores have no passes of their own, hence no verdict: the delta is shown uncoloured.
    if (!columns.is_baseline(input)) html += number_cell(delta ? delta_text(*delta) : "—");
    return html + number_cell(score ? value_text(*score) : "—") + run_to_run_cell(columns, cell);
}

void write_score_row(const Columns &columns, const json &index, std::ostream &out) {
    const json &cells = elements(member(index, "cells"));
    out << "<tr class=\"score" << (row_comparable(index) ? "" : " not-comparable")
        << "\"><th scope=\"row\">" << escape(index_title(index) + " Index Score");
    if (!row_comparable(index)) out << " " << badge("not comparable", "warn");
    for (const json &note : elements(member(index, "notes")))
        if (note.is_string())
            out << "<span class=\"note\">⚠ " << escape(text_of(note)) << "</span>";
    out << "</th>";
    for (size_t i = 0; i < columns.count(); ++i)
        out << score_cells(columns, i < cells.size() ? cells[i] : json(), i);
    out << "</tr>\n";
}

// Column groups draw a rule between the inputs (borders on <colgroup> apply in a collapsed
// table).
void write_table_head(const Columns &columns, std::ostream &out) {
    out << "<colgroup></colgroup>";
    for (size_t i = 0; i < columns.count(); ++i)
        out << "<colgroup class=\"input\" span=\"" << columns.span(i) << "\"></colgroup>";
    out << "\n<thead>\n<tr><th rowspan=\"2\">Test</th>";
    for (size_t i = 0; i < columns.count(); ++i)
        out << "<th class=\"group\" colspan=\"" << columns.span(i) << "\">"
            << escape(columns.label(i)) << (columns.is_baseline(i) ? " (baseline)" : "") << "</th>";
    out << "</tr>\n<tr>";
    for (size_t i = 0; i < columns.count(); ++i)
        out << "<th class=\"num\">Value</th>"
            << (columns.is_baseline(i) ? "" : "<th class=\"num\">Δ</th>")
            << "<th class=\"num\">Index</th>"
            << (columns.run_to_run ? "<th class=\"num\">Run-to-run CoV</th>" : "");
    out << "</tr>\n</thead>\n";
}

void write_table(const Columns &columns, const json &section, std::ostream &out) {
    out << "<div class=\"table-wrap\"><table class=\"compare\">\n";
    write_table_head(columns, out);
    out << "<tbody>\n";
    for (const json &row : elements(member(section, "rows"))) write_row(columns, row, out);
    out << "</tbody>\n";
    const json &indexes = elements(member(section, "indexes"));
    if (!indexes.empty()) {
        out << "<tfoot>\n";
        for (const json &index : indexes) write_score_row(columns, index, out);
        out << "</tfoot>\n";
    }
    out << "</table></div>\n";
}

// ---------------------------------------------------------------------------
// A section's chart: the index per test, one bar per input.
// ---------------------------------------------------------------------------

ChartCell chart_cell(const json &cell) {
    if (!cell_is_ok(cell)) return {std::nullopt, cell_status(cell)};
    const std::optional<double> index = cell_index(cell);
    return {index, index ? "" : "no index"};
}

void write_chart(const Columns &columns, const json &section, const std::string &title,
                 std::ostream &out) {
    BarChart chart;
    chart.title = "Index per test, " + title;
    for (const json &input : columns.inputs) chart.series.push_back(input_name(input));
    bool starred = false;
    for (const json &row : elements(member(section, "rows"))) {
        if (!row_has_index(row)) continue;  // tests without a baseline have no index to show
        ChartGroup group{display_name(row), {}};
        // The mark goes before the name, where truncation cannot cut it off.
        if (!row_comparable(row)) group.label = "* " + group.label;
        starred = starred || !row_comparable(row);
        const json &cells = elements(member(row, "cells"));
        for (size_t i = 0; i < columns.count(); ++i)
            group.cells.push_back(i < cells.size() ? chart_cell(cells[i]) : ChartCell{});
        chart.groups.push_back(group);
    }
    if (chart.groups.empty()) return;
    out << "<figure>\n<figcaption>" << escape(chart.title);
    if (starred)
        out << " <span class=\"muted\">(* not comparable: see the notes in the table)</span>";
    out << "</figcaption>\n";
    write_bar_chart(chart, out);
    out << "</figure>\n";
}

void write_section(const Columns &columns, const json &section, size_t number, std::ostream &out) {
    std::string title = string_member(section, "title");
    if (title.empty()) title = "Copy-pass " + std::to_string(number);
    out << "<section class=\"comparison\" id=\"section-" << number << "\">\n<h2>" << escape(title)
        << "</h2>\n";
    write_table(columns, section, out);
    // The section's own notes (why a column has no copy-pass here); the rows' are in the table.
    std::string notes;
    for (const std::string &note : section_notes(section))
        notes += "<li>" + escape(note) + "</li>\n";
    if (!notes.empty()) out << "<ul class=\"notes\">\n" << notes << "</ul>\n";
    write_chart(columns, section, title, out);
    out << "</section>\n";
}

void write_reading_guide(const json &doc, const Columns &columns, std::ostream &out) {
    const std::optional<double> alpha = number_member(doc, "alpha");
    const std::string level = alpha ? "p < " + p_value_text(*alpha) : "significant";
    out << "<p class=\"muted\">Δ is the change of the value against the baseline; higher is "
           "better unless the unit says lower. <span class=\"better\">▲ better</span> and "
           "<span class=\"worse\">▼ worse</span>: the difference lies beyond the noise of the "
           "passes, judged by the number's direction ("
        << escape(level)
        << "); <span class=\"noise\">≈ noise</span>: it does not; <span class=\"unknown\">? "
           "unknown</span>: too few passes to tell. Hover a delta for its p-value and "
           "method."
        << (columns.run_to_run ? " Run-to-run CoV: the coefficient of variation of the number "
                                 "over whole runs of the same suite on the same machine in the "
                                 "history (— too few runs)."
                               : "")
        << "</p>\n";
}

}  // namespace

void write_comparison_page(const json &doc, std::ostream &out) {
    bool run_to_run = false;
    for (const json &section : elements(member(doc, "sections")))
        run_to_run = run_to_run || section_has_run_to_run(section);
    const Columns columns{elements(member(doc, "inputs")),
                          integer_member(doc, "baseline").value_or(0), run_to_run};
    const bool compact = uses_compact_layout(doc);
    if (compact)
        write_page_start(out, compact_page_title(doc), "BYTE UNIX Benchmarks · comparison",
                         page_subtitle(doc, columns), kCompactStyle);
    else
        write_page_start(out, page_title(columns), "BYTE UNIX Benchmarks · comparison",
                         page_subtitle(doc, columns));
    for (const auto &section : {gate_section(doc), warnings_section(doc)})
        if (section) write_section(*section, 2, out);
    if (compact)
        write_compact_columns(doc, out);
    else
        write_inputs(columns, out);
    write_reading_guide(doc, columns, out);
    if (const auto differences = environment_differences_section(doc))
        write_section(*differences, 2, out);
    size_t number = 0;
    for (const json &section : elements(member(doc, "sections"))) {
        if (compact)
            write_compact_section(doc, section, ++number, out);
        else
            write_section(columns, section, ++number, out);
    }
    write_page_end(out,
                   "Rendered by the bytebench html reporter from a bytebench.comparison/2 "
                   "document. Times are each run's local time.");
}

}  // namespace bytebench::reporters::html
