// Which file of a plugin packaged per ISA level is loaded: folders of empty
// files for the choice itself, then the catalog on a folder laid out as a
// portable build lays it out, with a real plugin described by the worker.
#include "plugins/level_choice.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>

#include "plugins/plugin_catalog.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

class LevelChoiceTest : public ::testing::Test {
  protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "bytebench-levels-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override { fs::remove_all(dir_); }

    // An empty file at `relative` under the folder; its path.
    fs::path touch(const std::string &relative) {
        const fs::path path = dir_ / relative;
        fs::create_directories(path.parent_path());
        std::ofstream(path).put('\0');
        return path;
    }

    fs::path dir_;
};

// x86-64's levels on a CPU that runs up to `best` (0 = the baseline).
std::vector<IsaLevel> x86_up_to(size_t best) {
    std::vector<IsaLevel> levels = {
        {"x86-64", false}, {"x86-64-v2", false}, {"x86-64-v3", false}, {"x86-64-v4", false}};
    for (size_t i = 0; i <= best; ++i) levels[i].supported = true;
    return levels;
}

TEST_F(LevelChoiceTest, APluginPackagedOnceIsItsOnlyFile) {
    const fs::path vendor = touch("vendor.so");
    const std::vector<LevelChoice> choices = choose_levels(dir_, {vendor}, x86_up_to(3));
    ASSERT_EQ(choices.size(), 1U);
    EXPECT_EQ(choices[0].path, vendor.string());
    EXPECT_EQ(choices[0].isa_level, "");
    EXPECT_TRUE(choices[0].packaged.empty());
}

TEST_F(LevelChoiceTest, TheHighestLevelTheCpuRuns) {
    const fs::path baseline = touch("cpu.so");
    touch("levels/x86-64-v2/cpu.so");
    const fs::path v3 = touch("levels/x86-64-v3/cpu.so");
    touch("levels/x86-64-v4/cpu.so");
    touch("levels/x86-64-v4/notes.txt");  // not a plugin file

    std::vector<LevelChoice> choices = choose_levels(dir_, {baseline}, x86_up_to(2));
    ASSERT_EQ(choices.size(), 1U);
    EXPECT_EQ(choices[0].path, v3.string());
    EXPECT_EQ(choices[0].isa_level, "x86-64-v3");
    EXPECT_EQ(choices[0].packaged,
              (std::vector<std::string>{"x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4"}));

    choices = choose_levels(dir_, {baseline}, x86_up_to(0));  // a CPU without SSE4.2
    EXPECT_EQ(choices[0].path, baseline.string());
    EXPECT_EQ(choices[0].isa_level, "x86-64");
}

TEST_F(LevelChoiceTest, AGapInTheLevelsFallsToTheNextLower) {
    const fs::path baseline = touch("memory.so");
    touch("levels/x86-64-v4/memory.so");
    const std::vector<LevelChoice> choices = choose_levels(dir_, {baseline}, x86_up_to(2));
    EXPECT_EQ(choices[0].path, baseline.string());
    EXPECT_EQ(choices[0].packaged, (std::vector<std::string>{"x86-64", "x86-64-v4"}));
}

TEST_F(LevelChoiceTest, NoLevelTheCpuRunsIsOneLineNamingThePluginAndTheLevels) {
    touch("levels/x86-64-v3/cpu.so");  // the baseline and v2 were lost
    touch("levels/x86-64-v4/cpu.so");
    const std::vector<LevelChoice> choices = choose_levels(dir_, {}, x86_up_to(1));
    ASSERT_EQ(choices.size(), 1U);
    EXPECT_EQ(choices[0].path, "");
    EXPECT_EQ(choices[0].problem,
              "this CPU runs none of the levels packaged for cpu.so (x86-64-v3, x86-64-v4, in " +
                  (dir_ / "levels").string() + "); it runs x86-64, x86-64-v2");
    // A CPU that runs v3 loads it, though the lower levels are gone.
    EXPECT_EQ(choose_levels(dir_, {}, x86_up_to(2))[0].isa_level, "x86-64-v3");
}

TEST_F(LevelChoiceTest, FoldersOfOtherArchitecturesAreNotLookedIn) {
    const fs::path baseline = touch("cpu.so");
    touch("levels/armv8.2-a/cpu.so");
    const std::vector<LevelChoice> choices = choose_levels(dir_, {baseline}, x86_up_to(3));
    EXPECT_EQ(choices[0].path, baseline.string());
    EXPECT_EQ(choices[0].isa_level, "");  // packaged once, as far as x86-64 knows
}

TEST_F(LevelChoiceTest, TheCatalogLoadsTheLevelAndRecordsIt) {
    // A real plugin as a portable build lays it out: baseline and every
    // level of this architecture (the same file: the choice is by folder).
    const fs::path plugin = fs::path(BYTEBENCH_TEST_PLUGIN_DIR) / "good" / "good.so";
    fs::copy_file(plugin, dir_ / "good.so");
    const std::vector<IsaLevel> levels = isa_levels();
    for (size_t i = 1; i < levels.size(); ++i) {
        fs::create_directories(dir_ / "levels" / levels[i].name);
        fs::copy_file(plugin, dir_ / "levels" / levels[i].name / "good.so");
    }
    const PluginCatalog catalog = PluginCatalog::scan({dir_.string()}, BYTEBENCH_WORKER);
    ASSERT_EQ(catalog.plugins().size(), 1U);
    const PluginInfo &loaded = catalog.plugins()[0];
    const std::string best = best_supported_level();
    EXPECT_EQ(loaded.isa_level, levels.size() > 1 ? best : "");
    if (levels.size() > 1 && best != levels[0].name) {
        EXPECT_EQ(loaded.path, (dir_ / "levels" / best / "good.so").string());
    }
    EXPECT_EQ(loaded.packaged_levels.size(), levels.size() > 1 ? levels.size() : 0U);
}

}  // namespace
}  // namespace bytebench
