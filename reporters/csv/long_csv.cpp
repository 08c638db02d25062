// A result in long ("tidy") form: one record per pass of every test, the test's own result
// repeated on each, so that a data-frame tool can group and plot without reshaping. A test
// without passes (skipped, or stopped before its first) still gets one record, with the pass
// columns empty, so that its status is not lost. Then one record per index score, with
// `test` = "index:<category>". Numbers are written as the document holds them.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "base/json_read.h"
#include "common/csv.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "csv_layouts.h"

namespace bytebench::reporters::csv {
namespace {

using nlohmann::json;
using Record = std::vector<std::string>;

const Record kLongHeader = {"copies",     "test",     "name",  "category",   "unit", "test_status",
                            "test_value", "baseline", "index", "test_error", "pass", "status",
                            "count",      "seconds",  "value", "kept",       "error"};
constexpr size_t kPassColumns = 7;  // pass ... error

std::string bool_text(const json &value) {
    if (!value.is_boolean()) return "";
    return value.get<bool>() ? "true" : "false";
}

// copies ... test_error
Record test_columns(const json &run, const json &test) {
    return {json_number_text(run, "copies"),
            string_member(test, "id"),
            display_name(test),
            string_member(test, "category"),
            string_member(test, "unit"),
            string_member(test, "status"),
            json_number_text(test, "value"),
            json_number_text(test, "baseline"),
            json_number_text(test, "index"),
            string_member(test, "error")};
}

// pass ... error; `number` counts from 1.
Record pass_columns(const json &pass, size_t number) {
    return {std::to_string(number),          string_member(pass, "status"),
            json_number_text(pass, "count"), json_number_text(pass, "seconds"),
            json_number_text(pass, "value"), bool_text(member(pass, "kept")),
            string_member(pass, "error")};
}

void write_test(const json &run, const json &test, std::ostream &out) {
    const Record head = test_columns(run, test);
    const json &passes = elements(member(test, "passes"));
    if (passes.empty()) {
        Record record = head;
        record.resize(head.size() + kPassColumns);
        write_csv_record(out, record);
        return;
    }
    for (size_t i = 0; i < passes.size(); ++i) {
        Record record = head;
        const Record tail = pass_columns(passes[i], i + 1);
        record.insert(record.end(), tail.begin(), tail.end());
        write_csv_record(out, record);
    }
}

// A category's score goes in `index`; `test_status` says "partial" when tests are missing
// from it. Categories in which nothing was indexed have no score to give.
void write_index(const json &run, const json &index, std::ostream &out) {
    if (integer_or_zero(index, "tests_indexed") <= 0) return;
    const std::string category = string_member(index, "category");
    Record record = {json_number_text(run, "copies"),
                     "index:" + category,
                     string_member(index, "title"),
                     category,
                     "",
                     flag_member(index, "partial") ? "partial" : "ok",
                     "",
                     "",
                     json_number_text(index, "score"),
                     ""};
    record.resize(kLongHeader.size());
    write_csv_record(out, record);
}

}  // namespace

void write_long_csv(const json &result, std::ostream &out) {
    write_csv_record(out, kLongHeader);
    for (const json &run : elements(member(result, "runs"))) {
        for (const json &test : elements(member(run, "tests")))
            if (test.is_object()) write_test(run, test, out);
        for (const json &index : elements(member(run, "indexes"))) write_index(run, index, out);
    }
}

}  // namespace bytebench::reporters::csv
