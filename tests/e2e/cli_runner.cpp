#include "cli_runner.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {
std::string quote(const std::string &s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}
}  // namespace

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string fresh_dir(const std::string &name) {
    const fs::path dir = fs::path(BYTEBENCH_TEST_TMP) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

CliResult run_cli(const std::vector<std::string> &args) { return run_cli_in("", args); }

CliResult run_cli_in(const std::string &dir, const std::vector<std::string> &args) {
    const std::string io = fresh_dir("io-" + std::to_string(::getpid()));
    std::string command = (dir.empty() ? "" : "cd " + quote(dir) + " && ") + quote(BYTEBENCH_CLI);
    for (const std::string &a : args) command += " " + quote(a);
    command += " >" + quote(io + "/out") + " 2>" + quote(io + "/err") + " </dev/null";
    const int status = std::system(command.c_str());
    CliResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = read_file(io + "/out");
    r.err = read_file(io + "/err");
    return r;
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
