#include "cli_runner.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;

namespace bytebench::test {

std::string fresh_dir(const std::string &name) { return fresh_dir(BYTEBENCH_TEST_TMP, name); }

CliResult run_cli(const std::vector<std::string> &args,
                  const std::map<std::string, std::string> &env) {
    Command command(BYTEBENCH_CLI, args);
    command.env = env;
    return run_process(command);
}

CliResult run_cli_in(const std::string &dir, const std::vector<std::string> &args) {
    Command command(BYTEBENCH_CLI, args);
    command.cwd = dir;
    return run_process(command);
}

nlohmann::json only_result(const std::string &dir) {
    std::vector<fs::path> found;
    for (const auto &e : fs::directory_iterator(dir))
        if (e.path().extension() == ".json") found.push_back(e.path());
    EXPECT_EQ(found.size(), 1u) << "in " << dir;
    if (found.empty()) return {};
    return nlohmann::json::parse(read_file(found[0].string()));
}

const nlohmann::json *find_test(const nlohmann::json &run, const std::string &id) {
    for (const auto &t : run["tests"])
        if (t["id"] == id) return &t;
    return nullptr;
}

}  // namespace bytebench::test
