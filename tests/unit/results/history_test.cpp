// The run history (core/results/history.*): storing, listing and naming runs, and
// migrating databases written by earlier versions. Old databases are built
// here with the bare sqlite3 API and literal SQL, independent of the code.
#include "results/history.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

namespace bytebench {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Schema 1 as it was released.
constexpr const char *kSchemaV1 = R"sql(
CREATE TABLE runs (
    id          INTEGER PRIMARY KEY,
    recorded_at TEXT NOT NULL,
    started_at  TEXT NOT NULL DEFAULT '',
    host        TEXT NOT NULL DEFAULT '',
    cpu         TEXT NOT NULL DEFAULT '',
    copies      TEXT NOT NULL DEFAULT '',
    score       REAL,
    suite       TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT '',
    result_path TEXT NOT NULL DEFAULT '',
    document    TEXT NOT NULL
);
PRAGMA user_version = 1;
)sql";

json fixture() {
    std::ifstream in(std::string(BYTEBENCH_SOURCE_DIR) +
                     "/tests/reporters/fixtures/full-2run.json");
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str());
}

json index_of(const std::string &category, double score, bool partial = false) {
    return {{"category", category}, {"title", category}, {"score", score}, {"partial", partial}};
}

json copy_pass(int copies, json indexes = json::array()) {
    return {{"copies", copies},
            {"cpus", 2},
            {"start", "2026-12-01T10:00:00+01:00"},
            {"indexes", std::move(indexes)},
            {"tests", json::array()}};
}

json result(const std::string &host, json runs) {
    return {{"schema", "bytebench.result/1"},
            {"tool", {{"name", "bytebench"}, {"version", "0.1.0"}, {"abi", "1.0"}}},
            {"status", "incomplete"},
            {"system", {{"hostname", host}, {"cpu_model", "Test CPU"}}},
            {"suite", {{"name", "mini"}, {"sha256", "abc123"}}},
            {"runs", std::move(runs)}};
}

json imported_result() {
    json doc =
        result("oldbox", json::array({copy_pass(1, json::array({index_of("system", 250)}))}));
    doc["imported"] = {{"from", "UnixBench"}, {"version", "5.1.3"}};
    return doc;
}

// The bare sqlite3 API, for building and inspecting databases by hand.
class RawDb {
  public:
    explicit RawDb(const std::string &path) {
        EXPECT_EQ(sqlite3_open(path.c_str(), &db_), SQLITE_OK);
    }
    ~RawDb() { sqlite3_close(db_); }
    void exec(const std::string &sql) {
        char *error = nullptr;
        EXPECT_EQ(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK)
            << (error ? error : "");
        sqlite3_free(error);
    }
    // Every row of `sql` with each column as text ("NULL" for null).
    std::vector<std::vector<std::string>> rows(const std::string &sql) {
        sqlite3_stmt *stmt = nullptr;
        EXPECT_EQ(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK);
        std::vector<std::vector<std::string>> result;
        while (stmt && sqlite3_step(stmt) == SQLITE_ROW) {
            result.emplace_back();
            for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(stmt, i));
                result.back().push_back(text ? text : "NULL");
            }
        }
        sqlite3_finalize(stmt);
        return result;
    }
    void insert_v1_run(const std::string &recorded_at, const std::string &host,
                       const std::string &document, const std::string &result_path) {
        sqlite3_stmt *stmt = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(db_,
                                     "INSERT INTO runs (recorded_at, host, copies, document, "
                                     "result_path) VALUES (?, ?, '1,2', ?, ?)",
                                     -1, &stmt, nullptr),
                  SQLITE_OK);
        sqlite3_bind_text(stmt, 1, recorded_at.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 2, host.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 3, document.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(stmt, 4, result_path.c_str(), -1, SQLITE_TRANSIENT);
        EXPECT_EQ(sqlite3_step(stmt), SQLITE_DONE);
        sqlite3_finalize(stmt);
    }

  private:
    sqlite3 *db_ = nullptr;
};

std::string opening_error(const std::string &path) {
    try {
        History h(path);
    } catch (const HistoryError &e) {
        return e.what();
    }
    return "";
}

