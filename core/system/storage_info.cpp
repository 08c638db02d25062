#include "system/storage_info.h"

#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

constexpr int kMaxDepth = 4;  // dm on md on a partition on a loop file is deep enough

std::string unescape(const std::string &s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size()) {
            const std::string oct = s.substr(i + 1, 3);
            if (oct.find_first_not_of("01234567") == std::string::npos) {
                out += char(std::stoi(oct, nullptr, 8));
                i += 3;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

std::string read_line(const std::string &path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

std::string slurp(const std::string &path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool is_prefix_dir(const std::string &dir, const std::string &path) {
    if (dir == "/") return true;
    return path.compare(0, dir.size(), dir) == 0 &&
           (path.size() == dir.size() || path[dir.size()] == '/');
}

std::string option_value(const std::string &options, const std::string &key) {
    std::stringstream s(options);
    std::string item;
    while (std::getline(s, item, ','))
        if (item.rfind(key + "=", 0) == 0) return item.substr(key.size() + 1);
    return "";
}

std::string media_of_path(const std::string &path, int depth);

// What /sys says of block device major:minor, following partitions to
// their disk, device-mapper and md devices to their first member, and loop
// devices to the file behind them.
std::string media_of_device(unsigned major, unsigned minor, int depth) {
    if (depth > kMaxDepth) return "unknown";
    std::error_code ec;
    fs::path dev =
        fs::canonical("/sys/dev/block/" + std::to_string(major) + ":" + std::to_string(minor), ec);
    if (ec) return "unknown";
    if (fs::exists(dev / "partition", ec)) dev = dev.parent_path();
    for (const auto &slave : fs::directory_iterator(dev / "slaves", ec)) {
        unsigned ma = 0, mi = 0;
        if (std::sscanf(read_line((slave.path() / "dev").string()).c_str(), "%u:%u", &ma, &mi) == 2)
            return media_of_device(ma, mi, depth + 1);
    }
    const std::string backing = read_line((dev / "loop" / "backing_file").string());
    if (!backing.empty()) return media_of_path(backing, depth + 1);
    const std::string rotational = read_line((dev / "queue" / "rotational").string());
    return rotational == "1" ? "hdd" : rotational == "0" ? "ssd" : "unknown";
}

std::string media_of_path(const std::string &path, int depth) {
    struct stat st {};
    if (depth > kMaxDepth || ::stat(path.c_str(), &st) != 0) return "unknown";
    std::error_code ec;
    const std::string real = fs::weakly_canonical(path, ec).string();
    const auto mount = find_mount(slurp("/proc/self/mountinfo"), ec ? path : real, major(st.st_dev),
                                  minor(st.st_dev));
    if (!mount) return media_of_device(major(st.st_dev), minor(st.st_dev), depth);
    const std::string media = media_from_fs_type(mount->fs_type);
    if (!media.empty()) return media;
    if (mount->fs_type == "overlay") {
        const std::string upper = option_value(mount->super_options, "upperdir");
        return upper.empty() ? "unknown" : media_of_path(upper, depth + 1);
    }
    // Anonymous device numbers (btrfs, zfs): the mount's source names the disk.
    struct stat src {};
    if (major(st.st_dev) == 0 && ::stat(mount->source.c_str(), &src) == 0 && S_ISBLK(src.st_mode))
        return media_of_device(major(src.st_rdev), minor(src.st_rdev), depth + 1);
    return media_of_device(major(st.st_dev), minor(st.st_dev), depth);
}

}  // namespace

std::optional<MountEntry> parse_mountinfo_line(const std::string &line) {
    // 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
    std::stringstream s(line);
    std::string id, parent, devno, root, point, options, field;
    if (!(s >> id >> parent >> devno >> root >> point >> options)) return std::nullopt;
    while (s >> field && field != "-") {
    }
    MountEntry e;
    if (field != "-" || !(s >> e.fs_type >> e.source)) return std::nullopt;
    s >> e.super_options;
    if (std::sscanf(devno.c_str(), "%u:%u", &e.major, &e.minor) != 2) return std::nullopt;
    e.mount_point = unescape(point);
    e.source = unescape(e.source);
    e.super_options = unescape(e.super_options);
    return e;
}

std::optional<MountEntry> find_mount(const std::string &mountinfo_text, const std::string &path,
                                     unsigned major, unsigned minor) {
    std::optional<MountEntry> same_device, any;
    std::stringstream s(mountinfo_text);
    std::string line;
    while (std::getline(s, line)) {
        const auto e = parse_mountinfo_line(line);
        if (!e || !is_prefix_dir(e->mount_point, path)) continue;
        // Later lines win ties: a mount over another hides it.
        if (!any || e->mount_point.size() >= any->mount_point.size()) any = e;
        if (e->major == major && e->minor == minor &&
            (!same_device || e->mount_point.size() >= same_device->mount_point.size()))
            same_device = e;
    }
    return same_device ? same_device : any;
}

std::string fs_type_from_magic(unsigned long magic) {
    static const std::map<unsigned long, const char *> names = {
        {0xEF53, "ext2/3/4"},     {0x58465342, "xfs"},   {0x9123683E, "btrfs"},
        {0x01021994, "tmpfs"},    {0x858458F6, "ramfs"}, {0x794C7630, "overlay"},
        {0x6969, "nfs"},          {0xFF534D42, "cifs"},  {0xFE534D42, "smb2"},
        {0x2FC12FC1, "zfs"},      {0xF2F52010, "f2fs"},  {0x65735546, "fuse"},
        {0x01021997, "9p"},       {0x00C36400, "ceph"},  {0x4D44, "vfat"},
        {0x2011BAB0, "exfat"},    {0x5346544E, "ntfs"},  {0xCA451A4E, "bcachefs"},
        {0x73717368, "squashfs"}, {0x3153464A, "jfs"},   {0x52654973, "reiserfs"},
        {0x5A3C69F0, "aufs"},     {0x6E736673, "nsfs"},  {0x62656572, "sysfs"}};
    const auto it = names.find(magic);
    if (it != names.end()) return it->second;
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%lx", magic);
    return hex;
}

std::string media_from_fs_type(const std::string &t) {
    if (t == "tmpfs" || t == "ramfs") return "tmpfs";
    static const char *const network[] = {"nfs",       "nfs4",       "cifs",     "smb2",
                                          "smb3",      "ceph",       "9p",       "afs",
                                          "glusterfs", "fuse.sshfs", "virtiofs", "lustre"};
    for (const char *n : network)
        if (t == n) return "network";
    return "";
}

nlohmann::json describe_storage(const std::string &path) {
    std::error_code ec;
    std::string real = fs::weakly_canonical(fs::absolute(path, ec), ec).string();
    if (ec) real = path;
    nlohmann::json j = {{"path", real}};
    struct statfs sfs {};
    struct stat st {};
    if (::statfs(real.c_str(), &sfs) == 0) j["fs_type"] = fs_type_from_magic(sfs.f_type);
    if (::stat(real.c_str(), &st) == 0) {
        const auto mount =
            find_mount(slurp("/proc/self/mountinfo"), real, major(st.st_dev), minor(st.st_dev));
        if (mount) {
            j["fs_type"] = mount->fs_type;  // mountinfo tells ext4 from ext2
            j["device"] = mount->source;
        }
    }
    j["media"] = media_of_path(real, 0);
    if (const std::optional<uint64_t> free = free_bytes(real)) j["free_bytes"] = *free;
    return j;
}

std::optional<uint64_t> free_bytes(const std::string &path) {
    struct statvfs vfs {};
    if (::statvfs(path.c_str(), &vfs) != 0) return std::nullopt;
    return uint64_t(vfs.f_bavail) * vfs.f_frsize;
}

}  // namespace bytebench
