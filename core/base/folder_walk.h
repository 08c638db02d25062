// The files under a folder the user named (`compare DIR`, `import DIR`):
// what is read, and what is not and why.
//
// A folder of results is a set of measurements: a host whose file could not
// be read must not silently drop out of a comparison. So the walk reports
// every entry it leaves out that the caller would have read (one line
// each), and the caller decides (`--skip-unreadable`):
//   - a subfolder that cannot be opened or listed;
//   - an entry that cannot be looked at (a folder with r but no x) or a file
//     that cannot be opened for reading (permissions);
//   - a symbolic link out of the folder (its target, resolved, is not under
//     the folder's own resolved path), unless `follow_links`: a link planted
//     in a shared folder must not make the walk read another user's or
//     root's file on behalf of whoever runs the command;
//   - a link that leads nowhere (dangling, a loop).
// Links that stay inside the folder are followed (files) or left to the walk
// of their target (folders). Hidden entries (".name": an editor's or a
// copy's temporary files) are left out without a word, and so are FIFOs,
// sockets and devices (nobody keeps results in them).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace bytebench {

struct FolderWalk {
    // Follow links out of the folder (and into folders elsewhere, each
    // visited once).
    bool follow_links = false;
    // The files the caller reads, by path (nullptr: every file). Only they
    // are listed, and only they (and folders, which may hold them) are
    // reported when left out.
    std::function<bool(const std::string &path)> wanted = nullptr;
};

struct FolderListing {
    // Regular files (or links to them), sorted by path.
    std::vector<std::string> files;
    // Of `files`, those that are symbolic links: read through the link.
    // Every other file is read without following one (a regular file swapped
    // for a link after the walk is refused, not followed).
    std::vector<std::string> links;
    // What was left out, one line each, sorted: "DIR/sub: cannot read the
    // folder: Permission denied", "DIR/x.json: cannot read: Permission
    // denied", "DIR/x.json: a link out of DIR (to /root/x.json): not
    // followed", "DIR/y.json: a link that leads nowhere (No such file or
    // directory)".
    std::vector<std::string> left_out;

    bool is_link(const std::string &file) const;
};

// Walks `folder` and its subfolders. Throws std::runtime_error when `folder`
// itself cannot be read: "FOLDER: cannot read the folder: why".
FolderListing files_under(const std::string &folder, const FolderWalk &walk = {});

}  // namespace bytebench