class HistoryTest : public ::testing::Test {
  protected:
    void SetUp() override {
        char folder[] = "/tmp/bytebench-history-XXXXXX";
        ASSERT_NE(mkdtemp(folder), nullptr);
        dir_ = folder;
        path_ = dir_ + "/nested/data/history.db";
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string dir_, path_;
};

TEST_F(HistoryTest, CreatesTheDatabaseAndItsFolders) {
    History h(path_);
    EXPECT_TRUE(fs::is_regular_file(path_));
    EXPECT_EQ(h.schema_version(), History::kSchemaVersion);
    EXPECT_TRUE(h.list().empty());
    EXPECT_FALSE(h.resolve("@last"));
}

TEST_F(HistoryTest, ListsNewestFirstWithTheSummary) {
    History h(path_);
    EXPECT_EQ(h.add(fixture(), "results/vm-2026-11-30-01.json"), 1);
    EXPECT_EQ(h.add(imported_result(), ""), 2);
    const std::vector<HistoryEntry> all = h.list();
    ASSERT_EQ(all.size(), 2u);

    const HistoryEntry &imported = all[0];
    EXPECT_EQ(imported.id, 2);
    EXPECT_EQ(imported.source, "imported");
    EXPECT_EQ(imported.tool, "UnixBench 5.1.3");
    EXPECT_EQ(imported.host, "oldbox");
    EXPECT_EQ(imported.status, "incomplete");
    EXPECT_EQ(imported.result_path, "");

    const HistoryEntry &run = all[1];
    EXPECT_EQ(run.id, 1);
    EXPECT_EQ(run.source, "run");
    EXPECT_EQ(run.tool, "bytebench 0.1.0");
    EXPECT_EQ(run.host, "vm");
    EXPECT_EQ(run.cpu, "AMD EPYC");
    EXPECT_EQ(run.suite, "index");
    EXPECT_EQ(run.status, "complete");
    EXPECT_EQ(run.started_at, "2026-11-30T02:45:57+00:00");
    EXPECT_EQ(run.result_path, "results/vm-2026-11-30-01.json");
    EXPECT_EQ(run.recorded_at.size(), std::string("2026-11-30T02:45:57+00:00").size())
        << run.recorded_at;
    EXPECT_EQ(run.copies, (std::vector<int>{1, 2}));
    ASSERT_EQ(run.scores.size(), 2u);
    EXPECT_NEAR(run.scores[0].value_or(0), 699.358, 1e-3);
    EXPECT_NEAR(run.scores[1].value_or(0), 1399.854, 1e-3);

    const std::vector<HistoryEntry> newest = h.list(1);
    ASSERT_EQ(newest.size(), 1u);
    EXPECT_EQ(newest[0].id, 2);
}

TEST_F(HistoryTest, ScoreIsTheSystemCategoryElseTheFirst) {
    History h(path_);
    const json runs = json::array({
        copy_pass(1, json::array({index_of("fs", 5), index_of("system", 7)})),
        copy_pass(2, json::array({index_of("fs", 9, true)})),
        copy_pass(4),
    });
    const int64_t id = h.add(result("a", runs), "");
    const std::optional<HistoryEntry> e = h.entry(id);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->copies, (std::vector<int>{1, 2, 4}));
    EXPECT_EQ(e->scores, (std::vector<std::optional<double>>{7.0, 9.0, std::nullopt}));
    // The 2-copy score is a partial index: the listing marks it.
    EXPECT_EQ(e->partial, (std::vector<bool>{false, true, false}));
    EXPECT_EQ(h.list().at(0).partial, e->partial);
    EXPECT_EQ(e->started_at, "2026-12-01T10:00:00+01:00");
    EXPECT_FALSE(h.entry(id + 1));
}

TEST_F(HistoryTest, AcceptsADocumentWithoutRuns) {
    History h(path_);
    const int64_t id = h.add(json{{"schema", "bytebench.result/1"}}, "");
    const HistoryEntry e = *h.entry(id);
    EXPECT_TRUE(e.copies.empty());
    EXPECT_EQ(e.started_at, "");
    EXPECT_EQ(e.host, "");
    EXPECT_THROW(h.add(json::array(), ""), HistoryError);
}

TEST_F(HistoryTest, DocumentsRoundTripWithoutRenderOptions) {
    History h(path_);
    const json doc = fixture();
    ASSERT_TRUE(doc.contains("render"));
    const int64_t id = h.add(doc, "");
    json expected = doc;
    expected.erase("render");
    EXPECT_EQ(h.document(id), expected);
    EXPECT_FALSE(h.document(id + 1));
}

