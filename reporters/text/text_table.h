// A plain fixed-width table for the terminal: columns as wide as their widest cell, a given
// number of blanks before each, no trailing blanks. A column that is empty in every row is
// left out with its gap, so that optional markers cost nothing when unused.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace bytebench::reporters::text {

// What a table cell shows for a number a test does not have.
inline constexpr const char *kAbsentCell = "-";

struct TextColumn {
    bool align_right;
    size_t gap;  // blanks before the column (none before the first one that is shown)
};

class TextTable {
  public:
    explicit TextTable(std::vector<TextColumn> columns) : columns_(std::move(columns)) {}

    // Missing cells are empty.
    void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

    // A line of '-' as wide as the table.
    void add_rule() { rows_.emplace_back(); }

    void write(std::ostream &out) const;

  private:
    std::vector<size_t> widths() const;

    std::vector<TextColumn> columns_;
    std::vector<std::vector<std::string>> rows_;  // an empty row is a rule
};

}  // namespace bytebench::reporters::text
