// The report model: what a report says, built once from the document by the section builders
// (run_sections.h, result_sections.h, comparison_sections.h) and only laid out by each format's
// renderer (text/section_text, markdown/section_markdown, html/section_html, csv/section_csv). A
// section added to a builder appears in every format; a renderer never reads JSON.
//
// Everything is plain UTF-8 text, not escaped: escaping is the renderer's (Markdown, HTML,
// CSV), and so is the ASCII form the text report needs ("±" becomes "+/-" there).
// Header-only.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace bytebench::reporters::model {

enum class Align { left, right };

// How a cell or a section reads: `warn` and `bad` stand out (a badge, a coloured notice),
// `good` reassures (a gate that passed); `plain` is everything else.
enum class Tone { plain, good, warn, bad };

// The model holds the text a cell shows, not the number behind it: the machine-readable
// formats (JSON, CSV) carry the document's numbers themselves.
struct Cell {
    std::string text;  // "" when the test has no such number (each format shows its own absent
                       // mark: "-", "—" or nothing)
    Tone tone = Tone::plain;
    std::string note;  // where the number comes from or why it is missing (a tooltip in HTML;
                       // left out where there is no room)
    // A comparison cell's change and mark beside its number, kept apart so that the text report
    // can line each up in a sub-column of its own: "+17.0%", and "▲" better, "▼"
    // worse, "~" noise, "?" unknown, "*" partial index, "†" not comparable (on a label).
    std::string delta;
    std::string mark;
    bool nested = false;  // a row label under the row above (a metric under its test)
};

struct Column {
    // A constructor, so that the builders' {heading, align} need not spell out the key.
    Column(std::string heading_ = "", Align align_ = Align::left, std::string key_ = "")
        : heading(std::move(heading_)), align(align_), key(std::move(key_)) {}
    std::string heading;
    Align align = Align::left;
    // What a column stands for, spelled out under a table whose heading had to be shortened
    // to the column's number ("[7]"): a comparison's column has a long name.
    std::string key;
};

// Columns and rows; a table without columns is no table (a section of items only).
struct Table {
    std::vector<Column> columns;
    std::vector<std::vector<Cell>> rows;
    size_t footer_rows = 0;  // the last rows are totals (index scores): set apart, in bold
    // Many columns (a pivot's): split into blocks of columns that fit the page, each repeating
    // the first column, rather than one table that scrolls the row names out of sight.
    bool blocks = false;
    bool empty() const { return columns.empty(); }
};

// One line of a list: "<subject>: <text>", the subject (a test, a section) set apart where the
// format can ("*Dhrystone*: ...").
struct Item {
    std::string subject;  // "" for a line about nothing in particular
    std::string text;
    std::vector<std::string> details;  // lines under it ("A: 6.1.0"), when one line is too long
};

// A block of a report: a heading, then a table, then a list, then a legend, each optional.
// `id` is a stable name (an HTML id and class, the first CSV column): "metrics",
// "environment", "warnings", "gate", ...
struct Section {
    std::string id;
    std::string title;
    std::string status;  // a one-word state after the title ("failed"), shown with `tone`
    Tone tone = Tone::plain;
    std::string lead;  // a sentence before the table or the list
    Table table;
    std::vector<Item> items;
    std::string item_noun = "items";  // what the items are, for a folded list ("failures")
    std::string legend;               // what the columns mean, after everything else
    bool detail = false;  // the text report shows it only with --stats (its default report is
                          // UnixBench's, line for line, plus one-line notes)
};

}  // namespace bytebench::reporters::model
