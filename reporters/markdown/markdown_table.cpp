#include "markdown_table.h"

#include <algorithm>

#include "common/text_width.h"

namespace bytebench::reporters::markdown {
namespace {

// The delimiter row needs three characters per column, the colon included.
constexpr size_t kMinimumWidth = 3;

void write_line(const std::vector<std::string> &cells, const std::vector<TableColumn> &columns,
                const std::vector<size_t> &widths, std::ostream &out) {
    out << '|';
    for (size_t i = 0; i < columns.size(); ++i) {
        const std::string cell = i < cells.size() ? cells[i] : std::string();
        out << ' ' << pad(cell, widths[i], columns[i].align == Align::right) << " |";
    }
    out << '\n';
}

void write_delimiter(const std::vector<TableColumn> &columns, const std::vector<size_t> &widths,
                     std::ostream &out) {
    out << '|';
    for (size_t i = 0; i < columns.size(); ++i) {
        const std::string dashes(widths[i] + 1, '-');
        out << (columns[i].align == Align::right ? dashes + ":" : ":" + dashes) << '|';
    }
    out << '\n';
}

}  // namespace

void Table::write(std::ostream &out) const {
    std::vector<size_t> widths;
    for (const TableColumn &column : columns_)
        widths.push_back(std::max(kMinimumWidth, display_width(column.heading)));
    for (const auto &row : rows_)
        for (size_t i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], display_width(row[i]));
    std::vector<std::string> headings;
    for (const TableColumn &column : columns_) headings.push_back(column.heading);
    write_line(headings, columns_, widths, out);
    write_delimiter(columns_, widths, out);
    for (const auto &row : rows_) write_line(row, columns_, widths, out);
}

}  // namespace bytebench::reporters::markdown
