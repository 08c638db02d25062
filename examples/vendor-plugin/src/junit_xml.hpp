// JUnit XML from a bytebench result document (bytebench.result/1), for the CI
// systems that read test reports: Jenkins, GitLab, GitHub test reporters.
// Independent of the plugin SDK, so that the tests can call it directly.
#ifndef VENDOR_PLUGIN_JUNIT_XML_HPP
#define VENDOR_PLUGIN_JUNIT_XML_HPP

#include <ostream>
#include <string>
#include <string_view>

namespace vendor {

// Escapes UTF-8 text for XML 1.0: & < > " ' become entities; characters XML
// 1.0 does not allow (C0 controls other than tab, newline and carriage return,
// U+FFFE, U+FFFF) are dropped; invalid UTF-8 becomes U+FFFD. In an attribute
// (`attribute` true) tab, newline and carriage return become character
// references, which XML parsers would otherwise turn into spaces; in element
// text only the carriage return does.
std::string xml_escape(std::string_view text, bool attribute = true);

// Renders `json` as a JUnit XML document onto `out`. Throws
// std::runtime_error when `json` is not a bytebench result document (not JSON,
// no schema, a comparison document, an unknown schema major).
void write_junit(std::string_view json, std::ostream &out);

}  // namespace vendor

#endif  // VENDOR_PLUGIN_JUNIT_XML_HPP
