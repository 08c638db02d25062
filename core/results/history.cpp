#include "results/history.h"

#include <linux/magic.h>
#include <pwd.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "base/json_read.h"
#include "base/json_text.h"
#include "base/local_time.h"
#include "results/result_reader.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace bytebench {
namespace {

// ---------------------------------------------------------------------------
// All the SQL. The schema is never edited in place: each version is a step
// from the one before, run in order inside one transaction, and each step
// ends by recording its number in user_version.

// Schema 1: one row per run, with the whole result document.
constexpr const char *kMigrateTo1 = R"sql(
CREATE TABLE runs (
    id          INTEGER PRIMARY KEY,
    recorded_at TEXT NOT NULL,            -- ISO 8601, when it was added
    started_at  TEXT NOT NULL DEFAULT '', -- runs[0].start
    host        TEXT NOT NULL DEFAULT '', -- system.hostname
    cpu         TEXT NOT NULL DEFAULT '', -- system.cpu_model
    copies      TEXT NOT NULL DEFAULT '', -- copies per copy-pass: "1,2"
    score       REAL,                     -- the last copy-pass's system score
    suite       TEXT NOT NULL DEFAULT '', -- suite.name
    status      TEXT NOT NULL DEFAULT '', -- complete / incomplete
    result_path TEXT NOT NULL DEFAULT '', -- the JSON file, '' if none
    document    TEXT NOT NULL             -- the result document (JSON)
);
PRAGMA user_version = 1;
)sql";

// Schema 2: where a run came from, and one row per copy-pass. The new
// columns and copy_runs are then backfilled from each row's document.
constexpr const char *kMigrateTo2 = R"sql(
ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'run'; -- 'run' / 'imported'
ALTER TABLE runs ADD COLUMN tool TEXT NOT NULL DEFAULT '';      -- 'bytebench 0.1.0'
ALTER TABLE runs ADD COLUMN suite_sha256 TEXT NOT NULL DEFAULT '';
CREATE TABLE copy_runs (
    run_id   INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,           -- index in the document's runs[]
    copies   INTEGER NOT NULL,
    score    REAL,                       -- system score; NULL without an index
    partial  INTEGER NOT NULL DEFAULT 0, -- 1 when that score is a partial index
    PRIMARY KEY (run_id, position)
);
PRAGMA user_version = 2;
)sql";
// Schema 2's copy-pass rows, as its backfill wrote them.
constexpr const char *kBackfill2InsertCopyRun =
    "INSERT INTO copy_runs (run_id, position, copies, score, partial) VALUES (?1, ?2, ?3, ?4, ?5)";

// Schema 3: the copy-pass table named as everywhere else (docs, code, the
// result schema's prose): one concept, one name.
constexpr const char *kMigrateTo3 = R"sql(
ALTER TABLE copy_runs RENAME TO copy_passes;
PRAGMA user_version = 3;
)sql";

// Schema 4: the labels a run was given (`run --label`, the document's
// "labels"), one row each, indexed for `history --label KEY=VALUE`. Then
// backfilled from each row's document.
constexpr const char *kMigrateTo4 = R"sql(
CREATE TABLE labels (
    run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    key    TEXT NOT NULL,
    value  TEXT NOT NULL,
    PRIMARY KEY (run_id, key)
);
CREATE INDEX labels_by_key_value ON labels (key, value);
PRAGMA user_version = 4;
)sql";
// Schema 4's label rows, as its backfill writes them.
constexpr const char *kBackfill4InsertLabel =
    "INSERT INTO labels (run_id, key, value) VALUES (?1, ?2, ?3)";

// The backfills read every stored document; these stay as schema 1 had them.
constexpr const char *kBackfillIds = "SELECT id FROM runs ORDER BY id";
constexpr const char *kBackfillDocument = "SELECT document FROM runs WHERE id = ?1";
constexpr const char *kBackfill2Update =
    "UPDATE runs SET source = ?1, tool = ?2, suite_sha256 = ?3 WHERE id = ?4";

