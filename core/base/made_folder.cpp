#include "base/made_folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <utility>
#include <vector>

namespace bytebench {
namespace {

constexpr int kFolderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

std::string error_text(int error) { return std::strerror(error); }

bool is_one_component(const std::string &name) {
    return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos &&
           name.find('\0') == std::string::npos;
}

// The folder `name` in `parent`, opened without following a link, when it
// is still the one that was made (device and inode); -1 otherwise, with
// errno set (ESTALE for another folder).
int open_if_same(int parent, const MadeFolder &folder) {
    const int fd = openat(parent, folder.name.c_str(), kFolderFlags);
    if (fd < 0) return -1;
    struct stat st {};
    if (fstat(fd, &st) != 0 || st.st_dev != folder.dev || st.st_ino != folder.ino) {
        close(fd);
        errno = ESTALE;
        return -1;
    }
    return fd;
}

// One folder being emptied: its open stream, its path and its name in the
// folder above.
struct Level {
    DIR *dir;
    std::string path, name;
    bool removed_any =
        false;  // in this sweep: a sweep that removed something is followed by another
};

// Empties the folder open at `fd` (taken over) at `path`, on device `dev`,
// without recursion (a workload may nest folders thousands deep): one open
// stream per level. Notes the first thing it could not remove in `problem`.
void empty_folder(int fd, const std::string &path, dev_t dev, std::string &problem) {
    const auto note = [&](const std::string &where, const std::string &why) {
        if (problem.empty()) problem = where + ": not removed: " + why;
    };
    DIR *top = fdopendir(fd);
    if (top == nullptr) {
        note(path, error_text(errno));
        close(fd);
        return;
    }
    std::vector<Level> stack = {{top, path, "", false}};
    while (!stack.empty()) {
        Level &level = stack.back();
        const int level_fd = dirfd(level.dir);
        const dirent *entry = readdir(level.dir);
        if (entry == nullptr) {
            // Entries removed during a sweep may hide others from it (readdir
            // over a changing folder is unspecified): sweep until one removes
            // nothing.
            if (level.removed_any) {
                level.removed_any = false;
                rewinddir(level.dir);
                continue;
            }
            const std::string name = level.name, at = level.path;
            closedir(level.dir);
            stack.pop_back();
            if (stack.empty()) break;
            if (unlinkat(dirfd(stack.back().dir), name.c_str(), AT_REMOVEDIR) == 0)
                stack.back().removed_any = true;
            else if (errno != ENOENT)
                note(at, error_text(errno));
            continue;
        }
        const std::string name = entry->d_name;
        if (name == "." || name == "..") continue;
        const std::string at = level.path + "/" + name;
        struct stat st {};
        if (fstatat(level_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno != ENOENT) note(at, error_text(errno));
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {  // files, links (never followed), FIFOs, sockets
            if (unlinkat(level_fd, name.c_str(), 0) == 0)
                level.removed_any = true;
            else if (errno != ENOENT)
                note(at, error_text(errno));
            continue;
        }
        if (st.st_dev != dev) {
            note(at, "another file system is mounted there");
            continue;
        }
        const int sub = openat(level_fd, name.c_str(), kFolderFlags);
        DIR *dir = sub >= 0 ? fdopendir(sub) : nullptr;
        if (dir == nullptr) {
            note(at, error_text(errno));
            if (sub >= 0) close(sub);
            continue;
        }
        stack.push_back({dir, at, name, false});
    }
}

// Six letters and digits for make_unique_folder().
std::string random_suffix() {
    static const char kAlphabet[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    unsigned char bytes[6] = {};
    if (getrandom(bytes, sizeof bytes, GRND_NONBLOCK) != ssize_t(sizeof bytes)) {
        timespec now{};
        clock_gettime(CLOCK_REALTIME, &now);
        uint64_t mix = uint64_t(now.tv_nsec) ^ (uint64_t(getpid()) << 32) ^ uint64_t(now.tv_sec);
        for (unsigned char &b : bytes) {
            mix = mix * 6364136223846793005ULL + 1442695040888963407ULL;
            b = static_cast<unsigned char>(mix >> 56);
        }
    }
    std::string suffix;
    for (const unsigned char b : bytes) suffix += kAlphabet[b % (sizeof kAlphabet - 1)];
    return suffix;
}

}  // namespace

// A folder given by the user may be reached through a link (a TMPDIR that
// is one): only the folders made here are opened without following one.
FolderFd::FolderFd(const std::string &path)
    : fd_(open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)), path_(path) {
    if (fd_ < 0) throw FolderError(path + ": cannot open the folder: " + error_text(errno));
}

FolderFd::~FolderFd() {
    if (fd_ >= 0) close(fd_);
}

FolderFd::FolderFd(FolderFd &&other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

FolderFd &FolderFd::operator=(FolderFd &&other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) close(fd_);
        fd_ = std::exchange(other.fd_, -1);
        path_ = std::move(other.path_);
    }
    return *this;
}

namespace {

// mkdirat() and what make_folder() needs of it; the errno when it failed.
int make_at(const FolderFd &parent, const std::string &name, MadeFolder &folder) {
    folder = {parent.path() + "/" + name, "", 0, 0};
    if (mkdirat(parent.get(), name.c_str(), 0700) != 0) return errno;
    struct stat st {};
    if (fstatat(parent.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return errno;
    folder = {folder.path, name, st.st_dev, st.st_ino};
    // 0700 whatever the umask: its files are the run's alone.
    if (const int fd = open_if_same(parent.get(), folder); fd >= 0) {
        (void)fchmod(fd, 0700);
        close(fd);
    }
    return 0;
}

}  // namespace

MadeFolder make_folder(const FolderFd &parent, const std::string &name) {
    if (!is_one_component(name))
        throw FolderError("cannot create " + parent.path() + "/" + name + ": not one folder name");
    MadeFolder folder;
    if (const int error = make_at(parent, name, folder); error != 0)
        throw FolderError("cannot create " + folder.path + ": " + error_text(error));
    return folder;
}

MadeFolder make_unique_folder(const FolderFd &parent, const std::string &prefix) {
    if (!is_one_component(prefix + "x"))
        throw FolderError("cannot create " + parent.path() + "/" + prefix +
                          "...: not one folder name");
    constexpr int kAttempts = 100;
    MadeFolder folder;
    int error = 0;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        error = make_at(parent, prefix + random_suffix(), folder);
        if (error != EEXIST) break;
    }
    if (error != 0)
        throw FolderError("cannot create a folder in " + parent.path() + ": " + error_text(error));
    return folder;
}

std::string remove_folder(const FolderFd &parent, const MadeFolder &folder) {
    if (!folder.made()) return "";
    const int fd = open_if_same(parent.get(), folder);
    if (fd < 0) {
        if (errno == ENOENT) return "";
        return folder.path + ": not removed: " +
               (errno == ESTALE || errno == ELOOP || errno == ENOTDIR
                    ? std::string("it is no longer the folder bytebench made")
                    : error_text(errno));
    }
    std::string problem;
    empty_folder(fd, folder.path, folder.dev, problem);
    // Still the folder made? (it was a moment ago; a rename since would put
    // another in its place)
    struct stat st {};
    if (fstatat(parent.get(), folder.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
        st.st_dev != folder.dev || st.st_ino != folder.ino)
        return problem.empty()
                   ? folder.path + ": not removed: it is no longer the folder bytebench made"
                   : problem;
    if (unlinkat(parent.get(), folder.name.c_str(), AT_REMOVEDIR) != 0 && problem.empty())
        problem = folder.path + ": not removed: " + error_text(errno);
    return problem;
}

}  // namespace bytebench
