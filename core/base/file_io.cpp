#include "base/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "base/text.h"

namespace bytebench {
namespace {

// Temporary names tried before a write gives up: the first is the usual
// one, the others step around stale files (a pid reused after a crash) and
// planted links.
constexpr int kTempNameAttempts = 16;

std::string cannot_write(const std::string &path, int error) {
    return "cannot write " + path + ": " + std::strerror(error);
}

std::string cannot_read(const std::string &path, const std::string &reason) {
    return path + ": cannot read: " + reason;
}

// "a FIFO", "a character device", ...: what a path that is not a regular
// file is.
std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISLNK(mode)) return "a symbolic link";
    return "not a file";
}

std::string too_large(const std::string &path, double size, std::size_t max_bytes) {
    return cannot_read(path, (size < 0 ? "more" : size_text(size) + ", more") + " than the " +
                                 size_text(double(max_bytes)) + " an input may have");
}

// Closes on every path out.
class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return fd_; }
    // close(2), checked: 0 or the errno (NFS reports write errors here).
    int close() {
        const int fd = fd_;
        fd_ = -1;
        return ::close(fd) == 0 || errno == EINTR ? 0 : errno;
    }

  private:
    int fd_;
};

// write(2) until all is written: 0 or the errno.
int write_all(int fd, std::string_view content) {
    size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno;
        if (n == 0) return EIO;  // no progress and no reason: not worth a busy loop
        done += size_t(n);
    }
    return 0;
}

void clear_nonblock(int fd) {
    const int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
}

// A device, a FIFO, a link: into what is there, never renamed over.
void write_in_place(const std::string &path, std::string_view content,
                    const WriteOptions &options) {
    if (options.exclusive) throw FileExistsError(path + ": exists");
    // No O_CREAT: a dangling link stays an error. O_NONBLOCK: a FIFO nobody
    // reads is ENXIO at once.
    Fd fd(::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK));
    if (fd.get() < 0) throw FileError(cannot_write(path, errno));
    struct stat st {};
    if (fstat(fd.get(), &st) != 0) throw FileError(cannot_write(path, errno));
    clear_nonblock(fd.get());
    const bool regular = S_ISREG(st.st_mode);
    // Standard output's own file (-o /dev/stdout with `>> log`): through fd
    // 1, at its offset and with its O_APPEND, as the shell does, instead of
    // truncating it.
    struct stat out {};
    const bool is_stdout = regular && fstat(STDOUT_FILENO, &out) == 0 && out.st_dev == st.st_dev &&
                           out.st_ino == st.st_ino;
    const int into = is_stdout ? STDOUT_FILENO : fd.get();
    if (is_stdout) std::fflush(stdout);  // what was printed before comes first
    if (regular && !is_stdout && ftruncate(into, 0) != 0)
        throw FileError(cannot_write(path, errno));
    if (const int err = write_all(into, content)) throw FileError(cannot_write(path, err));
    if (regular && fsync(into) != 0) throw FileError(cannot_write(path, errno));
    if (const int err = fd.close()) throw FileError(cannot_write(path, err));
}

// A missing path or a regular file: a temporary file beside it, renamed
// (or linked) into place.
void write_via_temp(const std::string &path, std::string_view content,
                    const WriteOptions &options) {
    auto track = [&](const std::string &temp, bool in_use) {
        if (options.track_temp) options.track_temp(temp, in_use);
    };
    std::string temp;
    int fd = -1;
    for (int attempt = 0; attempt < kTempNameAttempts && fd < 0; ++attempt) {
        temp = atomic_temp_path(path, getpid(), attempt);
        track(temp, true);
        fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                    options.mode);
        if (fd >= 0) break;
        const int err = errno;
        track(temp, false);
        if (err != EEXIST) throw FileError(cannot_write(path, err));
    }
    if (fd < 0)
        throw FileError(cannot_write(path, EEXIST) + " (its " + std::to_string(kTempNameAttempts) +
                        " temporary names, " + temp + " among them, are all taken)");
    Fd file(fd);
    auto fail = [&](int err) {
        file.close();
        ::unlink(temp.c_str());
        track(temp, false);
        throw FileError(cannot_write(path, err));
    };
    if (const int err = write_all(file.get(), content)) fail(err);
    if (fsync(file.get()) != 0) fail(errno);
    if (const int err = file.close()) fail(err);
    // link() refuses to replace; rename() replaces atomically.
    const int rc = options.exclusive ? ::link(temp.c_str(), path.c_str())
                                     : ::rename(temp.c_str(), path.c_str());
    const int err = errno;
    if (options.exclusive || rc != 0) ::unlink(temp.c_str());
    track(temp, false);
    if (rc == 0) return;
    if (options.exclusive && err == EEXIST) throw FileExistsError(path + ": exists");
    throw FileError(cannot_write(path, err));
}

}  // namespace

std::string read_whole_file(const std::string &path, std::size_t max_bytes, FileIdentity *identity,
                            bool no_follow) {
    // O_NONBLOCK: opening a FIFO nobody writes to returns at once.
    Fd fd(::open(path.c_str(),
                 O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK | (no_follow ? O_NOFOLLOW : 0)));
    if (fd.get() < 0) throw FileError(cannot_read(path, std::strerror(errno)));
    struct stat st {};
    if (fstat(fd.get(), &st) != 0) throw FileError(cannot_read(path, std::strerror(errno)));
    if (!S_ISREG(st.st_mode))
        throw FileError(cannot_read(path, "not a regular file (" + kind_of(st.st_mode) + ")"));
    if (st.st_size > 0 && uint64_t(st.st_size) > max_bytes)
        throw FileError(too_large(path, double(st.st_size), max_bytes));
    if (identity) *identity = {st.st_dev, st.st_ino};
    clear_nonblock(fd.get());
    // The size may be wrong (/proc files say 0) or change while we read:
    // read to the end, but never more than the cap.
    std::string text;
    text.reserve(size_t(st.st_size));
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw FileError(cannot_read(path, std::strerror(errno)));
        if (n == 0) break;
        if (text.size() + size_t(n) > max_bytes) throw FileError(too_large(path, -1, max_bytes));
        text.append(buffer, size_t(n));
    }
    return text;
}

void write_file(const std::string &path, std::string_view content, const WriteOptions &options) {
    if (const std::optional<std::string> input = command_input_at(path))
        throw OutputIsInputError(output_is_input_message(path, *input));
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) {
        if (errno != ENOENT) throw FileError(cannot_write(path, errno));
        write_via_temp(path, content, options);
    } else if (S_ISREG(st.st_mode)) {
        if (options.exclusive) throw FileExistsError(path + ": exists");
        write_via_temp(path, content, options);
    } else {
        write_in_place(path, content, options);
    }
}

void write_to_descriptor(int fd, std::string_view content, const std::string &name) {
    if (const int err = write_all(fd, content)) throw FileError(cannot_write(name, err));
}

std::string atomic_temp_suffix(pid_t pid) { return ".tmp-" + std::to_string(pid); }

std::string atomic_temp_path(const std::string &path, pid_t pid, int attempt) {
    return path + (attempt == 0 ? "" : "." + std::to_string(attempt)) + atomic_temp_suffix(pid);
}

}  // namespace bytebench
