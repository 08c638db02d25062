#include "plugins/plugin_security.h"

#include <acl/libacl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/acl.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

constexpr const char *kRemedy = "; fix the permissions or pass --allow-insecure-plugins";

std::string mode_text(mode_t mode) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", unsigned(mode & 07777));
    return buf;
}

std::string user_name(uid_t uid) {
    const passwd *pw = getpwuid(uid);
    return pw != nullptr ? std::string(" (") + pw->pw_name + ")" : "";
}

std::string group_name(gid_t gid) {
    const group *gr = getgrgid(gid);
    return gr != nullptr ? std::string(gr->gr_name) : std::to_string(gid);
}

bool examine(const std::string &path, struct stat &st) { return ::stat(path.c_str(), &st) == 0; }

// The owner rule: yours or root's.
std::string owner_insecurity(const std::string &what, const struct stat &st, const Requester &who) {
    if (st.st_uid != 0 && st.st_uid != who.uid)
        return "refused: " + what + " is owned by uid " + std::to_string(st.st_uid) +
               user_name(st.st_uid) + ", neither you nor root" + kRemedy;
    return "";
}

// The mode bits: not writable by others, nor by a group other than yours.
std::string mode_insecurity(const std::string &what, const struct stat &st, const Requester &who) {
    const std::string mode = "(mode " + mode_text(st.st_mode) + ")";
    if ((st.st_mode & S_IWOTH) != 0)
        return "refused: " + what + " is writable by others " + mode + kRemedy;
    if ((st.st_mode & S_IWGRP) != 0 && st.st_gid != who.gid)
        return "refused: " + what + " is writable by group " + group_name(st.st_gid) + " " + mode +
               ", which is not your primary group" + kRemedy;
    return "";
}

bool acl_writes(acl_entry_t entry) {
    acl_permset_t permset = nullptr;
    return acl_get_permset(entry, &permset) == 0 && acl_get_perm(permset, ACL_WRITE) == 1;
}

// The access ACL of `path` (stat's file: links followed): "" unless a named
// user other than you and root (ACL_USER), or a named group other than
// your primary group (ACL_GROUP), may write, as far as the ACL_MASK lets
// them. The owner, the owning group and others are the mode bits' rules.
// No ACL support, or no ACL to read, is no ACL.
std::string acl_insecurity(const std::string &what, const std::string &path, const Requester &who) {
    acl_t acl = acl_get_file(path.c_str(), ACL_TYPE_ACCESS);
    if (acl == nullptr) return "";
    std::vector<std::pair<acl_tag_t, acl_entry_t>> entries;
    acl_entry_t entry = nullptr;
    bool mask_writes = true;  // no mask (a minimal ACL): nothing is masked
    for (int which = ACL_FIRST_ENTRY; acl_get_entry(acl, which, &entry) == 1;
         which = ACL_NEXT_ENTRY) {
        acl_tag_t tag = ACL_UNDEFINED_TAG;
        if (acl_get_tag_type(entry, &tag) != 0) continue;
        if (tag == ACL_MASK) mask_writes = acl_writes(entry);
        if (tag == ACL_USER || tag == ACL_GROUP) entries.emplace_back(tag, entry);
    }
    std::string why;
    for (const auto &[tag, named] : entries) {
        if (!mask_writes || !acl_writes(named)) continue;
        void *qualifier = acl_get_qualifier(named);
        if (qualifier == nullptr) continue;
        if (tag == ACL_USER) {
            const uid_t uid = *static_cast<uid_t *>(qualifier);
            const passwd *pw = getpwuid(uid);
            if (uid != who.uid && uid != 0)
                why = "refused: " + what + " is writable by user " +
                      (pw != nullptr ? std::string(pw->pw_name) : "uid " + std::to_string(uid)) +
                      " through an ACL entry" + kRemedy;
        } else {
            const gid_t gid = *static_cast<gid_t *>(qualifier);
            if (gid != who.gid)
                why = "refused: " + what + " is writable by group " + group_name(gid) +
                      " through an ACL entry, which is not your primary group" + kRemedy;
        }
        acl_free(qualifier);
        if (!why.empty()) break;
    }
    acl_free(acl);
    return why;
}

