// Reading result files (core/results/result_reader.*): what is accepted, and the
// one-line errors for the rest. tests/fuzz/result_fuzzer.cpp feeds it
// arbitrary bytes.
#include "results/result_reader.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "base/names.h"
#include "metric_documents.h"

namespace bytebench {
namespace {

std::string parse_error(const std::string &text) {
    try {
        parse_result_document(text, "r.json");
    } catch (const std::runtime_error &e) {
        return e.what();
    }
    return "";
}

std::string nested(int depth) {
    return R"({"schema": "bytebench.result/1", "x": )" + std::string(size_t(depth), '[') +
           std::string(size_t(depth), ']') + "}";
}

TEST(ResultReader, AcceptsTheSchemaAndItsLaterMinors) {
    EXPECT_EQ(parse_result_document(R"({"schema": "bytebench.result/1", "runs": []})", "r.json")
                  .at("runs"),
              nlohmann::json::array());
    EXPECT_NO_THROW(parse_result_document(R"({"schema": "bytebench.result/1.7"})", "r.json"));
}

TEST(ResultReader, OtherDocumentsAreNotResults) {
    for (const char *text : {R"({"schema": "bytebench.result/10"})",
                             R"({"schema": "bytebench.result/2"})", R"({"schema": 1})", "{}",
                             R"([{"schema": "bytebench.result/1"}])", R"("bytebench.result/1")"}) {
        const std::string error = parse_error(text);
        EXPECT_EQ(error.rfind("r.json: not a bytebench result (schema '", 0), 0u) << text;
    }
}

TEST(ResultReader, CorruptJsonIsCorrupt) {
    EXPECT_EQ(
        parse_error(R"({"schema": "bytebench.result/1", )").rfind("r.json: corrupt result: ", 0),
        0u);
    EXPECT_NE(parse_error("").find("corrupt result"), std::string::npos);
    EXPECT_NE(parse_error("{\"schema\": \"bytebench.result/1\", \"x\": \"\xff\"}").find("corrupt"),
              std::string::npos);  // not UTF-8
}

TEST(ResultReader, MessagesAreOneLineWhateverTheInput) {
    for (const std::string &text :
         {std::string(R"({"schema": "line\nbreak\u0000and a very long schema name indeed"})"),
          std::string("{\"schema\": \n\n tru\ne}"), std::string("\n\n\x01\x02\n")}) {
        const std::string error = parse_error(text);
        EXPECT_FALSE(error.empty());
        EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    }
    EXPECT_NE(parse_error(R"({"schema": "a\nb"})").find("schema 'a\\x0ab'"), std::string::npos);
}

std::string with_labels(const nlohmann::json &labels, const char *schema = "bytebench.result/1") {
    return nlohmann::json({{"schema", schema}, {"labels", labels}}).dump();
}

// A hand-made file of 100,000 labels, or one 100 KB value, took 9.9 GB in
// `compare --by`: labels are held to the rules `run --label` gives them by.
TEST(ResultReader, LabelsBreakingTheRulesAreOneLineNamingTheFile) {
    nlohmann::json many = nlohmann::json::object();
    for (int i = 0; i < 65; ++i) many["k" + std::to_string(i)] = "v";
    EXPECT_EQ(parse_error(with_labels(many)),
              "r.json: labels: 65 labels, more than the 64 a result may have");
    many.erase("k64");
    EXPECT_EQ(parse_error(with_labels(many)), "");
    EXPECT_EQ(parse_error(with_labels({{"kernel", std::string(257, 'x')}})),
              "r.json: labels: kernel: the value is longer than 256 bytes");
    EXPECT_EQ(parse_error(with_labels({{"kernel", "6.1\xe2\x80\xae"}})),
              "r.json: labels: kernel: the value holds the bidirectional control U+202E");
    EXPECT_EQ(parse_error(with_labels({{"kernel", "6.1\xc2\x85"}})),
              "r.json: labels: kernel: the value holds the control character U+0085");
    EXPECT_EQ(parse_error(with_labels({{"kernel", 6}})),
              "r.json: labels: kernel: the value is not a text");
    EXPECT_EQ(parse_error(with_labels({{"../k", "v"}})),
              std::string("r.json: labels: the key '../k' is not a name: ") + kNameRule);
    EXPECT_EQ(parse_error(with_labels(nlohmann::json::array({"k=v"}))),
              "r.json: labels: not an object");
    // A fleet's failure record carries labels too.
    EXPECT_EQ(parse_error(with_labels({{"smt", ""}}, "bytebench.failure/1")),
              "r.json: labels: smt: the value is empty");
    EXPECT_EQ(parse_error(with_labels({{"kernel", "6.1"}, {"host", "db-1"}})), "");
}

// The fleet engines say how a host failed ("state"); before, the state was not read, and a
// typo in it went unnoticed.
TEST(ResultReader, AFailureRecordsStateIsReadAndChecked) {
    const auto record = [](const nlohmann::json &state) {
        return nlohmann::json({{"schema", "bytebench.failure/1"},
                               {"host", "h3"},
                               {"state", state},
                               {"reason", "no route to host"}})
            .dump();
    };
    for (const char *state : {"failed", "timeout", "lost", "node_fail", "cancelled"}) {
        const nlohmann::json doc = parse_result_document(record(state), "r.json");
        EXPECT_EQ(ResultView(doc).state(), state);
        EXPECT_EQ(ResultView(doc).failed_text(),
                  std::string("failed (") + state + "): no route to host");
    }
    EXPECT_EQ(parse_error(record("gone")),
              "r.json: state: 'gone' is not one of failed, timeout, lost, node_fail, cancelled");
    EXPECT_EQ(parse_error(record("LOST")),
              "r.json: state: 'LOST' is not one of failed, timeout, lost, node_fail, cancelled");
    for (const nlohmann::json &bad : {nlohmann::json(3), nlohmann::json::array({"lost"})})
        EXPECT_EQ(parse_error(record(bad)),
                  "r.json: state: not a text (one of failed, timeout, lost, node_fail, "
                  "cancelled)");
    // Without a state, as records written before it: failed, without saying how.
    const nlohmann::json old = parse_result_document(
        R"({"schema": "bytebench.failure/1", "host": "h3", "reason": "x"})", "r.json");
    EXPECT_EQ(ResultView(old).state(), "");
    EXPECT_EQ(ResultView(old).failed_text(), "failed: x");
    EXPECT_EQ(parse_error(record(nullptr)), "");  // null: no state
}

// Found in review (libFuzzer's inputs are too short to reach it): a result
// nested 100000 deep (200 KB) parsed, then overflowed the stack in nlohmann's
// recursive copy and dump, which the CLI does to every document it reads.
TEST(ResultReader, RefusesDeepNesting) {
    EXPECT_NO_THROW(parse_result_document(nested(kMaxResultDepth - 1), "r.json"));
    EXPECT_EQ(parse_error(nested(kMaxResultDepth + 1)),
              "r.json: corrupt result: nested deeper than 64 levels");
    EXPECT_FALSE(parse_error(nested(100000)).empty());
}

// ---------------------------------------------------------------------------
// The views: every member read leniently.
// ---------------------------------------------------------------------------

const nlohmann::json kDocument = nlohmann::json::parse(R"({
  "schema": "bytebench.result/1", "status": "complete",
  "tool": {"name": "bytebench", "version": "0.1.0"},
  "system": {"hostname": "vm", "cpu_model": 7, "cpus_online": 2},
  "suite": {"name": "index", "sha256": "5f0c2b8e99"},
  "runs": [
    {"copies": 2, "start": "2026-11-30T03:00:00+00:00",
     "tests": [
       {"id": "dhry2reg", "name": "Dhrystone", "status": "ok", "value": 3.5e7, "samples": 7,
        "version": "1", "build": "gcc",
        "passes": [{"kept": true, "status": "ok", "value": 1.0},
                   {"kept": false, "status": "ok", "value": 2.0},
                   {"kept": true, "status": "error", "value": 3.0},
                   {"kept": "yes", "status": "ok", "value": 4.0},
                   {"kept": true, "status": "ok", "value": "5"},
                   {"kept": true, "status": "ok", "value": 6.0}]},
       {"id": "syscall", "status": "error", "error": "boom", "value": "not a number"},
       "not a test"],
     "indexes": [{"category": "other", "score": 1.0},
                 {"category": "system", "title": "System Benchmarks", "score": 2.5,
                  "partial": true}]},
    {"copies": -3, "tests": {}, "indexes": [7]},
    {"copies": 4.0},
    {"copies": 4294967296}
  ]})");

TEST(ResultView, ReadsWhatIsThere) {
    const ResultView r(kDocument);
    EXPECT_EQ(r.status(), "complete");
    EXPECT_EQ(r.system_text("hostname"), "vm");
    EXPECT_EQ(r.system_text("cpu_model"), "");  // not a string
    EXPECT_EQ(r.system_raw("cpus_online"), 2);
    EXPECT_EQ(r.suite_name(), "index");
    EXPECT_EQ(r.suite_sha256(), "5f0c2b8e99");
    EXPECT_FALSE(r.imported());
    EXPECT_EQ(r.tool_name() + " " + r.tool_version(), "bytebench 0.1.0");
    const std::vector<CopyPassView> passes = r.copy_passes();
    ASSERT_EQ(passes.size(), 4u);
    EXPECT_EQ(passes[0].copies(), 2);
    EXPECT_EQ(passes[0].start(), "2026-11-30T03:00:00+00:00");
    ASSERT_EQ(passes[0].tests().size(), 3u);
    const TestView dhry = *passes[0].find_test("dhry2reg");
    EXPECT_EQ(dhry.name(), "Dhrystone");
    EXPECT_EQ(dhry.value(), 3.5e7);
    EXPECT_TRUE(dhry.ok_with_value());
    EXPECT_EQ(dhry.raw("samples"), 7);
    EXPECT_EQ(dhry.kept_pass_values(), (std::vector<double>{1.0, 6.0}));
    EXPECT_EQ(dhry.version(), "1");
    EXPECT_EQ(dhry.build(), "gcc");
    const TestView sys = *passes[0].find_test("syscall");
    EXPECT_EQ(sys.error(), "boom");
    EXPECT_FALSE(sys.value().has_value());
    EXPECT_FALSE(sys.ok_with_value());
    EXPECT_FALSE(passes[0].find_test("nope").has_value());
    EXPECT_EQ(passes[0].headline_index()->title(), "System Benchmarks");
    EXPECT_TRUE(passes[0].headline_index()->partial());
    EXPECT_EQ(passes[0].find_index("other")->score(), 1.0);
}

TEST(ResultView, WhatIsMissingOrMistypedReadsAsEmpty) {
    const std::vector<CopyPassView> passes = ResultView(kDocument).copy_passes();
    EXPECT_FALSE(passes[1].copies().has_value());  // negative
    EXPECT_TRUE(passes[1].tests().empty());        // not an array
    ASSERT_EQ(passes[1].indexes().size(), 1u);     // 7: an index with nothing in it
    EXPECT_FALSE(passes[1].headline_index()->score().has_value());
    EXPECT_FALSE(passes[2].copies().has_value());  // not a whole number
    EXPECT_FALSE(passes[3].copies().has_value());  // beyond int
    EXPECT_FALSE(passes[2].headline_index().has_value());
    for (const nlohmann::json &odd : {nlohmann::json(), nlohmann::json(5), nlohmann::json::array(),
                                      nlohmann::json{{"runs", 3}, {"imported", true}}}) {
        const ResultView r(odd);
        EXPECT_TRUE(r.copy_passes().empty()) << odd;
        EXPECT_EQ(r.status(), "") << odd;
        EXPECT_FALSE(r.imported()) << odd;  // only an object says where it came from
    }
}

TEST(ResultView, AnImportedResultSaysFromWhat) {
    const nlohmann::json document = {{"imported", {{"from", "UnixBench"}, {"version", "5.1.3"}}}};
    const ResultView r(document);
    EXPECT_TRUE(r.imported());
    EXPECT_EQ(r.imported_from(), "UnixBench");
    EXPECT_EQ(r.imported_version(), "5.1.3");
}

// A test with a direction and metrics (docs/result-schema.md, "Metrics").
TEST(TestView, ReadsItsDirectionAndMetrics) {
    nlohmann::json test = {{"id", "rr"},
                           {"status", "ok"},
                           {"better", "lower"},
                           {"passes",
                            {{{"status", "ok"}, {"kept", true}},
                             {{"status", "error"}, {"kept", false}},
                             {{"status", "ok"}, {"kept", false}}}}};
    test = test::with_metric(test, {"p99_us", "p99 latency", "us", "lower"}, {10, 99, 30});
    test = test::with_metric(test, {"ops", "", "", "higher"}, {});
    const TestView view(test);
    EXPECT_EQ(view.better(), Direction::lower_is_better);
    const std::vector<MetricView> metrics = view.metrics();
    ASSERT_EQ(metrics.size(), 2u);
    EXPECT_EQ(metrics[0].key(), "p99_us");
    EXPECT_EQ(metrics[0].name(), "p99 latency");
    EXPECT_EQ(metrics[0].unit(), "us");
    EXPECT_EQ(metrics[0].better(), Direction::lower_is_better);
    EXPECT_DOUBLE_EQ(*metrics[0].value(), (10 + 99 + 30) / 3.0);
    EXPECT_EQ(metrics[0].stats()["n"], 3);
    EXPECT_EQ(metrics[1].name(), "ops");  // no name: the key
    EXPECT_EQ(metrics[1].better(), Direction::higher_is_better);
    EXPECT_FALSE(metrics[1].value().has_value());
    EXPECT_TRUE(metrics[1].stats().is_null());
    EXPECT_EQ(view.find_metric("ops")->key(), "ops");
    EXPECT_FALSE(view.find_metric("nope").has_value());
    // Every ok pass counts, kept or not; the failed one does not.
    EXPECT_EQ(view.ok_pass_metric_values("p99_us"), (std::vector<double>{10, 30}));
    EXPECT_TRUE(view.ok_pass_metric_values("ops").empty());
}

// Documents before metrics, and odd ones: higher is better, no metrics.
TEST(TestView, DirectionsAndMetricsReadLeniently) {
    const nlohmann::json old = {{"id", "dhry2reg"}, {"status", "ok"}, {"value", 1.0}};
    EXPECT_EQ(TestView(old).better(), Direction::higher_is_better);
    EXPECT_TRUE(TestView(old).metrics().empty());
    EXPECT_TRUE(TestView(old).ok_pass_metric_values("p99_us").empty());
    const nlohmann::json odd = nlohmann::json::parse(R"({
      "better": "sideways",
      "metrics": [{"name": "no key"}, {"key": ""}, 5, {"key": "a", "better": 1, "value": "x"},
                  {"key": "a", "name": "again"}, {"key": "b", "better": "LOWER"}],
      "passes": [{"status": "ok", "metrics": [1]}, {"status": "ok", "metrics": {"a": "1"}},
                 {"status": "ok", "metrics": {"a": 2}}, "pass"]})");
    const TestView view(odd);
    EXPECT_EQ(view.better(), Direction::higher_is_better);
    const std::vector<MetricView> metrics = view.metrics();
    ASSERT_EQ(metrics.size(), 2u);  // no key, an empty key, not an object, "a" again: left out
    EXPECT_EQ(metrics[0].key(), "a");
    EXPECT_EQ(metrics[0].name(), "a");
    EXPECT_EQ(metrics[0].better(), Direction::higher_is_better);
    EXPECT_FALSE(metrics[0].value().has_value());
    EXPECT_EQ(metrics[1].better(), Direction::higher_is_better);  // the words are lower case
    EXPECT_EQ(view.ok_pass_metric_values("a"), (std::vector<double>{2}));
    const nlohmann::json not_an_object = 3;
    EXPECT_TRUE(TestView(not_an_object).metrics().empty());
}

}  // namespace
}  // namespace bytebench