TEST_F(HistoryTest, ResolvesReferences) {
    History h(path_);
    for (const char *host : {"a", "b", "c"}) h.add(result(host, json::array()), "");
    EXPECT_EQ(h.resolve("@last"), 3);
    EXPECT_EQ(h.resolve("@last~0"), 3);
    EXPECT_EQ(h.resolve("@last~1"), 2);
    EXPECT_EQ(h.resolve("@last~2"), 1);
    EXPECT_FALSE(h.resolve("@last~3"));
    EXPECT_EQ(h.resolve("@1"), 1);
    EXPECT_FALSE(h.resolve("@99"));
    EXPECT_FALSE(h.resolve("@0"));
    for (const char *bad : {"@x", "@", "@last~", "@last~x", "@last~-1", "@lastx", "@-1", "@+1",
                            "@1x", "@ 1", "last", "1", "", "@99999999999999999999"}) {
        EXPECT_THROW(h.resolve(bad), HistoryError) << bad;
    }
    try {
        h.resolve("@x");
    } catch (const HistoryError &e) {
        EXPECT_NE(std::string(e.what()).find("@x"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(History::is_reference("@last"));
    EXPECT_TRUE(History::is_reference("@x"));
    EXPECT_FALSE(History::is_reference("results/a.json"));
    EXPECT_FALSE(History::is_reference("./@x"));
    EXPECT_FALSE(History::is_reference(""));
}

TEST_F(HistoryTest, MigratesAVersion1DatabaseAndBackfills) {
    fs::create_directories(fs::path(path_).parent_path());
    {
        RawDb raw(path_);
        raw.exec(kSchemaV1);
        raw.insert_v1_run("2026-11-30T03:00:00+00:00", "vm", fixture().dump(), "r/vm-01.json");
        raw.insert_v1_run("2026-11-30T04:00:00+00:00", "oldbox", imported_result().dump(), "");
        raw.insert_v1_run("2026-11-30T05:00:00+00:00", "lost", "{not json", "r/lost.json");
    }
    History h(path_);
    EXPECT_EQ(h.schema_version(), History::kSchemaVersion);
    const std::vector<HistoryEntry> all = h.list();
    ASSERT_EQ(all.size(), 3u);

    EXPECT_EQ(all[2].id, 1);
    EXPECT_EQ(all[2].recorded_at, "2026-11-30T03:00:00+00:00");  // kept, not re-stamped
    EXPECT_EQ(all[2].result_path, "r/vm-01.json");
    EXPECT_EQ(all[2].source, "run");
    EXPECT_EQ(all[2].tool, "bytebench 0.1.0");
    EXPECT_EQ(all[2].copies, (std::vector<int>{1, 2}));
    ASSERT_EQ(all[2].scores.size(), 2u);
    EXPECT_NEAR(all[2].scores[1].value_or(0), 1399.854, 1e-3);

    EXPECT_EQ(all[1].source, "imported");
    EXPECT_EQ(all[1].tool, "UnixBench 5.1.3");
    EXPECT_EQ(all[1].scores, (std::vector<std::optional<double>>{250.0}));

    // A damaged document keeps its row, with what could not be read left empty.
    EXPECT_EQ(all[0].host, "lost");
    EXPECT_EQ(all[0].source, "run");
    EXPECT_TRUE(all[0].copies.empty());
    EXPECT_THROW(h.document(all[0].id), HistoryError);

    RawDb raw(path_);
    EXPECT_EQ(raw.rows("SELECT suite_sha256 FROM runs WHERE id = 1")[0][0],
              fixture()["suite"]["sha256"].get<std::string>());
    EXPECT_EQ(raw.rows("SELECT run_id, position, copies, partial FROM copy_passes ORDER BY "
                       "run_id, position"),
              (std::vector<std::vector<std::string>>{
                  {"1", "0", "1", "0"}, {"1", "1", "2", "0"}, {"2", "0", "1", "0"}}));
}

// A result document nested 100,000 deep: nlohmann's parse is iterative,
// but its dump, copy and comparison recurse once per level.
std::string deeply_nested_result() {
    const int depth = 100000;
    return R"({"schema": "bytebench.result/1", "runs": )" + std::string(depth, '[') +
           std::string(depth, ']') + "}";
}

TEST_F(HistoryTest, ADeeplyNestedDocumentIsAnErrorNotACrash) {
    int64_t id = 0;
    {
        History h(path_);
        id = h.add(result("vm", json::array()), "");
    }
    {
        RawDb raw(path_);
        raw.exec("UPDATE runs SET document = '" + deeply_nested_result() +
                 "' WHERE id = " + std::to_string(id));
    }
    History h(path_);
    try {
        h.document(id);
        ADD_FAILURE() << "a document nested 100000 deep was read";
    } catch (const HistoryError &e) {
        EXPECT_EQ(std::string(e.what()), path_ + ": run " + std::to_string(id) +
                                             ": corrupt result: nested deeper than 64 levels");
    }
    EXPECT_EQ(h.list().size(), 1u);  // the rest of the history is usable
}

TEST_F(HistoryTest, MigratingADeeplyNestedDocumentKeepsItsRow) {
    fs::create_directories(fs::path(path_).parent_path());
    {
        RawDb raw(path_);
        raw.exec(kSchemaV1);
        raw.insert_v1_run("2026-11-30T05:00:00+00:00", "deep", deeply_nested_result(), "");
    }
    History h(path_);
    const std::vector<HistoryEntry> all = h.list();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].host, "deep");
    EXPECT_TRUE(all[0].copies.empty());
    EXPECT_THROW(h.document(all[0].id), HistoryError);
}

TEST_F(HistoryTest, CopyPassesGoWithTheirRun) {
    History h(path_);
    h.add(fixture(), "");
    RawDb raw(path_);
    raw.exec("PRAGMA foreign_keys = ON; DELETE FROM runs WHERE id = 1;");
    EXPECT_TRUE(raw.rows("SELECT * FROM copy_passes").empty());
}

// Schema 2 as it was: schema 1 plus these columns and the copy_runs table.
constexpr const char *kSchemaV2Step = R"sql(
ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'run';
ALTER TABLE runs ADD COLUMN tool TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN suite_sha256 TEXT NOT NULL DEFAULT '';
CREATE TABLE copy_runs (
    run_id   INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    copies   INTEGER NOT NULL,
    score    REAL,
    partial  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, position)
);
PRAGMA user_version = 2;
)sql";

