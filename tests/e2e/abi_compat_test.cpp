// ABI compatibility through the real CLI and worker: plugins built against
// the frozen 1.0 and 1.1 headers, plugins that claim a newer minor or another
// major, and the 1.1 addition (record_detail) landing in the result.
#include <bytebench/plugin.h>
#include <gtest/gtest.h>

#include <string>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

const std::vector<std::string> kQuickPass = {"-i", "1",  "--duration", "0.1", "--settle",
                                             "0",  "-c", "1",          "-q"};

// Runs `test` from the plugins in `folder` and returns the result document.
nlohmann::json run_one(const std::string &folder, const std::string &test,
                       const std::vector<std::string> &extra = {}) {
    const std::string out = fresh_dir("abi-" + folder);
    std::vector<std::string> args = {
        "--plugin-path", kTestPlugins + "/" + folder, "run", test, "-o", out};
    args.insert(args.end(), kQuickPass.begin(), kQuickPass.end());
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return only_result(out);
}

TEST(AbiCompatibility, APluginBuiltAgainstTheFrozen10HeaderRuns) {
    const nlohmann::json doc = run_one("frozen-1.0", "test.frozen");
    const nlohmann::json *t = find_test(doc["runs"][0], "test.frozen");
    ASSERT_NE(t, nullptr);
    // Its create() checks every 1.0 host service and fails with the reason.
    EXPECT_EQ((*t)["status"], "ok") << t->value("error", "");
    EXPECT_GT((*t)["value"].get<double>(), 0);
    EXPECT_EQ((*t)["params"]["label"], "frozen");
}

// 1.1's bb_param_desc is smaller than 1.2's: its two parameters are read at
// the plugin's stride, and its create() fails unless both arrive in order.
TEST(AbiCompatibility, APluginBuiltAgainstTheFrozen11HeaderRunsWithItsParameters) {
    const nlohmann::json defaults = run_one("frozen-1.1", "test.frozen11");
    const nlohmann::json *t = find_test(defaults["runs"][0], "test.frozen11");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "ok") << t->value("error", "");
    EXPECT_EQ((*t)["params"], nlohmann::json({{"label", "frozen"}, {"loops", "7"}}));
    EXPECT_EQ((*t)["details"], nlohmann::json({{"label", "frozen"}, {"loops", "7"}}));

    const nlohmann::json given =
        run_one("frozen-1.1", "test.frozen11", {"--param", "loops=12", "--param", "label=x"});
    t = find_test(given["runs"][0], "test.frozen11");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "ok") << t->value("error", "");
    EXPECT_EQ((*t)["details"], nlohmann::json({{"label", "x"}, {"loops", "12"}}));

    const CliResult described =
        run_cli({"--plugin-path", kTestPlugins + "/frozen-1.1", "describe", "test.frozen11"});
    ASSERT_EQ(described.exit_code, 0) << described.err;
    EXPECT_NE(described.out.find("  loops  int     default 7\n"), std::string::npos)
        << described.out;
}

// 1.3 put bb_requirements.display in the tail padding of 1.2's struct, so a
// 1.2 plugin's struct_size covers it; the frozen 1.2 plugin fills that
// padding with garbage. The host must read its requirements as 1.2's: it
// needs sh, and no display (with --display none it still runs).
TEST(AbiCompatibility, APluginBuiltAgainstTheFrozen12HeaderNeedsNoDisplay) {
    const nlohmann::json doc = run_one("frozen-1.2", "test.frozen12", {"--display", "none"});
    const nlohmann::json *t = find_test(doc["runs"][0], "test.frozen12");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "ok") << t->value("error", "");
    EXPECT_FALSE(doc["system"].contains("display")) << doc["system"]["display"].dump();
    const CliResult described =
        run_cli({"--plugin-path", kTestPlugins + "/frozen-1.2", "describe", "test.frozen12"});
    ASSERT_EQ(described.exit_code, 0) << described.err;
    EXPECT_NE(described.out.find("tools sh\n"), std::string::npos) << described.out;
    EXPECT_EQ(described.out.find("X display"), std::string::npos) << described.out;
}

