#include "section_text.h"

#include <cctype>
#include <utility>
#include <vector>

#include "common/c_format.h"
#include "common/comparison_columns.h"
#include "common/text_width.h"
#include "text_table.h"
#include "wrap.h"

namespace bytebench::reporters::text {
namespace {

// Two blanks between columns, as in UnixBench's blocks.
constexpr size_t kGap = 2;

std::string title_of(const model::Section &section) {
    return section.status.empty() ? section.title : section.title + ": " + section.status;
}

// "Gate: FAILED; significantly worse by more than 5.0%:": a status on the line of its
// sentence, in capitals when it is bad news, as the report's statuses of tests are.
std::string status_line(const model::Section &section) {
    std::string status = section.status;
    if (section.tone == model::Tone::bad)
        for (char &c : status) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::string lead = section.lead;
    if (!lead.empty())
        lead[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(lead[0])));
    return section.title + ": " + status + (lead.empty() ? "" : "; " + lead);
}

void write_table(const model::Section &section, std::ostream &out) {
    std::vector<TextColumn> columns;
    std::vector<std::string> heading;
    for (const model::Column &column : section.table.columns) {
        columns.push_back({column.align == model::Align::right, columns.empty() ? 0 : kGap});
        heading.push_back(heading.empty() ? title_of(section) : ascii(column.heading));
    }
    TextTable table(std::move(columns));
    table.add_row(std::move(heading));
    table.add_rule();
    for (const std::vector<model::Cell> &cells : section.table.rows) {
        std::vector<std::string> row;
        for (const model::Cell &cell : cells)
            row.push_back(cell.text.empty() ? kAbsentCell : ascii(cell.text));
        table.add_row(std::move(row));
    }
    table.write(out);
    out << '\n';
}

// A heading up to this wide may widen its column; a longer one is shown as the column's number.
constexpr size_t kLongestHeading = 10;

std::string block_number(size_t i) { return format("[%zu]", i); }

std::string row_label(const model::Cell &label) {
    return (label.nested ? "  " : "") + ascii(label.text) +
           (label.mark.empty() ? "" : " " + ascii(label.mark));
}

// A blocked table's column laid out: each cell's number, delta and mark lined up in
// sub-columns of their own, so that a column of changes reads down like a column of numbers.
struct BlockColumn {
    std::string heading;
    std::vector<std::string> cells;
    bool abbreviated = false;
    size_t width = 0;
};

BlockColumn block_column(const model::Table &table, size_t c) {
    size_t number = 0, delta = 0, mark = 0;
    for (const std::vector<model::Cell> &row : table.rows) {
        const model::Cell &cell = row[c];
        number = std::max(number, display_width(cell.text.empty() ? kAbsentCell : cell.text));
        delta = std::max(delta, display_width(cell.delta));
        mark = std::max(mark, display_width(ascii(cell.mark)));
    }
    BlockColumn column;
    for (const std::vector<model::Cell> &row : table.rows) {
        const model::Cell &cell = row[c];
        std::string text = pad(cell.text.empty() ? kAbsentCell : cell.text, number, true);
        if (delta > 0) text += " " + pad(cell.delta, delta, true);
        if (mark > 0) text += " " + pad(ascii(cell.mark), mark, false);
        column.cells.push_back(text);
    }
    const size_t width = number + (delta > 0 ? 1 + delta : 0) + (mark > 0 ? 1 + mark : 0);
    const std::string heading = ascii(table.columns[c].heading);
    column.abbreviated = display_width(heading) > std::max(width, kLongestHeading);
    column.heading = column.abbreviated ? block_number(c) : heading;
    column.width = std::max(width, display_width(column.heading));
    return column;
}

// Under a block: the names its headings abbreviate, and what they stand for.
void write_block_key(const model::Table &table, const std::vector<BlockColumn> &columns,
                     std::pair<size_t, size_t> block, std::ostream &out) {
    size_t width = 0;
    const auto name = [&table](size_t c) {
        return block_number(c) + " " + ascii(table.columns[c].heading);
    };
    for (size_t c = block.first; c < block.second; ++c)
        if (columns[c].abbreviated) width = std::max(width, display_width(name(c)));
    for (size_t c = block.first; c < block.second; ++c)
        if (columns[c].abbreviated)
            write_wrapped(out, ascii(table.columns[c].key),
                          "  " + pad(name(c), width, false) + "  ", "      ");
    if (width > 0) out << '\n';
}

void write_block(const model::Table &table, const std::vector<BlockColumn> &columns,
                 std::pair<size_t, size_t> block, std::ostream &out) {
    std::vector<TextColumn> layout = {{false, 0}};
    std::vector<std::string> heading = {ascii(table.columns[0].heading)};
    for (size_t c = block.first; c < block.second; ++c) {
        layout.push_back({true, kGap});
        heading.push_back(columns[c].heading);
    }
    TextTable text_table(layout);
    text_table.add_row(heading);
    text_table.add_rule();
    for (size_t r = 0; r < table.rows.size(); ++r) {
        if (r + table.footer_rows == table.rows.size()) text_table.add_rule();
        std::vector<std::string> cells = {row_label(table.rows[r][0])};
        for (size_t c = block.first; c < block.second; ++c) cells.push_back(columns[c].cells[r]);
        text_table.add_row(cells);
    }
    text_table.write(out);
    out << '\n';
    write_block_key(table, columns, block, out);
}

// The first column, then as many others as fit 100 columns of text, the title over each block.
void write_blocks(const model::Section &section, std::ostream &out) {
    const model::Table &table = section.table;
    std::vector<BlockColumn> columns(1);
    std::vector<size_t> widths;
    size_t label_width = display_width(ascii(table.columns[0].heading));
    for (const std::vector<model::Cell> &row : table.rows)
        label_width = std::max(label_width, display_width(row_label(row[0])));
    for (size_t c = 1; c < table.columns.size(); ++c) {
        columns.push_back(block_column(table, c));
        widths.push_back(columns.back().width);
    }
    const size_t count = widths.size();
    for (auto block : column_blocks(widths, label_width, kGap, kTextWidth)) {
        out << ascii(section.title);
        if (count > block.second - block.first && block.second - block.first == 1)
            out << format(" (column %zu of %zu)", block.second, count);
        else if (count > block.second - block.first)
            out << format(" (columns %zu-%zu of %zu)", block.first + 1, block.second, count);
        out << '\n';
        write_block(table, columns, {block.first + 1, block.second + 1}, out);
    }
}

}  // namespace