// Every connection: concurrent writers wait instead of failing (two runs may
// finish at once), readers never block the writer, and ON DELETE CASCADE
// works (foreign keys are off by default in SQLite).
constexpr int kBusyTimeoutMs = 5000;
constexpr const char *kConnectionSetup = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA foreign_keys = ON;
)sql";

constexpr const char *kInsertRun = R"sql(
INSERT INTO runs (recorded_at, started_at, host, cpu, copies, score, suite, status,
                  result_path, document, source, tool, suite_sha256)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
)sql";
constexpr const char *kInsertCopyPass =
    "INSERT INTO copy_passes (run_id, position, copies, score, partial) "
    "VALUES (?1, ?2, ?3, ?4, ?5)";
constexpr const char *kInsertLabel = "INSERT INTO labels (run_id, key, value) VALUES (?1, ?2, ?3)";

// list(): the runs carrying every label asked for. The labels are one
// parameter, a JSON object (?2), read by json_each(): the query is the same
// for one label and for 1500, where one condition per label made an
// expression tree as deep as their number, which SQLite refuses beyond 1000
// ("Expression tree is too large"). `host` is the host label when given,
// else the host column (labels_of(); 'host' is kHostLabel). Parameter 1 is
// the limit.
constexpr const char *kSelectEntriesHead =
    "SELECT id, recorded_at, started_at, host, cpu, suite, status, source, tool, result_path "
    "FROM runs";
constexpr const char *kWithEveryLabel = R"sql(
WHERE NOT EXISTS (
  SELECT 1 FROM json_each(?2) AS wanted WHERE NOT (
    EXISTS (SELECT 1 FROM labels
            WHERE run_id = runs.id AND key = wanted.key AND value = wanted.value)
    OR (wanted.key = 'host' AND runs.host = wanted.value AND NOT EXISTS (
          SELECT 1 FROM labels WHERE run_id = runs.id AND key = 'host'))))
)sql";
constexpr const char *kSelectEntriesTail = " ORDER BY id DESC LIMIT ?1";
constexpr const char *kSelectEntry = R"sql(
SELECT id, recorded_at, started_at, host, cpu, suite, status, source, tool, result_path
FROM runs WHERE id = ?1
)sql";
constexpr const char *kSelectCopyPasses =
    "SELECT copies, score, partial FROM copy_passes WHERE run_id = ?1 ORDER BY position";
constexpr const char *kSelectLabels =
    "SELECT key, value FROM labels WHERE run_id = ?1 ORDER BY key";
constexpr const char *kSelectDocument = "SELECT document FROM runs WHERE id = ?1";
constexpr const char *kSelectId = "SELECT id FROM runs WHERE id = ?1";
constexpr const char *kSelectByResultPath =
    "SELECT id FROM runs WHERE result_path = ?1 ORDER BY id DESC LIMIT 1";
constexpr const char *kSelectNthNewest = "SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?1";
constexpr const char *kUserVersion = "PRAGMA user_version";

// ---------------------------------------------------------------------------
// A thin RAII layer over the sqlite3 C API. Every failure becomes a one-line
// HistoryError "PATH: sqlite's message".

[[noreturn]] void fail(sqlite3 *db, const std::string &path) {
    throw HistoryError(path + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}

void exec(sqlite3 *db, const std::string &path, const char *sql) {
    char *message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return;
    const std::string text = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    throw HistoryError(path + ": " + text);
}

// The connection setup on a database another process is creating or
// converting at the same moment: switching to WAL needs the file to itself,
// and SQLite answers SQLITE_BUSY there without calling the busy handler. So
// it is retried here, for as long as busy_timeout would have waited.
void exec_waiting_while_busy(sqlite3 *db, const std::string &path, const char *sql) {
    for (int waited_ms = 0;; waited_ms += 10) {
        char *message = nullptr;
        const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
        sqlite3_free(message);
        if (rc == SQLITE_OK) return;
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || waited_ms >= kBusyTimeoutMs)
            return exec(db, path, sql);  // once more, to throw with its message
        sqlite3_sleep(10);
    }
}

