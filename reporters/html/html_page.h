// The frame shared by both pages: an HTML5 document with its stylesheet inline, so that a
// saved report opens offline, by mail or from an archive exactly as it was written.
#pragma once

#include <ostream>
#include <string>

namespace bytebench::reporters::html {

// <!DOCTYPE html> through <body> and the page header. Arguments are plain text (escaped
// here): `kicker` is the small line above the heading, `subtitle` the line below it.
// `extra_style` (CSS, not escaped) follows the shared stylesheet, for the rules of one layout.
void write_page_start(std::ostream &out, const std::string &title, const std::string &kicker,
                      const std::string &subtitle, const char *extra_style = "");

// The footer (plain text) and the end of the document.
void write_page_end(std::ostream &out, const std::string &footer);

// <span class="badge KIND">text</span>; KIND is ok, bad, warn or info. `text` is plain.
std::string badge(const std::string &text, const char *kind);

// A table cell with a number: right-aligned, tabular figures. `text` is plain.
std::string number_cell(const std::string &text);

}  // namespace bytebench::reporters::html
