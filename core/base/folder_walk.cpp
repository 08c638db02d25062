#include "base/folder_walk.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>
#include <stdexcept>
#include <utility>

namespace bytebench {
namespace {

// One folder's entries, read whole before any is looked at: the walk holds
// one open folder at a time, however deep the tree (a descriptor per level
// would run out on a deep one).
struct Entry {
    std::string name;
    unsigned char type;  // d_type; DT_UNKNOWN on file systems that do not say
};

std::string resolved(const std::string &path, int &error) {
    char *real = ::realpath(path.c_str(), nullptr);
    if (real == nullptr) {
        error = errno;
        return "";
    }
    std::string out(real);
    std::free(real);
    return out;
}

// "DIR/name", and "DIR/name" for a DIR given as "DIR/" too.
std::string joined_path(const std::string &dir, const std::string &name) {
    return !dir.empty() && dir.back() == '/' ? dir + name : dir + "/" + name;
}

bool is_under(const std::string &path, const std::string &root) {
    if (root == "/") return true;
    return path == root || (path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
                            path[root.size()] == '/');
}

class Walker {
  public:
    Walker(const std::string &folder, const FolderWalk &walk) : folder_(folder), walk_(walk) {
        int error = 0;
        root_ = resolved(folder, error);
        if (root_.empty())
            throw std::runtime_error(folder + ": cannot read the folder: " + std::strerror(error));
    }

    FolderListing run() {
        std::vector<std::string> pending = {folder_};
        bool first = true;
        while (!pending.empty()) {
            const std::string dir = std::move(pending.back());
            pending.pop_back();
            visit(dir, first, pending);
            first = false;
        }
        std::sort(out_.files.begin(), out_.files.end());
        std::sort(out_.links.begin(), out_.links.end());
        std::sort(out_.left_out.begin(), out_.left_out.end());
        return std::move(out_);
    }

  private:
    bool wanted(const std::string &path) const { return !walk_.wanted || walk_.wanted(path); }

    void leave_out(const std::string &line) { out_.left_out.push_back(line); }

    // Lists `dir` and handles each entry; subfolders go onto `pending`.
    void visit(const std::string &dir, bool is_root, std::vector<std::string> &pending) {
        DIR *d = ::opendir(dir.c_str());
        if (d == nullptr) {
            const std::string why = dir + ": cannot read the folder: " + std::strerror(errno);
            if (is_root) throw std::runtime_error(why);
            return leave_out(why);
        }
        struct stat self {};
        if (::fstat(::dirfd(d), &self) == 0 &&
            !visited_.insert({self.st_dev, self.st_ino}).second) {
            ::closedir(d);  // reached again through a link: walked once
            return;
        }
        std::vector<Entry> entries;
        errno = 0;
        while (const dirent *e = ::readdir(d)) {
            if (e->d_name[0] != '.') entries.push_back({e->d_name, e->d_type});
            errno = 0;
        }
        if (errno != 0) leave_out(dir + ": cannot read the folder: " + std::strerror(errno));
        for (const Entry &entry : entries)
            handle(::dirfd(d), joined_path(dir, entry.name), entry, pending);
        ::closedir(d);
    }

    void handle(int dir_fd, const std::string &path, const Entry &entry,
                std::vector<std::string> &pending) {
        struct stat st {};
        if (::fstatat(dir_fd, entry.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (entry.type == DT_DIR)
                leave_out(path + ": cannot read the folder: " + std::strerror(errno));
            else if (wanted(path))
                leave_out(path + ": cannot read: " + std::strerror(errno));
            return;
        }
        if (S_ISDIR(st.st_mode)) return pending.push_back(path);
        if (S_ISLNK(st.st_mode)) return handle_link(path, pending);
        if (!S_ISREG(st.st_mode) || !wanted(path)) return;
        const int fd = ::openat(dir_fd, entry.name.c_str(),
                                O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) return leave_out(path + ": cannot read: " + std::strerror(errno));
        ::close(fd);
        out_.files.push_back(path);
    }

    void handle_link(const std::string &path, std::vector<std::string> &pending) {
        int error = 0;
        const std::string target = resolved(path, error);
        struct stat st {};
        if (target.empty() || ::stat(path.c_str(), &st) != 0) {
            if (wanted(path))
                leave_out(path + ": a link that leads nowhere (" +
                          std::strerror(error != 0 ? error : errno) + ")");
            return;
        }
        const bool inside = is_under(target, root_);
        const bool is_dir = S_ISDIR(st.st_mode);
        if (!is_dir && (!S_ISREG(st.st_mode) || !wanted(path))) return;
        if (!inside && !walk_.follow_links)
            return leave_out(path + ": a link out of " + folder_ + " (to " + target +
                             "): not followed");
        if (is_dir) {
            // Inside: the walk reaches the folder as itself (unless it is
            // hidden, which then stays so).
            if (!inside) pending.push_back(path);
            return;
        }
        const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) return leave_out(path + ": cannot read: " + std::strerror(errno));
        ::close(fd);
        out_.files.push_back(path);
        out_.links.push_back(path);
    }

    std::string folder_, root_;
    const FolderWalk &walk_;
    std::set<std::pair<dev_t, ino_t>> visited_;
    FolderListing out_;
};

}  // namespace

bool FolderListing::is_link(const std::string &file) const {
    return std::binary_search(links.begin(), links.end(), file);
}

FolderListing files_under(const std::string &folder, const FolderWalk &walk) {
    return Walker(folder, walk).run();
}

}  // namespace bytebench
