// libFuzzer target: the run history (core/results/history.h). The input is a
// result document, then optionally a line "=== references ===" and run
// references, one a line ("@last~2"). A document the reader accepts is added
// twice to a new history, listed, read back and looked up, as `bytebench run`
// (add), `bytebench history` (list) and `bytebench compare @last~1 @3`
// (resolve, document) do; the references are resolved against it (and
// against an empty history when the reader refuses the document).
//
// The history is an SQLite database in memory (":memory:"), a new one for
// every input: each input runs alone, so a finding replays from its file,
// and the database's own code is the same as on a file (but for the
// journal, which is not ours).
//
// What must hold: nothing throws but a one-line HistoryError for a malformed
// reference; list() and entry() give what summarize_result() says of the
// document, newest first; document() gives back the document as added
// (without "render"); resolve() finds @last, @last~K and @N as the ids say
// (a model of the syntax below), and is_reference() is true of what it reads.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "results/history.h"
#include "results/result_reader.h"

namespace {

using nlohmann::json;
using namespace bytebench;

constexpr const char *kSeparator = "\n=== references ===\n";
const std::vector<std::string> kDefaultReferences = {"@last", "@last~0", "@last~1", "@last~2",
                                                     "@1",    "@2",      "@3",      "@0"};

// A count as resolve() reads one: decimal digits only, no sign, fits int64.
std::optional<int64_t> count_of(const std::string &digits) {
    if (digits.empty()) return std::nullopt;
    int64_t n = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        if (n > (INT64_MAX - (c - '0')) / 10) return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

// What resolve() must answer with runs 1..`runs` in the history: an id, no
// run (nullopt), or an error (the outer nullopt).
std::optional<std::optional<int64_t>> expected_id(const std::string &ref, int64_t runs) {
    const std::string last = "@last";
    std::optional<int64_t> back, id;
    if (ref == last)
        back = 0;
    else if (ref.rfind(last + "~", 0) == 0)
        back = count_of(ref.substr(last.size() + 1));
    else if (ref.rfind(last, 0) != 0 && ref.rfind('@', 0) == 0)
        id = count_of(ref.substr(1));
    if (back) return *back < runs ? std::optional<int64_t>(runs - *back) : std::nullopt;
    if (id) return *id >= 1 && *id <= runs ? std::optional<int64_t>(*id) : std::nullopt;
    return std::nullopt;
}

void check_resolve(const History &history, const std::string &ref, int64_t runs) {
    const auto expected = expected_id(ref, runs);
    try {
        const std::optional<int64_t> id = history.resolve(ref);
        if (!expected) fuzz::finding("resolve(" + json(ref).dump() + ") is not an error");
        if (id != *expected)
            fuzz::finding("resolve(" + json(ref).dump() +
                          ") = " + (id ? std::to_string(*id) : "none"));
        if (!History::is_reference(ref)) fuzz::finding("resolved a non-reference");
    } catch (const HistoryError &e) {
        fuzz::expect_one_line("resolve", e.what());
        if (expected) fuzz::finding("resolve(" + json(ref).dump() + ") threw: " + e.what());
    } catch (const std::exception &e) {
        fuzz::unexpected("resolve", e);
    }
}

void check_entry(const HistoryEntry &e, const ResultSummary &s, int64_t id) {
    std::vector<int> copies;
    std::vector<std::optional<double>> scores;
    for (const CopyPassSummary &pass : s.copy_passes) {
        copies.push_back(pass.copies);
        scores.push_back(pass.score);
    }
    if (e.id != id || e.started_at != s.started_at || e.host != s.host || e.cpu != s.cpu ||
        e.suite != s.suite || e.status != s.status || e.source != s.source || e.tool != s.tool ||
        e.result_path != "fuzz.json" || e.copies != copies || e.scores != scores ||
        e.labels != s.labels)
        fuzz::finding("entry " + std::to_string(id) + " is not the document's summary");
}

std::vector<std::string> references_in(const std::string &text) {
    std::vector<std::string> refs;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) refs.push_back(line);
    return refs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string input(reinterpret_cast<const char *>(data), size);
    const size_t cut = input.find(kSeparator);
    const std::string text = input.substr(0, cut);
    const std::vector<std::string> refs =
        cut == std::string::npos
            ? kDefaultReferences
            : references_in(input.substr(cut + std::string(kSeparator).size()));

    std::optional<json> document;
    try {
        document = parse_result_document(text, "fuzz.json");
    } catch (const std::runtime_error &) {
        // result_fuzzer's: the references against an empty history, below
    }

    try {
        History history(":memory:");
        if (history.schema_version() != History::kSchemaVersion)
            fuzz::finding("a new history is not at the current schema");
        int64_t runs = 0;
        if (document) {
            json stored = *document;
            stored.erase("render");
            const ResultSummary summary = summarize_result(stored);
            for (int64_t id = 1; id <= 2; ++id) {
                if (history.add(*document, "fuzz.json") != id)
                    fuzz::finding("ids are not 1, 2, ...");
                ++runs;
            }
            const std::vector<HistoryEntry> entries = history.list();
            if (entries.size() != 2) fuzz::finding("list() misses a run");
            for (size_t i = 0; i < entries.size(); ++i) check_entry(entries[i], summary, 2 - i);
            if (history.list(1).size() != 1) fuzz::finding("list(1) is not one run");
            // As `history --label` would ask (SQLite caps a query's conditions near 1000).
            if (summary.labels.size() <= 64 &&
                history.list(std::nullopt, summary.labels).size() != 2)
                fuzz::finding("list() by the document's own labels misses a run");
            for (const int64_t id : {1, 2}) {
                const std::optional<HistoryEntry> entry = history.entry(id);
                if (!entry) fuzz::finding("entry() misses a run");
                check_entry(*entry, summary, id);
                const std::optional<json> back = history.document(id);
                if (!back || *back != stored)
                    fuzz::finding("document() is not the document added: " +
                                  (back ? back->dump() : std::string("none")));
            }
            if (history.entry(3) || history.document(3)) fuzz::finding("a run 3 appeared");
        }
        for (const std::string &ref : refs) check_resolve(history, ref, runs);
    } catch (const std::exception &e) {
        fuzz::unexpected("History", e);
    }
    return 0;
}
