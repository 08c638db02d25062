#include "section_text.h"

#include <cctype>
#include <utility>
#include <vector>

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

}  // namespace

std::string ascii(const std::string &text) {
    static const std::pair<const char *, const char *> kSymbols[] = {
        {"\u00B1", "+/-"}, {"\u00D7", "x"}, {"\u2014", "-"},  {"\u2013", "-"},
        {"\u26A0", "!"},   {"\u2020", "!"}, {"\u2026", "..."}};
    std::string result = text;
    for (const auto &[symbol, replacement] : kSymbols)
        for (size_t at = result.find(symbol); at != std::string::npos;
             at = result.find(symbol, at + std::char_traits<char>::length(replacement)))
            result.replace(at, std::char_traits<char>::length(symbol), replacement);
    return result;
}

void write_section(const model::Section &section, std::ostream &out) {
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
