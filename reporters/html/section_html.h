// The HTML layout of a model section (common/report_model.h): a heading, the table (numbers
// right-aligned in tabular figures, a cell's note as its tooltip, a warning cell as a badge),
// the list (folded when long), the legend; every text escaped here. A section with a tone is
// a notice box (a gate, warnings).
#pragma once

#include <ostream>

#include "common/report_model.h"

namespace bytebench::reporters::html {

// Writes the section under an <h`level`>.
void write_section(const model::Section &section, int level, std::ostream &out);

}  // namespace bytebench::reporters::html
