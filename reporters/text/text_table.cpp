#include "text_table.h"

#include <algorithm>

#include "common/text_width.h"

namespace bytebench::reporters::text {
namespace {

std::string without_trailing_blanks(std::string line) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line;
}

}  // namespace

// 0 for a column that is empty in every row.
std::vector<size_t> TextTable::widths() const {
    std::vector<size_t> widths(columns_.size(), 0);
    for (const auto &row : rows_)
        for (size_t i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], display_width(row[i]));
    return widths;
}

void TextTable::write(std::ostream &out) const {
    const std::vector<size_t> widths = this->widths();
    size_t total = 0;
    for (size_t i = 0; i < columns_.size(); ++i)
        if (widths[i] > 0) total += (total > 0 ? columns_[i].gap : 0) + widths[i];
    for (const auto &row : rows_) {
        if (row.empty()) {
            out << std::string(total, '-') << '\n';
            continue;
        }
        std::string line;
        bool first = true;
        for (size_t i = 0; i < columns_.size(); ++i) {
            if (widths[i] == 0) continue;
            if (!first) line.append(columns_[i].gap, ' ');
            first = false;
            const std::string cell = i < row.size() ? row[i] : std::string();
            line += pad(cell, widths[i], columns_[i].align_right);
        }
        out << without_trailing_blanks(line) << '\n';
    }
}

}  // namespace bytebench::reporters::text
