// The text report's layout of a model section (common/report_model.h): the table as the
// UnixBench blocks are laid out (the title in the heading's first column, a rule, padded
// columns), then the list and the legend wrapped to the terminal's width, in ASCII.
#pragma once

#include <ostream>
#include <string>

#include "common/report_model.h"

namespace bytebench::reporters::text {

// `text` with the few non-ASCII symbols the model uses in their ASCII form ("±" as "+/-"): a
// terminal's table needs every character to be one column, and logs may not be UTF-8.
std::string ascii(const std::string &text);

// Writes the section, ending with a blank line.
void write_section(const model::Section &section, std::ostream &out);

}  // namespace bytebench::reporters::text
