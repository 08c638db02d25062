#include "compact_comparison_page.h"

#include <optional>
#include <string>
#include <vector>

#include "base/failure_state.h"
#include "common/comparison_columns.h"
#include "common/comparison_sections.h"
#include "format.h"
#include "html_page.h"
#include "json_fields.h"
#include "section_html.h"
#include "svg_chart.h"

namespace bytebench::reporters::html {

// The table is as wide as its columns need (a 50-column one scrolls in its .table-wrap); a
// column name wraps only where it may (after a hyphen), never inside "3.16,off"; the test
// column sticks to the left edge while it scrolls, with the background of its row so
// that the numbers pass under it; the baseline column is tinted. A bar's value has a white
// halo, so that the baseline's dashed line does not cross it out.
const char *const kCompactStyle = R"css(
table.compact { width: auto; min-width: 100%; }
table.compact th.test { position: sticky; left: 0; z-index: 1; background: #fff;
  font-weight: 500; min-width: 11em; max-width: 18em; box-shadow: inset -1px 0 var(--line); }
table.compact thead th.test { z-index: 2; font-weight: 600; }
table.compact tbody tr:nth-child(even) th.test { background: var(--zebra); }
table.compact tfoot th.test { font-weight: 600; }
table.compact thead th.col { white-space: normal; overflow-wrap: normal; min-width: 5.5em;
  max-width: 10em; text-align: right; vertical-align: bottom; }
table.compact .base { background: #eef6ff; }
table.compact td.num .delta { display: block; font-size: .8em; font-weight: 600; }
table.compact td.failed { color: var(--muted); font-style: italic; }
table.compact th .badge { margin-top: .2em; }
table.columns td.reason { color: var(--worse); }
svg.chart text.value { paint-order: stroke; stroke: #fff; stroke-width: 3px;
  stroke-linejoin: round; }
)css";

namespace {

std::string column_label(const json &inputs, size_t i) {
    const std::string label = string_member(element(inputs, i), "label");
    return label.empty() ? std::to_string(i + 1) : label;
}

size_t baseline_of(const json &doc) { return reporters::baseline_input(doc); }

// Badges for a column that is not a plain complete one.
std::string status_badges(const json &input, bool baseline) {
    std::string html;
    if (baseline) html += " " + badge("baseline", "info");
    const std::string status = column_status(input);
    if (status == "failed")
        html += " " + badge(failed_text(string_member(input, "state"), ""), "bad");
    if (status == "incomplete") html += " " + badge("incomplete", "warn");
    if (!string_member(input, "split").empty()) html += " " + badge("split", "warn");
    return html;
}

std::string joined(const std::vector<std::string> &parts, const char *separator) {
    std::string text;
    for (const std::string &part : parts)
        if (!part.empty()) text += (text.empty() ? "" : separator) + part;
    return text;
}

std::vector<std::string> member_sources(const json &input) {
    std::vector<std::string> sources;
    for (const json &m : elements(member(input, "members")))
        sources.push_back(string_member(m, "source"));
    if (sources.empty()) sources.push_back(string_member(input, "source"));
    return sources;
}

void write_column_row(const json &inputs, size_t i, bool baseline, std::ostream &out) {
    const json &input = inputs[i];
    std::string sources;
    for (const std::string &source : member_sources(input))
        if (!source.empty())
            sources += (sources.empty() ? "" : "<br>") + ("<code>" + escape(source) + "</code>");
    std::string notes = escape(string_member(input, "reason"));
    const std::string split = string_member(input, "split");
    if (!split.empty()) notes = joined({notes, "split: " + escape(split)}, "; ");
    out << "<tr><td class=\"num\">" << i + 1 << "</td><td><strong>"
        << escape(column_label(inputs, i)) << "</strong>" << status_badges(input, baseline)
        << "</td>"
        << number_cell(column_failed(input) ? "0" : std::to_string(column_results(input))) << "<td>"
        << escape(joined(column_hosts(input), ", ")) << "</td><td>" << sources
        << "</td><td class=\"reason\">" << notes << "</td></tr>\n";
}

// A cell of a row: the number, and under it the delta with its verdict (coloured, marked, the
// p-value in its tooltip).
std::string delta_span(const json &cell, const std::string &delta) {
    if (delta.empty()) return "";
    const json &significance = member(cell, "significance");
    const std::string verdict = string_member(significance, "verdict");
    std::string title = verdict;
    if (const auto p = number_member(significance, "p")) title += ", p = " + p_value_text(*p);
    const std::string reason = string_member(significance, "reason");
    if (!reason.empty()) title += ": " + reason;
    const std::string marker = verdict_marker(parse_verdict(verdict));
    const std::string css =
        verdict.empty() ? ""
                        : " " + (verdict == "better" || verdict == "worse" || verdict == "noise"
                                     ? verdict
                                     : std::string("unknown"));
    return "<span class=\"delta" + css + "\"" +
           (title.empty() ? "" : " title=\"" + escape(title) + "\"") + ">" + escape(delta) +
           (marker.empty() ? "" : " " + marker) + "</span>";
}

std::string cell_classes(bool baseline, bool failed) {
    return std::string("num") + (baseline ? " base" : "") + (failed ? " failed" : "");
}

std::string row_cell(const json &row, size_t i, bool baseline, bool failed) {
    const json &cell = cell_at(row, i);
    const CompactCell compact = compact_cell(cell, row_has_index(row), failed, "—");
    std::string title;
    const std::string error = string_member(cell, "error");
    if (!error.empty()) title = " title=\"" + escape(error) + "\"";
    return "<td class=\"" + cell_classes(baseline, failed) + "\"" + title + ">" +
           escape(compact.number) + delta_span(cell, compact.delta) + "</td>";
}

std::string test_heading(const json &row) {
    std::string html =
        is_metric_row(row) ? "↳ " + escape(metric_display_name(row)) : escape(display_name(row));
    const std::string unit = unit_and_direction(row);
    if (!unit.empty()) html += "<span class=\"unit\">" + escape(unit) + "</span>";
    if (!row_comparable(row)) html += " " + badge("not comparable", "warn");
    return "<th class=\"test\" scope=\"row\">" + html + "</th>";
}

std::string score_cell(const json &index, size_t i, bool baseline, bool failed) {
    const json &cell = cell_at(index, i);
    std::string html = "<td class=\"" + cell_classes(baseline, failed) + "\">";
    if (failed) return html + "failed</td>";
    if (index_cell_missing(cell)) return html + "—</td>";
    html += escape(value_text(number_or_zero(cell, "score")));
    if (flag_member(cell, "partial")) html += " " + badge("partial", "warn");
    if (const auto delta = number_member(cell, "delta_pct"))
        html += "<span class=\"delta\">" + escape(delta_text(*delta)) + "</span>";
    return html + "</td>";
}

void write_head(const json &inputs, size_t baseline, std::ostream &out) {
    out << "<thead><tr><th class=\"test\">Test</th>";
    for (size_t i = 0; i < inputs.size(); ++i) {
        const std::string hosts = joined(column_hosts(inputs[i]), ", ");
        out << "<th class=\"col" << (i == baseline ? " base" : "") << "\""
            << (hosts.empty() ? "" : " title=\"" + escape(hosts) + "\"") << ">"
            << escape(column_label(inputs, i)) << status_badges(inputs[i], i == baseline)
            << "</th>";
    }
    out << "</tr></thead>\n";
}

void write_table(const json &doc, const json &section, std::ostream &out) {
    const json &inputs = elements(member(doc, "inputs"));
    const size_t baseline = baseline_of(doc);
    out << "<div class=\"table-wrap\"><table class=\"compare compact\">\n";
    write_head(inputs, baseline, out);
    out << "<tbody>\n";
    for (const json &row : elements(member(section, "rows"))) {
        if (!row.is_object()) continue;
        out << "<tr" << (is_metric_row(row) ? " class=\"metric\"" : "") << ">" << test_heading(row);
        for (size_t i = 0; i < inputs.size(); ++i)
            out << row_cell(row, i, i == baseline, column_failed(inputs[i]));
        out << "</tr>\n";
    }
    out << "</tbody>\n";
    const json &indexes = elements(member(section, "indexes"));
    if (!indexes.empty()) {
        out << "<tfoot>\n";
        for (const json &index : indexes) {
            out << "<tr class=\"score\"><th class=\"test\" scope=\"row\">"
                << escape(index_title(index) + " Index Score")
                << (row_comparable(index) ? "" : " " + badge("not comparable", "warn")) << "</th>";
            for (size_t i = 0; i < inputs.size(); ++i)
                out << score_cell(index, i, i == baseline, column_failed(inputs[i]));
            out << "</tr>\n";
        }
        out << "</tfoot>\n";
    }
    out << "</table></div>\n";
    // Qualified: in a unity build the comparison page's own write_section() would hide it.
    if (const auto notes = notes_section(section, input_labels(doc)))
        html::write_section(*notes, 3, out);
}

// One bar per column: the category's score; a failed or missing column says so instead.
void write_index_chart(const json &doc, const json &index, const std::string &section_title,
                       std::ostream &out) {
    const json &inputs = elements(member(doc, "inputs"));
    const size_t baseline = baseline_of(doc);
    BarChart chart;
    chart.title = index_title(index) + " Index Score per column, " + section_title;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const json &cell = cell_at(index, i);
        ChartGroup group{column_label(inputs, i), {}, i == baseline};
        if (i == baseline) group.label += " (baseline)";
        if (column_failed(inputs[i]))
            group.cells.push_back({std::nullopt, "failed"});
        else if (index_cell_missing(cell))
            group.cells.push_back({std::nullopt, "missing"});
        else
            group.cells.push_back({number_member(cell, "score"), ""});
        if (!column_failed(inputs[i]) && !index_cell_missing(cell) && flag_member(cell, "partial"))
            group.label += " *";
        chart.groups.push_back(group);
    }
    const json &base = cell_at(index, baseline);
    if (!index_cell_missing(base)) {
        chart.reference = number_member(base, "score");
        chart.reference_label = "baseline";
    }
    out << "<figure>\n<figcaption>" << escape(chart.title)
        << " <span class=\"muted\">(the dashed line is the baseline's score; * partial)</span>"
        << "</figcaption>\n";
    write_bar_chart(chart, out);
    out << "</figure>\n";
}

}  // namespace

