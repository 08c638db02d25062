// --placement and --scaling through the CLI: the result records which PU each
// copy was pinned to and where it ran.
#include <gtest/gtest.h>
#include <sched.h>

#include <filesystem>
#include <set>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

nlohmann::json run_count(const std::string &name, const std::vector<std::string> &extra) {
    const std::string out = fresh_dir(name);
    std::vector<std::string> args = {"--plugin-path",
                                     kTestPlugins + "/good",
                                     "run",
                                     "test.count",
                                     "-i",
                                     "1",
                                     "--duration",
                                     "0.1",
                                     "--settle",
                                     "0",
                                     "-q",
                                     "-o",
                                     out};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return only_result(out);
}

TEST(Placement, PinnedCopiesRecordTheirPuAndRunThere) {
    cpu_set_t allowed;
    ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    const int cpus = CPU_COUNT(&allowed);
    const int copies = cpus + 1;  // one more than there are CPUs: one PU is shared
    const nlohmann::json doc =
        run_count("placement-compact", {"--placement", "compact", "-c", std::to_string(copies)});
    EXPECT_EQ(doc["options"]["placement"], "compact");
    const nlohmann::json &order = doc["options"]["placement_order"];
    ASSERT_EQ(int(order.size()), cpus);
    const nlohmann::json *t = find_test(doc["runs"][0], "test.count");
    ASSERT_NE(t, nullptr);
    const nlohmann::json &copy_results = (*t)["passes"][0]["copies"];
    ASSERT_EQ(int(copy_results.size()), copies);
    std::set<int> used;
    for (int i = 0; i < copies; ++i) {
        const nlohmann::json &c = copy_results[size_t(i)];
        EXPECT_EQ(c["pu"], order[size_t(i % cpus)]) << c;
        EXPECT_EQ(c["cpu_start"], c["pu"]) << c;  // pinned: it can run nowhere else
        EXPECT_EQ(c["cpu_end"], c["pu"]) << c;
        used.insert(c["pu"].get<int>());
    }
    EXPECT_EQ(int(used.size()), cpus);
}

TEST(Placement, UnpinnedCopiesRecordWhereTheyRan) {
    const nlohmann::json doc = run_count("placement-none", {"-c", "2"});
    EXPECT_EQ(doc["options"]["placement"], "none");
    EXPECT_FALSE(doc["options"].contains("placement_order"));
    const nlohmann::json &c = (*find_test(doc["runs"][0], "test.count"))["passes"][0]["copies"][0];
    EXPECT_FALSE(c.contains("pu"));
    EXPECT_GE(c["cpu_start"].get<int>(), 0);
    EXPECT_GE(c["cpu_end"].get<int>(), 0);
}

TEST(Placement, AnUnknownPlacementIsOneLine) {
    const CliResult r = run_cli({"run", "syscall", "--placement", "scatter"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--placement"), std::string::npos) << r.err;
}

TEST(Scaling, SweepsOneTwoFourUpToTheCpuCount) {
    const nlohmann::json doc = run_count("scaling", {"--scaling"});
    const std::vector<int> copies = doc["options"]["copies"];
    ASSERT_FALSE(copies.empty());
    EXPECT_EQ(copies.front(), 1);
    for (size_t i = 1; i + 1 < copies.size(); ++i) EXPECT_EQ(copies[i], 2 * copies[i - 1]);
    EXPECT_EQ(doc["runs"].size(), copies.size());
}

TEST(Scaling, TheResultAndTheReportsShowSpeedupAndEfficiency) {
    // test.rate returns the same rate in every copy, so N copies sum to N
    // times one copy: speedup N, efficiency 100%.
    const std::string out = fresh_dir("scaling-report");
    const CliResult r = run_cli({"--plugin-path", kTestPlugins + "/good", "run", "test.rate", "-i",
                                 "1", "--duration", "0.1", "--settle", "0", "-q", "-o", out,
                                 "--scaling", "--format", "text,html"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json doc = only_result(out);
    const nlohmann::json &points = doc["scaling"]["tests"][0]["points"];
    ASSERT_EQ(points.size(), doc["runs"].size());
    for (const nlohmann::json &p : points) {
        EXPECT_NEAR(p["speedup"].get<double>(), p["copies"].get<double>(), 1e-9);
        EXPECT_NEAR(p["efficiency"].get<double>(), 1.0, 1e-9);
    }
    std::string text, html;
    for (const auto &e : std::filesystem::directory_iterator(out)) {
        if (e.path().extension() == ".txt") text = read_file(e.path().string());
        if (e.path().extension() == ".html") html = read_file(e.path().string());
    }
    EXPECT_NE(text.find("Scaling against 1 copy"), std::string::npos) << text;
    EXPECT_NE(text.find("100%"), std::string::npos) << text;
    EXPECT_NE(html.find("<section id=\"scaling\">"), std::string::npos);
    EXPECT_NE(html.find("<table class=\"scaling\">"), std::string::npos);
}

TEST(Scaling, ComesWithoutCopies) {
    const CliResult r = run_cli({"run", "syscall", "--scaling", "-c", "2"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--scaling chooses the copy counts itself"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bytebench::test
