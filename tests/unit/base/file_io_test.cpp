#include "base/file_io.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class FileIo : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("bytebench-file-io-" + std::to_string(getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string &name) const { return (dir_ / name).string(); }
    // Every file left in the folder, by name.
    std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (const auto &e : fs::directory_iterator(dir_)) out.push_back(e.path().filename());
        std::sort(out.begin(), out.end());
        return out;
    }
    fs::path dir_;
};

std::string message_of(const std::function<void()> &f) {
    try {
        f();
    } catch (const FileError &e) {
        return e.what();
    }
    return "(no error)";
}

double seconds_taken(const std::function<void()> &f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST_F(FileIo, WritesThenReadsBack) {
    write_file(path("a.json"), "{}\n");
    EXPECT_EQ(read_whole_file(path("a.json")), "{}\n");
    write_file(path("a.json"), "replaced");
    EXPECT_EQ(read_whole_file(path("a.json")), "replaced");
    EXPECT_EQ(names(), std::vector<std::string>{"a.json"});  // no temporary file left
}

TEST_F(FileIo, ExclusiveNeverReplaces) {
    write_file(path("a.json"), "first", {/*exclusive=*/true});
    EXPECT_THROW(write_file(path("a.json"), "second", {/*exclusive=*/true}), FileExistsError);
    EXPECT_EQ(read_whole_file(path("a.json")), "first");
    EXPECT_EQ(names(), std::vector<std::string>{"a.json"});
    // Nor anything else that is there: a link, a device.
    fs::create_symlink(path("a.json"), path("link"));
    EXPECT_THROW(write_file(path("link"), "x", {/*exclusive=*/true}), FileExistsError);
    EXPECT_THROW(write_file("/dev/null", "x", {/*exclusive=*/true}), FileExistsError);
    EXPECT_EQ(read_whole_file(path("a.json")), "first");
}

TEST_F(FileIo, TheModeIsTheOneAskedFor) {
    const mode_t old = umask(022);
    write_file(path("private"), "x", {false, 0600});
    umask(old);
    struct stat st {};
    ASSERT_EQ(stat(path("private").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST_F(FileIo, ErrorsNameTheFile) {
    EXPECT_EQ(message_of([&] { write_file(path("no/such/folder/a.json"), "x"); }),
              "cannot write " + path("no/such/folder/a.json") + ": No such file or directory");
    EXPECT_EQ(message_of([&] { read_whole_file(path("missing")); }),
              path("missing") + ": cannot read: No such file or directory");
}

TEST_F(FileIo, ALinkPlantedAtTheTemporaryNameIsNotFollowed) {
    std::ofstream(path("victim")) << "untouched";
    const std::string planted = atomic_temp_path(path("a.json"), getpid());
    fs::create_symlink(path("victim"), planted);
    write_file(path("a.json"), "the result");  // under the next temporary name
    EXPECT_EQ(read_whole_file(path("victim")), "untouched");
    EXPECT_EQ(read_whole_file(path("a.json")), "the result");
    EXPECT_TRUE(fs::is_symlink(planted));  // not ours to remove
    EXPECT_EQ(names(),
              (std::vector<std::string>{"a.json", fs::path(planted).filename(), "victim"}));
}

TEST_F(FileIo, AStaleTemporaryFileOfTheSamePidDoesNotStopAWrite) {
    const std::string stale = atomic_temp_path(path("a.json"), getpid());
    std::ofstream(stale) << "left by a process that had our pid";
    write_file(path("a.json"), "new", {/*exclusive=*/true});
    EXPECT_EQ(read_whole_file(path("a.json")), "new");
    EXPECT_EQ(read_whole_file(stale), "left by a process that had our pid");
}

TEST_F(FileIo, WhenEveryTemporaryNameIsTakenTheWriteFailsInOneLine) {
    for (int attempt = 0; attempt < 16; ++attempt)
        std::ofstream(atomic_temp_path(path("a.json"), getpid(), attempt)) << "stale";
    const std::string error = message_of([&] { write_file(path("a.json"), "x"); });
    EXPECT_EQ(
        error.rfind("cannot write " + path("a.json") + ": File exists (its 16 temporary names", 0),
        0u)
        << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
    EXPECT_FALSE(fs::exists(path("a.json")));
}

TEST_F(FileIo, TheCallerIsToldEachTemporaryName) {
    std::vector<std::pair<std::string, bool>> told;
    std::vector<bool> existed;  // when told
    WriteOptions options;
    options.track_temp = [&](const std::string &temp, bool in_use) {
        told.emplace_back(temp, in_use);
        existed.push_back(fs::exists(temp));
    };
    const std::string first = atomic_temp_path(path("a.json"), getpid());
    const std::string second = atomic_temp_path(path("a.json"), getpid(), 1);
    std::ofstream(first) << "stale";
    write_file(path("a.json"), "x", options);
    ASSERT_EQ(told.size(), 4u);
    EXPECT_EQ(told[0], std::make_pair(first, true));
    EXPECT_EQ(told[1], std::make_pair(first, false));
    EXPECT_EQ(told[2], std::make_pair(second, true));
    EXPECT_EQ(told[3], std::make_pair(second, false));
    // Told before the file is made, and after it is gone (the stale one
    // was there all along).
    EXPECT_EQ(existed, (std::vector<bool>{true, true, false, false}));
}

TEST_F(FileIo, DevNullStaysACharacterDevice) {
    write_file("/dev/null", "nothing to see");
    struct stat st {};
    ASSERT_EQ(stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST_F(FileIo, AFullDeviceIsOneLineWithTheErrno) {
    if (access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full";
    EXPECT_EQ(message_of([] { write_file("/dev/full", "x"); }),
              "cannot write /dev/full: No space left on device");
}

TEST_F(FileIo, ALinkToAFileIsWrittenThroughAndStaysALink) {
    std::ofstream(path("target")) << "a longer old content";
    fs::create_symlink(path("target"), path("link"));
    write_file(path("link"), "new");
    EXPECT_TRUE(fs::is_symlink(path("link")));
    EXPECT_EQ(read_whole_file(path("target")), "new");  // truncated, as `>` does
    EXPECT_EQ(names(), (std::vector<std::string>{"link", "target"}));
}

TEST_F(FileIo, ADanglingLinkIsAnErrorNotANewFileAtItsTarget) {
    fs::create_symlink(path("nowhere"), path("link"));
    EXPECT_EQ(message_of([&] { write_file(path("link"), "x"); }),
              "cannot write " + path("link") + ": No such file or directory");
    EXPECT_FALSE(fs::exists(path("nowhere")));
}

TEST_F(FileIo, AFifoNobodyReadsIsAnErrorNotAHang) {
    ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
    std::string error;
    EXPECT_LT(seconds_taken([&] { error = message_of([&] { write_file(path("fifo"), "x"); }); }),
              5.0);
    EXPECT_EQ(error, "cannot write " + path("fifo") + ": No such device or address");
}

TEST_F(FileIo, AFifoWithAReaderGetsItAll) {
    ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
    const std::string content(1 << 20, 'x');  // more than a pipe holds: writes must block
    std::string got;
    std::thread reader([&] {
        const int fd = open(path("fifo").c_str(), O_RDONLY);
        char buf[65536];
        for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) got.append(buf, size_t(n));
        close(fd);
    });
    // The reader may not have opened its end yet: then ENXIO, and again.
    for (int i = 0; i < 500; ++i) {
        try {
            write_file(path("fifo"), content);
            break;
        } catch (const FileError &) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    reader.join();
    EXPECT_EQ(got.size(), content.size());
    EXPECT_TRUE(fs::is_fifo(path("fifo")));
}

TEST_F(FileIo, OnlyRegularFilesAreRead) {
    EXPECT_EQ(message_of([] { read_whole_file("/dev/zero"); }),
              "/dev/zero: cannot read: not a regular file (a character device)");
    EXPECT_EQ(message_of([&] { read_whole_file(dir_.string()); }),
              dir_.string() + ": cannot read: not a regular file (a folder)");
}

TEST_F(FileIo, AFifoIsRefusedWithoutWaitingForAWriter) {
    ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
    std::string error;
    EXPECT_LT(seconds_taken([&] { error = message_of([&] { read_whole_file(path("fifo")); }); }),
              5.0);
    EXPECT_EQ(error, path("fifo") + ": cannot read: not a regular file (a FIFO)");
}

TEST_F(FileIo, AFileOverTheCapIsRefusedBeforeItIsRead) {
    std::ofstream(path("big"));
    fs::resize_file(path("big"), std::uintmax_t(1) << 30);  // sparse: 1 GiB of nothing
    EXPECT_EQ(message_of([&] { read_whole_file(path("big")); }),
              path("big") + ": cannot read: 1 GiB, more than the 256 MiB an input may have");
    std::ofstream(path("small")) << "12345";
    EXPECT_EQ(read_whole_file(path("small"), 5), "12345");
    EXPECT_EQ(message_of([&] { read_whole_file(path("small"), 4); }),
              path("small") + ": cannot read: 5 bytes, more than the 4 bytes an input may have");
}

TEST_F(FileIo, AFileWhoseSizeIsWrongIsStillCappedWhileRead) {
    // /proc files say they are empty. Not /proc/self/maps: qemu-user (make
    // test-arm64) serves its own, a regular file with a size.
    EXPECT_EQ(message_of([] { read_whole_file("/proc/self/status", 16); }),
              "/proc/self/status: cannot read: more than the 16 bytes an input may have");
    EXPECT_FALSE(read_whole_file("/proc/self/status").empty());
}

TEST(FileIoNames, TheTemporaryNamesEndWithThePid) {
    EXPECT_EQ(atomic_temp_path("/r/host-01.json", 42), "/r/host-01.json.tmp-42");
    EXPECT_EQ(atomic_temp_path("/r/host-01.json", 42, 3), "/r/host-01.json.3.tmp-42");
    EXPECT_EQ(atomic_temp_suffix(42), ".tmp-42");
}

}  // namespace
}  // namespace bytebench
