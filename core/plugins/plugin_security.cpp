#include "plugins/plugin_security.h"

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

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

}  // namespace

Requester current_requester() { return {geteuid(), getegid()}; }

std::string insecurity(const std::string &what, const struct stat &st, const Requester &who) {
    const std::string mode = "(mode " + mode_text(st.st_mode) + ")";
    if (st.st_uid != 0 && st.st_uid != who.uid)
        return "refused: " + what + " is owned by uid " + std::to_string(st.st_uid) +
               user_name(st.st_uid) + ", neither you nor root" + kRemedy;
    if ((st.st_mode & S_IWOTH) != 0)
        return "refused: " + what + " is writable by others " + mode + kRemedy;
    if ((st.st_mode & S_IWGRP) != 0 && st.st_gid != who.gid)
        return "refused: " + what + " is writable by group " + group_name(st.st_gid) + " " + mode +
               ", which is not your primary group" + kRemedy;
    return "";
}

std::string check_plugin_folder(const std::string &dir) {
    struct stat st {};
    if (!examine(dir, st)) return "";
    return insecurity("plugin folder " + dir, st, current_requester());
}

std::string check_plugin_file(const std::string &path) {
    struct stat st {};
    if (!examine(path, st)) return "";
    const Requester who = current_requester();
    std::string why = insecurity(path, st, who);
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
    return insecurity(
        "plugin folder " + folder + " (of " + target.string() + ", which " + path + " links to)",
        dir, who);
}

}  // namespace bytebench
