// libFuzzer target: reading a result file (core/results/result_reader.h), then
// what the CLI does with an accepted document that does not depend on the
// file system: compare it with itself (core/compare/comparison.h, the gate
// included) and summarize it for the history (core/results/history.h).
//
// The reader gives a document or throws a one-line std::runtime_error. An
// accepted document is schema-valid but otherwise hostile: members missing,
// of the wrong type, huge or negative numbers. compare_results and
// summarize_result must take it without throwing, and the comparison must be
// writable as JSON (the CLI hands it to a reporter that way).
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "fuzz_support.h"
#include "results/history.h"
#include "results/result_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace bytebench;
    const std::string text(reinterpret_cast<const char *>(data), size);
    nlohmann::json document;
    try {
        document = parse_result_document(text, "fuzz.json");
    } catch (const std::runtime_error &e) {
        fuzz::expect_one_line("parse_result_document", e.what());
        return 0;
    } catch (const std::exception &e) {
        fuzz::unexpected("parse_result_document", e);
    }
    if (!document.is_object()) fuzz::finding("a document that is not an object was accepted");

    try {
        const ResultSummary summary = summarize_result(document);
        (void)summary;
    } catch (const std::exception &e) {
        fuzz::unexpected("summarize_result", e);
    }

    try {
        const std::vector<ComparisonInput> inputs = {{"fuzz.json", std::nullopt, document},
                                                     {"@2", 2, document}};
        ComparisonOptions options;
        options.baseline = 1;
        options.fail_if_worse_pct = 0;  // the gate too
        const nlohmann::json comparison = compare_results(inputs, options);
        (void)comparison.dump();  // throws on invalid UTF-8
    } catch (const std::exception &e) {
        fuzz::unexpected("compare_results", e);
    }
    return 0;
}
