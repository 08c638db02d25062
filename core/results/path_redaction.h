// --redact-paths: a result's local paths out of the reports a user shares.
// The result file and the run's log keep them (a local user wants them);
// `report`, `show` and `run` apply this to the document before a reporter
// sees it, so every format (text, html, markdown, csv, json, a vendor's) is
// redacted alike. docs/result-schema.md, "Sharing reports", lists the fields.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bytebench {

// What stands in for a removed folder: "<redacted>/index.toml".
inline constexpr const char *kRedactedPath = "<redacted>";

// `document` (a bytebench.result) with its local paths taken out:
//   - the path fields keep their last component, their folder becomes
//     "<redacted>": suite.file, imported.file, system.tmpdir.path,
//     runs[].tests[].plugin, and parameter values that are paths
//     (runs[].tests[].params, options.params);
//   - options.command_line: each word with a '/' likewise (`-o=DIR` too);
//   - every other string: each of those folders, and each of `local` (the
//     home folder, the working folder, the result's folder: what the caller
//     knows), where it occurs as a whole path, becomes "<redacted>" (an
//     error naming /home/alice/results/x.txt names <redacted>/x.txt).
// A path field of one component ("/tmp", "fs.so") gives no folder away and
// is kept; a folder found in the document counts from two components
// (/tmp/x's folder /tmp is not removed from every text), one of `local` from
// one (/root); "/" never. Object keys are kept.
nlohmann::json redact_paths(nlohmann::json document, const std::vector<std::string> &local);

// The folders of this machine that a shared report should not name: the
// home folder ($HOME, and the password database's), the working folder,
// and each of `also` (the result's folder, the output's...) made absolute.
std::vector<std::string> local_folders(const std::vector<std::string> &also);

}  // namespace bytebench
