#include "model/scaling.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

TestRecord scored(const std::string &id, double value) {
    TestRecord t;
    t.test.id = id;
    t.test.name = id + " name";
    t.test.workload.unit = "lps";
    t.score = TestScore{};
    t.score->value = value;
    return t;
}

CopyPassRecord copy_pass(int copies, std::vector<TestRecord> tests, double index_score) {
    CopyPassRecord r;
    r.copies = copies;
    r.tests = std::move(tests);
    IndexRecord index;
    index.category = "system";
    index.title = "System Benchmarks Index Score";
    index.score.score = index_score;
    r.indexes = {index};
    return r;
}

TEST(Scaling, SpeedupAndEfficiencyOverOneCopy) {
    const nlohmann::json j = scaling_json({copy_pass(1, {scored("dhry2reg", 100)}, 50),
                                           copy_pass(4, {scored("dhry2reg", 300)}, 140)});
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j["baseline_copies"], 1);
    const nlohmann::json &points = j["tests"][0]["points"];
    ASSERT_EQ(points.size(), 2u);
    EXPECT_EQ(j["tests"][0]["id"], "dhry2reg");
    EXPECT_EQ(j["tests"][0]["unit"], "lps");
    EXPECT_EQ(points[1]["copies"], 4);
    EXPECT_DOUBLE_EQ(points[1]["speedup"].get<double>(), 3.0);
    EXPECT_DOUBLE_EQ(points[1]["efficiency"].get<double>(), 0.75);
    const nlohmann::json &index = j["indexes"][0];
    EXPECT_EQ(index["category"], "system");
    EXPECT_DOUBLE_EQ(index["points"][1]["score"].get<double>(), 140);
}

TEST(Scaling, NothingWithoutAOneCopyPassOrASecondCopyCount) {
    EXPECT_TRUE(scaling_json({copy_pass(2, {scored("a", 1)}, 1), copy_pass(4, {scored("a", 2)}, 2)})
                    .is_null());
    EXPECT_TRUE(scaling_json({copy_pass(1, {scored("a", 1)}, 1)}).is_null());
    EXPECT_TRUE(scaling_json({}).is_null());
}

TEST(Scaling, ATestWithoutAOneCopyScoreIsLeftOut) {
    TestRecord failed = scored("pipe", 0);
    failed.score.reset();
    const nlohmann::json j = scaling_json({copy_pass(1, {scored("a", 10), failed}, 1),
                                           copy_pass(2, {scored("a", 20), scored("pipe", 5)}, 2)});
    ASSERT_EQ(j["tests"].size(), 1u);
    EXPECT_EQ(j["tests"][0]["id"], "a");
}

}  // namespace
}  // namespace bytebench
