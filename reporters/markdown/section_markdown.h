// The Markdown layout of a model section (common/report_model.h): a heading, the table, the
// list, the legend; every text escaped here.
#pragma once

#include <ostream>

#include "common/report_model.h"

namespace bytebench::reporters::markdown {

// Writes the section under a heading of `level` (4 is "####"), ending with a blank line.
void write_section(const model::Section &section, int level, std::ostream &out);

}  // namespace bytebench::reporters::markdown
