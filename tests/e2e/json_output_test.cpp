// End-to-end: every command's --format json is one versioned document on
// standard output (docs/cli-json.md), nothing else is printed there, and a
// bad --format value is one line on standard error and exit 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// Standard output parsed as the one document of `command`; fails the test
// when it is not exactly that.
nlohmann::json document_of(const CliResult &r, const std::string &command) {
    nlohmann::json j;
    EXPECT_NO_THROW(j = nlohmann::json::parse(r.out)) << r.out;
    EXPECT_TRUE(j.is_object()) << r.out;
    if (!j.is_object()) return nlohmann::json::object();
    EXPECT_EQ(j.value("schema", ""), "bytebench." + command + "/1");
    return j;
}

const nlohmann::json *entry_with(const nlohmann::json &list, const std::string &key,
                                 const std::string &value) {
    for (const nlohmann::json &e : list)
        if (e.value(key, "") == value) return &e;
    return nullptr;
}

TEST(JsonOutput, ListHasTheSuitesTestsAndGroups) {
    const CliResult r = run_cli({"list", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json j = document_of(r, "list");
    ASSERT_TRUE(j["tests"].is_array());
    const nlohmann::json *syscall = entry_with(j["tests"], "id", "syscall");
    const nlohmann::json *dhry = entry_with(j["tests"], "id", "dhry2reg");
    ASSERT_NE(syscall, nullptr);
    ASSERT_NE(dhry, nullptr);
    EXPECT_EQ((*syscall)["in_suite"], true);
    EXPECT_TRUE((*dhry)["baseline"].is_number());
    const nlohmann::json *system = entry_with(j["groups"], "name", "system");
    ASSERT_NE(system, nullptr);
    const auto &members = (*system)["members"];
    EXPECT_NE(std::find(members.begin(), members.end(), "syscall"), members.end());
    const nlohmann::json *index = entry_with(j["groups"], "name", "index");
    ASSERT_NE(index, nullptr);
    EXPECT_NE(std::find((*index)["members"].begin(), (*index)["members"].end(), "dhry2reg"),
              (*index)["members"].end());
    EXPECT_EQ(j["suite"]["name"], "index");
    EXPECT_FALSE(j["default"].empty());
}

TEST(JsonOutput, PluginsListsTheLoadedPlugins) {
    const CliResult r =
        run_cli({"--plugin-path", kTestPlugins + "/good", "plugins", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json j = document_of(r, "plugins");
    ASSERT_TRUE(j["plugins"].is_array());
    bool count = false;
    for (const nlohmann::json &p : j["plugins"])
        for (const nlohmann::json &w : p["workloads"]) count = count || w == "test.count";
    EXPECT_TRUE(count) << r.out;
    EXPECT_FALSE(j["folders"].empty());
}

TEST(JsonOutput, DescribeATestAndAGroup) {
    const CliResult test = run_cli({"describe", "syscall", "--format", "json"});
    ASSERT_EQ(test.exit_code, 0) << test.err;
    const nlohmann::json t = document_of(test, "describe");
    EXPECT_EQ(t["kind"], "test");
    EXPECT_EQ(t["id"], "syscall");
    EXPECT_TRUE(t["plugin"]["file"].is_string());
    EXPECT_TRUE(t["params"].is_array());
    const CliResult group = run_cli({"describe", "system", "--format", "json"});
    ASSERT_EQ(group.exit_code, 0) << group.err;
    const nlohmann::json g = document_of(group, "describe");
    EXPECT_EQ(g["kind"], "group");
    EXPECT_NE(entry_with(g["tests"], "id", "syscall"), nullptr) << group.out;
}

TEST(JsonOutput, SysinfoAndDoctor) {
    const CliResult sysinfo = run_cli({"sysinfo", "--format", "json"});
    ASSERT_EQ(sysinfo.exit_code, 0) << sysinfo.err;
    EXPECT_TRUE(document_of(sysinfo, "sysinfo")["system"]["cpus_online"].is_number());
    const CliResult doctor = run_cli({"doctor", "--format", "json"});
    // 1 or 4 on a busy or hidden machine: the document is there all the same.
    const nlohmann::json d = document_of(doctor, "doctor");
    EXPECT_EQ(d["exit_code"], doctor.exit_code);
    EXPECT_FALSE(d["checks"].empty());
}

TEST(JsonOutput, Import) {
    const std::string dir = fresh_dir("json_output_import");
    const std::string report =
        std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/unixbench/v6.0-console-4cpu.txt";
    const CliResult r = run_cli({"--no-history", "import", report, "-o", dir, "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json j = document_of(r, "import");
    ASSERT_EQ(j["imported"].size(), 1u);
    EXPECT_EQ(j["imported"][0]["report"], report);
    EXPECT_TRUE(fs::exists(j["imported"][0]["result"].get<std::string>()));
    EXPECT_EQ(j["imported"][0]["state"], "written");
    EXPECT_TRUE(j["failed"].empty());
}

// One line on stderr, nothing on stdout, exit 2.
TEST(JsonOutput, BadFormatIsOneLine) {
    for (const std::string command :
         {"list", "plugins", "describe", "history", "sysinfo", "doctor", "import"}) {
        std::vector<std::string> args = {command};
        if (command == "describe") args.push_back("syscall");
        if (command == "import") args.push_back(BYTEBENCH_SOURCE_DIR);
        args.insert(args.end(), {"--format", "yaml"});
        const CliResult r = run_cli(args);
        EXPECT_EQ(r.exit_code, 2) << command;
        EXPECT_EQ(r.out, "") << command;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << command << ": " << r.err;
        EXPECT_NE(r.err.find("--format"), std::string::npos) << r.err;
    }
    const CliResult run = run_cli({"run", "syscall", "--format", "yaml"});
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    const CliResult show = run_cli(
        {"show", "@last", "--format", "yaml", "--db", fresh_dir("json_output_show") + "/none.db"});
    EXPECT_NE(show.exit_code, 0);
    EXPECT_EQ(show.out, "");
}

}  // namespace
}  // namespace bytebench::test
