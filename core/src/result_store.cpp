#include "result_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>

#include "run_record.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

bool any_file_with_base(const std::string &dir, const std::string &stem) {
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec))
        if (entry.path().stem() == stem) return true;
    return false;
}

void write_all(int fd, const std::string &content, const std::string &path) {
    size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw ResultStoreError("cannot write " + path + ": " + std::strerror(errno));
        done += size_t(n);
    }
    if (fsync(fd) != 0)
        throw ResultStoreError("cannot write " + path + ": " + std::strerror(errno));
}

}  // namespace

void write_file_atomically(const std::string &path, const std::string &content, bool exclusive) {
    const std::string tmp = path + ".tmp-" + std::to_string(getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw ResultStoreError("cannot write " + path + ": " + std::strerror(errno));
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
        exclusive ? ::link(tmp.c_str(), path.c_str()) : ::rename(tmp.c_str(), path.c_str());
    const int err = errno;
    if (exclusive || rc != 0) ::unlink(tmp.c_str());
    if (rc != 0) {
        if (exclusive && err == EEXIST)
            throw fs::filesystem_error("exists", path,
                                       std::error_code(err, std::generic_category()));
        throw ResultStoreError("cannot write " + path + ": " + std::strerror(err));
    }
}

ResultStore::ResultStore(const std::string &dir, const std::string &host,
                         const std::string &initial_json) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw ResultStoreError("cannot create results folder " + dir + ": " +
                               (ec ? ec.message() : "not a folder"));
    const std::string prefix = host + "-" + local_time_text("%Y-%m-%d") + "-";
    for (int n = 1;; ++n) {
        char number[16];
        std::snprintf(number, sizeof number, "%02d", n);
        const std::string stem = prefix + number;
        if (any_file_with_base(dir, stem)) continue;
        base_ = (fs::path(dir) / stem).string();
        try {
            write_file_atomically(path("json"), initial_json, /*exclusive=*/true);
            return;
        } catch (const fs::filesystem_error &) {
            continue;  // another run took this number a moment ago
        }
    }
}

void ResultStore::write_result(const std::string &json) const {
    write_file_atomically(path("json"), json);
}

}  // namespace bytebench