std::string ascii(const std::string &text) {
    static const std::pair<const char *, const char *> kSymbols[] = {
        {"\u00B1", "+/-"}, {"\u00D7", "x"},   {"\u2014", "-"}, {"\u2013", "-"}, {"\u26A0", "!"},
        {"\u2020", "!"},   {"\u2026", "..."}, {"\u25B2", "+"}, {"\u25BC", "-"}};
    std::string result = text;
    for (const auto &[symbol, replacement] : kSymbols)
        for (size_t at = result.find(symbol); at != std::string::npos;
             at = result.find(symbol, at + std::char_traits<char>::length(replacement)))
            result.replace(at, std::char_traits<char>::length(symbol), replacement);
    return result;
}

void write_section(const model::Section &section, std::ostream &out) {
    if (section.table.blocks) return write_blocks(section, out);
    const bool list = section.table.empty();
    if (!list) {
        if (!section.lead.empty()) {
            write_wrapped(out, ascii(section.lead), "", "");
            out << '\n';
        }
        write_table(section, out);
    } else if (!section.status.empty()) {
        write_wrapped(out, ascii(status_line(section)), "", "  ");
    } else {
        out << ascii(section.title) << (section.items.empty() ? "" : ":") << '\n';
        if (!section.lead.empty()) write_wrapped(out, ascii(section.lead), "", "");
    }
    // A table's notes stay a line each, as grep finds them; a list is wrapped like prose.
    for (const model::Item &item : section.items) {
        const std::string line =
            ascii(item.subject.empty() ? item.text : item.subject + ": " + item.text);
        if (list)
            write_wrapped(out, line, "  - ", "    ");
        else
            out << line << '\n';
        for (const std::string &detail : item.details)
            write_wrapped(out, ascii(detail), "      ", "        ");
    }
    if (list || !section.items.empty()) out << '\n';
    if (!section.legend.empty()) {
        write_wrapped(out, ascii(section.legend), "", "");
        out << '\n';
    }
}

}  // namespace bytebench::reporters::text
