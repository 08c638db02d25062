// Folders a run makes for itself, and the one way it removes them: by
// descriptor, and only what it made.
//
// A folder is made with mkdirat() inside a folder open by descriptor, under
// a name that is one path component (never "..", never with a '/'), and is
// remembered by that name, its device and its inode. Removing it opens it
// again from the same descriptor without following a link and removes it
// only when it is still that folder; what is inside is unlinked through
// descriptors (unlinkat), a symbolic link is removed and never followed, and
// a file system mounted inside is left alone. So however a test is named,
// and whatever a workload leaves in its folders, nothing outside the folders
// a run made is ever removed, and a folder that was already there (a name
// taken) is refused, never adopted.
#pragma once

#include <sys/types.h>

#include <stdexcept>
#include <string>

namespace bytebench {

// One line naming the folder: "cannot create /tmp/x/y: File exists".
class FolderError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// An open descriptor of a folder, closed with the object.
class FolderFd {
  public:
    FolderFd() = default;
    // Opens the folder at `path`, the user's (a link to a folder is followed:
    // a TMPDIR may be one). Throws FolderError with one line.
    explicit FolderFd(const std::string &path);
    ~FolderFd();
    FolderFd(FolderFd &&other) noexcept;
    FolderFd &operator=(FolderFd &&other) noexcept;
    FolderFd(const FolderFd &) = delete;
    FolderFd &operator=(const FolderFd &) = delete;

    int get() const { return fd_; }
    bool is_open() const { return fd_ >= 0; }
    const std::string &path() const { return path_; }

  private:
    int fd_ = -1;
    std::string path_;
};

// A folder made by make_folder() or make_unique_folder().
struct MadeFolder {
    std::string path;  // the parent's path, '/', name: for messages and for workers
    std::string name;  // one component, in the parent
    dev_t dev = 0;
    ino_t ino = 0;
    bool made() const { return !name.empty(); }
};

// Makes the folder `name` (mode 0700) inside `parent`. `name` must be one
// path component other than "." and ".." (base/names.h's file_name_part()
// makes one of any text). Throws FolderError when the name is not one
// component, and when something is at that name already: it is not ours.
MadeFolder make_folder(const FolderFd &parent, const std::string &name);

// Makes a folder `prefix` + six random letters and digits (mode 0700)
// inside `parent`, as mkdtemp(3) does, and returns it. Throws FolderError.
MadeFolder make_unique_folder(const FolderFd &parent, const std::string &prefix);

// Removes `folder` and everything in it, as the file comment says. Returns
// "" when it is gone (or was never made, or is gone already), else one line
// naming what is left and why ("/tmp/x/y: not removed: it is no longer the
// folder bytebench made", "/tmp/x/y/mnt: not removed: another file system
// is mounted there").
std::string remove_folder(const FolderFd &parent, const MadeFolder &folder);

}  // namespace bytebench
