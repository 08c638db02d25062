// pipe: Pipe Throughput (UnixBench 6.0 `pipe`).
//
// One process, one pipe per copy. Each loop writes 512 bytes into the pipe and
// reads them back, until the host's stop flag is set. The count is the number
// of loops completed.
#include <fcntl.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "posix.h"

namespace bytebench::plugins::system {
namespace {

constexpr size_t kBlock = 512;

[[noreturn]] void throw_short(const char *what, ssize_t n) {
    throw std::runtime_error(std::string("pipe: short ") + what + ": " + std::to_string(n) +
                             " of " + std::to_string(kBlock) + " bytes");
}

}  // namespace

struct Pipe {
    explicit Pipe(const bytebench::Context &) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) throw_errno("pipe: pipe2");
        read_fd_ = fds[0];
        write_fd_ = fds[1];
        std::memset(buf_, 0, sizeof buf_);
    }

    ~Pipe() {
        close(read_fd_);
        close(write_fd_);
    }

    Pipe(const Pipe &) = delete;
    Pipe &operator=(const Pipe &) = delete;

    double run(bytebench::Context &ctx) {
        volatile unsigned long iter = 0;
        while (!ctx.stopped()) {
            ssize_t n;
            // 512 bytes into an empty pipe and back never block, so EINTR is
            // not expected; it is retried all the same (the host's timer is a
            // signal and may or may not have SA_RESTART).
            do n = write(write_fd_, buf_, kBlock);
            while (n < 0 && errno == EINTR);
            if (n < 0) throw_errno("pipe: write");
            if (static_cast<size_t>(n) != kBlock) throw_short("write", n);

            do n = read(read_fd_, buf_, kBlock);
            while (n < 0 && errno == EINTR);
            if (n < 0) throw_errno("pipe: read");
            if (static_cast<size_t>(n) != kBlock) throw_short("read", n);

            iter = iter + 1;
        }
        return static_cast<double>(iter);
    }

  private:
    int read_fd_ = -1;
    int write_fd_ = -1;
    char buf_[kBlock];
};

extern const bytebench::Workload<Pipe> kPipe;
const bytebench::Workload<Pipe> kPipe =
    bytebench::Workload<Pipe>("pipe")
        .name("Pipe Throughput")
        .description(
            "Writes 512 bytes into a pipe and reads them back, in one process "
            "(UnixBench 6.0 pipe).")
        .category("system")
        .unit("lps")
        .version("1")
        .time_base(1)
        .repeat_long()
        .duration(10)
        .baseline(12440.0);

}  // namespace bytebench::plugins::system
