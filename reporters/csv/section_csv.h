// The CSV layout of model sections (common/report_model.h). A CSV's records already carry
// every number of the tables (a column each), so what the CSV reporters add is the sections'
// lists, which have no column: after a blank line, a second table with a record per item.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "common/report_model.h"

namespace bytebench::reporters::csv {

// Whether the section has a list for write_section_records().
bool has_records(const model::Section &section);

// The heading record of the items' table: `key_columns` (what places a section: "copies"),
// then section, subject, text.
void write_section_heading(const std::vector<std::string> &key_columns, std::ostream &out);

// A record per item of a section without a table: `keys`, the section's id, the item's
// subject and text.
void write_section_records(const model::Section &section, const std::vector<std::string> &keys,
                           std::ostream &out);

}  // namespace bytebench::reporters::csv
