// Importing the text report of UnixBench 5.1.3 or 6.0 (the file `./Run`
// writes to results/, its console output, or a copy pasted into a blog or a
// forum) as a bytebench.result/1 document, so old measurements can be
// compared with new ones. docs/result-schema.md ("Imported results") says
// what the document holds.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/suite.h"

namespace bytebench {

// One line the importer could not understand, or a structural problem: "FILE:LINE: message".
class ImportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct ImportOptions {
    // A line inside the report that is not part of it (a note the person added, a shell's
    // complaint) is ignored with a warning; false makes it an error (a test's strict mode).
    bool skip_bad_lines = true;
};

struct ImportOutcome {
    nlohmann::json document;  // a complete bytebench.result/1 document
    std::vector<std::string>
        warnings;  // "FILE:LINE: ..." (skipped lines, truncation, unknown test names)
};

// Converts the text of one UnixBench text report. `file_name` is used in messages and recorded;
// `suite` maps UnixBench's display names to test ids/categories (core never hard-codes test names).
// What a paste did to the text (notes in any language, left-out lines, wrapped or joined
// lines, HTML, typographic characters, dates in other locales) is undone or passed over with a
// warning naming the line. Throws ImportError naming the file when there is no copy-pass with
// test lines (and, without skip_bad_lines, naming the line it cannot understand).
ImportOutcome import_unixbench_report(const std::string &text, const std::string &file_name,
                                      const Suite &suite, const ImportOptions &options = {});

}  // namespace bytebench
