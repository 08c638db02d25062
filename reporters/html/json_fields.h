// Tolerant reading of the documents' members, shared with the other reporters
// (common/json_access.hpp, common/result_access.hpp, common/comparison_access.hpp): members may
// be absent or of the wrong type, and every read has a fallback instead of throwing.
#ifndef BYTEBENCH_REPORTERS_HTML_JSON_FIELDS_H
#define BYTEBENCH_REPORTERS_HTML_JSON_FIELDS_H

#include <nlohmann/json.hpp>

#include "../common/comparison_access.hpp"
#include "../common/json_access.hpp"
#include "../common/result_access.hpp"

namespace bytebench::html {

using nlohmann::json;

using reporters::cell_index;
using reporters::cell_is_ok;
using reporters::cell_status;
using reporters::display_name;
using reporters::elements;
using reporters::flag_member;
using reporters::index_title;
using reporters::integer_member;
using reporters::member;
using reporters::number_member;
using reporters::row_comparable;
using reporters::row_has_index;
using reporters::string_member;
using reporters::test_is_ok;
using reporters::test_status;
using reporters::tests_by_name;
using reporters::text_of;

}  // namespace bytebench::html

#endif  // BYTEBENCH_REPORTERS_HTML_JSON_FIELDS_H