class Statement {
  public:
    Statement(sqlite3 *db, const std::string &path, const char *sql) : db_(db), path_(path) {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail(db_, path_);
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int i, int64_t v) { return check(sqlite3_bind_int64(stmt_, i, v)); }
    Statement &bind(int i, int v) { return check(sqlite3_bind_int(stmt_, i, v)); }
    Statement &bind(int i, const std::string &v) {
        return check(sqlite3_bind_text(stmt_, i, v.data(), int(v.size()), SQLITE_TRANSIENT));
    }
    Statement &bind(int i, std::optional<double> v) {
        return check(v ? sqlite3_bind_double(stmt_, i, *v) : sqlite3_bind_null(stmt_, i));
    }

    // True when a row is ready, false when the statement is done.
    bool step() {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        fail(db_, path_);
    }
    // Makes the statement ready to run again with new bindings.
    void reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }

    int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
    std::optional<double> real(int col) const {
        if (sqlite3_column_type(stmt_, col) == SQLITE_NULL) return std::nullopt;
        return sqlite3_column_double(stmt_, col);
    }
    std::string text(int col) const {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(stmt_, col));
        return p ? std::string(p, size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
    }

  private:
    Statement &check(int rc) {
        if (rc != SQLITE_OK) fail(db_, path_);
        return *this;
    }

    sqlite3 *db_;
    const std::string &path_;
    sqlite3_stmt *stmt_ = nullptr;
};

