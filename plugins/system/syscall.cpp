// syscall: System Call Overhead (UnixBench 6.0 `syscall`).
//
// Counts loops of a fixed system-call sequence until the host's stop flag is
// set. The mode parameter is matched on its first letter only, as UnixBench
// does:
//   mix     close(dup(fd)), syscall(SYS_getpid), getuid(), umask(022)
//           (5 system calls a loop; the index test)
//   close   close(dup(fd))
//   getpid  syscall(SYS_getpid) (raw, so that no libc PID cache can answer)
//   exec    fork() + execl("/bin/true") + waitpid() (the `sysexec` test)
// `fd` is the read end of a pipe private to the copy, so copies share no file
// table entry (UnixBench 6.0; earlier versions used fd 0).
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "posix.h"

namespace bytebench::plugins::system {
namespace {

const char kTrue[] = "/bin/true";

}  // namespace

struct Syscall {
    enum class Mode { mix, close, getpid, exec };

    explicit Syscall(const bytebench::Context &ctx) {
        const std::string mode = ctx.param("mode");
        switch (mode.empty() ? '\0' : mode[0]) {
            case 'm':
                mode_ = Mode::mix;
                break;
            case 'c':
                mode_ = Mode::close;
                break;
            case 'g':
                mode_ = Mode::getpid;
                break;
            case 'e':
                mode_ = Mode::exec;
                break;
            default:
                throw std::invalid_argument("syscall: unknown mode '" + mode +
                                            "' (expected mix, close, getpid or exec)");
        }
        if (mode_ == Mode::exec && access(kTrue, X_OK) != 0)
            throw bytebench::Skip(std::string("syscall exec: cannot execute ") + kTrue + ": " +
                                  std::strerror(errno));
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) throw_errno("syscall: pipe");
        fd_ = fds[0];
        write_fd_ = fds[1];
        saved_umask_ = umask(022);
        umask(saved_umask_);
    }

    ~Syscall() {
        umask(saved_umask_);
        close(fd_);
        close(write_fd_);
    }

    Syscall(const Syscall &) = delete;
    Syscall &operator=(const Syscall &) = delete;

    double run(bytebench::Context &ctx) {
        volatile unsigned long iter = 0;
        switch (mode_) {
            case Mode::mix:
                while (!ctx.stopped()) {
                    close_dup();
                    syscall(SYS_getpid);
                    getuid();
                    umask(022);
                    iter = iter + 1;
                }
                break;
            case Mode::close:
                while (!ctx.stopped()) {
                    close_dup();
                    iter = iter + 1;
                }
                break;
            case Mode::getpid:
                while (!ctx.stopped()) {
                    syscall(SYS_getpid);
                    iter = iter + 1;
                }
                break;
            case Mode::exec:
                while (!ctx.stopped()) {
                    fork_exec_wait();
                    iter = iter + 1;
                }
                break;
        }
        return static_cast<double>(iter);
    }

  private:
    void close_dup() const {
        const int copy = dup(fd_);  // dup() never fails with EINTR
        if (copy < 0) throw_errno("syscall: dup");
        close(copy);  // on Linux the fd is released even when close() says EINTR
    }

    static void fork_exec_wait() {
        const pid_t pid = fork();
        if (pid < 0) throw_fork_error("syscall exec");
        if (pid == 0) {
            execl(kTrue, kTrue, static_cast<char *>(nullptr));
            _exit(127);  // exec failed; never return into the worker's code
        }
        const int status = wait_for(pid, "syscall exec: waitpid");
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            throw std::runtime_error(
                std::string("syscall exec: ") + kTrue + " ended with " + describe_status(status) +
                (WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " (exec failed?)" : ""));
    }

    Mode mode_ = Mode::mix;
    int fd_ = -1;
    int write_fd_ = -1;
    mode_t saved_umask_ = 022;
};

extern const bytebench::Workload<Syscall> kSyscall;
const bytebench::Workload<Syscall> kSyscall =
    bytebench::Workload<Syscall>("syscall")
        .name("System Call Overhead")
        .description(
            "Loops over cheap system calls (UnixBench 6.0 syscall); mode mix makes "
            "close(dup()), getpid, getuid and umask calls each loop.")
        .category("system")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_long()
        .duration(10)
        .baseline(15000.0)
        // exec mode forks one child at a time.
        .processes_per_copy(2)
        .param_choices("mode", "string", "mix", {"mix", "close", "getpid", "exec"},
                       "mix, close, getpid or exec");

}  // namespace bytebench::plugins::system