TEST_F(HistoryTest, MigratesAVersion2DatabaseKeepingItsCopyPasses) {
    fs::create_directories(fs::path(path_).parent_path());
    {
        RawDb raw(path_);
        raw.exec(kSchemaV1);
        raw.exec(kSchemaV2Step);
        raw.insert_v1_run("2026-11-30T03:00:00+00:00", "vm", fixture().dump(), "r/vm-01.json");
        raw.exec("INSERT INTO copy_runs VALUES (1, 0, 1, 1000.5, 0), (1, 1, 2, 1999.25, 1)");
    }
    History h(path_);
    EXPECT_EQ(h.schema_version(), History::kSchemaVersion);
    const std::vector<HistoryEntry> all = h.list();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].copies, (std::vector<int>{1, 2}));
    EXPECT_EQ(all[0].scores, (std::vector<std::optional<double>>{1000.5, 1999.25}));
    RawDb raw(path_);
    EXPECT_TRUE(raw.rows("SELECT name FROM sqlite_master WHERE name = 'copy_runs'").empty());
    EXPECT_EQ(raw.rows("SELECT partial FROM copy_passes ORDER BY position"),
              (std::vector<std::vector<std::string>>{{"0"}, {"1"}}));
}

// Schema 3 as it was: schema 2 with copy_runs renamed.
constexpr const char *kSchemaV3Step = R"sql(
ALTER TABLE copy_runs RENAME TO copy_passes;
PRAGMA user_version = 3;
)sql";

json labelled(const std::string &host, json labels) {
    json doc = result(host, json::array());
    doc["labels"] = std::move(labels);
    return doc;
}

