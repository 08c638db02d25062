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

// A cache of an earlier schema (/2: before workloads had metrics,
// requirements and set-up) would hand descriptors out without them: it is
// rebuilt, not read.
TEST_F(DescriptorCacheTest, ACacheOfAnEarlierSchemaIsIgnored) {
    {
        DescriptorCache cache(file_, BYTEBENCH_WORKER);
        cache.store(plugin_, file_identity(plugin_), answer);
        cache.save();
    }
    std::string old = text();
    const size_t at = old.find(DescriptorCache::kSchema);
    ASSERT_NE(at, std::string::npos) << old;
    old.replace(at, DescriptorCache::kSchema.size(), "bytebench.descriptor-cache/2");
    std::ofstream(file_, std::ios::trunc) << old;
    DescriptorCache again(file_, BYTEBENCH_WORKER);
    EXPECT_NE(again.ignored_because(), "");
    EXPECT_FALSE(again.find(plugin_, file_identity(plugin_)));
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

// Something that is not a regular file in the cache's place is neither
// read (a FIFO would block the open and every command with it) nor written
// through; a new cache takes its name.
TEST_F(DescriptorCacheTest, AFifoInItsPlaceIsReplacedNotWaitedFor) {
    fs::create_directories(dir_ + "/cache");
    ASSERT_EQ(mkfifo(file_.c_str(), 0600), 0);
    alarm(60);  // before the fix, the constructor waited for a writer forever
    DescriptorCache cache(file_, BYTEBENCH_WORKER);
    alarm(0);
    EXPECT_EQ(cache.ignored_because(), "not a regular file");
    cache.store(plugin_, file_identity(plugin_), answer);
    cache.save();
    struct stat st {};
    ASSERT_EQ(lstat(file_.c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
    DescriptorCache again(file_, BYTEBENCH_WORKER);
    EXPECT_EQ(again.ignored_because(), "");
    EXPECT_TRUE(again.find(plugin_, file_identity(plugin_)));
}

TEST_F(DescriptorCacheTest, ALinkInItsPlaceIsReplacedNotFollowed) {
    fs::create_directories(dir_ + "/cache");
    const std::string elsewhere = dir_ + "/elsewhere.json";
    std::ofstream(elsewhere) << "precious";
    fs::create_symlink(elsewhere, file_);
    DescriptorCache cache(file_, BYTEBENCH_WORKER);
    EXPECT_EQ(cache.ignored_because(), "a symbolic link");
    cache.store(plugin_, file_identity(plugin_), answer);
    cache.save();
    EXPECT_FALSE(fs::is_symlink(file_));
    EXPECT_TRUE(fs::is_regular_file(file_));
    std::ifstream in(elsewhere);
    std::string kept;
    std::getline(in, kept);
    EXPECT_EQ(kept, "precious");
}

TEST_F(DescriptorCacheTest, AnOversizedOrDeeplyNestedFileIsIgnoredAndRebuilt) {
    fs::create_directories(dir_ + "/cache");
    {
        std::ofstream out(file_);
        out << "{\"pad\": \"" << std::string(17 << 20, 'x') << "\"}";
    }
    chmod(file_.c_str(), 0600);
    {
        DescriptorCache cache(file_, BYTEBENCH_WORKER);
        EXPECT_EQ(cache.ignored_because(), "too large");
        cache.store(plugin_, file_identity(plugin_), answer);
        cache.save();
    }
    EXPECT_LT(fs::file_size(file_), 1u << 20);
    std::ofstream(file_) << std::string(200000, '[') << std::string(200000, ']');
    DescriptorCache deep(file_, BYTEBENCH_WORKER);
    EXPECT_EQ(deep.ignored_because(), "corrupt");
}

// A plugin whose path is not UTF-8 (a folder named in Latin-1) is cached,
// under a key that finds it again; the cache is still valid JSON.
TEST_F(DescriptorCacheTest, APathThatIsNotUtf8IsCachedAndFoundAgain) {
    const std::string folder = dir_ + "/caf\xe9";
    fs::create_directory(folder);
    const std::string plugin = folder + "/p.so";
    std::ofstream(plugin) << "plugin bytes";
    const nlohmann::json error = {{"error", "cannot load " + plugin}};  // quotes the path
    {
        DescriptorCache cache(file_, BYTEBENCH_WORKER);
        cache.store(plugin, file_identity(plugin), error);
        cache.store(plugin_, file_identity(plugin_), answer);
        EXPECT_NO_THROW(cache.save());
    }
    const auto doc = nlohmann::json::parse(text(), nullptr, false);
    ASSERT_FALSE(doc.is_discarded());
    EXPECT_TRUE(doc["plugins"].contains(plugin_));
    DescriptorCache again(file_, BYTEBENCH_WORKER);
    EXPECT_EQ(again.ignored_because(), "");
    const auto found = again.find(plugin, file_identity(plugin));
    ASSERT_TRUE(found);
    EXPECT_EQ((*found)["error"], "cannot load " + dir_ + "/caf\xef\xbf\xbd/p.so");
    EXPECT_TRUE(again.find(plugin_, file_identity(plugin_)));
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