// Sticky (/tmp): others may add names to it but not rename or remove one
// they do not own, so the component below is safe when it is yours or
// root's, whoever else may write the folder.
bool sticky_exempt(const struct stat &st, const struct stat &below, const Requester &who) {
    return (st.st_mode & S_ISVTX) != 0 && (below.st_uid == who.uid || below.st_uid == 0);
}

// A file or folder as a whole: what stat said, then its ACL.
std::string path_insecurity(const std::string &what, const std::string &path, const struct stat &st,
                            const Requester &who) {
    std::string why = insecurity(what, st, who);
    return why.empty() ? acl_insecurity(what, path, who) : why;
}

// Every folder above `path`, up to /: along the path as it is written (a
// link on the way can be replaced by whoever may write the folder it is in)
// and along the path it resolves to (the folders that really hold it).
// `what` names `path` in the message.
std::string folders_above_insecurity(const std::string &what, const std::string &path,
                                     const Requester &who) {
    fs::path written = fs::path(path).lexically_normal();
    if (!written.has_filename() && written.has_relative_path()) written = written.parent_path();
    std::vector<fs::path> walks = {written};
    std::error_code ec;
    if (fs::path real = fs::canonical(path, ec); !ec && real != walks.front())
        walks.push_back(std::move(real));
    std::set<std::pair<fs::path, fs::path>> seen;  // (folder, the component below it)
    for (const fs::path &walk : walks) {
        if (!walk.is_absolute()) continue;
        for (fs::path child = walk, dir = walk.parent_path(); dir != child;
             child = dir, dir = dir.parent_path()) {
            if (!seen.insert({dir, child}).second) continue;
            struct stat st {};
            struct stat below {};
            // One that cannot be examined is left alone, as the plugin is.
            if (!examine(dir.string(), st) || lstat(child.c_str(), &below) != 0) continue;
            const std::string name = "folder " + dir.string() + " (above " + what + ")";
            std::string why = ancestor_insecurity(name, st, below, who);
            if (why.empty() && !sticky_exempt(st, below, who))
                why = acl_insecurity(name, dir.string(), who);
            if (!why.empty()) return why;
        }
    }
    return "";
}

}  // namespace

Requester current_requester() { return {geteuid(), getegid()}; }

std::string insecurity(const std::string &what, const struct stat &st, const Requester &who) {
    const std::string why = owner_insecurity(what, st, who);
    return why.empty() ? mode_insecurity(what, st, who) : why;
}

std::string ancestor_insecurity(const std::string &what, const struct stat &st,
                                const struct stat &below, const Requester &who) {
    if (std::string why = owner_insecurity(what, st, who); !why.empty()) return why;
    return sticky_exempt(st, below, who) ? "" : mode_insecurity(what, st, who);
}

std::string check_plugin_folder(const std::string &dir) {
    struct stat st {};
    if (!examine(dir, st)) return "";
    const Requester who = current_requester();
    const std::string what = "plugin folder " + dir;
    std::string why = path_insecurity(what, dir, st, who);
    return why.empty() ? folders_above_insecurity(what, dir, who) : why;
}

std::string check_plugin_file(const std::string &path) {
    struct stat st {};
    if (!examine(path, st)) return "";
    const Requester who = current_requester();
    std::string why = path_insecurity(path, path, st, who);
    if (!why.empty()) return why;
    // A link may lead out of the folder that was checked: check where it leads.
    struct stat link {};
    if (lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return "";
    std::error_code ec;
    const fs::path target = fs::canonical(path, ec);
    if (ec) return "";
    const std::string folder = target.parent_path().string();
    struct stat dir {};
    if (!examine(folder, dir)) return "";
    const std::string what =
        "plugin folder " + folder + " (of " + target.string() + ", which " + path + " links to)";
    why = path_insecurity(what, folder, dir, who);
    return why.empty() ? folders_above_insecurity("plugin folder " + folder, folder, who) : why;
}

}  // namespace bytebench
