// Runs the bytebench CLI as a user would and captures what it printed.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "files.h"
#include "process_runner.h"

namespace bytebench::test {

// The folders of the test plugins (tests/plugins), one per plugin.
inline const std::string kTestPlugins = BYTEBENCH_TEST_PLUGIN_DIR;

// Its exit code (128 + the signal that ended it), standard output and error.
using CliResult = ProcessResult;

// Runs `bytebench <args>` with the test's plugin folders available and `env`
// set over the test's environment, returning its exit code and output.
CliResult run_cli(const std::vector<std::string> &args,
                  const std::map<std::string, std::string> &env = {});
// The same, started in folder `dir` (for output that shows relative paths).
CliResult run_cli_in(const std::string &dir, const std::vector<std::string> &args);

// A fresh, empty folder under the build tree's temp area.
std::string fresh_dir(const std::string &name);

// The single *.json result in `dir` (fails the test if there is not one).
nlohmann::json only_result(const std::string &dir);

// The test `id` in one copy-pass (`run`) of a result, or nullptr.
const nlohmann::json *find_test(const nlohmann::json &run, const std::string &id);

}  // namespace bytebench::test
