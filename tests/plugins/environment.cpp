// environment.so (test.environment): records the locale variables a workload
// sees as details of its result (lang, lc_all, lc_ctype, language; "" when
// unset), and the descriptors a program it starts would inherit
// (descriptors: "0 1 2"), for the tests of what the host gives workloads.
#include <dirent.h>
#include <fcntl.h>

#include <algorithm>
#include <bytebench/plugin.hpp>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

std::string variable(const char *name) {
    const char *value = std::getenv(name);
    return value != nullptr ? value : "";
}

// The open descriptors without FD_CLOEXEC, ascending, space-separated.
std::string inherited_descriptors() {
    std::vector<int> fds;
    if (DIR *dir = opendir("/proc/self/fd")) {
        while (const dirent *e = readdir(dir)) {
            const int fd = std::atoi(e->d_name);
            if (e->d_name[0] == '.' || fd == dirfd(dir)) continue;
            const int flags = fcntl(fd, F_GETFD);
            if (flags >= 0 && (flags & FD_CLOEXEC) == 0) fds.push_back(fd);
        }
        closedir(dir);
    }
    std::sort(fds.begin(), fds.end());
    std::string text;
    for (const int fd : fds) text += (text.empty() ? "" : " ") + std::to_string(fd);
    return text;
}

struct Environment {
    explicit Environment(const bytebench::Context &ctx) {
        ctx.detail("descriptors", inherited_descriptors());
        ctx.detail("lang", variable("LANG"));
        ctx.detail("lc_all", variable("LC_ALL"));
        ctx.detail("lc_ctype", variable("LC_CTYPE"));
        ctx.detail("language", variable("LANGUAGE"));
    }
    double run(bytebench::Context &ctx) {
        double loops = 0;
        while (!ctx.stopped()) loops += 1;
        return loops;
    }
};

const auto kEnvironment = bytebench::Workload<Environment>("test.environment")
                              .name("Test: environment")
                              .category("test")
                              .unit("lps")
                              .duration(1)
                              .description("Records the locale variables it sees.");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.environment")
                     .name("bytebench test plugin: environment")
                     .vendor("bytebench tests")
                     .version("1.0")
                     .add(kEnvironment));
