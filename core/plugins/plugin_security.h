// Which plugin files the CLI agrees to load. A plugin is code that runs
// with the user's rights, so a plugin file, and the folder it is in, must
// not be open to anybody else:
//
//   - owned by the user running bytebench or by root;
//   - not writable by others (not even a sticky folder such as /tmp: anyone
//     could add a plugin to it);
//   - not writable by its group, unless the group is the user's own primary
//     group (user private groups, as Debian makes them: a group-writable
//     build tree under umask 002 stays usable; where all users share one
//     primary group, such as "users", keep plugins not group-writable);
//   - no POSIX ACL entry lets another user (ACL_USER other than you and
//     root) or another group (ACL_GROUP other than your primary group)
//     write, as far as the ACL's mask allows.
//
// Every folder above the plugin folder, up to /, along the path as written
// and along the path it resolves to, must follow the same rules, with one
// exception: a sticky folder (/tmp) may be writable by others when the
// component below it is yours or root's, since nobody else may rename or
// remove that one.
//
// A file or folder that breaks a rule is refused with one line:
//   refused: /x/y.so is writable by others (mode 0666); fix the permissions
//   or pass --allow-insecure-plugins
//   refused: /x/y.so is writable by user nobody through an ACL entry; ...
//   refused: folder /x (above plugin folder /x/y) is writable by others ...
// A plugin that is a symbolic link is judged by its target, the target's
// folder and the folders above that too.
#pragma once

#include <sys/stat.h>
#include <sys/types.h>

#include <string>

namespace bytebench {

// Who is asking: the effective uid and primary gid.
struct Requester {
    uid_t uid = 0;
    gid_t gid = 0;
};
Requester current_requester();

// Pure: "" when `st` (what stat said of `what`) is safe for `who`, else the
// "refused: ..." line. `what` names the file or folder in the message.
std::string insecurity(const std::string &what, const struct stat &st, const Requester &who);

// Pure: the rule for a folder above a plugin folder, on what stat said of it
// (`st`) and lstat of the component below it (`below`): as insecurity(),
// except that a sticky folder may be writable by others when `below` is
// yours or root's. (ACLs are read by the checks below.)
std::string ancestor_insecurity(const std::string &what, const struct stat &st,
                                const struct stat &below, const Requester &who);

// The checks of a plugin folder (and the folders above it) and of one
// plugin file in it, mode bits and ACLs; "" when safe.
// A path that cannot be examined is left to the loader to report.
std::string check_plugin_folder(const std::string &dir);
std::string check_plugin_file(const std::string &path);

}  // namespace bytebench
