#include "results/result_store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "base/file_io.h"
#include "base/local_time.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class ResultStoreTest : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ =
            (fs::temp_directory_path() / ("bytebench-store-" + std::to_string(getpid()))).string();
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string stem(int n) const {
        char number[8];
        std::snprintf(number, sizeof number, "%02d", n);
        return dir_ + "/vm-" + local_time_text("%Y-%m-%d") + "-" + number;
    }
    std::string dir_;
};

TEST_F(ResultStoreTest, ClaimsTheNextFreeNameAndCreatesTheFolder) {
    const ResultStore first(dir_, "vm", "{\"n\":1}");
    EXPECT_EQ(first.base(), stem(1));
    EXPECT_EQ(read_whole_file(first.path("json")), "{\"n\":1}");
    const ResultStore second(dir_, "vm", "{\"n\":2}");
    EXPECT_EQ(second.base(), stem(2));
    EXPECT_EQ(read_whole_file(first.path("json")), "{\"n\":1}");  // never overwritten
}

TEST_F(ResultStoreTest, AnyFileOfABaseNameTakesIt) {
    fs::create_directories(dir_);
    std::ofstream(stem(1) + ".log") << "an older run's log";
    EXPECT_EQ(ResultStore(dir_, "vm", "{}").base(), stem(2));
}

TEST_F(ResultStoreTest, RewritesTheResultInPlace) {
    const ResultStore store(dir_, "vm", "{}");
    store.write_result("{\"complete\":true}");
    EXPECT_EQ(read_whole_file(store.path("json")), "{\"complete\":true}");
    EXPECT_EQ(store.path("txt"), stem(1) + ".txt");
    size_t files = 0;
    for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir_)) ++files;
    EXPECT_EQ(files, 1u);  // no temporary file left
}

TEST_F(ResultStoreTest, AHostNameCannotLeadOutOfTheFolder) {
    fs::create_directories(dir_);
    const ResultStore store(dir_, "../../etc/x y", "{}");
    EXPECT_EQ(fs::path(store.base()).parent_path(), fs::path(dir_));
    EXPECT_EQ(fs::path(store.base()).filename().string().rfind("_._.._etc_x_y-", 0), 0u)
        << store.base();
    EXPECT_TRUE(fs::exists(store.path("json")));
}

TEST_F(ResultStoreTest, AnyHostNameIsOneFileNameOfBoundedLength) {
    fs::create_directories(dir_);
    // gethostname() gives at most 64 bytes, a result file any number: the
    // name of the files stays far below NAME_MAX (255).
    const ResultStore store(dir_, std::string(1000, 'h') + "/..", "{}");
    EXPECT_EQ(fs::path(store.base()).parent_path(), fs::path(dir_));
    EXPECT_EQ(fs::path(store.base()).filename().string(),
              std::string(128, 'h') + "-" + local_time_text("%Y-%m-%d") + "-01");
    EXPECT_TRUE(fs::exists(store.path("json")));
    const ResultStore nameless(dir_, "", "{}");
    EXPECT_EQ(fs::path(nameless.base()).filename().string().rfind("host-", 0), 0u);
}

TEST_F(ResultStoreTest, AFolderThatCannotBeMadeIsAOneLineError) {
    fs::create_directories(dir_);
    std::ofstream(dir_ + "/file") << "x";
    try {
        ResultStore(dir_ + "/file/results", "vm", "{}");
        FAIL();
    } catch (const ResultStoreError &e) {
        EXPECT_EQ(std::string(e.what()).rfind(
                      "cannot create results folder " + dir_ + "/file/results: ", 0),
                  0u)
            << e.what();
    }
}

}  // namespace
}  // namespace bytebench