TEST_F(HistoryTest, MigratesAVersion3DatabaseAndBackfillsTheLabels) {
    fs::create_directories(fs::path(path_).parent_path());
    {
        RawDb raw(path_);
        raw.exec(kSchemaV1);
        raw.exec(kSchemaV2Step);
        raw.exec(kSchemaV3Step);
        raw.insert_v1_run("2026-11-30T03:00:00+00:00", "vm", fixture().dump(), "");
        raw.insert_v1_run("2026-11-30T04:00:00+00:00", "db-1",
                          labelled("db-1", {{"kernel", "6.1"}, {"smt", "off"}}).dump(), "");
        raw.insert_v1_run("2026-11-30T05:00:00+00:00", "db-2",
                          labelled("db-2", {{"host", "renamed"}, {"kernel", 6.1}}).dump(), "");
        raw.insert_v1_run("2026-11-30T06:00:00+00:00", "lost", "{not json", "");
        raw.exec("INSERT INTO copy_passes VALUES (1, 0, 1, 1000.5, 0)");
    }
    History h(path_);
    EXPECT_EQ(h.schema_version(), 4);
    const std::vector<HistoryEntry> all = h.list();
    ASSERT_EQ(all.size(), 4u);
    EXPECT_TRUE(all[0].labels.empty()) << "a damaged document has none";
    EXPECT_EQ(all[1].labels, (Labels{{"host", "renamed"}})) << "a number is no label";
    EXPECT_EQ(all[2].labels, (Labels{{"kernel", "6.1"}, {"smt", "off"}}));
    EXPECT_TRUE(all[3].labels.empty());
    EXPECT_EQ(all[3].scores, (std::vector<std::optional<double>>{1000.5})) << "kept as it was";

    ASSERT_EQ(h.list(std::nullopt, {{"kernel", "6.1"}}).size(), 1u);
    EXPECT_EQ(h.list(std::nullopt, {{"kernel", "6.1"}})[0].id, 2);
    RawDb raw(path_);
    EXPECT_EQ(raw.rows("SELECT run_id, key, value FROM labels ORDER BY run_id, key"),
              (std::vector<std::vector<std::string>>{
                  {"2", "kernel", "6.1"}, {"2", "smt", "off"}, {"3", "host", "renamed"}}));
    EXPECT_EQ(raw.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = "
                       "'labels' AND sql IS NOT NULL"),
              (std::vector<std::vector<std::string>>{{"labels_by_key_value"}}));
}

TEST_F(HistoryTest, MigratesAVersion1DatabaseAllTheWayWithLabels) {
    fs::create_directories(fs::path(path_).parent_path());
    {
        RawDb raw(path_);
        raw.exec(kSchemaV1);
        raw.insert_v1_run("2026-11-30T04:00:00+00:00", "db-1",
                          labelled("db-1", {{"kernel", "6.1"}}).dump(), "");
    }
    History h(path_);
    const std::vector<HistoryEntry> all = h.list();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].labels, (Labels{{"kernel", "6.1"}}));
    EXPECT_EQ(all[0].source, "run");
}

TEST_F(HistoryTest, AddKeepsTheLabelsAsGiven) {
    History h(path_);
    const int64_t id =
        h.add(labelled("db-1", {{"kernel", "6.1"}, {"smt", "off"}, {"odd", json::array()}}), "");
    EXPECT_EQ(h.entry(id)->labels, (Labels{{"kernel", "6.1"}, {"smt", "off"}}))
        << "no implied host: that is the host column";
    EXPECT_EQ(h.list()[0].labels, h.entry(id)->labels);
    EXPECT_TRUE(h.entry(h.add(fixture(), ""))->labels.empty());
    EXPECT_TRUE(h.entry(h.add(labelled("x", "kernel=6.1"), ""))->labels.empty());
}

TEST_F(HistoryTest, SummaryReadsTheLabelsLeniently) {
    EXPECT_EQ(summarize_result(labelled("a", {{"k", "v"}, {"n", nullptr}})).labels,
              (Labels{{"k", "v"}}));
    EXPECT_TRUE(summarize_result(labelled("a", json::array({"k=v"}))).labels.empty());
    EXPECT_TRUE(summarize_result(json(42)).labels.empty());
}