// BEGIN IMMEDIATE takes the write lock at once, so a concurrent writer waits
// in busy_timeout instead of failing later with SQLITE_BUSY on upgrade.
class Transaction {
  public:
    Transaction(sqlite3 *db, const std::string &path) : db_(db), path_(path) {
        exec(db_, path_, "BEGIN IMMEDIATE");
    }
    ~Transaction() {
        if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;
    void commit() {
        exec(db_, path_, "COMMIT");
        committed_ = true;
    }

  private:
    sqlite3 *db_;
    const std::string &path_;
    bool committed_ = false;
};

int user_version(sqlite3 *db, const std::string &path) {
    Statement q(db, path, kUserVersion);
    return q.step() ? int(q.integer(0)) : 0;
}

// ---------------------------------------------------------------------------
// What the history keeps apart from the document (history.h).

using Summary = ResultSummary;

CopyPassSummary summarize_copy_pass(const CopyPassView &copy_pass) {
    CopyPassSummary summary;
    summary.copies = copy_pass.copies().value_or(0);
    if (const std::optional<IndexView> index = copy_pass.headline_index()) {
        summary.score = index->score();
        summary.partial = index->partial();
    }
    return summary;
}

std::string joined(const std::string &a, const std::string &b) {
    return a.empty() || b.empty() ? a + b : a + " " + b;
}

// labels_of() without the implied host: the history has a host column.
Labels given_labels(const json &doc) {
    Labels labels;
    const json &given = member(doc, "labels");
    if (given.is_object())
        for (const auto &[key, value] : given.items())
            if (value.is_string()) labels[key] = value.get<std::string>();
    return labels;
}

Summary summarize(const json &doc) {
    const ResultView result(doc);
    Summary s;
    const std::vector<CopyPassView> copy_passes = result.copy_passes();
    for (const CopyPassView &copy_pass : copy_passes)
        s.copy_passes.push_back(summarize_copy_pass(copy_pass));
    if (!copy_passes.empty()) s.started_at = copy_passes.front().start();
    s.host = result.system_text("hostname");
    s.cpu = result.system_text("cpu_model");
    s.suite = result.suite_name();
    s.suite_sha256 = result.suite_sha256();
    s.status = result.status();
    s.source = result.imported() ? "imported" : "run";
    s.tool = result.imported() ? joined(result.imported_from(), result.imported_version())
                               : joined(result.tool_name(), result.tool_version());
    s.labels = given_labels(doc);
    return s;
}

// Schema 1's "copies" column: "1,2".
std::string copies_text(const std::vector<CopyPassSummary> &passes) {
    std::string text;
    for (const CopyPassSummary &pass : passes)
        text += (text.empty() ? "" : ",") + std::to_string(pass.copies);
    return text;
}

// `insert_sql`: the INSERT of the schema being written (kInsertCopyPass, or
// a migration's own).
void insert_copy_passes(sqlite3 *db, const std::string &path, const char *insert_sql,
                        int64_t run_id, const std::vector<CopyPassSummary> &passes) {
    Statement insert(db, path, insert_sql);
    for (size_t i = 0; i < passes.size(); ++i) {
        insert.bind(1, run_id).bind(2, int(i)).bind(3, passes[i].copies);
        insert.bind(4, passes[i].score).bind(5, int(passes[i].partial));
        insert.step();
        insert.reset();
    }
}

// `insert_sql`: the INSERT of the schema being written (kInsertLabel, or a
// migration's own).
void insert_labels(sqlite3 *db, const std::string &path, const char *insert_sql, int64_t run_id,
                   const Labels &labels) {
    Statement insert(db, path, insert_sql);
    for (const auto &[key, value] : labels) {
        insert.bind(1, run_id).bind(2, key).bind(3, value);
        insert.step();
        insert.reset();
    }
}

// Calls `backfill(id, summary)` for every stored run, oldest first. A stored
// document that no longer parses keeps the defaults rather than locking its
// owner out of the whole history.
template <typename Backfill>
void for_each_stored_run(sqlite3 *db, const std::string &path, Backfill backfill) {
    std::vector<int64_t> ids;  // collected first: the backfills write to the database
    for (Statement q(db, path, kBackfillIds); q.step();) ids.push_back(q.integer(0));
    Statement read(db, path, kBackfillDocument);
    for (const int64_t id : ids) {
        read.bind(1, id);
        const json doc = read.step() ? parse_json_or_discarded(read.text(0)) : json();
        read.reset();
        backfill(id, summarize(doc));
    }
}

void backfill_to_2(sqlite3 *db, const std::string &path) {
    Statement update(db, path, kBackfill2Update);
    for_each_stored_run(db, path, [&](int64_t id, const Summary &s) {
        update.bind(1, s.source).bind(2, s.tool).bind(3, s.suite_sha256).bind(4, id);
        update.step();
        update.reset();
        insert_copy_passes(db, path, kBackfill2InsertCopyRun, id, s.copy_passes);
    });
}

void backfill_to_4(sqlite3 *db, const std::string &path) {
    for_each_stored_run(db, path, [&](int64_t id, const Summary &s) {
        insert_labels(db, path, kBackfill4InsertLabel, id, s.labels);
    });
}

struct Migration {
    int version;                                       // the schema it leads to
    const char *sql;                                   // sets user_version itself
    void (*backfill)(sqlite3 *, const std::string &);  // or nullptr
};

constexpr Migration kMigrations[] = {
    {1, kMigrateTo1, nullptr},
    {2, kMigrateTo2, backfill_to_2},
    {3, kMigrateTo3, nullptr},
    {4, kMigrateTo4, backfill_to_4},
};
static_assert(std::size(kMigrations) == size_t(History::kSchemaVersion),
              "one migration per schema version");

void check_version(int version, const std::string &path) {
    if (version > History::kSchemaVersion)
        throw HistoryError(path + ": written by a newer bytebench (schema " +
                           std::to_string(version) + "; this one reads up to " +
                           std::to_string(History::kSchemaVersion) + ")");
    if (version < 0)
        throw HistoryError(path + ": not a bytebench history (schema " + std::to_string(version) +
                           ")");
}

// The statements that read the rest of a run after its row in runs.
struct EntryDetails {
    EntryDetails(sqlite3 *db, const std::string &path)
        : copy_passes(db, path, kSelectCopyPasses), labels(db, path, kSelectLabels) {}
    Statement copy_passes, labels;
};

HistoryEntry read_entry(const Statement &row, EntryDetails &details) {
    HistoryEntry e;
    e.id = row.integer(0);
    e.recorded_at = row.text(1);
    e.started_at = row.text(2);
    e.host = row.text(3);
    e.cpu = row.text(4);
    e.suite = row.text(5);
    e.status = row.text(6);
    e.source = row.text(7);
    e.tool = row.text(8);
    e.result_path = row.text(9);
    Statement &copy_passes = details.copy_passes;
    copy_passes.bind(1, e.id);
    while (copy_passes.step()) {
        e.copies.push_back(int(copy_passes.integer(0)));
        e.scores.push_back(copy_passes.real(1));
        e.partial.push_back(copy_passes.integer(2) != 0);
    }
    copy_passes.reset();
    Statement &labels = details.labels;
    labels.bind(1, e.id);
    while (labels.step()) e.labels[labels.text(0)] = labels.text(1);
    labels.reset();
    return e;
}

std::optional<int64_t> parse_count(const std::string &digits) {
    if (digits.empty() || digits[0] < '0' || digits[0] > '9') return std::nullopt;  // no sign
    int64_t n = 0;
    const char *end = digits.data() + digits.size();
    const auto [ptr, ec] = std::from_chars(digits.data(), end, n);
    if (ec != std::errc() || ptr != end) return std::nullopt;  // trailing text, overflow
    return n;
}

void create_parent_folder(const std::string &path) {
    const fs::path parent = fs::path(path).parent_path();
    if (parent.empty()) return;
    std::error_code ec;
    fs::create_directories(parent, ec);
    if (ec)
        throw HistoryError(path + ": cannot create folder " + parent.string() + ": " +
                           ec.message());
}

// ---------------------------------------------------------------------------
// Where a history may be: a regular file, or nothing yet, on a file system
// that keeps files. SQLite opens whatever it is given and writes a -journal
// or -wal beside it: `--db /dev/null` gave "disk I/O error" and left a
// world-writable /dev/null-journal.

// The kernel's own file systems, by statfs's f_type: their files are views
// of the kernel, not storage. devtmpfs says TMPFS_MAGIC, so /dev is told
// apart by its device (is_under_dev()).
const char *kernel_file_system(const struct statfs &fs) {
    switch (fs.f_type) {
        case PROC_SUPER_MAGIC:
            return "proc";
        case SYSFS_MAGIC:
            return "sysfs";
        case DEVPTS_SUPER_MAGIC:
            return "devpts";
        case CGROUP_SUPER_MAGIC:
            return "cgroup";
        case CGROUP2_SUPER_MAGIC:
            return "cgroup2";
        case DEBUGFS_MAGIC:
            return "debugfs";
        case TRACEFS_MAGIC:
            return "tracefs";
        case SECURITYFS_MAGIC:
            return "securityfs";
        case BPF_FS_MAGIC:
            return "bpf";
        case PSTOREFS_MAGIC:
            return "pstore";
        case EFIVARFS_MAGIC:
            return "efivarfs";
        default:
            return nullptr;
    }
}

// On the file system mounted at /dev (devtmpfs: device nodes), when /dev is
// a mount of its own.
bool is_under_dev(dev_t device) {
    struct stat dev {
    }, root{};
    return ::stat("/dev", &dev) == 0 && ::stat("/", &root) == 0 && dev.st_dev != root.st_dev &&
           device == dev.st_dev;
}

std::string kind_of_file(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

[[noreturn]] void refuse_place(const std::string &path, const std::string &why) {
    throw HistoryError(path + ": cannot keep the history here: " + why +
                       " (the history is a regular file, or a path where one can be made, on a "
                       "file system that stores files)");
}

// `path`, or the nearest folder above it that exists: what decides the file
// system a new history would be made on.
std::string existing_place(const std::string &path) {
    fs::path at = fs::path(path);
    struct stat st {};
    while (::stat(at.c_str(), &st) != 0 && at.has_relative_path()) at = at.parent_path();
    return at.empty() ? "." : at.string();
}

void check_history_place(const std::string &path) {
    struct stat st {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if (!exists && errno != ENOENT) return;  // SQLite says why (EACCES, ELOOP...)
    if (exists && !S_ISREG(st.st_mode)) refuse_place(path, kind_of_file(st.st_mode));
    const std::string place = exists ? path : existing_place(path);
    struct stat at {};
    struct statfs on {};
    if (::stat(place.c_str(), &at) != 0 || ::statfs(place.c_str(), &on) != 0) return;
    if (const char *kernel = kernel_file_system(on))
        refuse_place(path, std::string("on the kernel's ") + kernel + " file system");
    if (is_under_dev(at.st_dev)) refuse_place(path, "on /dev, which holds devices");
}

// `path` as the path of an SQLite URI ("file:PATH?mode=ro"): every byte but
// the unreserved ones and '/' percent-encoded, so that '?', '#' and '%' in
// a file name stay part of it.
std::string uri_path(const std::string &path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : path) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        }
    }
    return out;
}

}  // namespace

