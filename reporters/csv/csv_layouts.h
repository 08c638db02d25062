// The tables the CSV reporters write; see README.md for their columns.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

namespace bytebench::reporters::csv {

// A result in UnixBench's layout: a column per test, a row per copy-pass.
void write_unixbench_csv(const nlohmann::json &result, std::ostream &out);

// A result in long form: a row per pass of every test, and a row per index score.
void write_long_csv(const nlohmann::json &result, std::ostream &out);

// After either layout's records: the lists of the sections every format adds after a
// copy-pass (common/run_sections.h), a record per item, keyed by the copy-pass's copies.
void write_run_lists(const nlohmann::json &result, std::ostream &out);

// A comparison in long form: a row per section, test and input.
void write_comparison_csv(const nlohmann::json &comparison, std::ostream &out);

}  // namespace bytebench::reporters::csv
