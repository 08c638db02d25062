#include "child_process.h"

#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bytebench::test {
namespace {
constexpr int kSkipExit = 77;
}  // namespace

std::string in_child(const std::function<std::string()> &body) {
    int fds[2];
    if (::pipe(fds) != 0) return "pipe failed";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(fds[0]);
        std::string text;
        try {
            text = body();
        } catch (const std::exception &ex) {
            text = std::string("exception: ") + ex.what();
        }
        for (size_t off = 0; off < text.size();) {
            const ssize_t n = ::write(fds[1], text.data() + off, text.size() - off);
            if (n <= 0) break;
            off += size_t(n);
        }
        _exit(text.rfind("SKIP: ", 0) == 0 ? kSkipExit : 0);
    }
    ::close(fds[1]);
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status)) return "child died: " + std::to_string(status) + "; " + text;
    return text;
}

std::string mount_private(const std::string &dir, const char *type, const std::string &options) {
    if (::unshare(CLONE_NEWNS) != 0) return std::string("SKIP: unshare: ") + std::strerror(errno);
    if (::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
        return std::string("SKIP: mount --make-rprivate: ") + std::strerror(errno);
    if (::mount(type, dir.c_str(), type, 0, options.c_str()) != 0)
        return std::string("SKIP: mount ") + type + ": " + std::strerror(errno);
    return "";
}

}  // namespace bytebench::test