TEST_F(HistoryTest, ListsTheRunsCarryingEveryLabelAskedFor) {
    History h(path_);
    h.add(labelled("db-1", {{"kernel", "6.1"}, {"smt", "off"}}), "");   // 1
    h.add(labelled("db-2", {{"kernel", "6.1"}, {"smt", "on"}}), "");    // 2
    h.add(labelled("db-3", {{"kernel", "5.15"}, {"smt", "off"}}), "");  // 3
    h.add(labelled("db-4", {{"kernel", "6.1"}, {"smt", "off"}}), "");   // 4
    h.add(result("db-5", json::array()), "");                           // 5
    const auto ids = [&](std::optional<int> limit, const Labels &labels) {
        std::vector<int64_t> out;
        for (const HistoryEntry &e : h.list(limit, labels)) out.push_back(e.id);
        return out;
    };
    EXPECT_EQ(ids(std::nullopt, {}), (std::vector<int64_t>{5, 4, 3, 2, 1}));
    EXPECT_EQ(ids(std::nullopt, {{"kernel", "6.1"}}), (std::vector<int64_t>{4, 2, 1}));
    EXPECT_EQ(ids(std::nullopt, {{"kernel", "6.1"}, {"smt", "off"}}), (std::vector<int64_t>{4, 1}));
    EXPECT_EQ(ids(1, {{"kernel", "6.1"}, {"smt", "off"}}), (std::vector<int64_t>{4}))
        << "the newest N that match";
    EXPECT_EQ(ids(2, {{"smt", "off"}}), (std::vector<int64_t>{4, 3}));
    EXPECT_TRUE(ids(std::nullopt, {{"kernel", "6"}}).empty()) << "whole values only";
    EXPECT_TRUE(ids(std::nullopt, {{"nope", "6.1"}}).empty());
    EXPECT_TRUE(ids(std::nullopt, {{"kernel", "6.1"}, {"smt", "maybe"}}).empty());
}

// One condition per label made an expression tree as deep as their number:
// 1500 filters were "Expression tree is too large", blamed on the database.
TEST_F(HistoryTest, ThousandsOfLabelFiltersAreOneQuery) {
    History h(path_);
    h.add(labelled("db-1", {{"kernel", "6.1"}, {"smt", "off"}}), "");
    Labels wanted = {{"kernel", "6.1"}, {"smt", "off"}};
    EXPECT_EQ(h.list(std::nullopt, wanted).size(), 1u);
    for (int i = 0; i < 1500; ++i) wanted["k" + std::to_string(i)] = "v";
    EXPECT_TRUE(h.list(std::nullopt, wanted).empty());
    EXPECT_EQ(h.list(std::nullopt, {{"host", "db-1"}, {"kernel", "6.1"}}).size(), 1u);
}

TEST_F(HistoryTest, AHostLabelElseTheHostNameMatchesHost) {
    History h(path_);
    h.add(result("db-1", json::array()), "");            // 1: host db-1
    h.add(labelled("db-1", {{"host", "primary"}}), "");  // 2: host label wins
    h.add(labelled("db-2", {{"host", "db-1"}}), "");     // 3: labelled db-1
    h.add(labelled("db-1", {{"kernel", "6.1"}}), "");    // 4: host db-1
    const auto ids = [&](const Labels &labels) {
        std::vector<int64_t> out;
        for (const HistoryEntry &e : h.list(std::nullopt, labels)) out.push_back(e.id);
        return out;
    };
    EXPECT_EQ(ids({{"host", "db-1"}}), (std::vector<int64_t>{4, 3, 1}));
    EXPECT_EQ(ids({{"host", "primary"}}), (std::vector<int64_t>{2}));
    EXPECT_EQ(ids({{"host", "db-1"}, {"kernel", "6.1"}}), (std::vector<int64_t>{4}));
    EXPECT_TRUE(ids({{"host", "db-2"}}).empty()) << "its own label names it otherwise";
}

TEST_F(HistoryTest, LabelsGoWithTheirRun) {
    History h(path_);
    h.add(labelled("db-1", {{"kernel", "6.1"}}), "");
    RawDb raw(path_);
    raw.exec("PRAGMA foreign_keys = ON; DELETE FROM runs WHERE id = 1;");
    EXPECT_TRUE(raw.rows("SELECT * FROM labels").empty());
}

TEST_F(HistoryTest, RefusesASchemaNewerThanItKnows) {
    fs::create_directories(fs::path(path_).parent_path());
    RawDb(path_).exec("CREATE TABLE runs (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;");
    const std::string e = opening_error(path_);
    EXPECT_EQ(e.rfind(path_ + ": ", 0), 0u) << e;
    EXPECT_NE(e.find("newer"), std::string::npos) << e;
    EXPECT_NE(e.find("schema 99; this one reads up to " + std::to_string(History::kSchemaVersion)),
              std::string::npos)
        << e;
}

