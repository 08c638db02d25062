#include "helper.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "posix.h"

namespace bytebench::plugins::system {
namespace {

// Exit status of the forked child when the exec itself fails.
constexpr int kExecFailed = 127;
// The most of a helper's report that is kept (it is one short line).
constexpr size_t kMaxReport = 4096;

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

}  // namespace

std::string find_helper(const bytebench::Context &ctx, const std::string &workload,
                        const char *name) {
    std::string dir = ctx.plugin_dir();
    if (dir.empty()) dir = ".";
    const std::string path = dir + "/system.d/" + name;
    struct stat st {};
    if (stat(path.c_str(), &st) != 0)
        throw bytebench::Skip(workload + ": helper program " + path +
                              " is missing: " + std::strerror(errno));
    if (!S_ISREG(st.st_mode) || access(path.c_str(), X_OK) != 0)
        throw bytebench::Skip(workload + ": helper program " + path + " is not executable");
    return path;
}

uint64_t helper_deadline(const bytebench::Context &ctx) {
    const uint64_t deadline = ctx.deadline_ns();
    return deadline != 0 ? deadline : ctx.now_ns() + ctx.raw()->duration_ns;
}

unsigned long long run_helper(const std::string &workload, const std::string &path,
                              const std::vector<std::string> &args) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw_errno(workload + ": pipe2");
    Fd report_read(fds[0]);
    Fd report_write(fds[1]);

    // Everything the child needs is prepared before fork(): after it, the
    // child makes only async-signal-safe calls.
    std::vector<std::string> strings;
    strings.reserve(args.size() + 2);
    strings.push_back(path);
    strings.insert(strings.end(), args.begin(), args.end());
    strings.push_back(std::to_string(fds[1]));
    std::vector<char *> argv;
    for (std::string &s : strings) argv.push_back(s.data());
    argv.push_back(nullptr);

    const pid_t pid = fork();
    if (pid < 0) throw_fork_error(workload);
    if (pid == 0) {
        // The report descriptor is the only one of ours the helper inherits.
        if (fcntl(fds[1], F_SETFD, 0) == 0) execv(argv[0], argv.data());
        static const char msg[] = "error: cannot execute the helper program\n";
        write_retry(fds[1], msg, sizeof msg - 1);
        _exit(kExecFailed);
    }
    Child child(pid);
    report_write.reset();

    std::string text;
    char buf[256];
    for (;;) {
        const ssize_t n = read_retry(report_read.get(), buf, sizeof buf);
        if (n < 0) throw_errno(workload + ": read");
        if (n == 0) break;
        if (text.size() < kMaxReport) text.append(buf, static_cast<size_t>(n));
    }
    const int status = child.wait((workload + ": waitpid").c_str());
    text = trimmed(text);
    if (status != 0)
        throw std::runtime_error(workload + ": " + path + " " + how_it_ended(status) +
                                 (text.empty() ? std::string() : ": " + text));

    char *end = nullptr;
    errno = 0;
    const unsigned long long count = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || errno != 0 || *end != '\0')
        throw std::runtime_error(workload + ": " + path + " reported '" + text +
                                 "', expected a count");
    return count;
}

}  // namespace bytebench::plugins::system
