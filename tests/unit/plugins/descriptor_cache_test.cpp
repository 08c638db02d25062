// The descriptor cache on its own (descriptor_cache.h); the catalog's use
// of it is in catalog_test.cpp.
#include "plugins/descriptor_cache.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class DescriptorCacheTest : public ::testing::Test {
  protected:
    void SetUp() override {
        char pattern[] = "/tmp/bytebench-cache-XXXXXX";
        ASSERT_NE(mkdtemp(pattern), nullptr);
        dir_ = pattern;
        file_ = dir_ + "/cache/descriptors.json";
        plugin_ = dir_ + "/p.so";
        std::ofstream(plugin_) << "plugin bytes";
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string text() const {
        std::ifstream in(file_);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }
    const nlohmann::json answer = {{"plugin", {{"id", "p"}}}};
    std::string dir_, file_, plugin_;
};

TEST_F(DescriptorCacheTest, AStoredAnswerIsFoundAgainAfterSaving) {
    {
        DescriptorCache cache(file_, BYTEBENCH_WORKER);
        EXPECT_FALSE(cache.find(plugin_, file_identity(plugin_)));
        cache.store(plugin_, file_identity(plugin_), answer);
        cache.save();
    }
    struct stat st {};
    ASSERT_EQ(stat(file_.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    ASSERT_EQ(stat((dir_ + "/cache").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    DescriptorCache again(file_, BYTEBENCH_WORKER);
    EXPECT_EQ(again.ignored_because(), "");
    const auto found = again.find(plugin_, file_identity(plugin_));
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, answer);
}

TEST_F(DescriptorCacheTest, AChangedFileMisses) {
    DescriptorCache cache(file_, BYTEBENCH_WORKER);
    const nlohmann::json before = file_identity(plugin_);
    cache.store(plugin_, before, answer);
    std::ofstream(plugin_, std::ios::app) << " and more";
    EXPECT_NE(file_identity(plugin_), before);
    EXPECT_FALSE(cache.find(plugin_, file_identity(plugin_)));
}

TEST_F(DescriptorCacheTest, ACorruptFileIsIgnoredAndRewritten) {
    fs::create_directories(dir_ + "/cache");
    std::ofstream(file_) << "{\"schema\": \"bytebench.descriptor-cache/1\", \"plu";
    chmod(file_.c_str(), 0600);
    DescriptorCache cache(file_, BYTEBENCH_WORKER);
    EXPECT_EQ(cache.ignored_because(), "corrupt");
    cache.save();
    const auto doc = nlohmann::json::parse(text(), nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    EXPECT_EQ(doc["schema"], DescriptorCache::kSchema);
}

TEST_F(DescriptorCacheTest, AnotherWorkerMeansAnotherCache) {
    {
        DescriptorCache cache(file_, BYTEBENCH_WORKER);
        cache.store(plugin_, file_identity(plugin_), answer);
        cache.save();
    }
    const std::string other_worker = dir_ + "/bytebench-worker";
    fs::copy_file(BYTEBENCH_WORKER, other_worker);
    DescriptorCache other(file_, other_worker);
    EXPECT_EQ(other.ignored_because(), "made by another bytebench or worker");
    EXPECT_FALSE(other.find(plugin_, file_identity(plugin_)));
}

TEST_F(DescriptorCacheTest, ACacheOthersMayWriteIsNotTrusted) {
    {
        DescriptorCache cache(file_, BYTEBENCH_WORKER);
        cache.store(plugin_, file_identity(plugin_), answer);
        cache.save();
    }
    chmod(file_.c_str(), 0666);
    DescriptorCache cache(file_, BYTEBENCH_WORKER);
    EXPECT_EQ(cache.ignored_because(), "not owned by you or writable by others");
    EXPECT_FALSE(cache.find(plugin_, file_identity(plugin_)));
}

TEST_F(DescriptorCacheTest, NoFileNoCache) {
    DescriptorCache cache("", BYTEBENCH_WORKER);
    cache.store(plugin_, file_identity(plugin_), answer);
    cache.save();
    EXPECT_FALSE(fs::exists(file_));
}

TEST(DescriptorCacheFile, FollowsXdgCacheHome) {
    const char *saved = std::getenv("XDG_CACHE_HOME");
    const std::string restore = saved != nullptr ? saved : "";
    setenv("XDG_CACHE_HOME", "/somewhere/cache", 1);
    EXPECT_EQ(DescriptorCache::default_file(), "/somewhere/cache/bytebench/descriptors.json");
    setenv("XDG_CACHE_HOME", "relative", 1);  // not absolute: ignored, as the spec says
    const char *home = std::getenv("HOME");
    if (home != nullptr) {
        EXPECT_EQ(DescriptorCache::default_file(),
                  std::string(home) + "/.cache/bytebench/descriptors.json");
    }
    if (saved != nullptr)
        setenv("XDG_CACHE_HOME", restore.c_str(), 1);
    else
        unsetenv("XDG_CACHE_HOME");
}

}  // namespace
}  // namespace bytebench