ResultSummary summarize_result(const json &document) { return summarize(document); }

void History::Closer::operator()(sqlite3 *db) const { sqlite3_close_v2(db); }

std::string History::default_path() {
    // The XDG specification says to ignore a relative XDG_DATA_HOME.
    const char *xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && xdg[0] == '/') return (fs::path(xdg) / "bytebench" / "history.db").string();
    const char *home = std::getenv("HOME");
    std::string dir = home ? home : "";
    if (dir.empty())
        if (const passwd *pw = getpwuid(getuid()); pw && pw->pw_dir) dir = pw->pw_dir;
    if (dir.empty())
        throw HistoryError("cannot place the history: neither XDG_DATA_HOME nor HOME is set");
    return (fs::path(dir) / ".local" / "share" / "bytebench" / "history.db").string();
}

History::History(const std::string &path, HistoryAccess access) : path_(path) {
    if (path_ != ":memory:" && !path_.empty()) check_history_place(path_);
    open(access);
}

void History::open(HistoryAccess access) {
    if (access == HistoryAccess::read_only) return open_read_only();
    create_parent_folder(path_);
    sqlite3 *db = nullptr;
    const int rc =
        sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    db_.reset(db);  // sqlite hands out a handle to close even when opening fails
    if (rc != SQLITE_OK) fail(db, path_);
    sqlite3_busy_timeout(db, kBusyTimeoutMs);
    // Before anything writes: a newer schema is left exactly as it is. This
    // first read is also where a file that is no database fails.
    check_version(user_version(db, path_), path_);
    exec_waiting_while_busy(db, path_, kConnectionSetup);
    migrate();
}

