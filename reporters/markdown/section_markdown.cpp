#include "section_markdown.h"

#include <string>
#include <vector>

#include "common/markdown.h"
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

}  // namespace

void write_section(const model::Section &section, int level, std::ostream &out) {
    out << std::string(static_cast<size_t>(level), '#') << ' ' << markdown_escape(section.title)
        << (section.status.empty() ? "" : ": " + markdown_escape(section.status)) << "\n\n";
    if (!section.lead.empty()) out << markdown_escape(section.lead) << "\n\n";
    if (!section.table.empty()) write_table(section.table, out);
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
