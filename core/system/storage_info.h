// Where the file tests write: the file system, device and kind of storage of
// the temporary folder (system.tmpdir in the result). fstime's numbers mean
// little without it: a tmpfs measures memory, an HDD's page cache differs
// from an SSD's, an overlay in a container adds its own layer.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace bytebench {

// One line of /proc/self/mountinfo, the fields we use.
struct MountEntry {
    unsigned major = 0, minor = 0;
    std::string mount_point;
    std::string fs_type;
    std::string source;
    std::string super_options;  // e.g. "rw,lowerdir=...,upperdir=..."
};

// Parses one mountinfo line (octal escapes such as \040 undone); nullopt
// when the line is malformed.
std::optional<MountEntry> parse_mountinfo_line(const std::string &line);

// The entry that holds `path` (absolute, symlinks resolved) on device
// major:minor: among the entries of that device, the longest mount point
// that is a prefix of `path`; failing that (btrfs subvolumes have their own
// anonymous device numbers), the longest prefix of any entry.
std::optional<MountEntry> find_mount(const std::string &mountinfo_text, const std::string &path,
                                     unsigned major, unsigned minor);

// A file system's name from statfs's f_type ("ext2/3/4", "xfs", "tmpfs", …),
// "0x…" when unknown.
std::string fs_type_from_magic(unsigned long magic);

// "tmpfs" for memory file systems, "network" for NFS, CIFS and the like,
// "" when the block device must say (see media_of_block_device).
std::string media_from_fs_type(const std::string &fs_type);

// {"path", "fs_type", "device", "media": "ssd|hdd|tmpfs|network|unknown",
//  "free_bytes"} of the folder `path`.
nlohmann::json describe_storage(const std::string &path);

// What an unprivileged user may still write in the file system of `path`
// (statvfs: f_bavail blocks of f_frsize bytes); nullopt when it cannot be
// asked.
std::optional<uint64_t> free_bytes(const std::string &path);

}  // namespace bytebench