void History::open_read_only() {
    struct stat st {};
    if (::stat(path_.c_str(), &st) != 0 && errno == ENOENT) {
        // Nothing recorded yet: an empty history, and still no file.
        sqlite3 *db = nullptr;
        const int rc = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nullptr);
        db_.reset(db);
        if (rc != SQLITE_OK) fail(db, path_);
        return migrate();
    }
    // mode=ro reads a WAL database while its owner writes it, but needs its
    // -shm file, which it cannot make in a folder it may not write (another
    // user's history); immutable=1 then reads the file as it is, unlocked.
    std::string first_error;
    std::optional<int> older;
    for (const char *mode : {"mode=ro", "immutable=1"}) {
        try {
            sqlite3 *db = nullptr;
            const std::string uri = "file:" + uri_path(path_) + "?" + mode;
            const int rc =
                sqlite3_open_v2(uri.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
            db_.reset(db);
            if (rc != SQLITE_OK) fail(db, path_);
            sqlite3_busy_timeout(db, kBusyTimeoutMs);
            const int version = user_version(db, path_);
            check_version(version, path_);
            if (version == kSchemaVersion) return;
            older = version;  // migrated below, which writes
            break;
        } catch (const HistoryError &e) {
            if (first_error.empty()) first_error = e.what();
        }
    }
    if (!older) throw HistoryError(first_error);
    db_.reset();
    try {
        open(HistoryAccess::read_write);
    } catch (const HistoryError &e) {
        throw HistoryError(e.what() + std::string(" (schema ") + std::to_string(*older) +
                           ", older than this bytebench's " + std::to_string(kSchemaVersion) +
                           ": it must be upgraded, which needs write access)");
    }
}

History::~History() = default;
History::History(History &&) noexcept = default;
History &History::operator=(History &&) noexcept = default;

void History::migrate() {
    const int found = user_version(db_.get(), path_);
    check_version(found, path_);
    if (found == kSchemaVersion) return;  // no write lock needed
    Transaction tx(db_.get(), path_);
    // Read again under the lock: another process may have just migrated.
    const int from = user_version(db_.get(), path_);
    check_version(from, path_);
    for (const Migration &m : kMigrations) {
        if (m.version <= from) continue;
        exec(db_.get(), path_, m.sql);
        if (m.backfill) m.backfill(db_.get(), path_);
    }
    tx.commit();
}

