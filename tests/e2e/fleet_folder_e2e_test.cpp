// `compare DIR --by host` over a fleet's run folder, as the Ansible playbook and the Slurm
// script leave it (docs/fleet.md): a host that was lost (a failure record with a state), one
// whose run was stopped, one with 1 CPU, one of another bytebench version, and earlier attempts
// kept under a host's hidden `.attempts` folder. Made from one real run.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

using nlohmann::json;

void write_json(const std::string &path, const json &doc) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << doc.dump();
}

json as_host(json result, const std::string &host) {
    result["labels"]["host"] = host;
    result["system"]["hostname"] = host;
    return result;
}

const char *const kLost = "lost: ssh: connect to host 10.0.0.1 port 22: No route to host";

// `<dir>/<host>/result.json` for each host of the fleet; returns the folder.
std::string fleet_folder() {
    const std::string dir = fresh_dir("fleet-folder");
    const CliResult r =
        run_cli({"--no-history", "run", "syscall", "-i", "3", "--duration", "0.05", "--settle", "0",
                 "-c", "1", "-c", "2", "--format", "json", "-o", dir + "/made"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const json made = only_result(dir + "/made");
    fs::remove_all(dir + "/made");
    const std::string run = dir + "/run";
    // Sorts first, gave no result: never the default baseline.
    write_json(run + "/a-lost/failure.json", {{"schema", "bytebench.failure/1"},
                                              {"host", "a-lost"},
                                              {"labels", {{"host", "a-lost"}}},
                                              {"state", "lost"},
                                              {"reason", kLost}});
    json stopped = as_host(made, "b-stopped");  // sorts second, stopped after the first pass
    stopped["status"] = "incomplete";
    stopped["runs"].erase(1);
    write_json(run + "/b-stopped/result.json", stopped);
    write_json(run + "/c-ok/result.json", as_host(made, "c-ok"));
    // An earlier attempt of c-ok, and one of a host that is no column: neither is read.
    write_json(run + "/c-ok/.attempts/1/result.json", as_host(made, "c-ok"));
    write_json(run + "/c-ok/.attempts/2/failure.json",
               {{"schema", "bytebench.failure/1"}, {"host", "zz-attempt"}, {"reason", "old"}});
    json one_cpu = as_host(made, "d-one-cpu");
    one_cpu["runs"].erase(1);
    one_cpu["system"]["effective_cpus"]["count"] = 1;
    write_json(run + "/d-one-cpu/result.json", one_cpu);
    json older = as_host(made, "e-older");
    older["tool"]["version"] = "0.0.1";
    write_json(run + "/e-older/result.json", older);
    return run;
}

std::vector<std::string> columns_of(const json &comparison) {
    std::vector<std::string> names;
    for (const json &input : comparison["inputs"]) names.push_back(input["label"]);
    return names;
}

TEST(FleetFolderE2E, ComparesTheNewestAttemptsAgainstTheFirstHostWithAResult) {
    const std::string run = fleet_folder();
    const CliResult j =
        run_cli({"--no-history", "compare", run, "--by", "host", "--format", "json"});
    ASSERT_EQ(j.exit_code, 0) << j.err;
    const json c = json::parse(j.out);
    // .attempts is hidden: no zz-attempt column, and c-ok is its newest result alone.
    EXPECT_EQ(columns_of(c),
              (std::vector<std::string>{"a-lost", "b-stopped", "c-ok", "d-one-cpu", "e-older"}));
    EXPECT_EQ(c["inputs"][2]["results"], 1);
    // Neither the lost host nor the stopped one is the default baseline.
    EXPECT_EQ(c["pivot"]["baseline"], "c-ok");
    EXPECT_EQ(c["inputs"][0]["state"], "lost");
    EXPECT_EQ(c["inputs"][1]["status"], "incomplete");
    EXPECT_EQ(c["sections"][1]["notes"],
              json({"b-stopped ran 1 copy only: the result is incomplete (the run stopped)",
                    "d-one-cpu ran 1 copy only: the host has 1 CPU"}));
    const std::string warnings = c["warnings"].dump();
    EXPECT_NE(warnings.find("a-lost failed (lost): " + std::string(kLost)), std::string::npos)
        << warnings;
    EXPECT_NE(warnings.find("bytebench versions differ: "), std::string::npos) << warnings;
    EXPECT_NE(warnings.find("0.0.1 in e-older"), std::string::npos) << warnings;
    EXPECT_EQ(warnings.find("built differently"), std::string::npos) << warnings;

    const CliResult t = run_cli({"--no-history", "compare", run, "--by", "host"});
    ASSERT_EQ(t.exit_code, 0) << t.err;
    EXPECT_NE(t.out.find("deltas against c-ok"), std::string::npos) << t.out;
    EXPECT_NE(t.out.find("d-one-cpu ran 1 copy only: the host has 1 CPU"), std::string::npos)
        << t.out;
}

// A state the engines do not write is refused, naming the file and the key.
TEST(FleetFolderE2E, AFailureRecordWithAnUnknownStateIsOneLineAndExitTwo) {
    const std::string dir = fresh_dir("fleet-bad-state");
    for (const auto &[state, why] : std::vector<std::pair<json, std::string>>{
             {"gone", "state: 'gone' is not one of failed, timeout, lost, node_fail, cancelled"},
             {3, "state: not a text (one of failed, timeout, lost, node_fail, cancelled)"}}) {
        write_json(
            dir + "/h1/failure.json",
            {{"schema", "bytebench.failure/1"}, {"host", "h1"}, {"state", state}, {"reason", "x"}});
        const CliResult r = run_cli({"--no-history", "compare", dir, "--by", "host"});
        EXPECT_EQ(r.exit_code, 2) << r.out;
        EXPECT_NE(r.err.find(dir + "/h1/failure.json: " + why), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}

}  // namespace
}  // namespace bytebench::test
