// Where the file tests write (system.tmpdir): mountinfo parsing, the mount
// that holds a path, file system names and kinds of storage.
#include "system/storage_info.h"

#include <gtest/gtest.h>
#include <sys/vfs.h>

namespace bytebench {
namespace {

const char kMountinfo[] =
    "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n"
    "30 27 0:27 / /tmp rw,nosuid - tmpfs tmpfs rw,size=1024k\n"
    "31 27 0:28 / /var/lib/docker/overlay2/x/merged rw - overlay overlay "
    "rw,lowerdir=/l,upperdir=/var/lib/docker/overlay2/x/diff,workdir=/w\n"
    "32 27 254:0 /data /srv/my\\040data rw - ext4 /dev/vda rw\n"
    "33 27 0:45 / /home rw - btrfs /dev/nvme0n1p2 rw,subvol=/home\n"
    "not a mountinfo line\n";

TEST(StorageInfo, ParsesAMountinfoLine) {
    const auto e = parse_mountinfo_line(
        "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 shared:2 - ext3 /dev/root rw,errors=continue");
    ASSERT_TRUE(e);
    EXPECT_EQ(e->major, 98u);
    EXPECT_EQ(e->minor, 0u);
    EXPECT_EQ(e->mount_point, "/mnt2");
    EXPECT_EQ(e->fs_type, "ext3");
    EXPECT_EQ(e->source, "/dev/root");
    EXPECT_EQ(e->super_options, "rw,errors=continue");
    EXPECT_FALSE(parse_mountinfo_line("36 35 98:0 /mnt1 /mnt2 rw ext3 /dev/root"));  // no "-"
}

TEST(StorageInfo, FindsTheMountOfAPath) {
    EXPECT_EQ(find_mount(kMountinfo, "/tmp/bytebench-x", 0, 27)->fs_type, "tmpfs");
    EXPECT_EQ(find_mount(kMountinfo, "/tmpfoo", 254, 0)->mount_point, "/");  // not under /tmp
    EXPECT_EQ(find_mount(kMountinfo, "/srv/my data/x", 254, 0)->mount_point, "/srv/my data");
    // btrfs: the file's device number is anonymous; the longest prefix wins.
    const auto home = find_mount(kMountinfo, "/home/me", 0, 99);
    ASSERT_TRUE(home);
    EXPECT_EQ(home->source, "/dev/nvme0n1p2");
    const auto overlay = find_mount(kMountinfo, "/var/lib/docker/overlay2/x/merged/tmp", 0, 28);
    ASSERT_TRUE(overlay);
    EXPECT_EQ(overlay->fs_type, "overlay");
    EXPECT_NE(overlay->super_options.find("upperdir=/var/lib/docker/overlay2/x/diff"),
              std::string::npos);
}

TEST(StorageInfo, NamesFileSystemsAndKindsOfStorage) {
    EXPECT_EQ(fs_type_from_magic(0x01021994), "tmpfs");
    EXPECT_EQ(fs_type_from_magic(0xEF53), "ext2/3/4");
    EXPECT_EQ(fs_type_from_magic(0x58465342), "xfs");
    EXPECT_EQ(fs_type_from_magic(0x12345), "0x12345");
    EXPECT_EQ(media_from_fs_type("tmpfs"), "tmpfs");
    EXPECT_EQ(media_from_fs_type("nfs4"), "network");
    EXPECT_EQ(media_from_fs_type("ext4"), "");  // the block device says
}

TEST(StorageInfo, DescribesARealFolder) {
    const nlohmann::json j = describe_storage("/");
    EXPECT_EQ(j["path"], "/");
    EXPECT_TRUE(j.contains("fs_type"));
    EXPECT_GT(j.value("free_bytes", 0.0), 0.0);
    const std::string media = j["media"];
    EXPECT_TRUE(media == "ssd" || media == "hdd" || media == "tmpfs" || media == "network" ||
                media == "unknown")
        << media;
    struct statfs st {};
    if (statfs("/dev/shm", &st) == 0 && st.f_type == 0x01021994) {
        const nlohmann::json shm = describe_storage("/dev/shm");
        EXPECT_EQ(shm["fs_type"], "tmpfs");
        EXPECT_EQ(shm["media"], "tmpfs");
    }
}

}  // namespace
}  // namespace bytebench
