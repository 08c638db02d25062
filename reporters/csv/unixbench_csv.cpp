// UnixBench's CSV layout: a header `Concurrency,<test name>,...` and a row per copy-pass with
// the copies and each test's raw value ("%.1f", no index).
//
// UnixBench writes each row's values in the order that copy-pass produced them, so a test that
// failed or did not run in one copy-pass shifts the later values under the wrong names. Here
// the columns are the union of the tests of all copy-passes (in order of first appearance) and
// a test without a value in a copy-pass leaves its cell empty.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "base/json_read.h"
#include "common/csv.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "common/run_sections.h"
#include "csv_layouts.h"
#include "section_csv.h"

namespace bytebench::reporters::csv {
namespace {

using nlohmann::json;

struct UnixBenchColumn {
    std::string key;  // the test id (its name when it has none)
    std::string name;
};

std::string test_key(const json &test) {
    const std::string id = string_member(test, "id");
    return id.empty() ? display_name(test) : id;
}

std::vector<UnixBenchColumn> columns_of(const json &runs) {
    std::vector<UnixBenchColumn> columns;
    for (const json &run : elements(runs))
        for (const json &test : elements(member(run, "tests"))) {
            if (!test.is_object()) continue;
            const std::string key = test_key(test);
            bool known = false;
            for (const UnixBenchColumn &column : columns) known = known || column.key == key;
            if (!known) columns.push_back({key, display_name(test)});
        }
    return columns;
}

// The cell of `column` in `run`: the value when the test ran ok, else empty.
std::string cell(const json &run, const UnixBenchColumn &column) {
    for (const json &test : elements(member(run, "tests"))) {
        if (!test.is_object() || test_key(test) != column.key) continue;
        const auto value = number_member(test, "value");
        return string_member(test, "status") == "ok" && value ? value_text(*value) : "";
    }
    return "";
}

}  // namespace

void write_unixbench_csv(const json &result, std::ostream &out) {
    const json &runs = member(result, "runs");
    const std::vector<UnixBenchColumn> columns = columns_of(runs);
    std::vector<std::string> header = {"Concurrency"};
    for (const UnixBenchColumn &column : columns) header.push_back(column.name);
    write_csv_record(out, header);
    for (const json &run : elements(runs)) {
        std::vector<std::string> row = {format("%lld", integer_or_zero(run, "copies"))};
        for (const UnixBenchColumn &column : columns) row.push_back(cell(run, column));
        write_csv_record(out, row);
    }
    write_run_lists(result, out);
}

void write_run_lists(const json &result, std::ostream &out) {
    bool heading = false;
    for (const json &run : elements(member(result, "runs")))
        for (const model::Section &section : run_sections(run)) {
            if (!has_records(section)) continue;
            if (!heading) write_section_heading({"copies"}, out);
            heading = true;
            write_section_records(section, {json_number_text(run, "copies")}, out);
        }
}

}  // namespace bytebench::reporters::csv
