// The run history: every result document, with a summary of it, in one
// SQLite database per user. Results stay JSON files; the history lets the
// CLI list past runs and name them (@last, @N, @last~K) without a path.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/labels.h"

struct sqlite3;

namespace bytebench {

// One line, "PATH: what went wrong".
class HistoryError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct HistoryEntry {
    int64_t id = 0;
    std::string recorded_at;  // ISO 8601, when it was added
    std::string started_at;   // runs[0].start, or ""
    std::string host, cpu;    // system.hostname, system.cpu_model
    std::vector<int> copies;  // per copy-pass
    // Per copy-pass: the "system" category's score (the first index's when
    // there is no "system" category); nullopt when the pass has no index.
    std::vector<std::optional<double>> scores;
    // Per copy-pass: whether that score is a partial index (fewer tests
    // than the suite's index has).
    std::vector<bool> partial;
    std::string suite;        // suite.name
    std::string status;       // complete / incomplete
    std::string source;       // "run" or "imported"
    std::string tool;         // "bytebench 0.1.0", or "UnixBench 5.1.3" when imported
    std::string result_path;  // where the JSON file was written ("" if none)
    Labels labels;            // the document's "labels" as given (no implied host)
};

// What the history keeps of a result document beside the document itself.
// Documents are read leniently: a member that is missing or of the wrong
// type is left empty, since incomplete runs and imported reports lack some.
struct CopyPassSummary {
    int copies = 0;  // 0 when the document gives no usable count
    // The "system" category's score (the first index's when there is no
    // "system" category); nullopt when the copy-pass has no index.
    std::optional<double> score;
    bool partial = false;
};

struct ResultSummary {
    std::string started_at, host, cpu, suite, suite_sha256, status, source, tool;
    std::vector<CopyPassSummary> copy_passes;  // per copy-pass (runs[] in the document)
    // The "labels" object as given: `host` only when the user gave it (the
    // host column is system.hostname); members that are not strings are
    // left out.
    Labels labels;
};

// Pure: no database. History::add stores this; any JSON value is accepted.
ResultSummary summarize_result(const nlohmann::json &document);

// How a command uses the history: `run` and `import` add runs; `history`,
// `show`, `report @N`, `compare @N` and the run-to-run spread only read.
enum class HistoryAccess {
    // Creates the file (and its folder) when it is missing, migrates it,
    // writes in WAL mode.
    read_write,
    // Opens it read-only (SQLite's mode=ro; immutable=1 when even that needs
    // a write, as for another user's history in a folder we may not write):
    // a history we may only read can be read, and nothing (no -wal, -shm or
    // -journal file) is created beside it. A missing file reads as an empty
    // history and stays missing. An older schema is migrated as read_write
    // does, which needs write access (the message says so).
    read_only,
};

class History {
  public:
    static constexpr int kSchemaVersion = 4;

    // $XDG_DATA_HOME/bytebench/history.db, else
    // $HOME/.local/share/bytebench/history.db. Throws when neither is known.
    static std::string default_path();

    // Opens or creates the database (and its folder) and migrates it forward
    // to kSchemaVersion in one transaction (`access` says whether it may
    // write). Before SQLite sees the path, it must be a regular file or
    // missing, on a file system that keeps files (not /dev, /proc, /sys...):
    // SQLite would otherwise write a -journal beside /dev/null. ":memory:"
    // is SQLite's own. Throws HistoryError for those, for a file that is not
    // a database, a schema newer than this build reads, a permission
    // problem...
    explicit History(const std::string &path, HistoryAccess access = HistoryAccess::read_write);
    ~History();
    History(History &&) noexcept;
    History &operator=(History &&) noexcept;
    History(const History &) = delete;
    History &operator=(const History &) = delete;

    const std::string &path() const { return path_; }

    // Stores `document` (a bytebench.result object; "render" is dropped) and
    // returns its id. Ids grow: the newest run has the largest.
    int64_t add(const nlohmann::json &document, const std::string &result_path);

    // Newest first: the newest `limit` runs that carry every label of
    // `labels`. A `host` label matches the run's host label when it has one,
    // else its host column (system.hostname), as labels_of() reads a result.
    std::vector<HistoryEntry> list(std::optional<int> limit = std::nullopt,
                                   const Labels &labels = {}) const;
    std::optional<nlohmann::json> document(int64_t id) const;
    // The newest run recorded with this result_path, if any (an import run
    // again finds its file's entry).
    std::optional<int64_t> find_result_path(const std::string &result_path) const;
    std::optional<HistoryEntry> entry(int64_t id) const;

    // "@last" (newest), "@N" (id N), "@last~K" (K before the newest).
    // nullopt when there is no such run; HistoryError when `reference` is
    // malformed.
    std::optional<int64_t> resolve(const std::string &reference) const;
    // True when `text` is meant as a reference ("@…") rather than a path
    // (a file named "@x" can still be given as "./@x").
    static bool is_reference(const std::string &text);

    int schema_version() const;

  private:
    struct Closer {
        void operator()(sqlite3 *db) const;
    };
    void open(HistoryAccess access);
    void open_read_only();
    void migrate();

    std::string path_;
    std::unique_ptr<sqlite3, Closer> db_;
};

}  // namespace bytebench
