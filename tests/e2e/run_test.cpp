// End-to-end: the real CLI, workers, plugins and reporters.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

TEST(EndToEnd, SyscallAndPipeGiveOkResultsAndReports) {
    const std::string out = fresh_dir("syscall-pipe");
    const CliResult r =
        run_cli({"run", "syscall", "pipe", "-i", "1", "--duration", "0.5", "--settle", "0", "-c",
                 "1", "-c", "2", "--format", "text,json", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    EXPECT_EQ(doc["schema"], "bytebench.result/1");
    EXPECT_EQ(doc["status"], "complete");
    EXPECT_EQ(doc["options"]["copies"], nlohmann::json::array({1, 2}));
    ASSERT_EQ(doc["runs"].size(), 2u);
    for (const auto &run : doc["runs"]) {
        for (const std::string id : {"syscall", "pipe"}) {
            const nlohmann::json *t = find_test(run, id);
            ASSERT_NE(t, nullptr) << id;
            EXPECT_EQ((*t)["status"], "ok") << id << ": " << t->dump();
            EXPECT_GT((*t)["value"].get<double>(), 1000.0) << id;
            EXPECT_EQ((*t)["unit"], "lps");
            EXPECT_EQ((*t)["samples"], 1);
            EXPECT_GT((*t)["index"].get<double>(), 0.0);
            ASSERT_EQ((*t)["passes"].size(), 1u);
            EXPECT_EQ((*t)["passes"][0]["copies"].size(), run["copies"].get<size_t>());
            EXPECT_NEAR((*t)["time_s"].get<double>(), 0.5, 0.2);
            // Every pass says what else went on: a number, or "unknown"
            // with the reason.
            const nlohmann::json &env = (*t)["passes"][0]["environment"];
            EXPECT_GE(env["wall_s"].get<double>(), 0.5) << env.dump();
            for (const char *key : {"steal_s", "foreign_cpu_s", "frequency_mhz"})
                EXPECT_TRUE(env[key].is_number() ||
                            (env[key] == "unknown" && env["why"][key].is_string()))
                    << key << ": " << env.dump();
            EXPECT_TRUE(env["steal_s"].is_number()) << env.dump();  // /proc/stat is there
        }
        ASSERT_EQ(run["indexes"].size(), 1u);
        EXPECT_EQ(run["indexes"][0]["title"], "System Benchmarks");
        EXPECT_TRUE(run["indexes"][0]["partial"].get<bool>());
        EXPECT_EQ(run["indexes"][0]["tests_indexed"], 2);
        EXPECT_EQ(run["indexes"][0]["tests_total"], 12);
    }
    // The text report went to stdout and to the .txt beside the result.
    EXPECT_NE(r.out.find("BYTE UNIX Benchmarks (Version 6.0.0)"), std::string::npos);
    EXPECT_NE(r.out.find("running 2 parallel copies of tests"), std::string::npos);
    EXPECT_TRUE(std::regex_search(
        r.out, std::regex(R"(System Call Overhead +[0-9]+\.[0-9] lps +\(0\.[0-9] s, 1 samples\))")))
        << r.out;
    EXPECT_NE(r.out.find("System Benchmarks Index Score (Partial Only)"), std::string::npos);
    int txt = 0, log = 0;
    for (const auto &e : fs::directory_iterator(out)) {
        txt += e.path().extension() == ".txt";
        log += e.path().extension() == ".log";
    }
    EXPECT_EQ(txt, 1);
    EXPECT_EQ(log, 1);
}

// The last line names every file the run wrote, the reports too.
TEST(EndToEnd, TheResultsLineNamesEveryFileWritten) {
    const std::string out = fresh_dir("results-line");
    const CliResult r = run_cli({"--no-history", "run", "--plugin-path", kTestPlugins + "/good",
                                 "test.count", "-i", "1", "--duration", "0.1", "--settle", "0",
                                 "-c", "1", "--format", "text,html,markdown,json", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.err, m, std::regex("Results: (.*)/([^/]*)\\.json, "))) << r.err;
    const std::string base = m[1].str() + "/" + m[2].str();
    EXPECT_NE(r.err.find("Results: " + base + ".json, " + base + ".txt, " + base + ".html, " +
                         base + ".md (log: " + base + ".log)\n"),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(fs::exists(base + ".html"));
}

TEST(EndToEnd, ResultsAreNeverOverwritten) {
    const std::string out = fresh_dir("numbering");
    for (int i = 0; i < 2; ++i)
        ASSERT_EQ(run_cli({"run", "--plugin-path", kTestPlugins + "/good", "test.count", "-i", "1",
                           "--duration", "0.1", "--settle", "0", "-c", "1", "-q", "-o", out})
                      .exit_code,
                  0);
    std::vector<std::string> names;
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    ASSERT_EQ(names.size(), 2u);
    EXPECT_TRUE(std::regex_match(names[0], std::regex(R"(.+-\d{4}-\d\d-\d\d-01\.json)")))
        << names[0];
    EXPECT_TRUE(std::regex_match(names[1], std::regex(R"(.+-\d{4}-\d\d-\d\d-02\.json)")))
        << names[1];
}

TEST(EndToEnd, ACrashingWorkloadIsRecordedAndTheRunGoesOn) {
    const std::string out = fresh_dir("crash");
    const CliResult r = run_cli({"run",
                                 "--plugin-path",
                                 kTestPlugins + "/crash",
                                 "--plugin-path",
                                 kTestPlugins + "/good",
                                 "test.crash",
                                 "test.error",
                                 "test.skip",
                                 "test.exit",
                                 "test.count",
                                 "-i",
                                 "3",
                                 "--duration",
                                 "0.2",
                                 "--settle",
                                 "0",
                                 "-c",
                                 "2",
                                 "-o",
                                 out});
    EXPECT_EQ(r.exit_code, 1) << r.err;  // some test failed
    const nlohmann::json doc = only_result(out);
    EXPECT_EQ(doc["status"], "complete");
    const auto &run = doc["runs"][0];
    const nlohmann::json *crash = find_test(run, "test.crash");
    ASSERT_NE(crash, nullptr);
    EXPECT_EQ((*crash)["status"], "crashed");
    EXPECT_NE((*crash)["error"].get<std::string>().find("signal 11"), std::string::npos);
    // The worker names the fault and the plugin call it happened in.
    EXPECT_NE((*crash)["error"].get<std::string>().find(
                  "last output: bytebench-worker: SIGSEGV at address 0x10 in run() of test.crash"),
              std::string::npos)
        << (*crash)["error"];
    EXPECT_EQ((*crash)["passes"].size(), 1u);  // a crash ends the test
    EXPECT_EQ((*find_test(run, "test.error"))["status"], "error");
    EXPECT_NE(
        (*find_test(run, "test.error"))["error"].get<std::string>().find("deliberate failure"),
        std::string::npos);
    EXPECT_EQ((*find_test(run, "test.skip"))["status"], "skipped");
    EXPECT_EQ((*find_test(run, "test.skip"))["error"], "needs a unicorn");
    EXPECT_EQ((*find_test(run, "test.exit"))["status"], "error");
    EXPECT_NE((*find_test(run, "test.exit"))["error"].get<std::string>().find("status 3"),
              std::string::npos);
    const nlohmann::json *count = find_test(run, "test.count");
    ASSERT_NE(count, nullptr);
    EXPECT_EQ((*count)["status"], "ok");
    EXPECT_EQ((*count)["passes"].size(), 3u);  // a long test makes -i passes
    EXPECT_NE(r.out.find("CRASHED"), std::string::npos) << r.out;
}

TEST(EndToEnd, AHangingWorkloadTimesOut) {
    const std::string out = fresh_dir("hang");
    const CliResult r = run_cli({"run", "--plugin-path", kTestPlugins + "/hang", "test.hang", "-i",
                                 "1", "--duration", "0.1", "--settle", "0", "-c", "1", "-o", out});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *hang = find_test(doc["runs"][0], "test.hang");
    ASSERT_NE(hang, nullptr);
    EXPECT_EQ((*hang)["status"], "timeout");
    // test.hang never forks: the only process left beside the killed
    // worker is the host's own stop-flag watcher (where userfaultfd is
    // allowed), which stayed in the worker's group and is no escapee.
    EXPECT_EQ(r.err.find("outside its process group"), std::string::npos) << r.err;
}

TEST(EndToEnd, RateWorkloadsSumTheCopies) {
    const std::string out = fresh_dir("rate");
    const CliResult r = run_cli({"run", "--plugin-path", kTestPlugins + "/good", "test.rate", "-i",
                                 "1", "--duration", "0.1", "--settle", "0", "-c", "3", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "test.rate");
    ASSERT_NE(t, nullptr);
    EXPECT_NEAR((*t)["value"].get<double>(), 300.0, 1e-9);
}

TEST(EndToEnd, ReportRendersASavedResultAgain) {
    const std::string out = fresh_dir("report");
    ASSERT_EQ(run_cli({"run", "--plugin-path", kTestPlugins + "/good", "test.count", "-i", "1",
                       "--duration", "0.1", "--settle", "0", "-c", "1", "-q", "-o", out})
                  .exit_code,
              0);
    std::string result;
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") result = e.path().string();
    const CliResult text = run_cli({"report", result});
    ASSERT_EQ(text.exit_code, 0) << text.err;
    EXPECT_NE(text.out.find("Benchmark Run:"), std::string::npos);
    const CliResult json = run_cli({"report", result, "--format", "json"});
    ASSERT_EQ(json.exit_code, 0) << json.err;
    EXPECT_EQ(nlohmann::json::parse(json.out)["schema"], "bytebench.result/1");
    const CliResult custom = run_cli(
        {"--plugin-path", kTestPlugins + "/reporter", "report", result, "--format", "test-lines"});
    ASSERT_EQ(custom.exit_code, 0) << custom.err;
    EXPECT_NE(custom.out.find("1 test.count ok"), std::string::npos) << custom.out;
}

// --stats adds a Statistics block after each copy-pass, in `run` and in `report`; the result
// carries the statistics either way.
TEST(EndToEnd, StatsFlagPrintsTheStatisticsSection) {
    const std::string out = fresh_dir("report-stats");
    const CliResult run =
        run_cli({"run", "--plugin-path", kTestPlugins + "/good", "test.count", "-i", "4",
                 "--duration", "0.1", "--settle", "0", "-c", "1", "-q", "--stats", "-o", out});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("Statistics of the kept passes"), std::string::npos) << run.out;
    std::string result;
    for (const auto &e : fs::directory_iterator(out))
        if (e.path().extension() == ".json") result = e.path().string();
    const nlohmann::json doc = only_result(out);
    const nlohmann::json *t = find_test(doc["runs"][0], "test.count");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["stats"]["n"], 3);  // 4 passes, the lowest dropped
    EXPECT_TRUE((*t)["stats"]["ci95"].is_array()) << t->dump();
    EXPECT_TRUE((*t)["stats"]["outliers"].is_array());

    const CliResult stats = run_cli({"report", result, "--stats"});
    ASSERT_EQ(stats.exit_code, 0) << stats.err;
    EXPECT_NE(stats.out.find("Benchmark Run:"), std::string::npos);
    EXPECT_TRUE(std::regex_search(
        stats.out, std::regex(R"(\nStatistics of the kept passes +n +mean +median +stddev +CV % +)"
                              R"(95% CI of the mean +outliers\n-+\n)")))
        << stats.out;
    EXPECT_TRUE(
        std::regex_search(stats.out, std::regex(R"(\n[^\n]*counting loop +3 +[0-9]+\.[0-9] )")))
        << stats.out;
    EXPECT_NE(stats.out.find("n: kept passes; CI: Student t"), std::string::npos);

    const CliResult plain = run_cli({"report", result});
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    EXPECT_EQ(plain.out.find("Statistics"), std::string::npos) << plain.out;
    // The same report with the block added: take it out again and nothing else differs.
    std::string without = stats.out;
    const size_t from = without.find("Statistics of the kept passes");
    const std::string last = "(docs/statistics.md)\n\n";
    const size_t to = without.find(last, from);
    ASSERT_NE(to, std::string::npos);
    without.erase(from, to + last.size() - from);
    // --stats also shows the environment of the passes when one was disturbed
    // (a noisy machine): that section too, through the end of its legend.
    if (const size_t env = without.find("Environment of the passes"); env != std::string::npos) {
        const std::string env_last = "throttled.\n\n";
        const size_t env_to = without.find(env_last, env);
        ASSERT_NE(env_to, std::string::npos) << without;
        without.erase(env, env_to + env_last.size() - env);
    }
    EXPECT_EQ(without, plain.out);
}

TEST(EndToEnd, ACrashingReporterIsContained) {
    const std::string out = fresh_dir("crash-reporter");
    const CliResult r =
        run_cli({"--plugin-path", kTestPlugins + "/reporter", "--plugin-path",
                 kTestPlugins + "/good", "run", "test.count", "-i", "1", "--duration", "0.1",
                 "--settle", "0", "-c", "1", "--format", "test-crash,text", "-o", out});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("test-crash"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("signal 11"), std::string::npos) << r.err;
    EXPECT_EQ(only_result(out)["status"], "complete");
}

}  // namespace
}  // namespace bytebench::test
