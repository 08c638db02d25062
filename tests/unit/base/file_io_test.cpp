#include "base/file_io.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

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

TEST_F(FileIo, WritesThenReadsBack) {
    write_file_atomically(path("a.json"), "{}\n");
    EXPECT_EQ(read_whole_file(path("a.json")), "{}\n");
    write_file_atomically(path("a.json"), "replaced");
    EXPECT_EQ(read_whole_file(path("a.json")), "replaced");
    EXPECT_EQ(names(), std::vector<std::string>{"a.json"});  // no temporary file left
}

TEST_F(FileIo, ExclusiveNeverReplaces) {
    write_file_atomically(path("a.json"), "first", {/*exclusive=*/true});
    EXPECT_THROW(write_file_atomically(path("a.json"), "second", {/*exclusive=*/true}),
                 FileExistsError);
    EXPECT_EQ(read_whole_file(path("a.json")), "first");
    EXPECT_EQ(names(), std::vector<std::string>{"a.json"});
}

TEST_F(FileIo, TheModeIsTheOneAskedFor) {
    const mode_t old = umask(022);
    write_file_atomically(path("private"), "x", {false, 0600});
    umask(old);
    struct stat st {};
    ASSERT_EQ(stat(path("private").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
}

TEST_F(FileIo, ErrorsNameTheFile) {
    try {
        write_file_atomically(path("no/such/folder/a.json"), "x");
        FAIL();
    } catch (const FileError &e) {
        EXPECT_EQ(std::string(e.what()).find("cannot write " + path("no/such/folder/a.json")), 0u)
            << e.what();
    }
    try {
        read_whole_file(path("missing"));
        FAIL();
    } catch (const FileError &e) {
        EXPECT_EQ(std::string(e.what()),
                  path("missing") + ": cannot read: No such file or directory");
    }
}

TEST_F(FileIo, ALinkPlantedAtTheTemporaryNameIsNotFollowed) {
    std::ofstream(path("victim")) << "untouched";
    fs::create_symlink(path("victim"), atomic_temp_path(path("a.json"), getpid()));
    EXPECT_THROW(write_file_atomically(path("a.json"), "x"), FileError);
    EXPECT_EQ(read_whole_file(path("victim")), "untouched");
    EXPECT_FALSE(fs::exists(path("a.json")));
}

TEST(FileIoNames, TheTemporaryNameEndsWithThePid) {
    EXPECT_EQ(atomic_temp_path("/r/host-01.json", 42), "/r/host-01.json.tmp-42");
    EXPECT_EQ(atomic_temp_suffix(42), ".tmp-42");
}

}  // namespace
}  // namespace bytebench
