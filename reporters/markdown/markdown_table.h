// A GitHub-flavoured Markdown table whose columns are padded to a common width, so that the
// Markdown reads as a table before it is rendered too.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace bytebench::reporters::markdown {

enum class Align { left, right };

struct TableColumn {
    std::string heading;  // Markdown, already escaped
    Align align;
};

class Table {
  public:
    explicit Table(std::vector<TableColumn> columns) : columns_(std::move(columns)) {}

    // Cells are Markdown, already escaped; missing cells are left empty.
    void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

    void write(std::ostream &out) const;

  private:
    std::vector<TableColumn> columns_;
    std::vector<std::vector<std::string>> rows_;
};

}  // namespace bytebench::reporters::markdown
