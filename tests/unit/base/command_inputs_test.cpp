// The inputs no output may replace (base/command_inputs.h), and write_file()
// refusing them under any name.
#include "base/command_inputs.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "base/file_io.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class CommandInputs : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("bytebench-inputs-" + std::to_string(getpid()));
        fs::remove_all(dir_);
        fs::create_directories(dir_);
        forget_command_inputs();
        std::ofstream(path("a.json")) << "measured";
    }
    void TearDown() override {
        forget_command_inputs();
        fs::remove_all(dir_);
    }
    std::string path(const std::string &name) const { return (dir_ / name).string(); }
    fs::path dir_;
};

TEST_F(CommandInputs, AnInputIsRefusedAsAnOutputUnderAnyName) {
    FileIdentity read;
    EXPECT_EQ(read_whole_file(path("a.json"), kMaxInputBytes, &read), "measured");
    register_command_input(path("a.json"), read);
    fs::create_hard_link(path("a.json"), path("hard.json"));
    fs::create_symlink("a.json", path("sym.json"));
    for (const char *name : {"a.json", "hard.json", "sym.json"}) {
        SCOPED_TRACE(name);
        EXPECT_EQ(command_input_at(path(name)), path("a.json"));
        try {
            write_file(path(name), "report");
            ADD_FAILURE() << "written";
        } catch (const OutputIsInputError &e) {
            EXPECT_EQ(std::string(e.what()),
                      path(name) + " is the input " + path("a.json") +
                          " (the same file): writing there would replace a measurement with its "
                          "report; choose another output");
        }
        EXPECT_EQ(read_whole_file(path("a.json")), "measured");
    }
    EXPECT_FALSE(fs::exists(path("a.json.tmp-" + std::to_string(getpid()))));
}

TEST_F(CommandInputs, OtherFilesAndDevicesAreWritten) {
    register_command_input(path("a.json"));
    EXPECT_EQ(command_input_at(path("missing.txt")), std::nullopt);
    write_file(path("report.txt"), "report");
    EXPECT_EQ(read_whole_file(path("report.txt")), "report");
    write_file("/dev/null", "report");
    EXPECT_EQ(command_input_at("/dev/null"), std::nullopt);
    // A file that replaced the input under its name is another file (the
    // input kept alive under another name, so that its inode is not reused).
    fs::create_hard_link(path("a.json"), path("kept"));
    fs::remove(path("a.json"));
    std::ofstream(path("a.json")) << "new";
    EXPECT_EQ(command_input_at(path("a.json")), std::nullopt);
}

TEST_F(CommandInputs, WithoutInputsNothingIsRefused) {
    EXPECT_EQ(command_input_at(path("a.json")), std::nullopt);
    write_file(path("a.json"), "replaced");
    EXPECT_EQ(read_whole_file(path("a.json")), "replaced");
}

}  // namespace
}  // namespace bytebench