// Plugins built before 1.2 have no direction or metrics: the defaults.
TEST(AbiCompatibility, OlderPluginsDescribeAHigherIsBetterValueWithoutMetrics) {
    for (const auto &[file, id] :
         {std::pair<std::string, std::string>{"frozen-1.0/frozen_1_0.so", "test.frozen"},
          {"frozen-1.1/frozen_1_1.so", "test.frozen11"}}) {
        const CliResult r =
            run_process(Command(BYTEBENCH_WORKER, {"describe", "--plugin",
                                                   kTestPlugins + "/" + file, "--msg-fd", "1"}));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const nlohmann::json message = nlohmann::json::parse(r.out);
        const nlohmann::json &w = message["plugin"]["workloads"][0];
        EXPECT_EQ(w["id"], id);
        EXPECT_EQ(w["better"], "higher") << w.dump();
        EXPECT_FALSE(w.contains("metrics")) << w.dump();
    }
}

TEST(AbiCompatibility, TheFrozen10PluginIsListedWithItsOwnAbi) {
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/frozen-1.0", "plugins"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("test.frozen_1_0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1.0"), std::string::npos) << r.out;
}

TEST(AbiCompatibility, AReporterBuiltAgainstTheFrozen10HeaderWrites) {
    const std::string out = fresh_dir("abi-frozen-report");
    const CliResult run = run_cli({"--plugin-path",
                                   kTestPlugins + "/good",
                                   "--plugin-path",
                                   kTestPlugins + "/frozen-1.0",
                                   "run",
                                   "test.count",
                                   "-o",
                                   out,
                                   "--format",
                                   "json",
                                   "--format",
                                   "test-frozen",
                                   "-i",
                                   "1",
                                   "--duration",
                                   "0.1",
                                   "--settle",
                                   "0",
                                   "-c",
                                   "1",
                                   "-q"});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    bool found = false;
    for (const auto &e : std::filesystem::directory_iterator(out))
        if (e.path().extension() == ".txt") {
            found = true;
            EXPECT_NE(read_file(e.path().string()).find("frozen-1.0 report: "), std::string::npos);
        }
    EXPECT_TRUE(found) << "no report written by the 1.0 reporter in " << out;
}

TEST(AbiCompatibility, ANewerMinorThatNeedsNothingNewLoadsAndRuns) {
    // ABI 1.7 with min_host_minor 0, and struct tails the host must ignore.
    const nlohmann::json doc = run_one("newer-compatible", "test.newer-ok");
    const nlohmann::json *t = find_test(doc["runs"][0], "test.newer-ok");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "ok") << t->value("error", "");
}

TEST(AbiCompatibility, ANewerMinorThatNeedsANewerHostIsRefusedClearly) {
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/newer-minor", "plugins"});
    const std::string host =
        std::to_string(BYTEBENCH_ABI_MAJOR) + "." + std::to_string(BYTEBENCH_ABI_MINOR);
    const std::string all = r.out + r.err;
    EXPECT_NE(all.find("newer_minor.so"), std::string::npos) << all;
    EXPECT_NE(all.find("needs host ABI 1.7 or newer, this bytebench provides ABI " + host),
              std::string::npos)
        << all;
}

TEST(AbiCompatibility, AnotherMajorIsRefusedNamingBothVersions) {
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/wrong-major", "plugins"});
    const std::string all = r.out + r.err;
    EXPECT_NE(all.find("plugin was built for ABI 2.0"), std::string::npos) << all;
    EXPECT_NE(all.find("the major version must match"), std::string::npos) << all;
}

TEST(AbiCompatibility, RecordedDetailsLandInTheResult) {
    const nlohmann::json doc = run_one("good", "test.details", {"-c", "2"});
    ASSERT_EQ(doc["runs"].size(), 2u);  // -c 1 (from kQuickPass) and -c 2
    const nlohmann::json *one = find_test(doc["runs"][0], "test.details");
    const nlohmann::json *two = find_test(doc["runs"][1], "test.details");
    ASSERT_NE(one, nullptr);
    ASSERT_NE(two, nullptr);
    const nlohmann::json &d1 = (*one)["details"];
    EXPECT_EQ(d1["same"], "for every copy");
    EXPECT_EQ(d1["copy"], "0");
    EXPECT_EQ(d1["phase"], "run");
    // Invalid keys and over-long values are refused, not stored.
    EXPECT_FALSE(d1.contains("Not A Key")) << d1;
    EXPECT_FALSE(d1.contains("too_long")) << d1;
    // Two copies that disagree: every distinct value; agreeing ones: one.
    const nlohmann::json &d2 = (*two)["details"];
    EXPECT_EQ(d2["same"], "for every copy");
    EXPECT_EQ(d2["copy"], nlohmann::json::array({"0", "1"}));
}

}  // namespace
}  // namespace bytebench::test
