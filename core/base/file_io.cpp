#include "base/file_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace bytebench {
namespace {

std::string cannot(const char *what, const std::string &path, int error) {
    return std::string("cannot ") + what + " " + path + ": " + std::strerror(error);
}

void write_all(int fd, const std::string &content, const std::string &path) {
    size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw FileError(cannot("write", path, errno));
        done += size_t(n);
    }
    if (fsync(fd) != 0) throw FileError(cannot("write", path, errno));
}

}  // namespace

std::string read_whole_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(path + ": cannot read: " + std::strerror(errno));
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

std::string atomic_temp_suffix(pid_t pid) { return ".tmp-" + std::to_string(pid); }

std::string atomic_temp_path(const std::string &path, pid_t pid) {
    return path + atomic_temp_suffix(pid);
}

void write_file_atomically(const std::string &path, const std::string &content,
                           const AtomicWriteOptions &options) {
    const std::string tmp = atomic_temp_path(path, getpid());
    const int fd =
        ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, options.mode);
    if (fd < 0) throw FileError(cannot("write", path, errno));
    try {
        write_all(fd, content, path);
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    ::close(fd);
    // link() refuses to replace; rename() replaces atomically.
    const int rc =
        options.exclusive ? ::link(tmp.c_str(), path.c_str()) : ::rename(tmp.c_str(), path.c_str());
    const int err = errno;
    if (options.exclusive || rc != 0) ::unlink(tmp.c_str());
    if (rc == 0) return;
    if (options.exclusive && err == EEXIST) throw FileExistsError(path + ": exists");
    throw FileError(cannot("write", path, err));
}

}  // namespace bytebench
