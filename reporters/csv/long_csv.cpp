// A result in long ("tidy") form: one record per pass of every test, the test's own result
// repeated on each, so that a data-frame tool can group and plot without reshaping. A test
// without passes (skipped, or stopped before its first) still gets one record, with the pass
// columns empty, so that its status is not lost. Then one record per index score, with
// `test` = "index:<category>". Numbers are written as the document holds them.
//
// A result with metrics or a lower-is-better value (docs/result-schema.md, "Metrics") gets two
// more columns, `metric` and `better`, and after each test's records one record per pass of
// each of its metrics: `name` and `unit` the metric's, `test_value` its mean, `value` the
// pass's value. Other results keep the columns they always had.
//
// A result whose passes recorded their environment (issue 20) gets eight more columns after
// those, per pass: steal_share ... average_w as the document holds them (empty when
// "unknown"), disturbed (the reasons, "; " between them, empty for a clean pass) and the
// test's value_per_watt. Records that are not a test's pass leave them empty.
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/csv.h"
#include "common/environment_access.h"
#include "common/metric_access.h"
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
const Record kDirectionHeader = {"metric", "better"};
const Record kEnvironmentHeader = {"steal_share",     "foreign_share", "frequency_mhz",
                                   "throttle_events", "energy_j",      "average_w",
                                   "disturbed",       "value_per_watt"};

// Whether the result needs the metric and better columns: some test has metrics or a
// lower-is-better value.
bool has_directions(const json &result) {
    for (const json &run : elements(member(result, "runs")))
        for (const json &test : elements(member(run, "tests")))
            if (!test_metrics(test).empty() || direction_member(test) == Direction::lower_is_better)
                return true;
    return false;
}

// Whether the result needs the environment columns: some pass recorded its environment.
bool has_environment(const json &result) {
    for (const json &run : elements(member(result, "runs")))
        if (run_has_environment(run)) return true;
    return false;
}

// What every record of a document is laid out by.
struct Layout {
    bool directions;   // the metric and better columns
    bool environment;  // the environment columns, after those
};

size_t record_size(const Layout &layout) {
    return kLongHeader.size() + (layout.directions ? kDirectionHeader.size() : 0) +
           (layout.environment ? kEnvironmentHeader.size() : 0);
}

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

// The environment columns of a pass of `test`: its numbers as the document holds them (empty
// when "unknown" or absent), its reasons for being disturbed, the test's value per watt.
Record environment_columns(const json &test, const json &pass) {
    const json &environment = pass_environment(pass);
    std::string disturbed;
    for (const std::string &reason : disturbed_reasons(pass))
        disturbed += (disturbed.empty() ? "" : "; ") + reason;
    return {json_number_text(environment, "steal_share"),
            json_number_text(environment, "foreign_share"),
            json_number_text(environment, "frequency_mhz"),
            json_number_text(environment, "throttle_events"),
            json_number_text(environment, "energy_j"),
            json_number_text(environment, "average_w"),
            disturbed,
            json_number_text(test, "value_per_watt")};
}

// `head`, then per pass the columns `pass_tail` gives (one record with them empty when there
// are no passes), then `end` (the metric and better columns, or nothing), then with
// `environment_test` (the test of the passes) each pass's environment columns (empty on a
// record without a pass).
template <class PassTail>
void write_pass_records(const Record &head, const json &passes, const PassTail &pass_tail,
                        const Record &end, const json *environment_test, std::ostream &out) {
    const auto write = [&](Record record, const json *pass) {
        record.insert(record.end(), end.begin(), end.end());
        if (environment_test != nullptr) {
            const Record columns = pass != nullptr ? environment_columns(*environment_test, *pass)
                                                   : Record(kEnvironmentHeader.size());
            record.insert(record.end(), columns.begin(), columns.end());
        }
        write_csv_record(out, record);
    };
    if (passes.empty()) {
        Record record = head;
        record.resize(head.size() + kPassColumns);
        write(record, nullptr);
        return;
    }
    for (size_t i = 0; i < passes.size(); ++i) {
        Record record = head;
        const Record tail = pass_tail(passes[i], i + 1);
        record.insert(record.end(), tail.begin(), tail.end());
        write(record, &passes[i]);
    }
}

// A metric's records: the test's columns with the metric's name, unit and mean; per pass its
// number, status and the pass's value of the metric.
void write_metric(const json &run, const json &test, const json &metric, const Layout &layout,
                  std::ostream &out) {
    Record head = test_columns(run, test);
    head[2] = metric_name(metric);
    head[4] = string_member(metric, "unit");
    head[6] = json_number_text(metric, "value");
    head[7] = head[8] = "";  // a metric has no baseline nor index
    const std::string key = string_member(metric, "key");
    const auto pass_tail = [&](const json &pass, size_t number) {
        Record tail(kPassColumns);
        tail[0] = std::to_string(number);
        tail[1] = string_member(pass, "status");
        tail[4] = json_number_text(member(pass, "metrics"), key.c_str());
        return tail;
    };
    // A metric's records leave the environment columns empty: its test's records have them.
    Record end = {key, direction_name(direction_member(metric))};
    if (layout.environment) end.resize(end.size() + kEnvironmentHeader.size());
    write_pass_records(head, elements(member(test, "passes")), pass_tail, end, nullptr, out);
}

void write_test(const json &run, const json &test, const Layout &layout, std::ostream &out) {
    const Record end =
        layout.directions ? Record{"", direction_name(direction_member(test))} : Record{};
    write_pass_records(test_columns(run, test), elements(member(test, "passes")), &pass_columns,
                       end, layout.environment ? &test : nullptr, out);
    if (!layout.directions) return;
    for (const json *metric : test_metrics(test)) write_metric(run, test, *metric, layout, out);
}

// A category's score goes in `index`; `test_status` says "partial" when tests are missing
// from it. Categories in which nothing was indexed have no score to give.
void write_index(const json &run, const json &index, const Layout &layout, std::ostream &out) {
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
    record.resize(record_size(layout));
    write_csv_record(out, record);
}

}  // namespace

void write_long_csv(const json &result, std::ostream &out) {
    const Layout layout{has_directions(result), has_environment(result)};
    Record header = kLongHeader;
    if (layout.directions)
        header.insert(header.end(), kDirectionHeader.begin(), kDirectionHeader.end());
    if (layout.environment)
        header.insert(header.end(), kEnvironmentHeader.begin(), kEnvironmentHeader.end());
    write_csv_record(out, header);
    for (const json &run : elements(member(result, "runs"))) {
        for (const json &test : elements(member(run, "tests")))
            if (test.is_object()) write_test(run, test, layout, out);
        for (const json &index : elements(member(run, "indexes")))
            write_index(run, index, layout, out);
    }
    write_run_lists(result, out);
}

}  // namespace bytebench::reporters::csv