TEST_F(HistoryTest, RefusesAFileThatIsNotADatabase) {
    fs::create_directories(fs::path(path_).parent_path());
    std::ofstream(path_) << "these are not the runs you are looking for\n";
    const std::string e = opening_error(path_);
    EXPECT_EQ(e.rfind(path_ + ": ", 0), 0u) << e;
    EXPECT_NE(e.find("not a database"), std::string::npos) << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
}

TEST_F(HistoryTest, NamesTheFolderItCannotCreate) {
    std::ofstream(dir_ + "/file") << "x";
    const std::string path = dir_ + "/file/history.db";
    const std::string e = opening_error(path);
    EXPECT_EQ(e.rfind(path + ": ", 0), 0u) << e;
}

// SQLite opened whatever it was given: `--db /dev/null` was "disk I/O error"
// and left a world-writable /dev/null-journal (issue 35).
TEST_F(HistoryTest, APlaceThatKeepsNoFilesIsRefusedBeforeSqliteOpensIt) {
    struct stat journal_before {};
    const bool journal_existed = stat("/dev/null-journal", &journal_before) == 0;
    const std::string fifo = dir_ + "/fifo";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const std::string tail =
        " (the history is a regular file, or a path where one can be made, on a file system that "
        "stores files)";
    for (const HistoryAccess access : {HistoryAccess::read_write, HistoryAccess::read_only}) {
        const auto error = [&](const std::string &path) {
            try {
                History h(path, access);
            } catch (const HistoryError &e) {
                return std::string(e.what());
            }
            return std::string("(opened)");
        };
        EXPECT_EQ(error("/dev/null"),
                  "/dev/null: cannot keep the history here: a character device" + tail);
        EXPECT_EQ(error(fifo), fifo + ": cannot keep the history here: a FIFO" + tail);
        EXPECT_EQ(error(dir_), dir_ + ": cannot keep the history here: a folder" + tail);
        EXPECT_EQ(error("/proc/self/history.db"),
                  "/proc/self/history.db: cannot keep the history here: on the kernel's proc file "
                  "system" +
                      tail);
        EXPECT_EQ(error("/proc/self/status"),
                  "/proc/self/status: cannot keep the history here: on the kernel's proc file "
                  "system" +
                      tail);
        struct stat dev {
        }, root{};
        if (stat("/dev", &dev) == 0 && stat("/", &root) == 0 && dev.st_dev != root.st_dev) {
            EXPECT_EQ(error("/dev/bytebench-test/history.db"),
                      "/dev/bytebench-test/history.db: cannot keep the history here: on /dev, "
                      "which holds devices" +
                          tail);
        }
    }
    EXPECT_FALSE(fs::exists("/dev/bytebench-test"));
    struct stat journal_after {};
    EXPECT_EQ(stat("/dev/null-journal", &journal_after) == 0, journal_existed);
    if (journal_existed) {
        EXPECT_EQ(journal_after.st_mtim.tv_sec, journal_before.st_mtim.tv_sec);
    }
}