int History::schema_version() const { return user_version(db_.get(), path_); }

int64_t History::add(const json &document, const std::string &result_path) {
    if (!document.is_object())
        throw HistoryError(path_ + ": cannot add a result that is not a JSON object");
    json stored = document;
    stored.erase("render");  // a rendering option, never part of a result
    const Summary s = summarize(stored);
    // Replace rather than refuse invalid UTF-8 (an imported report's text).
    const std::string text = json_text(stored);
    Transaction tx(db_.get(), path_);
    Statement insert(db_.get(), path_, kInsertRun);
    insert.bind(1, iso_now()).bind(2, s.started_at).bind(3, s.host).bind(4, s.cpu);
    insert.bind(5, copies_text(s.copy_passes));
    insert.bind(6, s.copy_passes.empty() ? std::nullopt : s.copy_passes.back().score);
    insert.bind(7, s.suite).bind(8, s.status).bind(9, result_path).bind(10, text);
    insert.bind(11, s.source).bind(12, s.tool).bind(13, s.suite_sha256);
    insert.step();
    const int64_t id = sqlite3_last_insert_rowid(db_.get());
    insert_copy_passes(db_.get(), path_, kInsertCopyPass, id, s.copy_passes);
    insert_labels(db_.get(), path_, kInsertLabel, id, s.labels);
    tx.commit();
    return id;
}

std::vector<HistoryEntry> History::list(std::optional<int> limit, const Labels &labels) const {
    const std::string sql = std::string(kSelectEntriesHead) +
                            (labels.empty() ? "" : kWithEveryLabel) + kSelectEntriesTail;
    Statement rows(db_.get(), path_, sql.c_str());
    rows.bind(1, limit.value_or(-1));  // LIMIT -1: no limit
    if (!labels.empty()) rows.bind(2, labels_json(labels).dump());
    EntryDetails details(db_.get(), path_);
    std::vector<HistoryEntry> entries;
    while (rows.step()) entries.push_back(read_entry(rows, details));
    return entries;
}

std::optional<HistoryEntry> History::entry(int64_t id) const {
    Statement row(db_.get(), path_, kSelectEntry);
    EntryDetails details(db_.get(), path_);
    row.bind(1, id);
    if (!row.step()) return std::nullopt;
    return read_entry(row, details);
}

std::optional<json> History::document(int64_t id) const {
    Statement row(db_.get(), path_, kSelectDocument);
    row.bind(1, id);
    if (!row.step()) return std::nullopt;
    // Depth-capped like a result file: a document nested thousands deep
    // would overflow the stack when it is copied or written out.
    try {
        return parse_result_document(row.text(0), path_ + ": run " + std::to_string(id));
    } catch (const std::runtime_error &e) {
        throw HistoryError(e.what());
    }
}

std::optional<int64_t> History::find_result_path(const std::string &result_path) const {
    Statement row(db_.get(), path_, kSelectByResultPath);
    row.bind(1, result_path);
    if (!row.step()) return std::nullopt;
    return row.integer(0);
}

bool History::is_reference(const std::string &text) { return !text.empty() && text[0] == '@'; }

std::optional<int64_t> History::resolve(const std::string &reference) const {
    static const std::string kLast = "@last";
    const bool from_newest = reference.rfind(kLast, 0) == 0;
    std::optional<int64_t> number;  // the id, or how many runs back from the newest
    if (reference == kLast)
        number = 0;
    else if (from_newest && reference.size() > kLast.size() && reference[kLast.size()] == '~')
        number = parse_count(reference.substr(kLast.size() + 1));
    else if (!from_newest && is_reference(reference))
        number = parse_count(reference.substr(1));
    if (!number)
        throw HistoryError("'" + reference + "' is not a run reference (use @last, @last~K or @N)");
    const char *sql = from_newest ? kSelectNthNewest : kSelectId;
    Statement q(db_.get(), path_, sql);
    q.bind(1, *number);
    if (!q.step()) return std::nullopt;
    return q.integer(0);
}

}  // namespace bytebench
