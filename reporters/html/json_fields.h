// Tolerant reading of the documents' members, shared with the other reporters
// (base/json_read.h, common/result_access.h, common/comparison_access.h): members may
// be absent or of the wrong type, and every read has a fallback instead of throwing.
#pragma once

#include <nlohmann/json.hpp>

#include "base/json_read.h"
#include "common/comparison_access.h"
#include "common/result_access.h"

namespace bytebench::reporters::html {

using nlohmann::json;

using bytebench::elements;
using bytebench::flag_member;
using bytebench::integer_member;
using bytebench::member;
using bytebench::number_member;
using bytebench::string_member;
using bytebench::text_of;
using reporters::cell_index;
using reporters::cell_is_ok;
using reporters::cell_status;
using reporters::display_name;
using reporters::gate_status;
using reporters::gate_threshold_text;
using reporters::grouped_notes;
using reporters::GroupedNote;
using reporters::index_title;
using reporters::is_metric_row;
using reporters::metric_display_name;
using reporters::row_comparable;
using reporters::row_has_index;
using reporters::test_is_ok;
using reporters::test_status;
using reporters::tests_by_name;
using reporters::unit_and_direction;

}  // namespace bytebench::reporters::html
