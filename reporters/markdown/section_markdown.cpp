#include "section_markdown.h"

#include <string>
#include <vector>

#include "common/c_format.h"
#include "common/comparison_columns.h"
#include "common/join.h"
#include "common/markdown.h"
#include "common/text_width.h"
#include "markdown_table.h"

namespace bytebench::reporters::markdown {
namespace {

void write_table(const model::Table &model_table, std::ostream &out) {
    std::vector<TableColumn> columns;
    for (const model::Column &column : model_table.columns)
        columns.push_back({markdown_escape(column.heading),
                           column.align == model::Align::right ? Align::right : Align::left});
    Table table(columns);
    for (const std::vector<model::Cell> &cells : model_table.rows) {
        std::vector<std::string> row;
        for (const model::Cell &cell : cells) row.push_back(markdown_escape(cell.text));
        table.add_row(row);
    }
    table.write(out);
    out << '\n';
}

// What a cell shows for a number a test does not have.
constexpr const char *kAbsentText = "\u2014";  // —
// A heading up to this wide may widen its column; a longer one is shown as the column's number.
constexpr size_t kLongestHeading = 10;
constexpr size_t kMarkdownWidth = 100;

std::string block_number(size_t c) { return format("\\[%zu\\]", c); }

// A nested label is marked "↳", a footer's (an index score) is in bold.
std::string block_label(const model::Cell &label, bool footer) {
    const std::string text = markdown_escape(label.text);
    return (label.nested ? "\u21B3 " : "") + (footer ? "**" + text + "**" : text) +
           (label.mark.empty() ? "" : " " + label.mark);
}

std::string block_cell(const model::Cell &cell, bool footer) {
    std::string number = cell.text.empty() ? kAbsentText : markdown_escape(cell.text);
    if (footer && !cell.text.empty() && cell.tone == model::Tone::plain)
        number = "**" + number + "**";
    return join_known({number, cell.delta, markdown_escape(cell.mark)}, " ");
}

// One table per block of columns, each repeating the first column and at most 100 characters
// of Markdown: GitHub scrolls a wide table, but the row names scroll out of sight with it, and
// the source, read in a terminal or a review, stays a table.
void write_blocks(const model::Section &section, std::ostream &out) {
    const model::Table &table = section.table;
    std::vector<std::vector<std::string>> rows;
    size_t label_width = display_width(markdown_escape(table.columns[0].heading));
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const bool footer = r + table.footer_rows >= table.rows.size();
        rows.push_back({block_label(table.rows[r][0], footer)});
        for (size_t c = 1; c < table.columns.size(); ++c)
            rows.back().push_back(block_cell(table.rows[r][c], footer));
        label_width = std::max(label_width, display_width(rows.back()[0]));
    }
    std::vector<TableColumn> headings = {{markdown_escape(table.columns[0].heading), Align::left}};
    std::vector<size_t> widths;
    for (size_t c = 1; c < table.columns.size(); ++c) {
        size_t width = 0;
        for (const std::vector<std::string> &row : rows)
            width = std::max(width, display_width(row[c]));
        const std::string heading = markdown_escape(table.columns[c].heading);
        headings.push_back(
            {display_width(heading) > std::max(width, kLongestHeading) ? block_number(c) : heading,
             Align::right});
        widths.push_back(std::max(width, display_width(headings.back().heading)));
    }
    // "| " + label + " |", then " " + cell + " |" per column.
    const auto blocks = column_blocks(widths, label_width + 4, 3, kMarkdownWidth);
    const size_t count = widths.size();
    for (const auto &block : blocks) {
        if (blocks.size() > 1)
            out << (block.second - block.first == 1
                        ? format("*Column %zu of %zu*\n\n", block.second, count)
                        : format("*Columns %zu\u2013%zu of %zu*\n\n", block.first + 1, block.second,
                                 count));
        std::vector<TableColumn> layout = {headings[0]};
        for (size_t c = block.first + 1; c <= block.second; ++c) layout.push_back(headings[c]);
        Table block_table(layout);
        for (const std::vector<std::string> &row : rows) {
            std::vector<std::string> cells = {row[0]};
            for (size_t c = block.first + 1; c <= block.second; ++c) cells.push_back(row[c]);
            block_table.add_row(cells);
        }
        block_table.write(out);
        out << '\n';
        bool any = false;
        for (size_t c = block.first + 1; c <= block.second; ++c) {
            if (headings[c].heading != block_number(c)) continue;
            const std::string &key = table.columns[c].key;
            out << "- " << block_number(c) << " **" << markdown_escape(table.columns[c].heading)
                << "**" << (key.empty() ? "" : ": " + markdown_escape(key)) << '\n';
            any = true;
        }
        if (any) out << '\n';
    }
}

}  // namespace

void write_section(const model::Section &section, int level, std::ostream &out) {
    out << std::string(static_cast<size_t>(level), '#') << ' ' << markdown_escape(section.title)
        << (section.status.empty() ? "" : ": " + markdown_escape(section.status)) << "\n\n";
    if (!section.lead.empty()) out << markdown_escape(section.lead) << "\n\n";
    if (section.table.blocks)
        write_blocks(section, out);
    else if (!section.table.empty())
        write_table(section.table, out);
    for (const model::Item &item : section.items) {
        out << "- " << (item.subject.empty() ? "" : "*" + markdown_escape(item.subject) + "*: ")
            << markdown_escape(item.text) << '\n';
        for (const std::string &detail : item.details)
            out << "  - " << markdown_escape(detail) << '\n';
    }
    if (!section.items.empty()) out << '\n';
    if (!section.legend.empty()) out << markdown_escape(section.legend) << "\n\n";
}

}  // namespace bytebench::reporters::markdown
