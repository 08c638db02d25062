// libFuzzer target: importing UnixBench text reports
// (core/import/unixbench_import.h) with the standard suite. Whatever the bytes,
// the importer gives a document or throws an ImportError that names the
// file; an accepted document is valid UTF-8 JSON (it is written to a file
// and to the history) with finite numbers only, and compares with itself
// without throwing.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "fuzz_support.h"
#include "import/unixbench_import.h"
#include "plan/suite_file.h"
#include "results/history.h"

namespace {

const bytebench::Suite &standard_suite() {
    static const bytebench::Suite suite = bytebench::load_suite(BYTEBENCH_STANDARD_SUITE);
    return suite;
}

// JSON has no NaN or infinity: nlohmann would write null.
bool has_non_finite(const nlohmann::json &j) {
    if (j.is_number_float()) return !std::isfinite(j.get<double>());
    if (j.is_structured())
        for (const nlohmann::json &v : j)
            if (has_non_finite(v)) return true;
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    (void)standard_suite();  // loaded once, before the first input
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace bytebench;
    const std::string text(reinterpret_cast<const char *>(data), size);
    // Both modes: the first byte picks one (import skips bad lines; strict mode fails on them).
    ImportOptions options;
    options.skip_bad_lines = size > 0 && (data[0] & 1) != 0;
    ImportOutcome outcome;
    try {
        outcome = import_unixbench_report(text, "fuzz.txt", standard_suite(), options);
    } catch (const ImportError &e) {
        if (std::string(e.what()).rfind("fuzz.txt:", 0) != 0)
            fuzz::finding(std::string("an ImportError that does not name the file: ") + e.what());
        return 0;
    } catch (const std::exception &e) {
        fuzz::unexpected("import_unixbench_report", e);
    }
    if (has_non_finite(outcome.document))
        fuzz::finding("a number that is not finite in an imported document");
    try {
        (void)outcome.document.dump(2);  // throws on invalid UTF-8
        (void)summarize_result(outcome.document);
        const std::vector<ComparisonInput> inputs = {{"a.txt", std::nullopt, outcome.document},
                                                     {"b.txt", std::nullopt, outcome.document}};
        ComparisonOptions compare_options;
        compare_options.fail_if_worse_pct = 0;
        (void)compare_results(inputs, compare_options).dump();
    } catch (const std::exception &e) {
        fuzz::unexpected("an imported document", e);
    }
    return 0;
}
