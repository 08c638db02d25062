#include "program_run.h"

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace bytebench::plugins::graphics {
namespace {

// Exit status of the child when the exec fails (the shell's "not found").
constexpr int kExecFailed = 127;
// The most of an output that is kept: x11perf prints a dozen lines.
constexpr size_t kMaxOutput = 1 << 20;

[[noreturn]] void fail(const std::string &what) {
    throw std::runtime_error(what + ": " + std::strerror(errno));
}

// Owns a descriptor.
class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) close(fd_);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

int memory_file(const char *name) {
    const int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) fail(std::string("memfd_create ") + name);
    return fd;
}

std::string contents(int fd) {
    std::string text;
    char buf[4096];
    off_t at = 0;
    while (text.size() < kMaxOutput) {
        const ssize_t n = pread(fd, buf, sizeof buf, at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        text.append(buf, static_cast<size_t>(n));
        at += n;
    }
    return text;
}

int wait_for(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) fail("waitpid");
    return status;
}

// In the child, after fork(): async-signal-safe calls only.
[[noreturn]] void exec_child(int out, int err, char *const argv[]) {
    if (dup2(out, STDOUT_FILENO) >= 0 && dup2(err, STDERR_FILENO) >= 0) {
        execvp(argv[0], argv);
        static const char msg[] = "cannot execute the program: ";
        (void)!write(STDERR_FILENO, msg, sizeof msg - 1);
        const char *why = strerror(errno);
        (void)!write(STDERR_FILENO, why, strlen(why));
    }
    _exit(kExecFailed);
}

}  // namespace

ProgramRun run_program(const std::vector<std::string> &args) {
    if (args.empty()) throw std::invalid_argument("run_program: no program");
    const Fd out(memory_file("stdout"));
    const Fd err(memory_file("stderr"));
    // Prepared before fork(): the child makes only async-signal-safe calls.
    std::vector<std::string> strings = args;
    std::vector<char *> argv;
    for (std::string &s : strings) argv.push_back(s.data());
    argv.push_back(nullptr);

    const pid_t pid = fork();
    if (pid < 0) fail("fork");
    if (pid == 0) exec_child(out.get(), err.get(), argv.data());
    ProgramRun run;
    run.wait_status = wait_for(pid);
    run.out = contents(out.get());
    run.err = contents(err.get());
    return run;
}

std::string how_it_ended(int wait_status) {
    if (WIFEXITED(wait_status))
        return "exited with status " + std::to_string(WEXITSTATUS(wait_status));
    if (WIFSIGNALED(wait_status)) {
        const int sig = WTERMSIG(wait_status);
        const char *name = strsignal(sig);
        return "was killed by signal " + std::to_string(sig) +
               (name != nullptr ? std::string(" (") + name + ")" : std::string());
    }
    return "ended with wait status " + std::to_string(wait_status);
}

}  // namespace bytebench::plugins::graphics
