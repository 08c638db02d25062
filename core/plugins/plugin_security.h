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
//     primary group, such as "users", keep plugins not group-writable).
//
// A file or folder that breaks a rule is refused with one line:
//   refused: /x/y.so is writable by others (mode 0666); fix the permissions
//   or pass --allow-insecure-plugins
// The folder's parents are not checked. A plugin that is a symbolic link is
// judged by its target and the target's folder too.
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

// The checks of a plugin folder and of one plugin file in it; "" when safe.
// A path that cannot be examined is left to the loader to report.
std::string check_plugin_folder(const std::string &dir);
std::string check_plugin_file(const std::string &path);

}  // namespace bytebench
