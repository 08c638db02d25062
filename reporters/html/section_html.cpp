#include "section_html.h"

#include <string>
#include <vector>

#include "format.h"
#include "html_page.h"

namespace bytebench::reporters::html {
namespace {

// What a cell shows for a number a test does not have.
constexpr const char *kAbsentText = "\u2014";  // —

// A list longer than this is folded: a fleet's comparison can fail in a hundred cells, and
// the tables should not be a screen further down.
constexpr size_t kUnfoldedItems = 10;

const char *tone_class(model::Tone tone) {
    switch (tone) {
        case model::Tone::good:
            return "ok";
        case model::Tone::warn:
            return "warn";
        case model::Tone::bad:
            return "bad";
        case model::Tone::plain:
            break;
    }
    return "";
}

std::string cell_html(const model::Cell &cell, model::Align align) {
    std::string classes = align == model::Align::right ? "num" : "";
    if (cell.text == "unknown") classes += classes.empty() ? "unknown" : " unknown";
    std::string html = "<td" + (classes.empty() ? "" : " class=\"" + classes + "\"");
    if (!cell.note.empty()) html += " title=\"" + escape(cell.note) + "\"";
    html += ">";
    if (cell.text.empty())
        html += kAbsentText;
    else if (cell.tone != model::Tone::plain)
        html += badge(cell.text, tone_class(cell.tone));
    else
        html += escape(cell.text);
    return html + "</td>";
}

void write_table(const model::Section &section, std::ostream &out) {
    const std::vector<model::Column> &columns = section.table.columns;
    out << "<div class=\"table-wrap\"><table class=\"" << escape(section.id) << "\">\n<thead><tr>";
    for (const model::Column &column : columns)
        out << (column.align == model::Align::right ? "<th class=\"num\">" : "<th>")
            << escape(column.heading) << "</th>";
    out << "</tr></thead>\n<tbody>\n";
    for (const std::vector<model::Cell> &cells : section.table.rows) {
        out << "<tr>";
        for (size_t i = 0; i < cells.size() && i < columns.size(); ++i)
            out << cell_html(cells[i], columns[i].align);
        out << "</tr>\n";
    }
    out << "</tbody>\n</table></div>\n";
}

std::string details_html(const std::vector<std::string> &details) {
    if (details.empty()) return "";
    std::string html = "<ul>\n";
    for (const std::string &detail : details) html += "<li>" + escape(detail) + "</li>\n";
    return html + "</ul>";
}

void write_items(const model::Section &section, std::ostream &out) {
    const std::vector<model::Item> &items = section.items;
    if (items.empty()) return;
    const bool folded = items.size() > kUnfoldedItems;
    if (folded)
        out << "<details><summary>" << items.size() << " " << escape(section.item_noun)
            << "</summary>\n";
    out << "<ul>\n";
    for (const model::Item &item : items)
        out << "<li>" << (item.subject.empty() ? "" : "<em>" + escape(item.subject) + "</em>: ")
            << escape(item.text) << details_html(item.details) << "</li>\n";
    out << "</ul>\n" << (folded ? "</details>\n" : "");
}

}  // namespace

void write_section(const model::Section &section, int level, std::ostream &out) {
    const bool notice = section.tone != model::Tone::plain;
    if (notice)
        out << "<section id=\"" << escape(section.id) << "\" class=\"notice "
            << tone_class(section.tone) << "\">\n";
    out << "<h" << level << ">" << escape(section.title);
    if (!section.status.empty()) out << ": " << badge(section.status, tone_class(section.tone));
    out << "</h" << level << ">\n";
    if (!section.lead.empty()) out << "<p>" << escape(section.lead) << "</p>\n";
    if (!section.table.empty()) write_table(section, out);
    write_items(section, out);
    if (!section.legend.empty()) out << "<p class=\"muted\">" << escape(section.legend) << "</p>\n";
    if (notice) out << "</section>\n";
}

}  // namespace bytebench::reporters::html
