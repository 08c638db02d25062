// The CSV reporters: `csv` writes a result in UnixBench's CSV layout (a row per copy-pass),
// for the spreadsheets and scripts made for it; `csv-long` writes a row per pass, the tidy
// form that data-frame tools read without reshaping. Both write a comparison as one tidy
// table. The layouts are described in README.md.
#include <bytebench/plugin.hpp>
#include <ostream>
#include <string_view>

#include "common/document_writer.h"
#include "csv_layouts.h"

namespace {

using bytebench::reporters::write_document;
namespace csv = bytebench::reporters::csv;

void write_csv_report(std::string_view text, std::ostream &out) {
    write_document(text, "csv", &csv::write_unixbench_csv, &csv::write_comparison_csv, out);
}

void write_csv_long_report(std::string_view text, std::ostream &out) {
    write_document(text, "csv-long", &csv::write_long_csv, &csv::write_comparison_csv, out);
}

const auto kCsvReporter =
    bytebench::Reporter<&write_csv_report>("csv")
        .name("CSV, UnixBench layout")
        .description("A column per test and a row per copy-pass, as UnixBench writes it")
        .extension("csv")
        .documents(BB_DOCUMENT_RESULT | BB_DOCUMENT_COMPARISON);

const auto kCsvLongReporter =
    bytebench::Reporter<&write_csv_long_report>("csv-long")
        .name("CSV, one row per pass")
        .description("Every pass of every test and every index score, one row each")
        .extension("csv")
        .documents(BB_DOCUMENT_RESULT | BB_DOCUMENT_COMPARISON);

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.csv")
                     .name("bytebench CSV reporters")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(kCsvReporter)
                     .add(kCsvLongReporter))
