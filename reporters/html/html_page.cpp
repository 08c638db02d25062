#include "html_page.h"

#include "format.h"

namespace bytebench::reporters::html {
namespace {

// System fonts only: a web font would be an external resource. The colours for better,
// worse and noise are GitHub's, which read well on screen and in print; `print-color-adjust`
// keeps them (and the chart bars) when printing.
const char *const kStyle = R"css(
:root {
  color-scheme: light;
  --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --zebra: #f6f8fa; --accent: #0969da;
  --better: #1a7f37; --worse: #cf222e; --noise: #6e7781;
  --warn-bg: #fff8c5; --warn-line: #d4a72c; --warn-fg: #7d4e00;
  --bad-bg: #ffebe9; --bad-line: #ffcecb; --ok-bg: #dafbe1; --ok-line: #aceebb;
}
* { box-sizing: border-box; }
html { background: #fff; }
body {
  margin: 0 auto; max-width: 1140px; padding: 28px 32px 40px;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        "Noto Sans", "Liberation Sans", sans-serif;
  color: var(--fg);
}
header.page { border-bottom: 3px solid var(--fg); padding-bottom: 12px; margin-bottom: 8px; }
.kicker { margin: 0; color: var(--muted); font-size: .8em; font-weight: 600;
          letter-spacing: .08em; text-transform: uppercase; }
h1 { font-size: 1.75em; line-height: 1.25; margin: .15em 0 .2em; overflow-wrap: anywhere; }
.subtitle { margin: 0; color: var(--muted); }
h2 { font-size: 1.3em; margin: 2.2em 0 .6em; padding-bottom: .25em;
     border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05em; margin: 1.6em 0 .4em; }
p { margin: .4em 0; }
.period { color: var(--muted); margin-top: -.3em; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin: .4em 0 1em; font-size: .9em; }
th, td { padding: 5px 10px; border-bottom: 1px solid var(--line); text-align: left;
         vertical-align: top; }
thead th { border-bottom: 2px solid var(--fg); font-weight: 600; white-space: nowrap; }
thead th.group { text-align: center; border-bottom: 1px solid var(--line); }
tbody tr:nth-child(even) { background: var(--zebra); }
tfoot th, tfoot td { border-top: 2px solid var(--fg); border-bottom: none; font-weight: 600; }
colgroup.input { border-left: 1px solid var(--line); }
.nowrap { white-space: nowrap; }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.info th { width: 10em; color: var(--muted); font-weight: 500; }
table.info td { overflow-wrap: anywhere; }
.flags { display: block; color: var(--muted); font-size: .88em; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono",
              monospace; font-size: .9em; }
.swatch { display: inline-block; width: .75em; height: .75em; border-radius: 2px;
          margin-right: .45em; }
.unit { color: var(--muted); font-size: .85em; margin-left: .3em; }
.muted { color: var(--muted); }
.badge { display: inline-block; padding: 0 .55em; border: 1px solid; border-radius: 1em;
         font-size: .78em; font-weight: 600; line-height: 1.6; white-space: nowrap;
         vertical-align: .1em; }
.badge.ok { color: var(--better); background: var(--ok-bg); border-color: var(--ok-line); }
.badge.bad { color: var(--worse); background: var(--bad-bg); border-color: var(--bad-line); }
.badge.warn { color: var(--warn-fg); background: var(--warn-bg); border-color: var(--warn-line); }
.badge.info { color: var(--accent); background: #ddf4ff; border-color: #b6e3ff; }
tr.failed td { color: var(--muted); }
.error { color: var(--worse); font-size: .92em; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 1.2em 0 .5em; }
.card { flex: 0 1 300px; border: 1px solid var(--line); border-left: 4px solid var(--accent);
        border-radius: 6px; padding: 8px 16px; }
.card .score { font-size: 2em; font-weight: 650; line-height: 1.2;
               font-variant-numeric: tabular-nums; }
.card .label { color: var(--muted); font-size: .85em; }
.notice { border: 1px solid; border-radius: 10px; padding: 10px 16px; margin: 1em 0; }
.notice h2 { font-size: 1.05em; margin: 0 0 .3em; padding: 0; border: none; }
.notice ul { margin: .3em 0 0; padding-left: 1.3em; }
.notice.warn { background: var(--warn-bg); border-color: var(--warn-line); color: var(--warn-fg); }
.notice.bad { background: var(--bad-bg); border-color: var(--bad-line); }
.notice.ok { background: var(--ok-bg); border-color: var(--ok-line); }
td.delta { font-weight: 600; }
.better { color: var(--better); }
.worse { color: var(--worse); }
.noise { color: var(--noise); }
.unknown { color: var(--noise); font-style: italic; font-weight: 400; }
.mark { display: inline-block; width: 1.1em; text-align: center; font-size: .85em; }
td.missing { color: var(--muted); font-style: italic; text-align: center; }
.note { display: block; color: var(--warn-fg); font-size: .85em; }
tr.metric td:first-child { padding-left: 1.6em; }
tr.not-comparable td:first-child { box-shadow: inset 3px 0 var(--warn-line); }
figure { margin: 1em 0 1.6em; }
figcaption { font-weight: 600; margin-bottom: .3em; }
figcaption .muted { font-weight: 400; }
svg.chart { display: block; width: 100%; max-width: 960px; height: auto; }
svg.chart text { font-size: 12px; fill: var(--fg); }
svg.chart text.value, svg.chart text.tick { font-size: 11px; fill: var(--muted);
                                            font-variant-numeric: tabular-nums; }
svg.chart text.note { font-size: 11px; font-style: italic; fill: var(--worse); }
svg.chart line.grid { stroke: #e6eaef; stroke-width: 1; }
svg.chart line.baseline { stroke: var(--fg); stroke-width: 1; }
footer { margin-top: 3em; padding-top: .8em; border-top: 1px solid var(--line);
         color: var(--muted); font-size: .85em; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h2, h3 { break-after: avoid; }
  figure, tr, .card, .notice { break-inside: avoid; }
  .table-wrap { overflow: visible; }
}
)css";

}  // namespace

void write_page_start(std::ostream &out, const std::string &title, const std::string &kicker,
                      const std::string &subtitle, const char *extra_style) {
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        << "<meta name=\"generator\" content=\"bytebench html reporter\">\n"
        << "<title>" << escape(title) << "</title>\n<style>" << kStyle << extra_style
        << "</style>\n"
        << "</head>\n<body>\n<header class=\"page\">\n"
        << "<p class=\"kicker\">" << escape(kicker) << "</p>\n"
        << "<h1>" << escape(title) << "</h1>\n";
    if (!subtitle.empty()) out << "<p class=\"subtitle\">" << escape(subtitle) << "</p>\n";
    out << "</header>\n<main>\n";
}

void write_page_end(std::ostream &out, const std::string &footer) {
    out << "</main>\n<footer>" << escape(footer) << "</footer>\n</body>\n</html>\n";
}

std::string badge(const std::string &text, const char *kind) {
    return std::string("<span class=\"badge ") + kind + "\">" + escape(text) + "</span>";
}

std::string number_cell(const std::string &text) {
    return "<td class=\"num\">" + escape(text) + "</td>";
}

}  // namespace bytebench::reporters::html
