// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the bytebench authors

// bytebench vendor test kit — header-only, C++17, Linux.
//
// Runs one workload of a plugin through the real bytebench CLI and worker
// (the process model of plugin.h section 1: a worker per copy and pass, the
// stop timer, parameters checked before any worker starts) and hands the
// result document back, so that a plugin's own tests (GoogleTest or any
// other framework) can check what users will see:
//
//   #include <bytebench/testing.hpp>
//
//   TEST(FsyncLatency, RecordsItsPercentiles) {
//       bytebench::testing::WorkloadRun run;
//       run.test = "example.fsync-latency";
//       run.params = {{"block_bytes", "8192"}};
//       run.duration_s = 0.2;
//       const auto outcome = bytebench::testing::run_workload(run);
//       ASSERT_EQ(outcome.exit_code, 0) << outcome.output;
//       // outcome.result_json: a bytebench.result/1 document
//       // (docs/result-schema.md); parse it with the JSON library you use.
//   }
//
// The CMake function bytebench_add_plugin_test() (find_package(bytebench))
// builds such a test program and tells it where the CLI and the plugins
// are, through two macros it defines:
//   BYTEBENCH_TESTING_CLI          the bytebench program of the install
//   BYTEBENCH_TESTING_PLUGIN_PATH  the folders of the plugins under test
//                                  (':'-separated)
// The environment variables BYTEBENCH_TESTING_CLI and
// BYTEBENCH_TESTING_PLUGIN_PATH override them at run time.
//
// Thread rules: run_workload() starts a process and waits for it; call it
// from one thread at a time (it changes no global state, but runs take the
// machine's CPUs).
#ifndef BYTEBENCH_TESTING_HPP
#define BYTEBENCH_TESTING_HPP

#include <dirent.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <locale>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

extern char **environ;