std::string compact_page_title(const json &doc) {
    const size_t count = elements(member(doc, "inputs")).size();
    const std::string by = pivot_by(doc);
    if (by.empty()) return "Comparison of " + std::to_string(count) + " runs";
    return "Comparison of " + counted(static_cast<long long>(count), "column", "columns") + " by " +
           by;
}

void write_compact_columns(const json &doc, std::ostream &out) {
    const json &inputs = elements(member(doc, "inputs"));
    const size_t baseline = baseline_of(doc);
    out << "<section id=\"inputs\">\n<h2>Columns</h2>\n"
        << "<div class=\"table-wrap\"><table class=\"inputs columns\">\n<thead><tr>"
        << "<th class=\"num\">#</th><th>Column</th><th class=\"num\">Results</th><th>Hosts</th>"
        << "<th>Sources</th><th>Notes</th></tr></thead>\n<tbody>\n";
    for (size_t i = 0; i < inputs.size(); ++i) write_column_row(inputs, i, i == baseline, out);
    out << "</tbody>\n</table></div>\n</section>\n";
}

void write_compact_section(const json &doc, const json &section, size_t number, std::ostream &out) {
    std::string title = string_member(section, "title");
    if (title.empty()) title = "Copy-pass " + std::to_string(number);
    out << "<section class=\"comparison\" id=\"section-" << number << "\">\n<h2>" << escape(title)
        << "</h2>\n";
    write_table(doc, section, out);
    for (const json &index : elements(member(section, "indexes")))
        write_index_chart(doc, index, title, out);
    out << "</section>\n";
}

}  // namespace bytebench::reporters::html
