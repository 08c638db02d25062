#include "section_csv.h"

#include "common/csv.h"

namespace bytebench::reporters::csv {

bool has_records(const model::Section &section) {
    return section.table.empty() && !section.items.empty();
}

void write_section_heading(const std::vector<std::string> &key_columns, std::ostream &out) {
    std::vector<std::string> heading = key_columns;
    heading.insert(heading.end(), {"section", "subject", "text"});
    out << '\n';
    write_csv_record(out, heading);
}

void write_section_records(const model::Section &section, const std::vector<std::string> &keys,
                           std::ostream &out) {
    if (!has_records(section)) return;
    for (const model::Item &item : section.items) {
        std::vector<std::string> record = keys;
        record.insert(record.end(), {section.id, item.subject, item.text});
        write_csv_record(out, record);
    }
}

}  // namespace bytebench::reporters::csv
