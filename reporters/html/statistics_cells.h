// The statistics of a result page (docs/statistics.md): intervals, coefficients of variation
// and outliers as table cells. Shown only for copy-passes whose tests carry them, so that a
// page of an older or imported result is what it was.
#pragma once

#include <string>
#include <vector>

#include "json_fields.h"

namespace bytebench::reporters::html {

// Whether any of `tests` has the statistics the core now writes (`stats.n`).
bool has_statistics(const std::vector<const json *> &tests);

// <td> cells of a test that ran ok: the 95% interval of its value, its coefficient of
// variation, its outlier passes (badges), the 95% interval of its index.
std::string value_interval_cell(const json &test);
std::string cv_cell(const json &test);
std::string outliers_cell(const json &test);
std::string index_interval_cell(const json &test);

// The <td> of an index score's 95% interval, and a sentence on how it was computed or why
// there is none ("" when the result does not say).
std::string score_interval_cell(const json &index);
std::string score_interval_note(const json &index);

// "95% CI 650.1 – 752.3" for a score card; "" when the index has no interval.
std::string score_interval_text(const json &index);

}  // namespace bytebench::reporters::html
