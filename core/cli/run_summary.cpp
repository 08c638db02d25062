// `run --format json`: what a script needs after a run, as one document
// (bytebench.run/1, docs/cli-json.md) instead of the text report on
// standard output: where the result and reports were written, how many
// tests ended ok, failed or skipped, and the index scores. The result file
// holds everything else.
#include <algorithm>
#include <string>

#include "cli/json_output.h"
#include "commands.h"

namespace bytebench::cli {
namespace {

// Every test of every copy-pass counted by its status ("ok", "skipped",
// and the failures: "failed", "timeout", "crashed", ...).
nlohmann::json test_counts(const nlohmann::json &document) {
    int ok = 0, skipped = 0, failed = 0;
    for (const nlohmann::json &run : document.value("runs", nlohmann::json::array()))
        for (const nlohmann::json &test : run.value("tests", nlohmann::json::array())) {
            const std::string status = test.value("status", "");
            if (status == "ok")
                ++ok;
            else if (status == "skipped")
                ++skipped;
            else
                ++failed;
        }
    return {{"ok", ok}, {"failed", failed}, {"skipped", skipped}};
}

// Per copy-pass: its copies and each index category's score.
nlohmann::json index_scores(const nlohmann::json &document) {
    nlohmann::json passes = nlohmann::json::array();
    for (const nlohmann::json &run : document.value("runs", nlohmann::json::array())) {
        nlohmann::json indexes = nlohmann::json::array();
        for (const nlohmann::json &index : run.value("indexes", nlohmann::json::array()))
            indexes.push_back({{"category", index.value("category", "")},
                               {"score", index.value("score", nlohmann::json())},
                               {"partial", index.value("partial", false)}});
        passes.push_back({{"copies", run.value("copies", 0)}, {"indexes", indexes}});
    }
    return passes;
}

}  // namespace

// `--format json` without text: a script's run. With text among the
// formats the text report goes to standard output, as it always did.
bool prints_run_summary(const RunOptions &options) {
    const auto has = [&options](const char *format) {
        return std::find(options.formats.begin(), options.formats.end(), format) !=
               options.formats.end();
    };
    return has("json") && !has("text");
}

void print_run_summary(const nlohmann::json &document, const std::vector<std::string> &written,
                       const std::string &log, std::optional<int64_t> history_id) {
    nlohmann::json reports = nlohmann::json::array();
    for (size_t i = 1; i < written.size(); ++i) reports.push_back(written[i]);
    print_json_document(
        "run", {{"result", written.empty() ? nlohmann::json() : nlohmann::json(written.front())},
                {"reports", reports},
                {"log", log},
                {"history_id", history_id ? nlohmann::json(*history_id) : nlohmann::json()},
                {"status", document.value("status", "")},
                {"tests", test_counts(document)},
                {"copy_passes", index_scores(document)}});
}

}  // namespace bytebench::cli