namespace bytebench::testing {

// One run of one test: what `bytebench run TEST` is given.
struct WorkloadRun {
    std::string test;  // a test or workload id (bytebench list shows them)
    std::vector<std::pair<std::string, std::string>> params;  // --param KEY=VALUE
    double duration_s = 0.2;  // --duration: length of each timed pass
    int passes = 1;           // -i: passes of a long test (a short one makes (N + 1) / 3)
    int copies = 1;           // -c: copies running at the same time
    std::vector<std::string> extra_arguments;  // appended to `run`, e.g. "--placement"
};

struct RunOutcome {
    // The CLI's exit status (README.md, "Exit codes"): 0 when every test was ok or
    // skipped; 1 when a test failed (error, crashed, timeout) or the result
    // could not be written; 2 for a refused command line or parameter; 3
    // when a test was skipped and --fail-on-skip is among extra_arguments;
    // 128 + N after signal N. The result document is written in every case
    // but the refusal: read the test's "status" for the details.
    int exit_code = -1;
    // The bytebench.result/1 document the run wrote; "" when it wrote none.
    std::string result_json;
    // What the CLI printed on stdout and stderr, for failure messages.
    std::string output;
};

namespace detail {

inline std::string setting(const char *env, const char *built_in) {
    const char *value = std::getenv(env);
    return value != nullptr && *value != '\0' ? value : built_in;
}

inline std::string read_all(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A fresh folder under $TMPDIR (or /tmp) for one run's output and caches.
inline std::string make_work_dir() {
    const char *tmp = std::getenv("TMPDIR");
    std::string pattern =
        std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/bytebench-testing-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr)
        throw std::runtime_error("bytebench::testing: cannot create a folder under " + pattern +
                                 ": " + std::strerror(errno));
    return pattern;
}

inline void remove_tree(const std::string &path) {
    if (DIR *dir = opendir(path.c_str())) {
        while (const dirent *entry = readdir(dir)) {
            const std::string name = entry->d_name;
            if (name == "." || name == "..") continue;
            const std::string child = path + "/" + name;
            struct stat st {};
            if (lstat(child.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
                remove_tree(child);
            else
                unlink(child.c_str());
        }
        closedir(dir);
    }
    rmdir(path.c_str());
}

// The one .json file the run wrote into `folder`, or "".
inline std::string result_file_in(const std::string &folder) {
    std::string found;
    if (DIR *dir = opendir(folder.c_str())) {
        while (const dirent *entry = readdir(dir)) {
            const std::string name = entry->d_name;
            if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0)
                found = folder + "/" + name;
        }
        closedir(dir);
    }
    return found;
}

inline std::vector<std::string> split_path(const std::string &list) {
    std::vector<std::string> parts;
    std::string::size_type start = 0;
    while (start <= list.size()) {
        const auto end = std::min(list.find(':', start), list.size());
        if (end > start) parts.push_back(list.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

inline std::string number_text(double value) {
    std::ostringstream text;
    text.imbue(std::locale::classic());
    text << value;
    return text.str();
}

// argv of `bytebench run` for `run`, writing into `work`.
inline std::vector<std::string> run_arguments(const WorkloadRun &run, const std::string &cli,
                                              const std::string &plugin_path,
                                              const std::string &work) {
    std::vector<std::string> args = {cli};
    for (const std::string &folder : split_path(plugin_path)) {
        args.push_back("--plugin-path");
        args.push_back(folder);
    }
    for (const char *arg : {"--no-history", "-q", "run", "--settle", "0", "--format", "json"})
        args.emplace_back(arg);
    args.insert(args.end(), {"-o", work + "/results", "--tmpdir", work, "--duration",
                             number_text(run.duration_s), "-i", std::to_string(run.passes), "-c",
                             std::to_string(run.copies)});
    for (const auto &[key, value] : run.params)
        args.insert(args.end(), {"--param", key + "=" + value});
    args.insert(args.end(), run.extra_arguments.begin(), run.extra_arguments.end());
    args.push_back(run.test);
    return args;
}

// Runs argv with stdout and stderr into `log`, and the descriptor cache in
// `cache_home`; the exit status as RunOutcome::exit_code describes it.
inline int run_process(const std::vector<std::string> &argv, const std::string &log,
                       const std::string &cache_home) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    std::vector<std::string> env_text = {"XDG_CACHE_HOME=" + cache_home};
    for (char **e = environ; *e != nullptr; ++e)
        if (std::strncmp(*e, "XDG_CACHE_HOME=", 15) != 0) env_text.emplace_back(*e);
    std::vector<char *> args, env;
    for (const std::string &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    for (const std::string &e : env_text) env.push_back(const_cast<char *>(e.c_str()));
    env.push_back(nullptr);
    pid_t pid = 0;
    const int spawn_error =
        posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), env.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawn_error != 0)
        throw std::runtime_error("bytebench::testing: cannot start " + argv[0] + ": " +
                                 std::strerror(spawn_error));
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) throw std::runtime_error("bytebench::testing: waitpid failed");
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace detail

#ifndef BYTEBENCH_TESTING_CLI
#define BYTEBENCH_TESTING_CLI "bytebench"
#endif
#ifndef BYTEBENCH_TESTING_PLUGIN_PATH
#define BYTEBENCH_TESTING_PLUGIN_PATH ""
#endif

// Runs `run` through `bytebench run` with the plugins under test and waits
// for it (its time: passes x duration, plus start-up). Every run gets its
// own output folder, temp folder and descriptor cache, removed afterwards,
// and is kept out of the user's history. Throws std::runtime_error when the
// CLI cannot be started; everything else is in the outcome.
inline RunOutcome run_workload(const WorkloadRun &run) {
    const std::string cli = detail::setting("BYTEBENCH_TESTING_CLI", BYTEBENCH_TESTING_CLI);
    const std::string plugins =
        detail::setting("BYTEBENCH_TESTING_PLUGIN_PATH", BYTEBENCH_TESTING_PLUGIN_PATH);
    const std::string work = detail::make_work_dir();
    RunOutcome outcome;
    try {
        const std::string log = work + "/output.txt";
        outcome.exit_code = detail::run_process(detail::run_arguments(run, cli, plugins, work), log,
                                                work + "/cache");
        outcome.output = detail::read_all(log);
        const std::string result = detail::result_file_in(work + "/results");
        if (!result.empty()) outcome.result_json = detail::read_all(result);
    } catch (...) {
        detail::remove_tree(work);
        throw;
    }
    detail::remove_tree(work);
    return outcome;
}

}  // namespace bytebench::testing

#endif  // BYTEBENCH_TESTING_HPP
