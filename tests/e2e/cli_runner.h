// Runs the bytebench CLI as a user would and captures what it printed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bytebench::test {

struct CliResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Runs `bytebench <args>` (shell-quoted for you) with the test's plugin
// folders available, returning its exit code and output.
CliResult run_cli(const std::vector<std::string> &args);
// The same, started in folder `dir` (for output that shows relative paths).
CliResult run_cli_in(const std::string &dir, const std::vector<std::string> &args);

// A fresh, empty folder under the build tree's temp area.
std::string fresh_dir(const std::string &name);

// The single *.json result in `dir` (fails the test if there is not one).
nlohmann::json only_result(const std::string &dir);

std::string read_file(const std::string &path);

// The test `id` in one copy-pass (`run`) of a result, or nullptr.
const nlohmann::json *find_test(const nlohmann::json &run, const std::string &id);

}  // namespace bytebench::test