// Reading commands open the history read-only: nothing is created for a
// missing history, the file is not written, and one in a folder that may not
// be written is read without a file made beside it (SQLite's -wal and -shm:
// tests/e2e reads another user's).
TEST_F(HistoryTest, ReadOnlyCreatesNothingAndWritesNothing) {
    {
        History missing(path_, HistoryAccess::read_only);
        EXPECT_TRUE(missing.list().empty());
        EXPECT_FALSE(missing.resolve("@last"));
    }
    EXPECT_FALSE(fs::exists(fs::path(path_).parent_path()));
    {
        History h(path_);
        h.add(fixture(), "a.json");
    }
    const fs::path folder = fs::path(path_).parent_path();
    const auto files = [&] {
        std::set<std::string> names;
        for (const auto &e : fs::directory_iterator(folder)) names.insert(e.path().filename());
        return names;
    };
    EXPECT_EQ(files(), std::set<std::string>{"history.db"});
    const auto content = [&] {
        std::ifstream in(path_, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string before = content();
    const fs::perms read_only =
        fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;
    fs::permissions(path_, read_only);
    fs::permissions(
        folder, read_only | fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec);
    {
        History h(path_, HistoryAccess::read_only);
        ASSERT_EQ(h.list().size(), 1u);
        EXPECT_EQ(h.resolve("@last"), 1);
        EXPECT_TRUE(h.document(1));
        EXPECT_THROW(h.add(fixture(), "b.json"), HistoryError);
    }
    fs::permissions(folder, fs::perms::owner_all);
    EXPECT_EQ(content(), before);
    // Root writes into any folder, and SQLite makes its companions there.
    if (geteuid() != 0) {
        EXPECT_EQ(files(), std::set<std::string>{"history.db"});
    }
}

// A reading command on a history from before the labels (schema 3) upgrades
// it as a writing one would.
TEST_F(HistoryTest, ReadOnlyUpgradesAnOlderSchemaWhereItMay) {
    fs::create_directories(fs::path(path_).parent_path());
    {
        RawDb raw(path_);
        raw.exec(kSchemaV1);
        raw.insert_v1_run("2026-11-30T03:00:00+00:00", "vm", fixture().dump(), "r/vm-01.json");
    }
    History h(path_, HistoryAccess::read_only);
    EXPECT_EQ(h.schema_version(), History::kSchemaVersion);
    ASSERT_EQ(h.list().size(), 1u);
}

TEST_F(HistoryTest, ReopeningKeepsTheRuns) {
    {
        History h(path_);
        h.add(fixture(), "a.json");
    }
    History reopened(path_);
    History moved = std::move(reopened);
    ASSERT_EQ(moved.list().size(), 1u);
    EXPECT_EQ(moved.list()[0].result_path, "a.json");
    EXPECT_EQ(moved.resolve("@last"), 1);
    EXPECT_EQ(moved.add(fixture(), "b.json"), 2);
}

TEST_F(HistoryTest, TwoWritersGetDistinctIds) {
    History a(path_), b(path_);
    std::set<int64_t> ids;
    for (int i = 0; i < 5; ++i) {
        ids.insert(a.add(result("a", json::array()), ""));
        ids.insert(b.add(result("b", json::array()), ""));
    }
    EXPECT_EQ(ids.size(), 10u);
    EXPECT_EQ(a.list().size(), 10u);
    EXPECT_EQ(a.resolve("@last"), b.resolve("@last"));
}

// Runs finishing at the same moment, on a machine without a history yet:
// each waits for the others' transactions (busy_timeout), creating and
// migrating included, instead of failing with "database is locked".
TEST_F(HistoryTest, ConcurrentWritersWaitForEachOther) {
    constexpr int kThreads = 4, kRuns = 25;
    std::vector<std::vector<int64_t>> ids(kThreads);
    std::vector<std::string> errors(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            try {
                History h(path_);
                for (int i = 0; i < kRuns; ++i) ids[t].push_back(h.add(fixture(), ""));
            } catch (const std::exception &e) {
                errors[t] = e.what();
            }
        });
    for (std::thread &t : threads) t.join();
    std::set<int64_t> all;
    for (int t = 0; t < kThreads; ++t) {
        EXPECT_EQ(errors[t], "");
        all.insert(ids[t].begin(), ids[t].end());
    }
    EXPECT_EQ(all.size(), size_t(kThreads * kRuns));
}

// Restores an environment variable when the test ends.
class ScopedEnv {
  public:
    ScopedEnv(const char *name, const char *value) : name_(name) {
        if (const char *old = getenv(name)) old_ = old;
        value ? setenv(name, value, 1) : unsetenv(name);
    }
    ~ScopedEnv() { old_ ? setenv(name_, old_->c_str(), 1) : unsetenv(name_); }

  private:
    const char *name_;
    std::optional<std::string> old_;
};

TEST(HistoryPath, FollowsXdgDataHomeThenHome) {
    ScopedEnv home("HOME", "/home/ada");
    {
        ScopedEnv xdg("XDG_DATA_HOME", "/data/ada");
        EXPECT_EQ(History::default_path(), "/data/ada/bytebench/history.db");
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", nullptr);
        EXPECT_EQ(History::default_path(), "/home/ada/.local/share/bytebench/history.db");
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", "relative/data");  // ignored, as XDG says
        EXPECT_EQ(History::default_path(), "/home/ada/.local/share/bytebench/history.db");
    }
}

}  // namespace
}  // namespace bytebench
